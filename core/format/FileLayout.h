// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "h5/H5File.h"
#include "model/ProfilingResults.h"

namespace scope {

// What the root of a file says about how to read it.
struct FileLayout {
    int schemaVersion = 1;
    StorageLayout storage = StorageLayout::Columnar;
    bool deltaEncoded = false; // /events/start_deltas exists
    bool hasSummaryColumns = false;
    bool hasRowIndex = false; // /region_table and /rank_region_index exist

    // Throws InvalidSchemaError for a schema attribute that is not an integer >= 1.
    static FileLayout detect(const h5::H5File& file);
};

} // namespace scope
