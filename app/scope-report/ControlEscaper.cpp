// SPDX-License-Identifier: GPL-3.0-or-later
#include "ControlEscaper.h"

namespace scope::report {
namespace {

void appendHex(unsigned char c, std::string& out) {
    constexpr char kDigits[] = "0123456789abcdef";
    out += kDigits[c >> 4];
    out += kDigits[c & 0xF];
}

} // namespace

void ControlEscaper::feed(unsigned char c, std::string& out) {
    if (pendingC2_) {
        pendingC2_ = false;
        if (c >= 0x80 && c <= 0x9F) {
            out += "\\u00";
            appendHex(c, out);
            return;
        }
        out += static_cast<char>(0xC2);
    }
    if (c == 0xC2) {
        pendingC2_ = true;
        return;
    }
    if ((c < 0x20 && c != '\n' && c != '\t') || c == 0x7F) {
        out += "\\x";
        appendHex(c, out);
        return;
    }
    out += static_cast<char>(c);
}

void ControlEscaper::finish(std::string& out) {
    if (pendingC2_)
        out += static_cast<char>(0xC2);
    pendingC2_ = false;
}

std::string ControlEscaper::escape(std::string_view text) {
    ControlEscaper escaper;
    std::string out;
    out.reserve(text.size());
    for (const char c : text)
        escaper.feed(static_cast<unsigned char>(c), out);
    escaper.finish(out);
    return out;
}

ControlEscapingStream::ControlEscapingStream(std::ostream& target)
    : std::ostream(nullptr), buffer_(target.rdbuf()) {
    rdbuf(&buffer_);
}

ControlEscapingStream::~ControlEscapingStream() {
    buffer_.pubsync();
}

ControlEscapingStream::Buffer::int_type ControlEscapingStream::Buffer::overflow(int_type c) {
    if (traits_type::eq_int_type(c, traits_type::eof()))
        return traits_type::not_eof(c);
    pending_.clear();
    escaper_.feed(static_cast<unsigned char>(traits_type::to_char_type(c)), pending_);
    write(pending_);
    return c;
}

std::streamsize ControlEscapingStream::Buffer::xsputn(const char* text, std::streamsize count) {
    pending_.clear();
    for (std::streamsize i = 0; i < count; ++i)
        escaper_.feed(static_cast<unsigned char>(text[i]), pending_);
    write(pending_);
    return count;
}

int ControlEscapingStream::Buffer::sync() {
    pending_.clear();
    escaper_.finish(pending_);
    write(pending_);
    return target_->pubsync();
}

void ControlEscapingStream::Buffer::write(const std::string& text) {
    target_->sputn(text.data(), static_cast<std::streamsize>(text.size()));
}

} // namespace scope::report
