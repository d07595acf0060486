// SPDX-License-Identifier: GPL-3.0-or-later
#include "ScalingEfficiencyChart.h"

#include "charts/ChartTitle.h"
#include "charts/SideLegend.h"
#include "common/ColorContrast.h"
#include "common/RegionPalette.h"

#include <QVBoxLayout>
#include <qcustomplot.h>

#include <algorithm>
#include <cmath>

ScalingEfficiencyChart::ScalingEfficiencyChart(QWidget* parent)
    : QWidget(parent), plot_(new QCustomPlot(this)) {
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(plot_);
    title_ = ChartTitle::add(plot_, tr("Parallel efficiency"));
    SideLegend::place(plot_); // one line per region: many
    plot_->yAxis->setLabel(tr("Efficiency (%)"));
    plot_->xAxis->setScaleType(QCPAxis::stLogarithmic);
    QSharedPointer<QCPAxisTickerLog> ticker(new QCPAxisTickerLog);
    ticker->setLogBase(2);
    ticker->setSubTickCount(0);
    plot_->xAxis->setTicker(ticker);
    plot_->xAxis->setNumberFormat(QStringLiteral("g"));
    plot_->xAxis->grid()->setPen(QPen(QColor(0xee, 0xee, 0xee), 0, Qt::SolidLine));
    plot_->yAxis->grid()->setPen(QPen(QColor(0xdd, 0xdd, 0xdd), 0, Qt::SolidLine));
}

void ScalingEfficiencyChart::setStudy(const scope::ScalingStudy* study) {
    plot_->clearGraphs();
    if (study == nullptr || study->runs.empty()) {
        plot_->replot();
        return;
    }
    const QString axis = QString::fromStdString(study->axis);
    title_->setText(study->mode == scope::ScalingMode::Strong
                        ? tr("Parallel efficiency t(p₀)·p₀ / (t(p)·p)")
                        : tr("Weak-scaling efficiency t(p₀) / t(p)"));
    plot_->xAxis->setLabel(axis == QLatin1String("ranks")     ? tr("MPI ranks")
                           : axis == QLatin1String("threads") ? tr("OpenMP threads")
                                                              : axis);
    QVector<double> x;
    for (const scope::ScalingRun& run : study->runs)
        x << run.value;
    double high = 100.0;
    for (const scope::RegionScaling& region : study->regions) {
        const QString name = QString::fromStdString(region.region);
        const QColor colour = RegionPalette::color(name);
        const QColor edge = ColorContrast::readable(colour, Qt::white, 3.0);
        QCPGraph* graph = plot_->addGraph();
        graph->setName(name);
        graph->setPen(QPen(edge, 2));
        graph->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssCircle, edge, colour, 7));
        QVector<double> y;
        for (const double e : region.efficiency) {
            y << (std::isfinite(e) ? e * 100.0 : std::nan(""));
            if (std::isfinite(e))
                high = std::max(high, e * 100.0);
        }
        graph->setData(x, y);
    }
    QCPGraph* ideal = plot_->addGraph();
    ideal->setName(tr("Ideal"));
    ideal->setPen(QPen(QColor(0x40, 0x40, 0x40), 1.5, Qt::DashLine));
    ideal->setData({x.front(), x.back()}, {100.0, 100.0});
    const double lowX = x.front();
    const double highX = x.back();
    plot_->xAxis->setRange(lowX / 1.25, highX * 1.25);
    plot_->yAxis->setRange(0.0, high * 1.08);
    plot_->replot();
}
