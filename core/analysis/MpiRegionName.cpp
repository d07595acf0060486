// SPDX-License-Identifier: GPL-3.0-or-later
#include "MpiRegionName.h"

#include <array>
#include <charconv>
#include <cmath>
#include <cstdio>

namespace scope {

namespace {

constexpr std::string_view kPrefix = "mpi:";

bool parseInteger(std::string_view text, std::int64_t& value) {
    const char* end = text.data() + text.size();
    const auto [ptr, ec] = std::from_chars(text.data(), end, value);
    return !text.empty() && ec == std::errc() && ptr == end;
}

std::string peerText(std::int64_t peer, std::string_view unknown) {
    return peer >= 0 ? std::to_string(peer) : std::string(unknown);
}

} // namespace

std::optional<MpiRegionName> MpiRegionName::parse(std::string_view name) {
    if (!name.starts_with(kPrefix))
        return std::nullopt;
    name.remove_prefix(kPrefix.size());
    const std::size_t space = name.find(' ');
    if (space == 0 || space == std::string_view::npos)
        return std::nullopt;
    MpiRegionName parsed;
    parsed.op = std::string(name.substr(0, space));
    // kind, bytes, peer, root, tag, comm, request
    std::array<bool, 7> seen{};
    std::string_view rest = name.substr(space + 1);
    while (true) {
        const std::size_t end = std::min(rest.find(' '), rest.size());
        const std::string_view token = rest.substr(0, end);
        const std::size_t equals = token.find('=');
        if (equals == std::string_view::npos || equals == 0 || equals + 1 == token.size())
            return std::nullopt; // also an empty token: two spaces, or one at the end
        const std::string_view key = token.substr(0, equals);
        const std::string_view value = token.substr(equals + 1);
        std::size_t slot = 0;
        bool ok = true;
        if (key == "kind") {
            slot = 0;
            parsed.kind = std::string(value);
        } else if (key == "bytes") {
            slot = 1;
            ok = parseInteger(value, parsed.bytes);
        } else if (key == "peer") {
            slot = 2;
            ok = parseInteger(value, parsed.peer);
        } else if (key == "root") {
            slot = 3;
            ok = parseInteger(value, parsed.root);
        } else if (key == "tag") {
            slot = 4;
            ok = parseInteger(value, parsed.tag);
        } else if (key == "comm") {
            slot = 5;
            ok = parseInteger(value, parsed.comm);
        } else if (key == "request") {
            slot = 6;
            parsed.request = std::string(value);
        } else {
            return std::nullopt;
        }
        if (!ok || seen[slot])
            return std::nullopt;
        seen[slot] = true;
        if (end == rest.size())
            break;
        rest.remove_prefix(end + 1);
    }
    for (std::size_t slot = 0; slot < 6; ++slot)
        if (!seen[slot])
            return std::nullopt;
    return parsed;
}

std::string MpiRegionName::formatBytes(std::uint64_t bytes) {
    static constexpr const char* kUnits[] = {"B", "KiB", "MiB", "GiB", "TiB", "PiB"};
    double value = static_cast<double>(bytes);
    std::size_t unit = 0;
    while (value >= 1024 && unit + 1 < std::size(kUnits)) {
        value /= 1024;
        ++unit;
    }
    char text[32];
    if (unit == 0 || value == std::floor(value))
        std::snprintf(text, sizeof text, "%.0f %s", value, kUnits[unit]);
    else
        std::snprintf(text, sizeof text, "%.1f %s", value, kUnits[unit]);
    return text;
}

std::string MpiRegionName::displayName(std::string_view region) {
    const auto mpi = parse(region);
    return mpi ? mpi->shortName() : std::string(region);
}

std::string MpiRegionName::shortName() const {
    std::string text = op;
    if (isWait()) {
        if (request.empty())
            return text;
        text += " (" + request;
        if (peer >= 0)
            text +=
                (request == "irecv" || request == "recv" ? " ← " : " → ") + std::to_string(peer);
        return text + ")";
    }
    if (isSend())
        text += " → " + peerText(peer, "?");
    else if (isReceive())
        text += " ← " + peerText(peer, "any");
    else if (isCollective() && root >= 0)
        text += (op == "reduce" || op == "gather"   ? " to "
                 : op == "bcast" || op == "scatter" ? " from "
                                                    : " root ") +
                std::to_string(root);
    else if (!isCollective() && peer >= 0)
        text += " ↔ " + std::to_string(peer);
    if (bytes >= 0 && !(isCollective() && bytes == 0))
        text += " (" + formatBytes(static_cast<std::uint64_t>(bytes)) + ")";
    return text;
}

} // namespace scope
