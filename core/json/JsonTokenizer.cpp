// SPDX-License-Identifier: GPL-3.0-or-later
#include "JsonTokenizer.h"

#include "base/Utf8.h"
#include "model/Errors.h"

#include <charconv>
#include <limits>

namespace scope {
namespace {

constexpr std::size_t kBufferSize = 64 * 1024;
// Python writes the shortest repr of a float (at most 24 characters).
constexpr std::size_t kMaxNumberLength = 400;

bool isDigit(int c) {
    return c >= '0' && c <= '9';
}

std::string shown(int c) {
    if (c < 0)
        return "the end of the document";
    if (c >= 0x20 && c < 0x7f)
        return std::string("'") + static_cast<char>(c) + "'";
    static const char* hex = "0123456789abcdef";
    return std::string("byte 0x") + hex[(c >> 4) & 0xf] + hex[c & 0xf];
}

} // namespace

JsonTokenizer::JsonTokenizer(ByteStream& in) : in_(in), buffer_(kBufferSize) {}

void JsonTokenizer::fail(const std::string& what) const {
    throw CorruptProfileError(
        in_.name(), step_, what + " (at byte " + std::to_string(offset()) + " of the JSON text)");
}

void JsonTokenizer::truncated() const {
    fail("the document ends early (truncated); the file was probably cut short");
}

bool JsonTokenizer::fill() {
    if (ended_)
        return false;
    consumed_ += size_;
    position_ = 0;
    size_ = in_.read(reinterpret_cast<std::byte*>(buffer_.data()), buffer_.size());
    ended_ = size_ == 0;
    return !ended_;
}

int JsonTokenizer::skipSpace() {
    for (;;) {
        const int c = peekByte();
        if (c != ' ' && c != '\t' && c != '\n' && c != '\r')
            return c;
        ++position_;
    }
}

double JsonTokenizer::number() const {
    if (number_.empty())
        return static_cast<double>(integer_);
    double value = 0.0;
    std::from_chars(number_.data(), number_.data() + number_.size(), value);
    return value;
}

JsonTokenizer::Token JsonTokenizer::next() {
    int c = skipSpace();
    switch (expect_) {
    case Expect::Done:
        if (c >= 0)
            fail("unexpected " + shown(c) + " after the end of the document");
        return Token::End;
    case Expect::CommaOrEnd: {
        const bool object = stack_.back();
        if (c < 0)
            truncated();
        ++position_;
        if (c == ',') {
            expect_ = object ? Expect::Key : Expect::Value;
            return next();
        }
        if (c == (object ? '}' : ']'))
            return close(object);
        fail(std::string("expected ',' or '") + (object ? '}' : ']') + "', found " + shown(c));
    }
    case Expect::Key:
    case Expect::KeyOrEnd:
        if (c == '}' && expect_ == Expect::KeyOrEnd) {
            ++position_;
            return close(true);
        }
        if (c != '"') {
            if (c < 0)
                truncated();
            fail("expected a member name in quotes, found " + shown(c));
        }
        ++position_;
        readString();
        c = skipSpace();
        if (c != ':') {
            if (c < 0)
                truncated();
            fail("expected ':' after a member name, found " + shown(c));
        }
        ++position_;
        expect_ = Expect::Value;
        return Token::Key;
    case Expect::Value:
    case Expect::ValueOrEnd:
        if (c == ']' && expect_ == Expect::ValueOrEnd) {
            ++position_;
            return close(false);
        }
        return value(c);
    }
    fail("internal tokenizer state");
}

JsonTokenizer::Token JsonTokenizer::close(bool object) {
    stack_.pop_back();
    expect_ = afterValue();
    return object ? Token::EndObject : Token::EndArray;
}

JsonTokenizer::Token JsonTokenizer::value(int c) {
    switch (c) {
    case '{':
    case '[':
        if (stack_.size() >= kMaxDepth)
            fail("nested deeper than " + std::to_string(kMaxDepth) + " levels");
        ++position_;
        stack_.push_back(c == '{');
        expect_ = c == '{' ? Expect::KeyOrEnd : Expect::ValueOrEnd;
        return c == '{' ? Token::BeginObject : Token::BeginArray;
    case '"':
        ++position_;
        readString();
        expect_ = afterValue();
        return Token::String;
    case 't':
        readLiteral("true");
        return Token::True;
    case 'f':
        readLiteral("false");
        return Token::False;
    case 'n':
        readLiteral("null");
        return Token::Null;
    case -1:
        truncated();
    default:
        if (c == '-' || isDigit(c)) {
            const Token t = readNumber();
            expect_ = afterValue();
            return t;
        }
        if (c == 'N' || c == 'I')
            fail("NaN and Infinity are not JSON (scope-profiler writes null)");
        fail("expected a value, found " + shown(c));
    }
}

void JsonTokenizer::readLiteral(const char* word) {
    for (const char* p = word; *p != '\0'; ++p) {
        const int c = getByte();
        if (c < 0)
            truncated();
        if (c != *p)
            fail(std::string("expected '") + word + "', found " + shown(c));
    }
    expect_ = afterValue();
}

void JsonTokenizer::readString() {
    text_.clear();
    for (;;) {
        // The bytes up to the next quote, backslash or control character at once.
        std::size_t start = position_;
        while (position_ < size_) {
            const auto b = static_cast<unsigned char>(buffer_[position_]);
            if (b == '"' || b == '\\' || b < 0x20)
                break;
            ++position_;
        }
        text_.append(buffer_.data() + start, position_ - start);
        if (text_.size() > kMaxStringBytes)
            fail("a string longer than " + std::to_string(kMaxStringBytes >> 20) + " MiB");
        if (position_ == size_) {
            if (!fill())
                truncated();
            continue;
        }
        const int c = getByte();
        if (c == '"')
            break;
        if (c == '\\')
            readEscape();
        else
            fail("a raw control character (" + shown(c) + ") inside a string");
    }
    if (!utf8::isValid(text_))
        fail("a string is not valid UTF-8");
}

void JsonTokenizer::readEscape() {
    const int c = getByte();
    switch (c) {
    case '"':
        text_ += '"';
        return;
    case '\\':
        text_ += '\\';
        return;
    case '/':
        text_ += '/';
        return;
    case 'b':
        text_ += '\b';
        return;
    case 'f':
        text_ += '\f';
        return;
    case 'n':
        text_ += '\n';
        return;
    case 'r':
        text_ += '\r';
        return;
    case 't':
        text_ += '\t';
        return;
    case 'u':
        break;
    case -1:
        truncated();
    default:
        fail("unknown escape \\" + std::string(1, static_cast<char>(c)) + " in a string");
    }
    std::uint32_t cp = readHex4();
    if (cp >= 0xDC00 && cp <= 0xDFFF)
        fail("a \\u escape holds a low surrogate without its high half");
    if (cp >= 0xD800 && cp <= 0xDBFF) {
        if (getByte() != '\\' || getByte() != 'u')
            fail("a \\u escape holds a high surrogate without its low half");
        const std::uint32_t low = readHex4();
        if (low < 0xDC00 || low > 0xDFFF)
            fail("a \\u escape holds a high surrogate without its low half");
        cp = 0x10000 + ((cp - 0xD800) << 10) + (low - 0xDC00);
    }
    appendCodePoint(cp);
}

std::uint32_t JsonTokenizer::readHex4() {
    std::uint32_t value = 0;
    for (int i = 0; i < 4; ++i) {
        const int c = getByte();
        if (c < 0)
            truncated();
        value <<= 4;
        if (isDigit(c))
            value |= static_cast<std::uint32_t>(c - '0');
        else if (c >= 'a' && c <= 'f')
            value |= static_cast<std::uint32_t>(c - 'a' + 10);
        else if (c >= 'A' && c <= 'F')
            value |= static_cast<std::uint32_t>(c - 'A' + 10);
        else
            fail("a \\u escape needs four hex digits, found " + shown(c));
    }
    return value;
}

void JsonTokenizer::appendCodePoint(std::uint32_t cp) {
    if (cp < 0x80) {
        text_ += static_cast<char>(cp);
    } else if (cp < 0x800) {
        text_ += static_cast<char>(0xC0 | (cp >> 6));
        text_ += static_cast<char>(0x80 | (cp & 0x3F));
    } else if (cp < 0x10000) {
        text_ += static_cast<char>(0xE0 | (cp >> 12));
        text_ += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
        text_ += static_cast<char>(0x80 | (cp & 0x3F));
    } else {
        text_ += static_cast<char>(0xF0 | (cp >> 18));
        text_ += static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
        text_ += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
        text_ += static_cast<char>(0x80 | (cp & 0x3F));
    }
}

JsonTokenizer::Token JsonTokenizer::readNumber() {
    number_.clear();
    bigInteger_ = false;
    auto take = [&] {
        const int c = getByte();
        if (number_.size() >= kMaxNumberLength)
            fail("a number longer than " + std::to_string(kMaxNumberLength) + " characters");
        number_ += static_cast<char>(c);
    };
    auto digits = [&](const char* where) {
        if (!isDigit(peekByte()))
            fail(std::string("a number needs digits ") + where + ", found " + shown(peekByte()));
        while (isDigit(peekByte()))
            take();
    };
    if (peekByte() == '-')
        take();
    if (peekByte() == '0') {
        take();
        if (isDigit(peekByte()))
            fail("a number with a leading zero");
    } else {
        digits("after '-'");
    }
    bool integral = true;
    if (peekByte() == '.') {
        integral = false;
        take();
        digits("after the decimal point");
    }
    if (peekByte() == 'e' || peekByte() == 'E') {
        integral = false;
        take();
        if (peekByte() == '+' || peekByte() == '-')
            take();
        digits("in the exponent");
    }
    const char* first = number_.data();
    const char* last = first + number_.size();
    if (integral) {
        const auto [end, error] = std::from_chars(first, last, integer_);
        bigInteger_ = error == std::errc::result_out_of_range;
        if (!bigInteger_ && end == last) {
            number_.clear();
            return Token::Integer;
        }
    }
    double value = 0.0;
    const auto [end, error] = std::from_chars(first, last, value);
    if (error == std::errc::result_out_of_range || end != last)
        fail("the number " + number_ + " is out of the range of a double");
    return Token::Float;
}

void JsonTokenizer::expectedInteger(const char* what) const {
    if (bigInteger_)
        fail("the integer " + number_ + " in " + what + " is out of the range of a 64-bit integer");
    fail(std::string("expected an integer in ") + what);
}

void JsonTokenizer::skip(Token first) {
    if (first != Token::BeginObject && first != Token::BeginArray)
        return;
    const std::size_t depth = stack_.size();
    while (stack_.size() >= depth) {
        if (next() == Token::End)
            truncated();
    }
}

} // namespace scope
