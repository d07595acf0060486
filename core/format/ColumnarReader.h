// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "FileLayout.h"
#include "h5/H5File.h"
#include "model/ProfilingResults.h"
#include "plan/EventPlan.h"

#include <cstdint>
#include <vector>

namespace scope {

// Schemas 2 and 3 (and newer files of the same shape): the shared
// /region_table, /rank_region_index and /events columns, in the columnar or the
// aggregate layout.
class ColumnarReader {
public:
    // rowDetails: read each row's source location, tags and event metadata
    // (three string columns per row, most of a summary-only read's time),
    // when the file has at most rowDetailsLimit rows (0 = any number).
    // inlineLimit: EventPlanner's.
    ColumnarReader(const h5::H5File& file, const FileLayout& layout, bool rowDetails = true,
                   std::size_t rowDetailsLimit = 0, std::uint64_t inlineLimit = 0)
        : file_(file), layout_(layout), rowDetails_(rowDetails), rowDetailsLimit_(rowDetailsLimit),
          inlineLimit_(inlineLimit) {}

    // Region names and one RankRegion per index row (no statistics yet); throws
    // CorruptProfileError for rows outside the event columns or overlapping.
    void readIndex(ProfilingResults& results);
    // Plans the per-call columns (EventAssembler reads and decodes them and
    // computes the rows' statistics).
    void planEvents(EventPlan& plan, ProfilingResults& results) const;
    // summary_statistics (columnar) or aggregate_* (aggregate) into the rows.
    void readSummaries(ProfilingResults& results);

private:
    void checkDistinctNames(const std::vector<std::string>& names) const;
    // Throws CorruptProfileError naming region and rank for an impossible summary.
    void checkSummary(const ProfilingResults& results, std::size_t row) const;
    std::uint64_t eventColumnLength() const;
    void checkRowSlices(const ProfilingResults& results, std::uint64_t eventCount) const;
    void readOptionalIndexColumns(ProfilingResults& results) const;
    bool readsDetails(ProfilingResults& results) const;
    void planOptionalEventColumns(EventPlan& plan, ProfilingResults& results) const;
    void readAggregate(ProfilingResults& results) const;

    const h5::H5File& file_;
    FileLayout layout_;
    bool rowDetails_;
    std::size_t rowDetailsLimit_;
    std::uint64_t inlineLimit_;
    std::vector<std::uint64_t> counts_;
};

} // namespace scope
