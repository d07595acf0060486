// SPDX-License-Identifier: GPL-3.0-or-later
#include "RankStatistic.h"

#include "export/DurationFormat.h"

#include <cmath>

QList<Statistic> allStatistics() {
    return {Statistic::Total, Statistic::Average, Statistic::Min, Statistic::Max, Statistic::Calls};
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
    }
    return {};
}

double statisticValue(Statistic statistic, const scope::RegionStats& stats) {
    return scope::metricValue(statistic, stats);
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
