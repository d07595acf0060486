// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "LineProfileModel.h"

#include <QWidget>

#include <memory>

class QComboBox;
class QLabel;
class QTableView;

// line_profiler results: pick a profiled function (rank, region, function,
// file), see its lines with the hottest shaded.
class LineProfileView : public QWidget {
    Q_OBJECT
public:
    explicit LineProfileView(QWidget* parent = nullptr);

    // Whether the run has line profiles: without, the view is not shown.
    static bool hasData(const scope::ProfilingResults& results);

    void setRun(std::shared_ptr<const scope::ProfilingResults> results);
    // Index into ProfilingResults::lineProfiles.
    void setProfile(int profile);

    LineProfileModel* model() const { return model_; }
    QTableView* table() const { return table_; }
    QComboBox* picker() const { return function_; }

private:
    void profileChanged();

    LineProfileModel* model_;
    QComboBox* function_;
    QLabel* summary_;
    QTableView* table_;
};
