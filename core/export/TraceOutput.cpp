// SPDX-License-Identifier: GPL-3.0-or-later
#include "TraceOutput.h"

#include <algorithm>
#include <charconv>
#include <limits>
#include <stdexcept>

namespace scope {
namespace {
constexpr std::size_t kFlushBytes = 1 << 18;
} // namespace

TraceOutput::TraceOutput(std::ostream& out, const TraceExportOptions& options,
                         std::uint64_t totalCalls)
    : out_(out), options_(options), total_(std::max<std::uint64_t>(totalCalls, 1)) {
    buffer_.reserve(kFlushBytes + 4096);
}

TraceOutput::~TraceOutput() = default;

void TraceOutput::integer(std::int64_t value) {
    char text[24];
    const auto end = std::to_chars(text, text + sizeof text, value).ptr;
    buffer_.append(text, end);
}

void TraceOutput::microseconds(std::int64_t ns) {
    if (ns < 0) {
        buffer_.push_back('-');
        // Negating the minimum would overflow; no run is 292 years long.
        ns = ns == std::numeric_limits<std::int64_t>::min()
                 ? std::numeric_limits<std::int64_t>::max()
                 : -ns;
    }
    integer(ns / 1000);
    std::int64_t fraction = ns % 1000;
    if (fraction == 0)
        return;
    char digits[4] = {'.', static_cast<char>('0' + fraction / 100),
                      static_cast<char>('0' + fraction / 10 % 10),
                      static_cast<char>('0' + fraction % 10)};
    std::size_t length = 4;
    while (digits[length - 1] == '0')
        --length;
    buffer_.append(digits, length);
}

bool TraceOutput::countCall() {
    ++calls_;
    if (buffer_.size() >= kFlushBytes)
        flush();
    return !cancelled_;
}

void TraceOutput::flush() {
    out_.write(buffer_.data(), static_cast<std::streamsize>(buffer_.size()));
    buffer_.clear();
    if (!out_)
        throw std::runtime_error("cannot write the trace");
    if (options_.cancel && options_.cancel->load(std::memory_order_relaxed))
        cancelled_ = true;
    if (options_.progress)
        options_.progress(std::min(1.0, static_cast<double>(calls_) / static_cast<double>(total_)));
}

void TraceOutput::finish() {
    flush();
    out_.flush();
    if (!out_)
        throw std::runtime_error("cannot write the trace");
}

} // namespace scope
