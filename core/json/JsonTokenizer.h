// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "ByteStream.h"

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace scope {

// A pull tokenizer over strict JSON (RFC 8259), read from a stream in pieces:
// no document tree, so event arrays go straight into columns. It checks the
// grammar as it goes (commas, colons, one top-level value, nothing after it),
// decodes `\u` escapes with surrogate pairs, rejects invalid UTF-8, integers
// past int64, numbers past double, NaN/Infinity and nesting deeper than
// kMaxDepth. Every failure is a CorruptProfileError naming the file, the step
// set by setStep() and the byte offset in the (decompressed) text.
class JsonTokenizer {
public:
    enum class Token {
        BeginObject,
        EndObject,
        BeginArray,
        EndArray,
        Key,    // an object member's name, in text()
        String, // in text()
        Integer,
        Float,
        True,
        False,
        Null,
        End, // after the top-level value
    };

    static constexpr std::size_t kMaxDepth = 256;
    // No string of a profile comes near this; a damaged one stops here.
    static constexpr std::size_t kMaxStringBytes = std::size_t{64} << 20;

    explicit JsonTokenizer(ByteStream& in);

    Token next();
    const std::string& text() const { return text_; }
    std::int64_t integer() const { return integer_; }
    // The value of an Integer or Float token. An integer past int64 is a
    // Float (a summary's m2 may be one), marked by bigInteger().
    double number() const;
    bool bigInteger() const { return bigInteger_; }
    // Fails for a token that is not an int64 integer, naming the range when it is past it.
    [[noreturn]] void expectedInteger(const char* what) const;
    std::size_t depth() const { return stack_.size(); }
    std::uint64_t offset() const { return consumed_ + position_; }

    // What the caller is reading, for the messages.
    void setStep(std::string step) { step_ = std::move(step); }
    const std::string& step() const { return step_; }
    const std::string& name() const { return in_.name(); }
    [[noreturn]] void fail(const std::string& what) const;

    // Skips the rest of a value whose first token was `first`.
    void skip(Token first);
    // The integers of an array whose BeginArray was just read, appended to
    // `out` up to its EndArray; `what` names the array for the messages.
    template <typename Column> void readIntegers(Column& out, const char* what) {
        for (Token t = next(); t != Token::EndArray; t = next()) {
            if (t != Token::Integer)
                expectedInteger(what);
            out.push_back(integer_);
        }
    }

private:
    enum class Expect { Value, ValueOrEnd, Key, KeyOrEnd, CommaOrEnd, Done };

    bool fill();
    int peekByte() {
        if (position_ == size_ && !fill())
            return -1;
        return static_cast<unsigned char>(buffer_[position_]);
    }
    int getByte() {
        const int c = peekByte();
        if (c >= 0)
            ++position_;
        return c;
    }
    int skipSpace();
    [[noreturn]] void truncated() const;
    Token value(int c);
    Token close(bool object);
    void readString();
    void readEscape();
    std::uint32_t readHex4();
    void appendCodePoint(std::uint32_t cp);
    Token readNumber();
    void readLiteral(const char* rest);
    Expect afterValue() const { return stack_.empty() ? Expect::Done : Expect::CommaOrEnd; }

    ByteStream& in_;
    std::vector<char> buffer_;
    std::size_t position_ = 0;
    std::size_t size_ = 0;
    std::uint64_t consumed_ = 0; // bytes before buffer_
    bool ended_ = false;
    std::vector<bool> stack_; // true = object
    Expect expect_ = Expect::Value;
    std::string text_;
    std::string number_;
    std::int64_t integer_ = 0;
    bool bigInteger_ = false;
    std::string step_ = "reading the JSON profile";
};

} // namespace scope
