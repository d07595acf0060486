// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "compare/RegionChange.h"

#include <QCoreApplication>
#include <QString>

// How the comparison table and bar chart word a region's significance, so
// that both say it alike: "+5.1 %", the marker "▲", and the details
// "95 % CI +4.2 … +6.0 %, p < 0.001, slower".
class SignificanceText {
    Q_DECLARE_TR_FUNCTIONS(SignificanceText)
public:
    // "+5.1", "−3.0", "0.0": one decimal, a real minus sign, no unit.
    static QString signedPercent(double percent);
    // An unchanged region is either known to be the same (its interval lies
    // within ± the threshold) or could not be told apart from noise.
    static bool withinThreshold(const scope::RegionChange& change, double thresholdPercent);
    // ▲ slower, ▼ faster, ≈ the same within the threshold, "n.s." not
    // significant; "" for new and removed.
    static QString marker(const scope::RegionChange& change, double thresholdPercent);
    // "p < 0.001", "p = 0.002", "p = 0.40".
    static QString pValue(double p);
    // The interval, p-value and verdict on the first line, then what else is
    // known (no per-call data, renamed, imbalance, repeats needed).
    static QString details(const scope::RegionChange& change, double thresholdPercent);
};
