// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/ProfilingResults.h"

#include <ostream>

namespace scope::report {

// scope-report --mpi: the file's MPI call regions (MpiTraffic) of the
// selected ranks as text: the bytes sent and received per rank and peer (a
// matrix for a few ranks, else the largest pairs), the point-to-point calls
// the matrices leave out, and seconds per collective and per wait kind per rank.
class MpiPrinter {
public:
    // Matrices up to this many ranks; beyond, the kLargestPairs largest pairs.
    static constexpr std::size_t kMatrixRanks = 16;
    static constexpr std::size_t kLargestPairs = 20;

    static void print(std::ostream& out, const ProfilingResults& results,
                      const RankSelection& ranks);
};

} // namespace scope::report
