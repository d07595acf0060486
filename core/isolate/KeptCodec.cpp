// SPDX-License-Identifier: GPL-3.0-or-later
#include "KeptCodec.h"

#include "ByteReader.h"
#include "ByteWriter.h"

#include <algorithm>
#include <cmath>

namespace scope::isolate {

void KeptCodec::writePercentiles(ByteWriter& out, const RegionPercentiles& p) {
    for (const double value : {p.p50, p.p90, p.p95, p.p99})
        out.f64(value);
}

RegionPercentiles KeptCodec::readPercentiles(ByteReader& in) {
    RegionPercentiles p;
    for (double* value : {&p.p50, &p.p90, &p.p95, &p.p99}) {
        *value = in.f64();
        if (!std::isfinite(*value))
            in.fail("impossible percentiles");
    }
    return p;
}

void KeptCodec::writeHistogram(ByteWriter& out, const RegionHistogram& h) {
    out.f64s(h.edges);
    out.u64s(h.counts);
    out.flag(h.logarithmic);
    out.f64(h.mean);
    writePercentiles(out, h.percentiles);
    out.u64(h.outlineRanks.size());
    for (const std::uint32_t rank : h.outlineRanks)
        out.u32(rank);
    out.u64s(h.rankCounts);
}

RegionHistogram KeptCodec::readHistogram(ByteReader& in) {
    RegionHistogram h;
    h.edges = in.f64s();
    h.counts = in.u64s();
    h.logarithmic = in.flag();
    h.mean = in.f64();
    h.percentiles = readPercentiles(in);
    h.outlineRanks.resize(in.count(sizeof(std::uint32_t)));
    for (std::uint32_t& rank : h.outlineRanks)
        rank = in.u32();
    h.rankCounts = in.u64s();
    const bool empty = h.counts.empty();
    if (empty ? !h.edges.empty() : h.edges.size() != h.counts.size() + 1)
        in.fail("histogram edges that do not match its bins");
    if (!std::all_of(h.edges.begin(), h.edges.end(), [](double e) { return std::isfinite(e); }) ||
        !std::is_sorted(h.edges.begin(), h.edges.end()) || !std::isfinite(h.mean))
        in.fail("impossible histogram edges or mean");
    if (h.outlineRanks.size() > RegionHistogram::kMostOutlines ||
        h.rankCounts.size() != h.outlineRanks.size() * h.counts.size())
        in.fail("histogram outlines that do not match its bins");
    return h;
}

void KeptCodec::encode(const ProfilingResults& r, ByteWriter& out) {
    out.u64(r.keptPercentiles.size());
    for (const RegionPercentiles& p : r.keptPercentiles)
        writePercentiles(out, p);
    out.u64(r.keptHistograms.size());
    for (const RegionHistogram& h : r.keptHistograms)
        writeHistogram(out, h);
}

void KeptCodec::decode(ByteReader& in, ProfilingResults& r) {
    r.keptPercentiles.resize(in.count(4 * sizeof(double)));
    if (!r.keptPercentiles.empty() && r.keptPercentiles.size() != r.regions.size())
        in.fail("percentiles of other regions");
    for (RegionPercentiles& p : r.keptPercentiles)
        p = readPercentiles(in);
    // Edges, counts, flag, mean, percentiles, outlines and their counts.
    r.keptHistograms.resize(in.count(8 + 8 + 1 + 8 + 32 + 8 + 8));
    if (!r.keptHistograms.empty() && r.keptHistograms.size() != r.regions.size())
        in.fail("histograms of other regions");
    for (RegionHistogram& h : r.keptHistograms)
        h = readHistogram(in);
}

} // namespace scope::isolate
