// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "TimeRangeCheck.h"
#include "model/ProfilingResults.h"
#include "plan/EventPlan.h"

#include <string>
#include <vector>

namespace scope {

// What one row's calls gave a read: a reason when they are damaged, else the
// extent of their times for the file's range check.
struct RowOutcome {
    std::string damage;
    bool fileDamaged = false; // a column of the whole file is damaged (streamed reads)
    TimeRangeCheck::Extent extent;
};

// The file's range check over the rows in their order, as a reader taking
// them one by one would: a damaged row is dropped and listed in
// results.damaged (schema 1, whose datasets belong to rows) or makes the file
// corrupt (CorruptProfileError naming `path`). Shared by the read into memory
// and the streamed one, so that both keep and reject exactly the same rows.
void keepSoundRows(ProfilingResults& results, const EventPlan& plan,
                   std::vector<RowOutcome>& outcomes, const std::string& path);

} // namespace scope
