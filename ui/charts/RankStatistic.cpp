// SPDX-License-Identifier: GPL-3.0-or-later
#include "RankStatistic.h"

#include "base/DurationFormat.h"

#include <cmath>

QList<Statistic> allStatistics(bool gpu) {
    QList<Statistic> statistics{Statistic::Total, Statistic::Average, Statistic::Min,
                                Statistic::Max, Statistic::Calls};
    if (gpu)
        statistics << kGpuTotal;
    return statistics;
}

QString label(Statistic statistic) {
    switch (statistic) {
    case Statistic::Total:
        return QStringLiteral("Total time");
    case Statistic::Average:
        return QStringLiteral("Average call time");
    case Statistic::Min:
        return QStringLiteral("Shortest call");
    case Statistic::Max:
        return QStringLiteral("Longest call");
    case Statistic::Calls:
        return QStringLiteral("Calls");
    case Statistic::RankMean:
        return QStringLiteral("Total per rank");
    case Statistic::SlowestRank:
        return QStringLiteral("Slowest rank's total");
    }
    if (statistic == kGpuTotal)
        return QStringLiteral("GPU total time");
    return {};
}

double statisticValue(Statistic statistic, const scope::RegionStats& stats) {
    return statistic == kGpuTotal ? 0.0 : scope::metricValue(statistic, stats);
}

std::optional<double> statisticValue(Statistic statistic, const scope::CallSummary& summary) {
    if (statistic == kGpuTotal) {
        if (summary.gpuCount == 0)
            return std::nullopt;
        return static_cast<double>(summary.gpuTotal) / 1e9;
    }
    if (summary.count == 0)
        return std::nullopt;
    return scope::metricValue(statistic, scope::RegionStats::fromSummary(summary));
}

bool isDuration(Statistic statistic) {
    return statistic != Statistic::Calls;
}

QString formatStatistic(Statistic statistic, double value) {
    if (isDuration(statistic))
        return QString::fromStdString(scope::formatDuration(value));
    const bool whole = std::abs(value - std::round(value)) < 1e-9;
    const QString number =
        whole ? QString::number(std::llround(value)) : QString::number(value, 'f', 1);
    return number +
           (whole && std::llround(value) == 1 ? QStringLiteral(" call") : QStringLiteral(" calls"));
}
