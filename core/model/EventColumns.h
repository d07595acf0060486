#pragma once

#include <cstdint>
#include <vector>

namespace scope {

// Per-call data of a whole file as flat columns (struct of arrays). Each
// (rank, region) row owns a contiguous slice [offset, offset + count).
// Times are absolute nanoseconds, already delta-decoded.
struct EventColumns {
    std::vector<std::int64_t> starts;
    std::vector<std::int64_t> ends;
    // Optional columns are empty when the file does not store them.
    std::vector<std::int64_t> gpuDurations;
    std::vector<std::int64_t> callIds;
    std::vector<std::int64_t> parentIds;

    std::size_t size() const { return starts.size(); }
    bool hasCallIds() const { return !callIds.empty() && callIds.size() == starts.size(); }
};

} // namespace scope
