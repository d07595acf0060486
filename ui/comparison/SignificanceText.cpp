// SPDX-License-Identifier: GPL-3.0-or-later
#include "SignificanceText.h"

#include <QStringList>

#include <cmath>

QString SignificanceText::signedPercent(double percent) {
    const QString sign = percent > 0 ? QStringLiteral("+") : percent < 0 ? QStringLiteral("−") : "";
    return QStringLiteral("%1%2").arg(sign).arg(std::abs(percent), 0, 'f', 1);
}

bool SignificanceText::withinThreshold(const scope::RegionChange& change, double thresholdPercent) {
    if (change.ciLowPercent && change.ciHighPercent)
        return *change.ciLowPercent >= -thresholdPercent &&
               *change.ciHighPercent <= thresholdPercent;
    return change.changePercent && std::abs(*change.changePercent) <= thresholdPercent;
}

QString SignificanceText::marker(const scope::RegionChange& change, double thresholdPercent) {
    switch (change.verdict) {
    case scope::Verdict::Slower:
        return QStringLiteral("▲");
    case scope::Verdict::Faster:
        return QStringLiteral("▼");
    case scope::Verdict::Unchanged:
        return withinThreshold(change, thresholdPercent) ? QStringLiteral("≈")
                                                         : QStringLiteral("n.s.");
    default:
        return {};
    }
}

QString SignificanceText::pValue(double p) {
    if (p < 0.001)
        return QStringLiteral("p < 0.001");
    return QStringLiteral("p = %1").arg(p, 0, 'f', p < 0.1 ? 3 : 2);
}

QString SignificanceText::details(const scope::RegionChange& change, double thresholdPercent) {
    const std::string_view name = scope::verdictName(change.verdict);
    QStringList lines;
    QStringList facts;
    if (change.ciLowPercent && change.ciHighPercent)
        facts << tr("95 % CI %1 … %2 %")
                     .arg(signedPercent(*change.ciLowPercent),
                          signedPercent(*change.ciHighPercent));
    if (change.pValue)
        facts << pValue(*change.pValue);
    facts << QString::fromUtf8(name.data(), static_cast<qsizetype>(name.size()));
    lines << facts.join(QStringLiteral(", "));
    if (change.verdict == scope::Verdict::Unchanged)
        lines << (withinThreshold(change, thresholdPercent)
                      ? tr("the same within ±%1 %").arg(thresholdPercent)
                      : tr("not significant: too much noise to tell"));
    if (change.tooFewCalls)
        lines << tr("too few calls for a test: the verdict comes from the totals alone");
    if (!change.perCallData)
        lines << tr("no per-call data: the verdict comes from the totals alone");
    if (change.renamedFrom)
        lines << tr("renamed from %1").arg(QString::fromStdString(*change.renamedFrom));
    if (!change.imbalancePattern.empty())
        lines << tr("imbalance: %1").arg(QString::fromStdString(change.imbalancePattern));
    if (change.repeatsFor1Percent)
        lines << tr("%1 runs per side would detect a 1 % change at this noise")
                     .arg(*change.repeatsFor1Percent);
    return lines.join(QLatin1Char('\n'));
}
