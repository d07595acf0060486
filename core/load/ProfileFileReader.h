// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "isolate/IsolatedRead.h"
#include "isolate/IsolatedReader.h"
#include "model/ProfilingResults.h"

#include <string>

namespace scope {

// Whether the file starts like a native trace (`.spt`); false when it cannot be read.
bool isNativeTrace(const std::string& path);

// Whether the file is to be read as a JSON profile: it starts like JSON or
// gzip, or is named *.json[.gz] and starts like neither HDF5 nor a trace.
bool isJsonProfile(const std::string& path);

// The one way the viewer and scope-report read a profiling file, whatever its
// kind: a JSON profile (plain or gzipped, told by its content; isJsonProfile)
// is streamed in this process by readJsonProfile; a native trace (told by its
// magic, not its name) is parsed in this process (it needs no libhdf5), and
// so is any `*.spt` (an empty or cut trace is reported as such); everything
// else goes through readIsolated. An ssh:// URL (RemoteUrl) is read on its
// host by readRemote: its statistics, without calls (eventsOnHost). A trace or a JSON profile has
// no summary columns: a summary-only request reads its calls (summaryFallback) or, without
// fallback, throws SummaryDataUnavailable. request.memoryBudget applies to HDF5 files (a trace is
// always read into memory; a JSON profile past it keeps only its statistics). Event columns whose
// call ids are all -1 (the older C writer's "not recorded") are dropped, so that nesting comes from
// the times.
ProfilingResults readProfileFile(const std::string& path, const ReadRequest& request);

// Whether readProfileFile reads the file through readIsolated: a local file
// that is neither a JSON profile nor a native trace.
bool readsIsolated(const std::string& path);

// readProfileFile of such a file whose helper was started before.
ProfilingResults readProfileFile(IsolatedRead& started, const ReadRequest& request);

} // namespace scope
