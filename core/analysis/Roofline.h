// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/AuxiliaryData.h"

#include <cstdint>
#include <string>
#include <vector>

namespace scope {

// One LIKWID region on a roofline: its operational intensity and
// performance, from the rates summed over its hardware threads (LIKWID
// measures memory traffic on one thread per socket and reports 0 on the
// others, so only the sum is the region's traffic).
struct RooflinePoint {
    std::string region;     // the LIKWID tag
    double intensity = 0.0; // FLOP per byte of memory traffic
    double gflops = 0.0;    // GFLOP/s
    double bandwidth = 0.0; // GB/s
};

// The roofs are the highest rates measured in the run, not the machine's
// peaks (the file does not know those): 0 when no region has the metric.
struct Roofline {
    std::string flopMetric;
    std::string bandwidthMetric;
    std::vector<RooflinePoint> points;
    // Regions with a FLOP rate but no memory traffic: no finite intensity.
    std::vector<std::string> skipped;
    double peakGflops = 0.0;    // highest summed FLOP rate of any region, any rank
    double peakBandwidth = 0.0; // highest summed memory bandwidth, GB/s
    // Intensity where the two roofs meet; 0 when a roof is unknown.
    double ridge() const {
        return peakGflops > 0 && peakBandwidth > 0 ? peakGflops / peakBandwidth : 0.0;
    }
};

// The FLOP rate metric among LIKWID's metric names ("DP [MFLOP/s]" first,
// then "SP [MFLOP/s]", then any "…FLOP/s"), or -1.
int flopRateMetric(const std::vector<std::string>& metricNames);
// The memory bandwidth metric ("Memory bandwidth [MBytes/s]", then any
// "Memory bandwidth …" in MBytes/s or GBytes/s), or -1. Cache bandwidths do
// not count: their roofline is another chart.
int memoryBandwidthMetric(const std::vector<std::string>& metricNames);
// Factor from a rate metric's unit to G…/s: 1e-3 for "[MFLOP/s]" and
// "[MBytes/s]", 1 for "[GFLOP/s]" and "[GBytes/s]".
double toGiga(const std::string& metricName);
// Whether a region's group measures both rates.
bool hasRoofline(const LikwidRegion& region);

// Points for the regions of `rank` in group `group` that have both metrics;
// roofs from every region of the run that has them.
Roofline computeRoofline(const std::vector<LikwidRegion>& regions, std::uint32_t rank,
                         const std::string& group);

} // namespace scope
