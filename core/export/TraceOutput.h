// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "TraceExportOptions.h"

#include <cstdint>
#include <ostream>
#include <string>
#include <string_view>

namespace scope {

// The buffered stream behind the trace writers: traces of millions of calls
// are never held in memory as a whole, and the checks for cancellation and
// the progress reports happen once per buffer, not per call.
class TraceOutput {
public:
    TraceOutput(std::ostream& out, const TraceExportOptions& options, std::uint64_t totalCalls);
    ~TraceOutput();

    void append(std::string_view text) { buffer_.append(text); }
    void append(char c) { buffer_.push_back(c); }
    void integer(std::int64_t value);
    // ns as µs with up to three decimals, exactly (no binary rounding).
    void microseconds(std::int64_t ns);

    // One call written: flushes a full buffer. False once cancelled.
    bool countCall();
    bool cancelled() const { return cancelled_; }
    std::uint64_t calls() const { return calls_; }
    // Writes what is left; throws std::runtime_error when the stream failed.
    void finish();

private:
    void flush();

    std::ostream& out_;
    const TraceExportOptions& options_;
    std::uint64_t total_;
    std::uint64_t calls_ = 0;
    bool cancelled_ = false;
    std::string buffer_;
};

} // namespace scope
