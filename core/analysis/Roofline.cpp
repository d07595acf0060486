// SPDX-License-Identifier: GPL-3.0-or-later
#include "Roofline.h"

#include <algorithm>
#include <cctype>

namespace scope {

namespace {

std::string lower(std::string text) {
    std::transform(text.begin(), text.end(), text.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return text;
}

int find(const std::vector<std::string>& names, const std::string& name) {
    const auto it = std::find(names.begin(), names.end(), name);
    return it == names.end() ? -1 : static_cast<int>(it - names.begin());
}

// The sum over threads of metric `m`, in G…/s.
double summed(const LikwidRegion& region, int m) {
    const std::size_t threads = region.cpus.size();
    double sum = 0.0;
    for (std::size_t t = 0; t < threads; ++t) {
        const std::size_t at = static_cast<std::size_t>(m) * threads + t;
        if (at < region.metrics.size())
            sum += region.metrics[at];
    }
    return sum * toGiga(region.metricNames[static_cast<std::size_t>(m)]);
}

} // namespace

int flopRateMetric(const std::vector<std::string>& metricNames) {
    for (const char* preferred : {"DP [MFLOP/s]", "SP [MFLOP/s]", "DP [GFLOP/s]", "SP [GFLOP/s]"})
        if (const int i = find(metricNames, preferred); i >= 0)
            return i;
    for (std::size_t i = 0; i < metricNames.size(); ++i)
        if (lower(metricNames[i]).find("flop/s") != std::string::npos)
            return static_cast<int>(i);
    return -1;
}

int memoryBandwidthMetric(const std::vector<std::string>& metricNames) {
    if (const int i = find(metricNames, "Memory bandwidth [MBytes/s]"); i >= 0)
        return i;
    for (std::size_t i = 0; i < metricNames.size(); ++i) {
        const std::string name = lower(metricNames[i]);
        if (name.rfind("memory bandwidth", 0) == 0 && name.find("bytes/s") != std::string::npos)
            return static_cast<int>(i);
    }
    return -1;
}

double toGiga(const std::string& metricName) {
    const std::string name = lower(metricName);
    if (name.find("[g") != std::string::npos)
        return 1.0;
    if (name.find("[k") != std::string::npos)
        return 1e-6;
    if (name.find("[m") != std::string::npos)
        return 1e-3;
    return 1e-9; // plain FLOP/s or bytes/s
}

bool hasRoofline(const LikwidRegion& region) {
    return flopRateMetric(region.metricNames) >= 0 &&
           memoryBandwidthMetric(region.metricNames) >= 0 && !region.cpus.empty();
}

Roofline computeRoofline(const std::vector<LikwidRegion>& regions, std::uint32_t rank,
                         const std::string& group) {
    Roofline roofline;
    for (const LikwidRegion& region : regions) {
        if (!hasRoofline(region))
            continue;
        const int f = flopRateMetric(region.metricNames);
        const int b = memoryBandwidthMetric(region.metricNames);
        const double gflops = summed(region, f);
        const double bandwidth = summed(region, b);
        roofline.peakGflops = std::max(roofline.peakGflops, gflops);
        roofline.peakBandwidth = std::max(roofline.peakBandwidth, bandwidth);
        if (region.rank != rank || region.groupName != group)
            continue;
        roofline.flopMetric = region.metricNames[static_cast<std::size_t>(f)];
        roofline.bandwidthMetric = region.metricNames[static_cast<std::size_t>(b)];
        if (bandwidth > 0.0)
            roofline.points.push_back({region.tag, gflops / bandwidth, gflops, bandwidth});
        else
            roofline.skipped.push_back(region.tag);
    }
    return roofline;
}

} // namespace scope
