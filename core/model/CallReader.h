// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "RankRegion.h"

#include <cstdint>
#include <span>

namespace scope {

// One thread's reads from a CallSource, one after another: what a read
// decoded stays for the next, so that a pass over every call decodes each
// chunk once and takes no lock for it, however small its reads. Made by
// CallSource::reader(); valid while that source lives; one thread at a time.
class CallReader {
public:
    virtual ~CallReader() = default;

    // As CallSource::read and CallSource::readLanes.
    virtual void read(const RankRegion& row, std::uint64_t first, std::span<std::int64_t> starts,
                      std::span<std::int64_t> ends) = 0;
    virtual bool readLanes(const RankRegion& row, std::uint64_t first,
                           std::span<std::int64_t> lanes) = 0;
};

} // namespace scope
