// SPDX-License-Identifier: GPL-3.0-or-later
#include "Significance.h"

#include "BootstrapInterval.h"
#include "Distributions.h"
#include "MannWhitney.h"
#include "RadixSort.h"
#include "analysis/RegionCalls.h"
#include "base/ParallelFor.h"
#include "model/CallsElsewhere.h"
#include "model/Errors.h"
#include "model/ProfilingResults.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <numeric>
#include <thread>

namespace scope {
namespace {

// The sample of durations grouped by rank.
RegionSample sampleOf(CallsElsewhere::CallDurations calls, RegionSample sample) {
    sample.perCallData = true;
    sample.durationsNs = std::move(calls.durationsNs);
    sample.ranks = std::move(calls.ranks);
    std::size_t begin = 0;
    for (const std::uint64_t count : calls.counts) {
        sample.rankBegin.push_back(begin);
        begin += count;
    }
    sample.rankBegin.push_back(begin);
    return sample;
}

// The calls of a run that stayed on its host, checked against the table: the
// same ranks with as many calls each as the rows' counts.
CallsElsewhere::CallDurations fromElsewhere(const ProfilingResults& run, std::size_t region,
                                            const RankSelection& ranks) {
    CallsElsewhere::CallDurations calls = run.callsElsewhere->callDurations(region, ranks);
    std::map<std::uint32_t, std::uint64_t> expected;
    for (const RankRegion& row : run.rows)
        if (row.region == region && row.summary.count > 0 && ranks.contains(row.rank))
            expected[row.rank] += row.summary.count;
    std::map<std::uint32_t, std::uint64_t> received;
    for (std::size_t i = 0; i < calls.ranks.size(); ++i)
        received[calls.ranks[i]] = calls.counts[i];
    if (received != expected)
        throw CorruptProfileError(run.path, "the significance test",
                                  "the host sent the calls of other ranks, or other counts, "
                                  "than the table has");
    return calls;
}

} // namespace

RegionSample RegionSample::of(const ProfilingResults& run, std::size_t region,
                              const RankSelection& ranks) {
    RegionSample sample;
    sample.selectedRanks = run.rankCount(ranks);
    if (!hasCallData(run) && run.callsElsewhere)
        return sampleOf(fromElsewhere(run, region, ranks), std::move(sample));
    if (!hasCallData(run))
        return sample;
    return sampleOf(RegionCalls(run, region, ranks, "the significance test").durationsByRank(),
                    std::move(sample));
}

namespace {

// The calls the statistic is a function of: the slowest rank's alone for
// SlowestRank (the largest total, the lowest rank on a tie), else all.
std::span<const std::int64_t> callsOf(const RegionSample& sample, ComparisonMetric statistic) {
    const std::span<const std::int64_t> all(sample.durationsNs);
    if (statistic != ComparisonMetric::SlowestRank || sample.ranks.empty())
        return all;
    std::size_t slowest = 0;
    std::int64_t slowestTotal = 0;
    for (std::size_t i = 0; i < sample.ranks.size(); ++i) {
        const auto first = all.begin() + static_cast<std::ptrdiff_t>(sample.rankBegin[i]);
        const auto last = all.begin() + static_cast<std::ptrdiff_t>(sample.rankBegin[i + 1]);
        const std::int64_t total = std::accumulate(first, last, std::int64_t(0));
        if (i == 0 || total > slowestTotal) {
            slowest = i;
            slowestTotal = total;
        }
    }
    return all.subspan(sample.rankBegin[slowest],
                       sample.rankBegin[slowest + 1] - sample.rankBegin[slowest]);
}

// What the statistic multiplies the mean call by.
double amountOf(const RegionSample& sample, std::size_t calls, ComparisonMetric statistic) {
    const auto n = static_cast<double>(calls);
    if (statistic == ComparisonMetric::RankMean)
        return n / static_cast<double>(std::max<std::size_t>(sample.selectedRanks, 1));
    return n;
}

unsigned threadsOf(const SignificanceOptions& options) {
    return options.threads != 0 ? options.threads
                                : std::max(1u, std::thread::hardware_concurrency());
}

} // namespace

RegionSignificance Significance::test(const RegionSample& baseline, const RegionSample& other,
                                      const SignificanceOptions& options) {
    RegionSignificance result;
    const ComparisonMetric statistic = options.statistic;
    if (statistic == ComparisonMetric::Calls || !baseline.perCallData || !other.perCallData)
        return result;
    const std::span<const std::int64_t> base = callsOf(baseline, statistic);
    const std::span<const std::int64_t> changed = callsOf(other, statistic);
    if (base.empty() || changed.empty())
        return result;
    const double scale = countsCalls(statistic) ? amountOf(other, changed.size(), statistic) /
                                                      amountOf(baseline, base.size(), statistic)
                                                : 1.0;

    std::vector<std::int64_t> sorted[2] = {std::vector(base.begin(), base.end()),
                                           std::vector(changed.begin(), changed.end())};
    parallelFor(
        2, threadsOf(options), nullptr,
        [&](std::size_t side, unsigned) { RadixSort::sort(sorted[side]); }, [] {});
    const MannWhitneyResult u = MannWhitney::test(sorted[0], sorted[1], scale);
    result.pValue = u.p;
    result.exact = u.exact;
    result.smallestP = u.smallestP;

    if (statistic == ComparisonMetric::Min || statistic == ComparisonMetric::Max)
        return result; // no interval: see Significance.h
    if (const auto interval = BootstrapInterval::ofMeanRatio(base, changed, scale, options)) {
        result.ciLowPercent = interval->first;
        result.ciHighPercent = interval->second;
    }
    return result;
}

namespace {

struct LogMoments {
    double mean = 0.0;
    double variance = 0.0; // sample variance, divisor n - 1
    double n = 0.0;
};

std::optional<LogMoments> logMoments(std::span<const double> values) {
    if (values.size() < 2)
        return std::nullopt;
    LogMoments m;
    m.n = static_cast<double>(values.size());
    for (const double v : values) {
        if (!(v > 0.0) || !std::isfinite(v))
            return std::nullopt;
        m.mean += std::log(v);
    }
    m.mean /= m.n;
    for (const double v : values)
        m.variance += (std::log(v) - m.mean) * (std::log(v) - m.mean);
    m.variance /= m.n - 1.0;
    return m;
}

} // namespace

RegionSignificance Significance::acrossRuns(std::span<const double> baseline,
                                            std::span<const double> other,
                                            const SignificanceOptions& options) {
    RegionSignificance result;
    const auto b = logMoments(baseline);
    const auto o = logMoments(other);
    if (!b || !o)
        return result;
    const double difference = o->mean - b->mean;
    const double vb = b->variance / b->n;
    const double vo = o->variance / o->n;
    const double se = std::sqrt(vb + vo);
    if (!(se > 0.0)) {
        // No noise on either side: any difference is certain.
        result.pValue = difference == 0.0 ? 1.0 : 0.0;
        result.ciLowPercent = result.ciHighPercent = 100.0 * std::expm1(difference);
        return result;
    }
    const double df = (vb + vo) * (vb + vo) / (vb * vb / (b->n - 1.0) + vo * vo / (o->n - 1.0));
    result.pValue = Distributions::studentTwoSided(difference / se, df);
    const double t = Distributions::studentTwoSidedQuantile(1.0 - options.confidence, df);
    result.ciLowPercent = 100.0 * std::expm1(difference - t * se);
    result.ciHighPercent = 100.0 * std::expm1(difference + t * se);
    return result;
}

std::optional<std::size_t> Significance::repeatsFor(std::span<const double> baseline,
                                                    std::span<const double> other, double alpha,
                                                    double changePercent) {
    if (!(alpha > 0.0 && alpha < 1.0) || !(changePercent > 0.0))
        return std::nullopt;
    double weighted = 0.0; // sum of (n - 1) cv^2
    double degrees = 0.0;
    for (const std::span<const double> side : {baseline, other}) {
        if (side.size() < 2)
            continue;
        const double n = static_cast<double>(side.size());
        const double mean = std::accumulate(side.begin(), side.end(), 0.0) / n;
        if (!(mean > 0.0))
            return std::nullopt;
        double squares = 0.0;
        for (const double v : side)
            squares += (v - mean) * (v - mean);
        weighted += squares / (mean * mean); // (n - 1) x variance / mean^2
        degrees += n - 1.0;
    }
    if (degrees == 0.0)
        return std::nullopt;
    const double cv2 = weighted / degrees;
    const double z =
        Distributions::normalQuantile(1.0 - alpha / 2.0) + Distributions::normalQuantile(0.8);
    const double delta = changePercent / 100.0;
    const double n = std::ceil(2.0 * z * z * cv2 / (delta * delta) - 1e-9);
    if (!std::isfinite(n))
        return std::nullopt;
    return std::max<std::size_t>(2, static_cast<std::size_t>(std::max(0.0, n)));
}

std::vector<std::optional<double>> Significance::holm(std::span<const std::optional<double>> p) {
    std::vector<std::optional<double>> adjusted(p.size());
    std::vector<std::size_t> order;
    for (std::size_t i = 0; i < p.size(); ++i)
        if (p[i])
            order.push_back(i);
    std::stable_sort(order.begin(), order.end(),
                     [&](std::size_t a, std::size_t b) { return *p[a] < *p[b]; });
    const std::size_t m = order.size();
    double running = 0.0;
    for (std::size_t k = 0; k < m; ++k) {
        running = std::max(running, std::min(1.0, static_cast<double>(m - k) * *p[order[k]]));
        adjusted[order[k]] = running;
    }
    return adjusted;
}

} // namespace scope
