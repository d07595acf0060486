// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "base/ReadControl.h"
#include "model/ProfilingResults.h"
#include "plan/EventBytes.h"
#include "plan/EventPlan.h"

namespace scope {

// The second step of a read, without libhdf5: reads the bytes an EventPlan
// names into results.events (decompressing and delta-decoding them), checks
// every row's times and computes its summary, on several threads. Damage to a
// schema-1 region skips it (listed in results.damaged); damage to a column of
// the whole file throws CorruptProfileError; a cancel throws ReadCancelled.
class EventAssembler {
public:
    // threads = 0: one per core.
    static void assemble(ProfilingResults& results, EventPlan& plan, const EventBytes& bytes,
                         const ReadControl& control, unsigned threads = 0);
};

} // namespace scope
