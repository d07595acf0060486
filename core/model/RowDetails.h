// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace scope {

struct SourceLocation {
    std::string file; // "" = unknown
    std::int64_t line = -1;
    std::string text;
    bool operator==(const SourceLocation&) const = default;
};

// What a (rank, region) row may carry beside its numbers: where the region is
// in the source, its tags and its event metadata. Kept apart from the rows
// (ProfilingResults::rowDetails), which a file with 1,024 ranks has 200,000
// of and which no view needs them for.
struct RowDetails {
    SourceLocation source;
    std::vector<std::string> tags;
    std::string eventMetadata; // JSON text, "" when absent

    bool empty() const {
        return source == SourceLocation{} && tags.empty() && eventMetadata.empty();
    }
};

} // namespace scope
