// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The run the kept-index tests open: 16 ranks x 4 regions x 600 calls
// (38,400 calls, about 1.2 MB in memory) in chunks of 1,024, so that small
// budgets read it on demand; another seed gives other times.
#include "HugeRunWriter.h"

#include <cstdint>

inline scope::fixtures::HugeRunWriter::Shape indexTestRun(std::uint64_t seed = 42) {
    scope::fixtures::HugeRunWriter::Shape s;
    s.ranks = 16;
    s.regions = 4;
    s.calls = 600;
    s.chunkElements = 1024;
    s.seed = seed;
    return s;
}
