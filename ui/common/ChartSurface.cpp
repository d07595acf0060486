// SPDX-License-Identifier: GPL-3.0-or-later
#include "ChartSurface.h"

#include "RunData.h"

bool ChartSurface::offeredFor(const RunData& run) const {
    return run.results != nullptr && (!offered_ || offered_(run));
}
