// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/ProfilingResults.h"

namespace scope::isolate {

class ByteReader;
class ByteWriter;

// What the results carry of calls kept elsewhere (the percentiles and the
// histograms of every region), as ResultsHeader writes it: for the read
// helper, the kept index and the SSH payload.
class KeptCodec {
public:
    static void encode(const ProfilingResults& results, ByteWriter& out);
    // Fills results.keptPercentiles and keptHistograms (results.regions read
    // before); fails `in` on damaged bytes: a count other than the regions',
    // a value that is not finite, edges out of order, counts that do not
    // match the bins.
    static void decode(ByteReader& in, ProfilingResults& results);

    // One of each, as above (and for the answers of a remote run's host).
    static void writePercentiles(ByteWriter& out, const RegionPercentiles& percentiles);
    static RegionPercentiles readPercentiles(ByteReader& in);
    static void writeHistogram(ByteWriter& out, const RegionHistogram& histogram);
    static RegionHistogram readHistogram(ByteReader& in);
};

} // namespace scope::isolate
