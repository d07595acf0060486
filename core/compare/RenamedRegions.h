// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <optional>
#include <span>
#include <string>
#include <utility>
#include <vector>

namespace scope {

class ProfilingResults;
struct SourceLocation;

// Regions renamed between two sides of a comparison: one only in the
// baseline and one only in the other side at the same source file and line.
class RenamedRegions {
public:
    // (baseline name, other name) pairs. A source location that several
    // regions of one side share matches nothing: which is which is unknown.
    static std::vector<std::pair<std::string, std::string>>
    match(std::span<const ProfilingResults* const> baseline,
          std::span<const ProfilingResults* const> other,
          const std::vector<std::string>& onlyBaseline, const std::vector<std::string>& onlyOther);

    // The first known source location (file and line) of the region's rows
    // in these runs.
    static std::optional<SourceLocation> sourceOf(std::span<const ProfilingResults* const> runs,
                                                  const std::string& region);
};

} // namespace scope
