// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <ostream>
#include <streambuf>
#include <string>
#include <string_view>

namespace scope::report {

// Region names, labels and paths come from files we do not trust: printed
// raw, an ESC or CR in one would drive the terminal (move the cursor, retitle
// the window, overwrite a line). Text meant for a person goes through this,
// which writes C0 controls other than newline and tab, DEL and the C1
// controls (U+0080-U+009F, which UTF-8 terminals obey too) as escapes:
// "\x1b", "\x7f", "\u009b". Exports keep their bytes (JSON escapes these itself).
class ControlEscaper {
public:
    // Appends `c` to `out`, escaped where it must be.
    void feed(unsigned char c, std::string& out);
    // Appends a lead byte still waiting for its continuation.
    void finish(std::string& out);

    static std::string escape(std::string_view text);

private:
    bool pendingC2_ = false; // 0xC2 begins U+0080-U+00BF in UTF-8
};

// An ostream over another stream's buffer that escapes as ControlEscaper does.
class ControlEscapingStream : public std::ostream {
public:
    explicit ControlEscapingStream(std::ostream& target);
    ~ControlEscapingStream() override;

private:
    class Buffer : public std::streambuf {
    public:
        explicit Buffer(std::streambuf* target) : target_(target) {}

    protected:
        int_type overflow(int_type c) override;
        std::streamsize xsputn(const char* text, std::streamsize count) override;
        int sync() override;

    private:
        void write(const std::string& text);
        std::streambuf* target_;
        ControlEscaper escaper_;
        std::string pending_;
    };
    Buffer buffer_;
};

} // namespace scope::report
