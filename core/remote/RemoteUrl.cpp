// SPDX-License-Identifier: GPL-3.0-or-later
#include "RemoteUrl.h"

#include <charconv>

namespace scope {
namespace {

int hexValue(char c) {
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    return -1;
}

std::optional<std::string> percentDecoded(std::string_view text) {
    std::string out;
    for (std::size_t i = 0; i < text.size(); ++i) {
        if (text[i] != '%') {
            out += text[i];
            continue;
        }
        if (i + 2 >= text.size())
            return std::nullopt;
        const int high = hexValue(text[i + 1]);
        const int low = hexValue(text[i + 2]);
        if (high < 0 || low < 0)
            return std::nullopt;
        out += static_cast<char>(high * 16 + low);
        i += 2;
    }
    return out;
}

std::string percentEncoded(std::string_view text) {
    static constexpr char kHex[] = "0123456789ABCDEF";
    std::string out;
    for (const char c : text) {
        const auto u = static_cast<unsigned char>(c);
        if (u <= 0x20 || u == 0x7f || c == '%') {
            out += '%';
            out += kHex[u >> 4];
            out += kHex[u & 15];
        } else {
            out += c;
        }
    }
    return out;
}

// What ssh would take as an option or a second word must not reach it.
bool safeName(std::string_view name) {
    if (name.empty() || name.front() == '-')
        return false;
    for (const char c : name)
        if (static_cast<unsigned char>(c) <= 0x20 || c == '/' || c == '@' || c == '\'' ||
            c == '"' || c == '\\')
            return false;
    return true;
}

} // namespace

std::optional<RemoteUrl> RemoteUrl::parse(std::string_view text) {
    if (!looksRemote(text))
        return std::nullopt;
    text.remove_prefix(6);
    const std::size_t slash = text.find('/');
    if (slash == std::string_view::npos)
        return std::nullopt;
    std::string_view authority = text.substr(0, slash);
    RemoteUrl url;
    if (const std::size_t at = authority.rfind('@'); at != std::string_view::npos) {
        url.user = std::string(authority.substr(0, at));
        authority.remove_prefix(at + 1);
        if (!safeName(url.user))
            return std::nullopt;
    }
    std::string_view host = authority;
    // A bracketed IPv6 address may hold colons of its own.
    const std::size_t close = authority.rfind(']');
    const std::size_t colon = authority.rfind(':');
    if (colon != std::string_view::npos && (close == std::string_view::npos || colon > close)) {
        const std::string_view port = authority.substr(colon + 1);
        int value = 0;
        const auto [end, error] = std::from_chars(port.data(), port.data() + port.size(), value);
        if (error != std::errc() || end != port.data() + port.size() || value <= 0 || value > 65535)
            return std::nullopt;
        url.port = value;
        host = authority.substr(0, colon);
    }
    if (host.size() > 2 && host.front() == '[' && host.back() == ']')
        host = host.substr(1, host.size() - 2);
    url.host = std::string(host);
    if (!safeName(url.host))
        return std::nullopt;
    std::optional<std::string> path = percentDecoded(text.substr(slash));
    if (!path || *path == "/")
        return std::nullopt;
    // "ssh://host/~/run.h5": relative to the remote home, as scp writes it.
    url.path = path->starts_with("/~/") ? path->substr(3) : *path;
    return url;
}

std::string RemoteUrl::destination() const {
    return user.empty() ? host : user + "@" + host;
}

std::string RemoteUrl::text() const {
    std::string out = "ssh://" + (user.empty() ? std::string() : user + "@");
    out += host.find(':') != std::string::npos ? "[" + host + "]" : host;
    if (port != 0)
        out += ":" + std::to_string(port);
    out += path.starts_with('/') ? percentEncoded(path) : "/~/" + percentEncoded(path);
    return out;
}

std::string RemoteUrl::fileName() const {
    const std::size_t slash = path.rfind('/');
    return slash == std::string::npos ? path : path.substr(slash + 1);
}

} // namespace scope
