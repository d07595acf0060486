// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "h5/DatasetReader.h"
#include "h5/H5File.h"
#include "plan/EventPlan.h"

#include <cstdint>
#include <optional>

namespace scope {

// Adds a file's event datasets to an EventPlan. Where this code can read a
// dataset's bytes itself (little-endian int64, contiguous or chunked, shuffled
// and compressed with deflate, LZF or Zstandard) it records where they are;
// anything else libhdf5 reads here, into the plan's inline values.
class EventPlanner {
public:
    // inlineLimit: bytes the values libhdf5 reads itself may take (0 = no
    // limit); they cannot be left on disk and read on demand.
    EventPlanner(const h5::H5File& file, EventPlan& plan, std::uint64_t inlineLimit = 0)
        : file_(file), plan_(plan), inlineLimit_(inlineLimit) {}

    // Plans the values of `reader` (1-D, integer) into column[destination,
    // destination + length); `row` as PlannedDataset::row. Throws what
    // DatasetReader::readInt64 throws when libhdf5 reads it.
    void add(const h5::DatasetReader& reader, EventColumnId column, std::uint64_t destination,
             std::int64_t row = -1);

    // What the plan holds now, to take back what was added after it.
    struct Mark {
        std::size_t datasets;
        std::size_t chunks;
        std::size_t inlineValues;
    };
    Mark mark() const;
    void rollBack(const Mark& mark);

private:
    // Throws ProfileError when libhdf5's values would pass inlineLimit_.
    void checkInlineLimit(const PlannedDataset& planned) const;
    bool planChunks(const h5::DatasetReader& reader, PlannedDataset& dataset);
    bool planContiguous(hid_t dataset, PlannedDataset& planned);
    bool planChunked(hid_t dataset, hid_t creation, PlannedDataset& planned);
    // The chunk holding `element`, as libhdf5 reports it; nullopt when it
    // has none (never written: fill values) or its index is damaged.
    static std::optional<StoredChunk> lookUpChunk(hid_t dataset, std::uint64_t element);
    // The stored size of that chunk, found by a search of the index.
    static std::optional<hsize_t> storedBytesAt(hid_t dataset, std::uint64_t element);

    const h5::H5File& file_;
    EventPlan& plan_;
    std::uint64_t inlineLimit_;
};

} // namespace scope
