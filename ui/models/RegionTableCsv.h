// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <string>

class QAbstractItemModel;
class QHeaderView;

// The region table as shown, as CSV: rows in the (sorted, filtered) model's
// order, the visible columns in header order, full column names, and raw
// numbers (times in seconds, as Python's repr writes them).
class RegionTableCsv {
public:
    static std::string text(const QAbstractItemModel& table, const QHeaderView& header);
};
