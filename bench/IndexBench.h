// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <filesystem>
#include <string>

namespace scope::bench {

// The "Index" section of scope-bench: a run read on demand from its first
// open (table, overview, exact timeline, keeping the index) to every reopen
// from its index, and scope-index in one process against two under mpirun,
// each figure beside its target and its floor measured in the same run.
class IndexBench {
public:
    IndexBench(std::filesystem::path dir, int repeat);

    // `budget` makes the run read on demand ("160M" for the 307 MB run, the
    // default for the 10^9-call run); `huge` marks the run the targets are for.
    void measure(const std::filesystem::path& run, const std::string& label, std::uint64_t budget,
                 bool huge);

private:
    void measureScopeIndex(const std::filesystem::path& run);

    std::filesystem::path dir_;
    int repeat_;
};

} // namespace scope::bench
