// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "base/ReadControl.h"
#include "model/ProfilingResults.h"
#include "plan/EventBytes.h"
#include "plan/EventPlan.h"

#include <cstdint>
#include <memory>

namespace scope {

// The second step of a read whose event columns do not fit in the memory
// budget: like EventAssembler it checks the plan, every row's times and
// computes its summary (bit-identical: the same RowStatistics arithmetic over
// the calls streamed in pieces, in order), with the same damaged regions,
// corrupt-file errors and ReadCancelled, on several threads; but the columns
// are never held: memory is the cache (cacheLimitBytes) plus a few chunks and
// pieces per thread. The calls stay on disk behind results.onDemand (a
// PlannedCallSource over `bytes`); results.events stays empty and
// results.eventsRead false.
class StreamingAssembler {
public:
    // threads = 0: one per core.
    static void assemble(ProfilingResults& results, EventPlan&& plan,
                         std::shared_ptr<const EventBytes> bytes, std::uint64_t cacheLimitBytes,
                         const ReadControl& control, unsigned threads = 0);
};

} // namespace scope
