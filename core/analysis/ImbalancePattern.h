// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace scope {

class ProfilingResults;
class RankSelection;

// How a region's load imbalance behaves over the run, from the rank x time
// window matrix of the time its calls take.
enum class ImbalanceKind {
    Unknown,     // no per-call data, no calls, or fewer than two selected ranks
    Balanced,    // the slowest rank is within a few per cent of the mean
    Static,      // the same ranks are slow in every time window
    Rotating,    // the slow rank changes from window to window
    Growing,     // the imbalance grows over the run
    Serialising, // one rank works while the others wait
};

// The matrix: the run's time span over the selected ranks (the earliest start
// to the latest end of any of their rows) cut into `windows` equal windows;
// each call of the region adds to every window it overlaps the part of it
// that lies there. Its rows are every selected rank of the run
// (RankSelection::ranksOf): a rank without calls of the region counts 0, as
// in ProfilingResults::loadImbalance. Per window w: mean_w over the ranks,
// max_w, and the imbalance max_w - mean_w.
//
// The kinds, tested in this order (all fractions are the constants below):
// - Balanced: sum_w (max_w - mean_w) <= kBalancedShare * sum_w mean_w, i.e.
//   window by window the slowest rank is within 5 % of the mean overall.
//   Per window, not per rank total: ranks taking turns at being slow
//   balance out in their totals but still wait for each other.
// - Serialising: in nearly every active window (kNearlyEvery of them) every
//   rank but the busiest has at most kIdleShare of the busiest one's time.
//   Active windows hold at least kActiveShare of the busiest window's time,
//   so a call's sliver in a window does not count as the region running.
// - Growing: over >= kGrowingMinWindows active windows, the least-squares
//   line of max_w - mean_w against w rises (R^2 >= kGrowingR2) by at least
//   kGrowingRise times the mean imbalance from the first to the last.
// - Static: some ranks are slow in nearly every imbalanced window (active,
//   max_w - mean_w > kBalancedShare * mean_w); a rank is slow in a window
//   when its excess over mean_w is at least kSlowExcess of max_w - mean_w.
// - Rotating: otherwise: no rank stays slow; the slowest one changes.
// Ties (equal times) go to the lower rank, so the result depends only on the
// calls.
struct ImbalancePattern {
    static constexpr double kBalancedShare = 0.05;
    static constexpr double kIdleShare = 0.10;
    static constexpr double kActiveShare = 0.01;
    static constexpr double kNearlyEvery = 0.8;
    static constexpr std::size_t kGrowingMinWindows = 4;
    static constexpr double kGrowingR2 = 0.5;
    static constexpr double kGrowingRise = 0.5;
    static constexpr double kSlowExcess = 0.5;

    ImbalanceKind kind = ImbalanceKind::Unknown;
    // Sum over windows of (slowest rank - mean over ranks): what balancing
    // the work would recover, in seconds.
    double recoverableSeconds = 0.0;
    // Static: the ranks slow in nearly every imbalanced window; otherwise the
    // ranks slowest in some window, most often first (then the lower rank).
    std::vector<std::uint32_t> slowRanks;
    std::size_t windows = 0;
    std::size_t activeWindows = 0; // windows where the region runs
    // Static: the fewest imbalanced windows any of slowRanks is slow in;
    // Serialising: the active windows where one rank works alone.
    std::size_t slowWindows = 0;
    // Static: the windows slowWindows is out of (the imbalanced ones).
    std::size_t judgedWindows = 0;
    // Growing: the fitted max - mean at the first and last active windows (s).
    double growthFromSeconds = 0.0;
    double growthToSeconds = 0.0;

    // Reads every call of the region on the selected ranks once (through the
    // CallSource for runs read on demand). Unknown when *cancel turns true.
    static ImbalancePattern of(const ProfilingResults& run, std::size_t region,
                               const RankSelection& ranks, std::size_t windows = 16,
                               const std::atomic<bool>* cancel = nullptr);

    // "static", "rotating", "growing", "serialising", "balanced", "unknown"
    std::string_view name() const;
    // A line for people: "static — ranks 3, 7 slow in every window;
    // balancing would recover 12.4 ms".
    std::string describe() const;
};

} // namespace scope
