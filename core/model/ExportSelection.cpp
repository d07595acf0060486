// SPDX-License-Identifier: GPL-3.0-or-later
#include "ExportSelection.h"

#include <algorithm>
#include <filesystem>
#include <map>
#include <set>

namespace scope {

ExportSelection::ExportSelection(RegionFilter regions, RankSelection ranks)
    : regions_(std::move(regions)), ranks_(std::move(ranks)) {}

std::vector<std::size_t> ExportSelection::regions(const ProfilingResults& results) const {
    std::vector<std::size_t> kept;
    for (std::size_t i = 0; i < results.regions.size(); ++i) {
        if (regions_.matches(results.regions[i]))
            kept.push_back(i);
    }
    return kept;
}

std::vector<const RankRegion*> ExportSelection::rows(const ProfilingResults& results,
                                                     std::size_t region) const {
    std::vector<const RankRegion*> selected;
    for (const RankRegion& row : results.rowsOf(region)) {
        if (ranks_.contains(row.rank))
            selected.push_back(&row);
    }
    std::stable_sort(selected.begin(), selected.end(),
                     [](const RankRegion* a, const RankRegion* b) { return a->rank < b->rank; });
    return selected;
}

std::vector<std::string>
ExportSelection::commonRegions(std::span<const ProfilingResults* const> files) const {
    std::vector<std::string> common;
    if (files.empty())
        return common;
    std::vector<std::set<std::string, std::less<>>> others;
    for (const ProfilingResults* file : files.subspan(1)) {
        std::set<std::string, std::less<>> names;
        for (const std::size_t index : regions(*file))
            names.insert(file->regions[index]);
        others.push_back(std::move(names));
    }
    for (const std::size_t index : regions(*files.front())) {
        const std::string& name = files.front()->regions[index];
        if (std::all_of(others.begin(), others.end(),
                        [&name](const auto& names) { return names.contains(name); }))
            common.push_back(name);
    }
    return common;
}

std::vector<std::string> ExportSelection::labels(std::span<const ProfilingResults* const> files) {
    std::vector<std::string> labels;
    std::map<std::string, int, std::less<>> seen;
    for (const ProfilingResults* file : files) {
        // Python's Path.stem: the last component without its last suffix.
        std::string label = std::filesystem::path(file->path).stem().string();
        const int occurrence = ++seen[label];
        if (occurrence > 1)
            label += " (" + std::to_string(occurrence) + ")";
        labels.push_back(std::move(label));
    }
    return labels;
}

} // namespace scope
