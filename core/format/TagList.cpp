// SPDX-License-Identifier: GPL-3.0-or-later
#include "TagList.h"

#include <cstdint>
#include <optional>

namespace scope {
namespace {

void appendUtf8(std::string& out, std::uint32_t cp) {
    if (cp < 0x80) {
        out += static_cast<char>(cp);
    } else if (cp < 0x800) {
        out += static_cast<char>(0xC0 | (cp >> 6));
        out += static_cast<char>(0x80 | (cp & 0x3F));
    } else if (cp < 0x10000) {
        out += static_cast<char>(0xE0 | (cp >> 12));
        out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
        out += static_cast<char>(0x80 | (cp & 0x3F));
    } else {
        out += static_cast<char>(0xF0 | (cp >> 18));
        out += static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
        out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
        out += static_cast<char>(0x80 | (cp & 0x3F));
    }
}

class Parser {
public:
    explicit Parser(std::string_view text) : s_(text) {}

    std::optional<std::vector<std::string>> array() {
        std::vector<std::string> items;
        skipSpace();
        if (!consume('['))
            return std::nullopt;
        skipSpace();
        if (consume(']'))
            return finished(items);
        while (true) {
            auto item = string();
            if (!item)
                return std::nullopt;
            items.push_back(std::move(*item));
            skipSpace();
            if (consume(']'))
                return finished(items);
            if (!consume(','))
                return std::nullopt;
            skipSpace();
        }
    }

private:
    std::optional<std::vector<std::string>> finished(std::vector<std::string>& items) {
        skipSpace();
        if (pos_ != s_.size())
            return std::nullopt;
        return std::move(items);
    }
    void skipSpace() {
        while (pos_ < s_.size() &&
               (s_[pos_] == ' ' || s_[pos_] == '\n' || s_[pos_] == '\t' || s_[pos_] == '\r'))
            ++pos_;
    }
    bool consume(char c) {
        if (pos_ < s_.size() && s_[pos_] == c) {
            ++pos_;
            return true;
        }
        return false;
    }
    std::optional<std::uint32_t> hex4() {
        if (pos_ + 4 > s_.size())
            return std::nullopt;
        std::uint32_t v = 0;
        for (int i = 0; i < 4; ++i) {
            const char c = s_[pos_++];
            v <<= 4;
            if (c >= '0' && c <= '9')
                v |= static_cast<std::uint32_t>(c - '0');
            else if (c >= 'a' && c <= 'f')
                v |= static_cast<std::uint32_t>(c - 'a' + 10);
            else if (c >= 'A' && c <= 'F')
                v |= static_cast<std::uint32_t>(c - 'A' + 10);
            else
                return std::nullopt;
        }
        return v;
    }
    std::optional<std::string> string() {
        if (!consume('"'))
            return std::nullopt;
        std::string out;
        while (pos_ < s_.size()) {
            const char c = s_[pos_++];
            if (c == '"')
                return out;
            if (c != '\\') {
                out += c;
                continue;
            }
            if (pos_ >= s_.size())
                return std::nullopt;
            const char e = s_[pos_++];
            switch (e) {
            case 'n':
                out += '\n';
                break;
            case 't':
                out += '\t';
                break;
            case 'r':
                out += '\r';
                break;
            case 'b':
                out += '\b';
                break;
            case 'f':
                out += '\f';
                break;
            case 'u': {
                auto cp = hex4();
                if (!cp)
                    return std::nullopt;
                if (*cp >= 0xD800 && *cp < 0xDC00 && consume('\\') && consume('u')) {
                    auto low = hex4();
                    if (!low)
                        return std::nullopt;
                    *cp = 0x10000 + ((*cp - 0xD800) << 10) + (*low - 0xDC00);
                }
                appendUtf8(out, *cp);
                break;
            }
            default:
                out += e;
                break;
            }
        }
        return std::nullopt;
    }

    std::string_view s_;
    std::size_t pos_ = 0;
};

} // namespace

std::vector<std::string> parseTagList(std::string_view json) {
    if (json.find_first_not_of(" \t\r\n") == std::string_view::npos)
        return {};
    if (auto items = Parser(json).array())
        return std::move(*items);
    return {std::string(json)};
}

} // namespace scope
