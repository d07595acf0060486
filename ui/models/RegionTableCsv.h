// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <string>

class QAbstractItemModel;
class QHeaderView;

// The region table as CSV: rows in the (sorted, filtered) model's order, all
// columns (hidden ones too) in header order, full column names, and raw
// numbers (times in seconds).
class RegionTableCsv {
public:
    static std::string text(const QAbstractItemModel& table, const QHeaderView& header);
    // A number as a field: 15 significant digits at most, in Python's repr.
    static std::string number(double value);
};
