// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "isolate/IsolatedReader.h"
#include "model/ProfilingResults.h"

#include <string>

namespace scope {

// Whether the file starts like a native trace (`.spt`); false when it cannot be read.
bool isNativeTrace(const std::string& path);

// The one way the viewer and scope-report read a profiling file, whatever its
// kind: a native trace (told by its magic, not its name) is parsed in this
// process (it needs no libhdf5), and so is any `*.spt` (an empty or cut
// trace is reported as such); everything else goes through readIsolated.
// A trace has no summary columns: a summary-only request reads its calls
// (summaryFallback) or, without fallback, throws SummaryDataUnavailable.
// request.memoryBudget applies to HDF5 files (a trace is always read into
// memory). Event columns whose call ids are all -1 (the older C writer's "not
// recorded") are dropped, so that nesting comes from the times.
ProfilingResults readProfileFile(const std::string& path, const ReadRequest& request);

} // namespace scope
