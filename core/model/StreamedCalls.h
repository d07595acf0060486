// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "RankRegion.h"

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>

namespace scope {

// Sees the calls of a read that streams them past the memory budget
// (StreamingAssembler, through ReadControl::streamed), so that a pass needing
// only starts and ends rides along with the statistics' pass instead of
// reading every call again.
class StreamedCalls {
public:
    virtual ~StreamedCalls() = default;
    // Before any call: the rows and region names as the read has them, which
    // is before ProfilingResults::finalize orders them.
    virtual void begin(std::span<const RankRegion> rows, std::span<const std::string> regions) = 0;
    // The calls [first, first + starts.size()) of rows[row], absolute times,
    // from the reading threads: a row's calls in order, on one thread. A row
    // whose calls are damaged stops short.
    virtual void calls(std::size_t row, std::uint64_t first, std::span<const std::int64_t> starts,
                       std::span<const std::int64_t> ends) = 0;
};

} // namespace scope
