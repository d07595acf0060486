// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "compare/RunComparison.h"
#include "model/RegionStats.h"

#include <QList>
#include <QString>

// The per-rank quantity a chart plots: the statistics runs are compared on.
// Kept apart from the charts so that the main window can fill a combo box
// without depending on a chart. (Stored in the settings as its number.)
using Statistic = scope::ComparisonMetric;

// All statistics in the order a combo box offers them.
QList<Statistic> allStatistics();
// "Total time", "Average call time", "Shortest call", "Longest call", "Calls".
QString label(Statistic statistic);
// Seconds for the durations; the number of calls for Calls.
double statisticValue(Statistic statistic, const scope::RegionStats& stats);
bool isDuration(Statistic statistic);
// A value of the statistic for people: "12.3 ms", "25 calls", "24.5 calls" (a
// mean of counts need not be whole).
QString formatStatistic(Statistic statistic, double value);
