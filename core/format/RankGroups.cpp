// SPDX-License-Identifier: GPL-3.0-or-later
#include "RankGroups.h"

#include <algorithm>
#include <charconv>
#include <optional>

namespace scope {
namespace {

std::optional<std::uint32_t> rankNumber(const std::string& name) {
    if (name.size() <= 4 || name.compare(0, 4, "rank") != 0)
        return std::nullopt;
    std::uint32_t rank = 0;
    const char* end = name.data() + name.size();
    auto [ptr, ec] = std::from_chars(name.data() + 4, end, rank);
    if (ec != std::errc() || ptr != end)
        return std::nullopt;
    return rank;
}

} // namespace

std::vector<std::pair<std::uint32_t, std::string>> listRankGroups(const h5::H5File& file) {
    std::vector<std::pair<std::uint32_t, std::string>> ranks;
    for (const std::string& name : file.children(file.root(), "listing the rank groups"))
        if (auto rank = rankNumber(name); rank && file.isGroup(file.root(), name))
            ranks.emplace_back(*rank, name);
    std::sort(ranks.begin(), ranks.end());
    return ranks;
}

} // namespace scope
