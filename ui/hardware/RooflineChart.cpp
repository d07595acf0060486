// SPDX-License-Identifier: GPL-3.0-or-later
#include "RooflineChart.h"

#include "charts/ChartTitle.h"
#include "common/RegionPalette.h"

#include <QVBoxLayout>
#include <qcustomplot.h>

#include <algorithm>
#include <cmath>
#include <limits>

namespace {

void logAxis(QCPAxis* axis, const QString& label) {
    axis->setScaleType(QCPAxis::stLogarithmic);
    axis->setTicker(QSharedPointer<QCPAxisTicker>(new QCPAxisTickerLog));
    axis->setNumberFormat(QStringLiteral("gb"));
    axis->setLabel(label);
    axis->grid()->setSubGridVisible(true);
}

// Decades around [low, high], so that points never sit on the frame.
QCPRange decades(double low, double high) {
    return {std::pow(10.0, std::floor(std::log10(low) - 0.3)),
            std::pow(10.0, std::ceil(std::log10(high) + 0.3))};
}

} // namespace

RooflineChart::RooflineChart(QWidget* parent) : QWidget(parent) {
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    plot_ = new QCustomPlot(this);
    layout->addWidget(plot_);
    title_ = ChartTitle::add(plot_);
    logAxis(plot_->xAxis, tr("Operational intensity [FLOP/byte]"));
    logAxis(plot_->yAxis, tr("Performance [GFLOP/s]"));
    plot_->legend->setVisible(true);
    plot_->axisRect()->insetLayout()->setInsetAlignment(0, Qt::AlignBottom | Qt::AlignRight);
}

void RooflineChart::setRoofline(const scope::Roofline& roofline, const QString& title) {
    roofline_ = roofline;
    plot_->clearPlottables();
    plot_->clearItems();
    title_->setText(title);
    double xLow = std::numeric_limits<double>::max();
    double xHigh = 0.0;
    double yLow = std::numeric_limits<double>::max();
    double yHigh = 0.0;
    for (const scope::RooflinePoint& p : roofline.points) {
        const QString name = QString::fromStdString(p.region);
        auto* graph = plot_->addGraph();
        graph->setName(name);
        graph->setLineStyle(QCPGraph::lsNone);
        const QColor colour = RegionPalette::color(name);
        graph->setScatterStyle(
            QCPScatterStyle(QCPScatterStyle::ssCircle, colour.darker(130), colour, 12));
        graph->addData(p.intensity, p.gflops);
        auto* label = new QCPItemText(plot_);
        label->position->setCoords(p.intensity, p.gflops);
        label->setPositionAlignment(Qt::AlignLeft | Qt::AlignBottom);
        label->setPadding(QMargins(6, 0, 0, 4));
        label->setText(name);
        xLow = std::min(xLow, p.intensity);
        xHigh = std::max(xHigh, p.intensity);
        yLow = std::min(yLow, p.gflops);
        yHigh = std::max(yHigh, p.gflops);
    }
    const double ridge = roofline.ridge();
    if (ridge > 0) {
        xLow = std::min(xLow, ridge);
        xHigh = std::max(xHigh, ridge);
        yHigh = std::max(yHigh, roofline.peakGflops);
    }
    if (xHigh <= 0.0 || yHigh <= 0.0) {
        plot_->xAxis->setRange(0.01, 100.0);
        plot_->yAxis->setRange(0.1, 1000.0);
        plot_->replot();
        return;
    }
    const QCPRange x = decades(xLow, xHigh);
    plot_->xAxis->setRange(x);
    plot_->yAxis->setRange(decades(std::min(yLow, x.lower * roofline.peakBandwidth), yHigh));
    if (ridge > 0) {
        const QPen roofPen(QColor(0x33, 0x33, 0x33), 2);
        auto* memory = plot_->addGraph();
        memory->setName(tr("Highest measured memory bandwidth: %1 GB/s")
                            .arg(roofline.peakBandwidth, 0, 'g', 3));
        memory->setPen(roofPen);
        memory->addData(x.lower, x.lower * roofline.peakBandwidth);
        memory->addData(ridge, roofline.peakGflops);
        auto* compute = plot_->addGraph();
        compute->setName(
            tr("Highest measured FLOP rate: %1 GFLOP/s").arg(roofline.peakGflops, 0, 'g', 3));
        compute->setPen(QPen(roofPen.color(), 2, Qt::DashLine));
        compute->addData(ridge, roofline.peakGflops);
        compute->addData(x.upper, roofline.peakGflops);
    }
    plot_->replot();
}
