// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "compare/RegionChange.h"

#include <QColor>
#include <QString>
#include <QStringList>

#include <optional>
#include <string>

// The words and colours of a DiffReport as the What changed panel, its
// tooltips and what_changed.md show them, so that they all agree.
class WhatChangedText {
public:
    // The statistic in the unit it is measured in: "12.3 ms", or "1,200 calls".
    static QString value(std::optional<double> value, scope::ComparisonMetric statistic);
    // "+5.1 %", "-3.0 %"; "—" when unknown.
    static QString percent(std::optional<double> percent);
    // "+4.2 … +6.0 %"; "—" without an interval.
    static QString interval(const scope::RegionChange& region);
    // "< 0.001", "0.042"; "—" without a test.
    static QString pValue(std::optional<double> p);
    // "total time", "slowest rank's total", ...
    static QString statisticName(scope::ComparisonMetric statistic);
    // One sentence for people about the region, as WhatChanged::findings
    // says it where it has one, with `name` in back quotes.
    static QString sentence(const scope::DiffReport& report, const scope::RegionChange& region);
    // The sentence without Markdown's back quotes, for the window.
    static QString plain(const QString& sentence);
    // The details behind a sentence: values, interval, p, causes, call paths.
    static QString details(const scope::DiffReport& report, const scope::RegionChange& region);
    // What the panel says it measured: statistic, alpha, threshold, correction.
    static QString method(const scope::DiffReport& report);
    // The colour of a verdict's marker and text, before contrast is checked.
    static QColor color(scope::Verdict verdict);
    // ▲ slower, ▼ faster, + new, − removed, = unchanged.
    static QString marker(scope::Verdict verdict);
    // what_changed.md: the findings as a list, then a table of every region.
    static std::string markdown(const scope::DiffReport& report, const QStringList& baselineLabels,
                                const QStringList& otherLabels);
};
