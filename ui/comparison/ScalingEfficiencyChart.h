// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "compare/ScalingModel.h"

#include <QWidget>

class QCustomPlot;
class QCPTextElement;

// The Scaling page's chart: each region's parallel efficiency at each run
// along the axis (log 2 scale), with 100 % as the ideal line.
class ScalingEfficiencyChart : public QWidget {
    Q_OBJECT
public:
    explicit ScalingEfficiencyChart(QWidget* parent = nullptr);

    // Nothing drawn for an empty study.
    void setStudy(const scope::ScalingStudy* study);
    QCustomPlot* plot() const { return plot_; }

private:
    QCustomPlot* plot_ = nullptr;
    QCPTextElement* title_ = nullptr;
};
