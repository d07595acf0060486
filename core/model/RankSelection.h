// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace scope {

class ProfilingResults;

// All ranks, or an explicit sorted set of rank numbers.
class RankSelection {
public:
    RankSelection() = default;
    explicit RankSelection(std::vector<std::uint32_t> ranks);

    // "0-3,5" -> {0,1,2,3,5}; throws std::invalid_argument on bad syntax. A
    // range may also be written with an en dash ("0–3"), as missingFrom writes it.
    static RankSelection parse(std::string_view text);

    bool isAll() const { return !ranks_.has_value(); }
    bool contains(std::uint32_t rank) const;
    const std::vector<std::uint32_t>& ranks() const; // only when !isAll()
    std::string toString() const;
    // "rank 3", "ranks 0–3,5" or "all ranks", for titles.
    std::string phrase() const;
    bool operator==(const RankSelection&) const = default;

    // Why this selection does not fit a run with the ranks `available`
    // (sorted), e.g. "rank 7 not in this run (it has ranks 0–3)"; empty when
    // every selected rank is there. Selecting a missing rank is an error even
    // beside existing ones: its rows would silently count nothing.
    std::string missingFrom(const std::vector<std::uint32_t>& available) const;
    // The ranks of a run: 0 to numRanks - 1 and any rank its rows name.
    static std::vector<std::uint32_t> ranksOf(const ProfilingResults& results);

private:
    std::optional<std::vector<std::uint32_t>> ranks_;
};

} // namespace scope
