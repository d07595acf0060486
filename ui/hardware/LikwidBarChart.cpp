// SPDX-License-Identifier: GPL-3.0-or-later
#include "LikwidBarChart.h"

#include "charts/ChartTitle.h"
#include "common/RegionPalette.h"

#include <QVBoxLayout>
#include <qcustomplot.h>

#include <algorithm>

LikwidBarChart::LikwidBarChart(QWidget* parent) : QWidget(parent) {
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    plot_ = new QCustomPlot(this);
    layout->addWidget(plot_);
    title_ = ChartTitle::add(plot_);
    plot_->yAxis->grid()->setPen(QPen(QColor(0xdd, 0xdd, 0xdd), 0, Qt::SolidLine));
    plot_->xAxis->grid()->setVisible(false);
    plot_->xAxis->setSubTicks(false);
    plot_->xAxis->setTickLength(0, 4);
}

void LikwidBarChart::setBars(const std::vector<LikwidModel::Bar>& bars, const QString& title,
                             const QString& valueLabel, bool regionColours) {
    bars_ = bars;
    plot_->clearPlottables();
    title_->setText(title);
    plot_->yAxis->setLabel(valueLabel);
    QSharedPointer<QCPAxisTickerText> ticker(new QCPAxisTickerText);
    double lowest = 0.0;
    double highest = 0.0;
    const QColor threadColour(0x4c, 0x72, 0xb0);
    for (std::size_t i = 0; i < bars.size(); ++i) {
        const auto key = static_cast<double>(i);
        auto* bar = new QCPBars(plot_->xAxis, plot_->yAxis);
        const QColor colour = regionColours ? RegionPalette::color(bars[i].label) : threadColour;
        bar->setBrush(colour);
        bar->setPen(QPen(colour.darker(130), 1));
        bar->setWidth(0.7);
        bar->setName(bars[i].label);
        bar->addData(key, bars[i].value);
        ticker->addTick(key, bars[i].label);
        lowest = std::min(lowest, bars[i].value);
        highest = std::max(highest, bars[i].value);
    }
    plot_->xAxis->setTicker(ticker);
    // Long region names would overlap side by side.
    plot_->xAxis->setTickLabelRotation(bars.size() > 6 ? 45 : 0);
    plot_->xAxis->setRange(-0.6, static_cast<double>(bars.size()) - 0.4);
    const double span = highest - lowest;
    plot_->yAxis->setRange(lowest < 0 ? lowest - 0.05 * span : 0.0,
                           span > 0 ? highest + 0.05 * span : 1.0);
    plot_->replot();
}
