#pragma once

#include "CallSummary.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace scope {

struct SourceLocation {
    std::string file; // "" = unknown
    std::int64_t line = -1;
    std::string text;
};

// One (rank, region) pair: its statistics and, when events were read, its slice
// of the file's EventColumns.
struct RankRegion {
    std::uint32_t rank = 0;
    std::uint32_t region = 0; // index into ProfilingResults::regions
    std::uint64_t offset = 0; // into EventColumns, valid when events were read
    CallSummary summary;      // summary.count is the number of calls
    std::optional<std::int64_t> exclusiveNs;
    SourceLocation source;
    std::vector<std::string> tags;
    std::string eventMetadata; // JSON text, "" when absent
};

} // namespace scope
