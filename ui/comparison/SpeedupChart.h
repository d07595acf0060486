// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "compare/SpeedupSeries.h"

#include <QWidget>

#include <optional>
#include <vector>

class QCPGraph;
class QCPTextElement;
class QCustomPlot;
class QComboBox;
class QLabel;
class QStackedLayout;

// How each region scales across the runs (`scope-profiler pproc --x-field`):
// one line per region common to all runs, x = ranks, threads, cores or a
// numeric metadata field the runs differ in, y = speedup of the mean call duration against
// the run with the smallest x, and the ideal-scaling line for numeric fields.
class SpeedupChart : public QWidget {
    Q_OBJECT
public:
    explicit SpeedupChart(QWidget* parent = nullptr);

    void setRuns(std::vector<const scope::ProfilingResults*> runs);
    // A field of SpeedupSeries::availableFields; false when the runs lack it.
    bool setXField(const QString& field);
    QString xField() const;

    QCustomPlot* plot() const { return plot_; }
    QComboBox* fieldCombo() const { return field_; }
    // The plotted series (empty while a message is shown), for tests and exports.
    const std::optional<scope::SpeedupSeries>& series() const { return series_; }
    // The line of a region, the ideal line (null for categorical fields).
    QCPGraph* curve(const QString& region) const;
    QCPGraph* idealLine() const { return ideal_; }
    bool hasCurves() const { return series_ && !series_->curves.empty(); }
    QString message() const;
    // Names the baseline the speedups are relative to, once there are curves.
    QString title() const;

private:
    void rebuild();
    void showMessage(const QString& text);

    std::vector<const scope::ProfilingResults*> runs_;
    std::optional<scope::SpeedupSeries> series_;
    QString wantedField_ = QStringLiteral("num_ranks");

    QComboBox* field_ = nullptr;
    QStackedLayout* stack_ = nullptr;
    QLabel* message_ = nullptr;
    QCustomPlot* plot_ = nullptr;
    QCPTextElement* title_ = nullptr;
    QCPGraph* ideal_ = nullptr;
};
