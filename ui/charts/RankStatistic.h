// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "compare/RunComparison.h"
#include "model/CallSummary.h"
#include "model/RegionStats.h"

#include <QList>
#include <QString>

#include <optional>

// The per-rank quantity a chart plots: the statistics runs are compared on.
// Kept apart from the charts so that the main window can fill a combo box
// without depending on a chart. (Stored in the settings as its number.)
using Statistic = scope::ComparisonMetric;

// Summed GPU time per rank: a chart statistic only, never a comparison metric,
// so it lies outside ComparisonMetric's values (RunComparison never sees it).
inline constexpr Statistic kGpuTotal = static_cast<Statistic>(100);

// All statistics in the order a combo box offers them; with `gpu` (the run
// has GPU data, RegionTable::hasGpuData) also kGpuTotal.
QList<Statistic> allStatistics(bool gpu = false);
// "Total time", "Average call time", "Shortest call", "Longest call", "Calls",
// "GPU total time".
QString label(Statistic statistic);
// Seconds for the durations; the number of calls for Calls.
// (kGpuTotal is not in RegionStats: 0 there; use the CallSummary overload.)
double statisticValue(Statistic statistic, const scope::RegionStats& stats);
// Of one (rank, region) row, kGpuTotal included; nullopt where the row has no
// value: no calls, or for kGpuTotal no call with a GPU duration.
std::optional<double> statisticValue(Statistic statistic, const scope::CallSummary& summary);
bool isDuration(Statistic statistic);
// A value of the statistic for people: "12.3 ms", "25 calls", "24.5 calls" (a
// mean of counts need not be whole).
QString formatStatistic(Statistic statistic, double value);
