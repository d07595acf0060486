// SPDX-License-Identifier: GPL-3.0-or-later
#include "RenamedRegions.h"

#include "model/ProfilingResults.h"

#include <map>

namespace scope {

std::optional<SourceLocation>
RenamedRegions::sourceOf(std::span<const ProfilingResults* const> runs, const std::string& region) {
    for (const ProfilingResults* run : runs) {
        const auto index = run->regionIndex(region);
        if (!index)
            continue;
        for (const RankRegion& row : run->rowsOf(*index)) {
            const SourceLocation& source = run->details(row).source;
            if (!source.file.empty() && source.line >= 0)
                return SourceLocation{source.file, source.line, {}};
        }
    }
    return std::nullopt;
}

namespace {

using Place = std::pair<std::string, std::int64_t>;

// Source location -> the region there; locations of several regions map to "".
std::map<Place, std::string> byPlace(std::span<const ProfilingResults* const> runs,
                                     const std::vector<std::string>& regions) {
    std::map<Place, std::string> places;
    for (const std::string& region : regions) {
        const auto source = RenamedRegions::sourceOf(runs, region);
        if (!source)
            continue;
        const auto [it, added] = places.try_emplace(Place{source->file, source->line}, region);
        if (!added)
            it->second.clear();
    }
    return places;
}

} // namespace

std::vector<std::pair<std::string, std::string>>
RenamedRegions::match(std::span<const ProfilingResults* const> baseline,
                      std::span<const ProfilingResults* const> other,
                      const std::vector<std::string>& onlyBaseline,
                      const std::vector<std::string>& onlyOther) {
    std::vector<std::pair<std::string, std::string>> pairs;
    if (onlyBaseline.empty() || onlyOther.empty())
        return pairs;
    const auto before = byPlace(baseline, onlyBaseline);
    const auto after = byPlace(other, onlyOther);
    for (const auto& [place, oldName] : before) {
        const auto found = after.find(place);
        if (!oldName.empty() && found != after.end() && !found->second.empty())
            pairs.emplace_back(oldName, found->second);
    }
    return pairs;
}

} // namespace scope
