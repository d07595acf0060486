// SPDX-License-Identifier: GPL-3.0-or-later
#include "WhatChangedText.h"

#include "base/DurationFormat.h"
#include "compare/WhatChanged.h"

#include <QCoreApplication>
#include <QRegularExpression>

#include <cmath>

namespace {

using scope::ComparisonMetric;
using scope::DiffReport;
using scope::RegionChange;
using scope::Verdict;

QString tr(const char* text) {
    return QCoreApplication::translate("WhatChangedText", text);
}

const QChar kMinus(0x2212);

// "+5.1", "−3.0": a sign on every change, as ChangeFindings writes them.
QString signedNumber(double value) {
    const QString digits = QString::number(std::abs(value), 'f', 1);
    if (digits == QStringLiteral("0.0"))
        return QStringLiteral("0.0");
    return (value < 0 ? QString(kMinus) : QStringLiteral("+")) + digits;
}

// "p < 0.001", "p = 0.042".
QString pClause(double p) {
    const QString text = WhatChangedText::pValue(p);
    return p < 0.001 ? QStringLiteral("p ") + text : QStringLiteral("p = ") + text;
}

// "holm" as people name it: "Holm", "Benjamini–Hochberg".
QString correctionName(const std::string& correction) {
    if (correction == "holm")
        return QStringLiteral("Holm");
    if (correction == "bh" || correction == "benjamini-hochberg")
        return QStringLiteral("Benjamini–Hochberg");
    return QString::fromStdString(correction);
}

QString quoted(const std::string& name) {
    return QLatin1Char('`') + QString::fromStdString(name) + QLatin1Char('`');
}

// A change of the statistic in its unit, signed: "+1.20 ms".
QString signedValue(double delta, ComparisonMetric statistic) {
    const QString sign = delta < 0 ? QString(kMinus) : QStringLiteral("+");
    return sign + WhatChangedText::value(std::abs(delta), statistic);
}

// Where the change of a changed region comes from, in the statistic's unit.
QString causes(const RegionChange& region, ComparisonMetric statistic) {
    QStringList parts;
    const auto& split = region.explained;
    const double scale =
        std::abs(split.calls) + std::abs(split.perCall) + std::abs(split.imbalance);
    if (scale <= 0.0)
        return {};
    const auto part = [&](const QString& cause, double amount) {
        parts << (std::abs(amount) < 0.005 * scale
                      ? tr("%1 unchanged").arg(cause)
                      : QStringLiteral("%1 %2").arg(cause, signedValue(amount, statistic)));
    };
    part(tr("per-call time"), split.perCall);
    part(tr("calls"), split.calls);
    if (statistic == ComparisonMetric::SlowestRank)
        part(tr("imbalance"), split.imbalance);
    return parts.join(QStringLiteral(", "));
}

// The sentence when the core has none for the region.
QString ownSentence(const DiffReport& report, const RegionChange& region) {
    const QString name = quoted(region.name);
    QString text;
    switch (region.verdict) {
    case Verdict::New:
        text = tr("%1 is new: %2 in the other run")
                   .arg(name, WhatChangedText::value(region.other, report.statistic));
        break;
    case Verdict::Removed:
        text = tr("%1 was removed: %2 in the baseline")
                   .arg(name, WhatChangedText::value(region.baseline, report.statistic));
        break;
    case Verdict::Unchanged:
        text = tr("%1 is unchanged (%2)").arg(name, WhatChangedText::percent(region.changePercent));
        break;
    case Verdict::Slower:
    case Verdict::Faster: {
        const double change = std::abs(region.changePercent.value_or(0.0));
        QStringList certainty;
        if (region.ciLowPercent && region.ciHighPercent)
            certainty << tr("95 % CI %1").arg(WhatChangedText::interval(region));
        if (region.pValue)
            certainty << pClause(*region.pValue);
        text =
            (region.verdict == Verdict::Slower ? tr("%1 is %2 % slower") : tr("%1 is %2 % faster"))
                .arg(name, QString::number(change, 'f', 1));
        if (!certainty.isEmpty())
            text += QStringLiteral(" (%1)").arg(certainty.join(QStringLiteral(", ")));
        if (const QString why = causes(region, report.statistic); !why.isEmpty())
            text += QStringLiteral(": ") + why;
        if (!region.paths.empty() && std::abs(region.paths.front().share) >= 0.05)
            text += tr("; %1 % of it in %2")
                        .arg(std::lround(region.paths.front().share * 100.0))
                        .arg(quoted(region.paths.front().path));
        break;
    }
    }
    if (region.renamedFrom)
        text += tr(" (renamed from %1)").arg(quoted(*region.renamedFrom));
    if (!region.perCallData)
        text += tr(" — no per-call data: from the totals only");
    else if (region.tooFewCalls)
        text += tr(" — too few calls to test: from the totals only");
    return text;
}

} // namespace

QString WhatChangedText::value(std::optional<double> value, ComparisonMetric statistic) {
    if (!value)
        return QStringLiteral("—");
    if (statistic == ComparisonMetric::Calls)
        return tr("%1 calls").arg(QString::number(*value, 'f', 0));
    return QString::fromStdString(scope::formatDuration(*value));
}

QString WhatChangedText::percent(std::optional<double> percent) {
    return percent ? signedNumber(*percent) + QStringLiteral(" %") : QStringLiteral("—");
}

QString WhatChangedText::interval(const RegionChange& region) {
    if (!region.ciLowPercent || !region.ciHighPercent)
        return QStringLiteral("—");
    return QStringLiteral("%1 … %2 %")
        .arg(signedNumber(*region.ciLowPercent), signedNumber(*region.ciHighPercent));
}

QString WhatChangedText::pValue(std::optional<double> p) {
    if (!p)
        return QStringLiteral("—");
    if (*p < 0.001)
        return QStringLiteral("< 0.001");
    return QString::number(*p, 'f', *p < 0.1 ? 3 : 2);
}

QString WhatChangedText::statisticName(ComparisonMetric statistic) {
    switch (statistic) {
    case ComparisonMetric::Total:
        return tr("total time");
    case ComparisonMetric::Average:
        return tr("average call");
    case ComparisonMetric::Min:
        return tr("shortest call");
    case ComparisonMetric::Max:
        return tr("longest call");
    case ComparisonMetric::Calls:
        return tr("number of calls");
    case ComparisonMetric::RankMean:
        return tr("per-rank mean");
    case ComparisonMetric::SlowestRank:
        return tr("slowest rank's total");
    }
    return {};
}

QString WhatChangedText::sentence(const DiffReport& report, const RegionChange& region) {
    if (region.verdict != Verdict::Unchanged) {
        DiffReport one = report;
        one.regions = {region};
        const std::vector<std::string> findings = scope::WhatChanged::findings(one, 1);
        if (!findings.empty() && !findings.front().empty())
            return QString::fromStdString(findings.front());
    }
    return ownSentence(report, region);
}

QString WhatChangedText::plain(const QString& sentence) {
    QString text = sentence;
    static const QRegularExpression quotedName(QStringLiteral("`([^`]*)`"));
    return text.replace(quotedName, QStringLiteral("\u201c\\1\u201d"));
}

QString WhatChangedText::details(const DiffReport& report, const RegionChange& region) {
    QStringList lines;
    lines << QString::fromStdString(region.name);
    lines << tr("Baseline: %1 · other: %2 (%3)")
                 .arg(value(region.baseline, report.statistic),
                      value(region.other, report.statistic), percent(region.changePercent));
    if (region.ciLowPercent)
        lines << tr("95 % confidence interval: %1").arg(interval(region));
    if (region.pValue)
        lines << tr("%1 (%2-corrected)")
                     .arg(pClause(*region.pValue), correctionName(report.correction));
    if (const QString why = causes(region, report.statistic);
        !why.isEmpty() && (region.verdict == Verdict::Slower || region.verdict == Verdict::Faster))
        lines << tr("From: %1").arg(why);
    for (std::size_t i = 0; i < region.paths.size() && i < 5; ++i)
        lines << QStringLiteral("  %1 %  %2")
                     .arg(std::lround(region.paths[i].share * 100.0))
                     .arg(QString::fromStdString(region.paths[i].path));
    if (!region.imbalancePattern.empty())
        lines << tr("Imbalance: %1").arg(QString::fromStdString(region.imbalancePattern));
    if (region.repeatsFor1Percent)
        lines << tr("%1 runs per side would detect a 1 % change at this run-to-run noise.")
                     .arg(*region.repeatsFor1Percent);
    if (!region.perCallData)
        lines << tr("No per-call data: the verdict comes from the totals only.");
    else if (region.tooFewCalls)
        lines << tr("Too few calls for a test to reach α: the verdict comes from the totals "
                    "only.");
    return lines.join(QLatin1Char('\n'));
}

QString WhatChangedText::method(const DiffReport& report) {
    return tr("On the %1 · significant at α = %2 (p-values %3-corrected) · changes within "
              "±%4\u00a0% "
              "count as unchanged")
        .arg(statisticName(report.statistic))
        .arg(report.alpha)
        .arg(correctionName(report.correction))
        .arg(report.thresholdPercent);
}

QColor WhatChangedText::color(Verdict verdict) {
    switch (verdict) {
    case Verdict::Slower:
        return QColor(0xc6, 0x28, 0x28);
    case Verdict::Faster:
        return QColor(0x2e, 0x7d, 0x32);
    case Verdict::New:
        return QColor(0x15, 0x65, 0xc0);
    case Verdict::Removed:
        return QColor(0x6d, 0x4c, 0x41);
    case Verdict::Unchanged:
        return QColor(0x75, 0x75, 0x75);
    }
    return Qt::black;
}

QString WhatChangedText::marker(Verdict verdict) {
    switch (verdict) {
    case Verdict::Slower:
        return QStringLiteral("\u25b2");
    case Verdict::Faster:
        return QStringLiteral("\u25bc");
    case Verdict::New:
        return QStringLiteral("+");
    case Verdict::Removed:
        return QString(kMinus);
    case Verdict::Unchanged:
        return QStringLiteral("=");
    }
    return {};
}

std::string WhatChangedText::markdown(const DiffReport& report, const QStringList& baselineLabels,
                                      const QStringList& otherLabels) {
    QStringList out;
    out << tr("# What changed") << QString();
    out << tr("Baseline: %1 · other: %2")
               .arg(baselineLabels.join(QStringLiteral(", ")),
                    otherLabels.join(QStringLiteral(", ")));
    out << QString() << method(report) + QLatin1Char('.') << QString();
    int unchanged = 0;
    for (const RegionChange& region : report.regions) {
        if (region.verdict == Verdict::Unchanged)
            ++unchanged;
        else
            out << QStringLiteral("- ") + sentence(report, region);
    }
    if (unchanged > 0)
        out << (unchanged == 1 ? tr("- 1 region unchanged.")
                               : tr("- %1 regions unchanged.").arg(unchanged));
    out << QString();
    out << tr("| region | baseline | other | change | 95 % CI | p | verdict |");
    out << QStringLiteral("| --- | ---: | ---: | ---: | ---: | ---: | --- |");
    for (const RegionChange& region : report.regions) {
        QString name = QString::fromStdString(region.name);
        name.replace(QLatin1Char('|'), QStringLiteral("\\|"));
        out << QStringLiteral("| %1 | %2 | %3 | %4 | %5 | %6 | %7 |")
                   .arg(name, value(region.baseline, report.statistic),
                        value(region.other, report.statistic), percent(region.changePercent),
                        interval(region), pValue(region.pValue),
                        QString::fromUtf8(
                            scope::verdictName(region.verdict).data(),
                            static_cast<qsizetype>(scope::verdictName(region.verdict).size())));
    }
    return (out.join(QLatin1Char('\n')) + QLatin1Char('\n')).toStdString();
}
