// SPDX-License-Identifier: GPL-3.0-or-later
#include "ImbalancePattern.h"

#include "RegionCalls.h"
#include "base/DurationFormat.h"
#include "model/ProfilingResults.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>

namespace scope {

namespace {

// Rank x window times (ns) and what every classification step reads of them.
struct Matrix {
    std::vector<std::uint32_t> ranks; // rows, ascending
    std::size_t windows = 0;
    std::vector<double> time; // ranks x windows, row-major
    std::vector<double> sum, max, second, mean;
    std::vector<std::size_t> busiest; // the row of max (the lower rank on ties)

    double at(std::size_t row, std::size_t w) const { return time[row * windows + w]; }
    double imbalance(std::size_t w) const { return max[w] - mean[w]; }

    void summarise() {
        sum.assign(windows, 0.0);
        max.assign(windows, 0.0);
        second.assign(windows, 0.0);
        mean.assign(windows, 0.0);
        busiest.assign(windows, 0);
        for (std::size_t w = 0; w < windows; ++w) {
            for (std::size_t r = 0; r < ranks.size(); ++r) {
                const double t = at(r, w);
                sum[w] += t;
                if (t > max[w]) {
                    second[w] = max[w];
                    max[w] = t;
                    busiest[w] = r;
                } else if (t > second[w]) {
                    second[w] = t;
                }
            }
            mean[w] = sum[w] / static_cast<double>(ranks.size());
        }
    }
};

// The selected ranks of the run, ascending.
std::vector<std::uint32_t> selectedRanks(const ProfilingResults& run, const RankSelection& ranks) {
    std::vector<std::uint32_t> all = RankSelection::ranksOf(run);
    std::erase_if(all, [&](std::uint32_t r) { return !ranks.contains(r); });
    return all;
}

// The run's span (ns) over the selected ranks from the rows' summaries;
// empty (begin >= end) when no row stores its times.
std::pair<std::int64_t, std::int64_t> runSpan(const ProfilingResults& run,
                                              const RankSelection& ranks) {
    std::int64_t begin = std::numeric_limits<std::int64_t>::max();
    std::int64_t end = std::numeric_limits<std::int64_t>::min();
    for (const RankRegion& row : run.rows) {
        if (row.summary.count == 0 || !row.summary.hasTimes || !ranks.contains(row.rank))
            continue;
        begin = std::min(begin, row.summary.startMinimum);
        end = std::max(end, row.summary.endMaximum);
    }
    return {begin, end};
}

// The ranks ordered by how often they are the busiest in the windows
// `counted` says, most often first, then the lower rank; those never
// busiest are left out.
std::vector<std::uint32_t> busiestMostOften(const Matrix& m, const std::vector<bool>& counted) {
    std::vector<std::size_t> count(m.ranks.size(), 0);
    for (std::size_t w = 0; w < m.windows; ++w)
        if (counted[w])
            ++count[m.busiest[w]];
    std::vector<std::size_t> rows(m.ranks.size());
    std::iota(rows.begin(), rows.end(), std::size_t(0));
    std::stable_sort(rows.begin(), rows.end(),
                     [&](std::size_t a, std::size_t b) { return count[a] > count[b]; });
    std::vector<std::uint32_t> out;
    for (std::size_t r : rows)
        if (count[r] > 0)
            out.push_back(m.ranks[r]);
    return out;
}

bool nearlyAll(std::size_t part, std::size_t whole) {
    return whole > 0 && static_cast<double>(part) >=
                            ImbalancePattern::kNearlyEvery * static_cast<double>(whole) - 1e-9;
}

// Least squares of the imbalance against the window index over the active
// windows: sets growth and returns whether it is a clear rise.
bool growing(const Matrix& m, const std::vector<bool>& active, ImbalancePattern& p) {
    std::vector<double> x;
    std::vector<double> y;
    for (std::size_t w = 0; w < m.windows; ++w) {
        if (active[w]) {
            x.push_back(static_cast<double>(w));
            y.push_back(m.imbalance(w));
        }
    }
    if (x.size() < ImbalancePattern::kGrowingMinWindows)
        return false;
    const double n = static_cast<double>(x.size());
    const double mx = std::accumulate(x.begin(), x.end(), 0.0) / n;
    const double my = std::accumulate(y.begin(), y.end(), 0.0) / n;
    double sxx = 0.0, sxy = 0.0, syy = 0.0;
    for (std::size_t i = 0; i < x.size(); ++i) {
        sxx += (x[i] - mx) * (x[i] - mx);
        sxy += (x[i] - mx) * (y[i] - my);
        syy += (y[i] - my) * (y[i] - my);
    }
    // A constant imbalance (up to rounding) has no trend at all.
    if (sxx <= 0.0 || syy <= 1e-12 * my * my || my <= 0.0)
        return false;
    const double slope = sxy / sxx;
    const double r2 = sxy * sxy / (sxx * syy);
    const double rise = slope * (x.back() - x.front());
    if (slope <= 0.0 || r2 < ImbalancePattern::kGrowingR2 ||
        rise < ImbalancePattern::kGrowingRise * my)
        return false;
    p.growthFromSeconds = std::max(0.0, my + slope * (x.front() - mx)) / 1e9;
    p.growthToSeconds = (my + slope * (x.back() - mx)) / 1e9;
    return true;
}

// Static when some ranks are slow in nearly every imbalanced window.
bool staticRanks(const Matrix& m, const std::vector<bool>& active, ImbalancePattern& p) {
    std::vector<bool> judged(m.windows, false);
    std::vector<std::size_t> slow(m.ranks.size(), 0);
    for (std::size_t w = 0; w < m.windows; ++w) {
        const double imbalance = m.imbalance(w);
        if (!active[w] || imbalance <= ImbalancePattern::kBalancedShare * m.mean[w])
            continue;
        judged[w] = true;
        ++p.judgedWindows;
        for (std::size_t r = 0; r < m.ranks.size(); ++r)
            if (m.at(r, w) - m.mean[w] >= ImbalancePattern::kSlowExcess * imbalance)
                ++slow[r];
    }
    std::vector<std::size_t> rows;
    for (std::size_t r = 0; r < m.ranks.size(); ++r)
        if (nearlyAll(slow[r], p.judgedWindows))
            rows.push_back(r);
    if (rows.empty()) {
        p.slowRanks = busiestMostOften(m, judged);
        return false;
    }
    std::vector<double> total(m.ranks.size(), 0.0);
    for (std::size_t r : rows)
        for (std::size_t w = 0; w < m.windows; ++w)
            total[r] += m.at(r, w);
    std::stable_sort(rows.begin(), rows.end(), [&](std::size_t a, std::size_t b) {
        return slow[a] != slow[b] ? slow[a] > slow[b] : total[a] > total[b];
    });
    p.slowWindows = slow[rows.back()];
    for (std::size_t r : rows)
        p.slowRanks.push_back(m.ranks[r]);
    return true;
}

void classify(const Matrix& m, ImbalancePattern& p) {
    double totalMean = 0.0;
    double busiestWindow = 0.0;
    double recoverable = 0.0;
    for (std::size_t w = 0; w < m.windows; ++w) {
        totalMean += m.mean[w];
        recoverable += m.imbalance(w);
        busiestWindow = std::max(busiestWindow, m.sum[w]);
    }
    p.recoverableSeconds = recoverable / 1e9;
    std::vector<bool> active(m.windows, false);
    for (std::size_t w = 0; w < m.windows; ++w) {
        active[w] = m.sum[w] > 0.0 && m.sum[w] >= ImbalancePattern::kActiveShare * busiestWindow;
        p.activeWindows += active[w] ? 1 : 0;
    }
    if (recoverable <= ImbalancePattern::kBalancedShare * totalMean) {
        p.kind = ImbalanceKind::Balanced;
        p.slowRanks = busiestMostOften(m, active);
        return;
    }
    std::vector<bool> alone(m.windows, false);
    for (std::size_t w = 0; w < m.windows; ++w) {
        alone[w] = active[w] && m.second[w] <= ImbalancePattern::kIdleShare * m.max[w];
        p.slowWindows += alone[w] ? 1 : 0;
    }
    if (nearlyAll(p.slowWindows, p.activeWindows)) {
        p.kind = ImbalanceKind::Serialising;
        p.slowRanks = busiestMostOften(m, alone);
        return;
    }
    p.slowWindows = 0;
    if (growing(m, active, p)) {
        p.kind = ImbalanceKind::Growing;
        p.slowRanks = busiestMostOften(m, active);
        return;
    }
    p.kind = staticRanks(m, active, p) ? ImbalanceKind::Static : ImbalanceKind::Rotating;
}

std::string rankList(const std::vector<std::uint32_t>& ranks) {
    constexpr std::size_t kShown = 5;
    std::string out = ranks.size() == 1 ? "rank " : "ranks ";
    for (std::size_t i = 0; i < std::min(ranks.size(), kShown); ++i)
        out += (i > 0 ? ", " : "") + std::to_string(ranks[i]);
    if (ranks.size() > kShown)
        out += " and " + std::to_string(ranks.size() - kShown) + " more";
    return out;
}

std::string outOf(std::size_t part, std::size_t whole, const char* every) {
    return part == whole
               ? std::string(every)
               : "in " + std::to_string(part) + " of " + std::to_string(whole) + " windows";
}

} // namespace

ImbalancePattern ImbalancePattern::of(const ProfilingResults& run, std::size_t region,
                                      const RankSelection& ranks, std::size_t windows,
                                      const std::atomic<bool>* cancel) {
    ImbalancePattern p;
    p.windows = std::max<std::size_t>(windows, 1);
    if (!hasCallData(run) || region >= run.regions.size())
        return p;
    Matrix m;
    m.ranks = selectedRanks(run, ranks);
    m.windows = p.windows;
    const RegionCalls calls(run, region, ranks, "the imbalance pattern");
    if (m.ranks.size() < 2 || calls.count() == 0)
        return p;
    // Not a structured binding: clang 14 (the fuzz build) cannot capture one.
    const std::pair<std::int64_t, std::int64_t> span = runSpan(run, ranks);
    std::int64_t begin = span.first;
    std::int64_t end = span.second;
    if (begin >= end) {
        // No stored times: the region's own calls give the span.
        const bool complete = calls.forEachPiece(
            [&](std::size_t, std::span<const std::int64_t> s, std::span<const std::int64_t> e) {
                for (std::size_t k = 0; k < s.size(); ++k) {
                    begin = std::min(begin, s[k]);
                    end = std::max(end, e[k]);
                }
            },
            cancel);
        if (!complete)
            return p;
    }
    m.time.assign(m.ranks.size() * m.windows, 0.0);
    const double length = static_cast<double>(end - begin);
    const double w = static_cast<double>(m.windows);
    const auto boundary = [&](std::size_t i) {
        return i >= m.windows ? length : length * static_cast<double>(i) / w;
    };
    const auto windowOf = [&](double t) {
        const double i = std::floor(t / length * w);
        return i <= 0.0 ? std::size_t(0) : std::min(static_cast<std::size_t>(i), m.windows - 1);
    };
    const bool complete =
        length > 0.0 &&
        calls.forEachPiece(
            [&](std::size_t row, std::span<const std::int64_t> s, std::span<const std::int64_t> e) {
                const std::uint32_t rank = calls.rows()[row]->rank;
                const auto at = std::lower_bound(m.ranks.begin(), m.ranks.end(), rank);
                if (at == m.ranks.end() || *at != rank)
                    return;
                double* line = &m.time[static_cast<std::size_t>(at - m.ranks.begin()) * m.windows];
                for (std::size_t k = 0; k < s.size(); ++k) {
                    const double a = static_cast<double>(s[k] - begin);
                    const double b = static_cast<double>(e[k] - begin);
                    if (b <= a)
                        continue;
                    for (std::size_t i = windowOf(a), last = windowOf(b); i <= last; ++i) {
                        const double part = std::min(b, boundary(i + 1)) - std::max(a, boundary(i));
                        if (part > 0.0)
                            line[i] += part;
                    }
                }
            },
            cancel);
    if (!complete)
        return p;
    m.summarise();
    classify(m, p);
    return p;
}

std::string_view ImbalancePattern::name() const {
    switch (kind) {
    case ImbalanceKind::Balanced:
        return "balanced";
    case ImbalanceKind::Static:
        return "static";
    case ImbalanceKind::Rotating:
        return "rotating";
    case ImbalanceKind::Growing:
        return "growing";
    case ImbalanceKind::Serialising:
        return "serialising";
    case ImbalanceKind::Unknown:
        break;
    }
    return "unknown";
}

std::string ImbalancePattern::describe() const {
    const std::string recover = "; balancing would recover " + formatDuration(recoverableSeconds);
    switch (kind) {
    case ImbalanceKind::Balanced:
        return "balanced — the slowest rank stays within 5 % of the mean" + recover;
    case ImbalanceKind::Static:
        return "static — " + rankList(slowRanks) + " slow " +
               outOf(slowWindows, judgedWindows,
                     judgedWindows == activeWindows ? "in every window"
                                                    : "in every window with imbalance") +
               recover;
    case ImbalanceKind::Rotating:
        return "rotating — the slowest rank changes between windows (" + rankList(slowRanks) + ")" +
               recover;
    case ImbalanceKind::Growing:
        return "growing — the slowest rank's lead grows from " + formatDuration(growthFromSeconds) +
               " to " + formatDuration(growthToSeconds) + " per window (" + rankList(slowRanks) +
               " slowest most often)" + recover;
    case ImbalanceKind::Serialising:
        return "serialising — " + rankList(slowRanks) +
               (slowRanks.size() == 1 ? " works" : " work in turn") + " while the others wait " +
               outOf(slowWindows, activeWindows, "in every window it runs") + recover;
    case ImbalanceKind::Unknown:
        break;
    }
    return "unknown — needs the calls of at least two ranks";
}

} // namespace scope
