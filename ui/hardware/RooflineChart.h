// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "analysis/Roofline.h"

#include <QWidget>

class QCPTextElement;
class QCustomPlot;

// A roofline on log-log axes: operational intensity (FLOP/byte) across,
// GFLOP/s up, one point per region. The roofs are the run's highest
// measured bandwidth and FLOP rate, and the legend says so: the file does
// not know the machine's peaks, so a point on a roof means "as fast as the
// best region of this run", not "at the hardware limit".
class RooflineChart : public QWidget {
    Q_OBJECT
public:
    explicit RooflineChart(QWidget* parent = nullptr);

    void setRoofline(const scope::Roofline& roofline, const QString& title);
    QCustomPlot* plot() const { return plot_; }
    const scope::Roofline& roofline() const { return roofline_; }

private:
    QCustomPlot* plot_;
    QCPTextElement* title_;
    scope::Roofline roofline_;
};
