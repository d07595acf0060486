// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/ProfilingResults.h"

#include <string>
#include <vector>

namespace scope {

// Several files of one run, each with some of its ranks (the C and Fortran
// APIs write one per process, `.spt` or `.h5`), as one ProfilingResults, the
// way upstream's import-native joins them:
// - ranks keep their numbers (gaps allowed); a rank in two files is a
//   DuplicateRankError naming both;
// - regions match by name (region ids mean something only inside one file);
// - metadata is the lowest-ranked HDF5 file's (else the lowest-ranked file's)
//   without its per-file mpi_rank, with start_time_ns the earliest first
//   start of any rank (the time origin) and `label` as given, else the
//   metadata's, else the common part of the file names;
// - events are concatenated into flat columns; call ids, local to a file,
//   are dropped (nesting comes from the times), GPU durations kept when
//   every file has them. Likwid, line-profile and perf groups are not joined.
// `path` of the result is the label beside the first file (its stem is the
// label in exports).
ProfilingResults combineRankFiles(std::vector<ProfilingResults> files,
                                  const std::string& label = {});

} // namespace scope
