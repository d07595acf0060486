// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <span>
#include <string>
#include <vector>

namespace scope {

// Names for runs that a reader can tell apart: the file name without its
// extension ("profiling_data"), and where two runs share it, the shortest
// run of parent folders that tells them apart ("runA/profiling_data",
// "runB/profiling_data"). Users keep the writer's default file name and put
// each run in a folder of its own, so the folder is the name they know.
class DistinctLabels {
public:
    // One label per path, in the same order. Paths are compared as given, so
    // pass absolute paths. Labels that stay equal (the same path twice, or
    // "a/run.h5" and "a/run.hdf5" in one folder) are told apart by their
    // extension, then by " (2)", " (3)", ...
    static std::vector<std::string> fromPaths(std::span<const std::string> paths);
};

} // namespace scope
