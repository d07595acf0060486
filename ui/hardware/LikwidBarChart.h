// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "LikwidModel.h"

#include <QWidget>

#include <vector>

class QCPTextElement;
class QCustomPlot;

// One LIKWID metric as bars: across the regions of a group (each in its
// region's colour) or across the hardware threads of one region.
class LikwidBarChart : public QWidget {
    Q_OBJECT
public:
    explicit LikwidBarChart(QWidget* parent = nullptr);

    // `regionColours`: bars are regions, coloured as everywhere else.
    void setBars(const std::vector<LikwidModel::Bar>& bars, const QString& title,
                 const QString& valueLabel, bool regionColours);
    QCustomPlot* plot() const { return plot_; }
    const std::vector<LikwidModel::Bar>& bars() const { return bars_; }
    // The value axis's title as set; the axis shows it wrapped to its height.
    const QString& valueLabel() const { return valueLabel_; }

private:
    void fitValueLabel();

    QCustomPlot* plot_;
    QCPTextElement* title_;
    std::vector<LikwidModel::Bar> bars_;
    QString valueLabel_;
};
