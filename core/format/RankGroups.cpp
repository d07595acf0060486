// SPDX-License-Identifier: GPL-3.0-or-later
#include "RankGroups.h"

#include "model/RankLimit.h"

#include <algorithm>
#include <optional>

namespace scope {
namespace {

constexpr const char* kStep = "listing the rank groups";

// The digits after "rank", or nullopt for a group of another name. A number
// past the rank limit is an error, not a group to pass over: its regions
// would silently go missing.
std::optional<std::uint32_t> rankNumber(const h5::H5File& file, const std::string& name) {
    if (name.size() <= 4 || name.compare(0, 4, "rank") != 0)
        return std::nullopt;
    std::uint64_t rank = 0;
    for (std::size_t i = 4; i < name.size(); ++i) {
        if (name[i] < '0' || name[i] > '9')
            return std::nullopt;
        rank = rank * 10 + static_cast<std::uint64_t>(name[i] - '0');
        if (rank >= kMaxRanks)
            file.corrupt(kStep, "group '" + name + "' names a rank past the " +
                                    std::to_string(kMaxRanks) + " ranks a run may have");
    }
    return static_cast<std::uint32_t>(rank);
}

} // namespace

std::vector<std::pair<std::uint32_t, std::string>> listRankGroups(const h5::H5File& file) {
    std::vector<std::pair<std::uint32_t, std::string>> ranks;
    for (const std::string& name : file.children(file.root(), kStep))
        if (auto rank = rankNumber(file, name); rank && file.isGroup(file.root(), name))
            ranks.emplace_back(*rank, name);
    std::sort(ranks.begin(), ranks.end());
    // "rank1" and "rank01" would be merged into one rank, counted twice.
    const auto twin =
        std::adjacent_find(ranks.begin(), ranks.end(),
                           [](const auto& a, const auto& b) { return a.first == b.first; });
    if (twin != ranks.end())
        file.corrupt(kStep, "groups '" + twin->second + "' and '" + std::next(twin)->second +
                                "' both hold rank " + std::to_string(twin->first));
    return ranks;
}

} // namespace scope
