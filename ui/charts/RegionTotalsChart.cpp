// SPDX-License-Identifier: GPL-3.0-or-later
#include "RegionTotalsChart.h"

#include "ChartTitle.h"
#include "DurationAxisTicker.h"
#include "common/RegionPalette.h"

#include <QVBoxLayout>
#include <qcustomplot.h>

#include <algorithm>
#include <numeric>

RegionTotalsChart::RegionTotalsChart(QWidget* parent) : QWidget(parent) {
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    plot_ = new QCustomPlot(this);
    layout->addWidget(plot_);
    title_ = ChartTitle::add(plot_, tr("Total time per region"));
    plot_->xAxis->setTicker(QSharedPointer<QCPAxisTicker>(new DurationAxisTicker));
    plot_->xAxis->setLabel(tr("Total time over all ranks"));
    plot_->xAxis->grid()->setPen(QPen(QColor(0xdd, 0xdd, 0xdd), 0, Qt::SolidLine));
    plot_->xAxis->setSubTicks(false);
    plot_->yAxis->grid()->setVisible(false);
    plot_->yAxis->setSubTicks(false);
    plot_->yAxis->setTickLength(0, 4);
    // The bars are labelled on the axis; the legend is never shown.
    plot_->setAutoAddPlottableToLegend(false);
}

void RegionTotalsChart::setRun(std::shared_ptr<const scope::ProfilingResults> run,
                               const QString& label, const scope::RankSelection& ranks) {
    run_ = std::move(run);
    plot_->clearPlottables();
    regions_.clear();
    totals_.clear();
    if (!run_) {
        plot_->replot();
        return;
    }
    title_->setText(label.isEmpty() ? tr("Total time per region")
                                    : tr("Total time per region — %1").arg(label));
    std::vector<std::size_t> order;
    std::vector<double> totals(run_->regions.size(), 0.0);
    for (std::size_t region = 0; region < run_->regions.size(); ++region) {
        const scope::RegionStats stats = run_->pooled(region, ranks);
        if (stats.count == 0)
            continue;
        totals[region] = stats.total;
        order.push_back(region);
    }
    std::stable_sort(order.begin(), order.end(),
                     [&totals](std::size_t a, std::size_t b) { return totals[a] > totals[b]; });
    // Past kShownRegions the rest share one bar: thousands of bars are a
    // smear of labels, and a plot of thousands of plottables takes minutes
    // to tear down (QCustomPlot's legend is rebuilt per plottable).
    constexpr auto kShown = static_cast<std::size_t>(kShownRegions);
    const std::size_t shown = order.size() <= kShown + 1 ? order.size() : kShown;
    double others = 0.0;
    for (std::size_t i = shown; i < order.size(); ++i)
        others += totals[order[i]];
    const std::size_t bars = shown + (shown < order.size() ? 1 : 0);
    // The costliest region is at the top: the largest key.
    QSharedPointer<QCPAxisTickerText> ticker(new QCPAxisTickerText);
    const auto count = static_cast<double>(bars);
    double highest = 0.0;
    const auto addBar = [&](std::size_t i, const QString& name, const QColor& colour,
                            double total) {
        const double key = count - 1.0 - static_cast<double>(i);
        auto* bar = new QCPBars(plot_->yAxis, plot_->xAxis);
        bar->setBrush(colour);
        bar->setPen(QPen(colour.darker(130), 1));
        bar->setWidth(0.7);
        bar->setName(name);
        bar->addData(key, total);
        ticker->addTick(key, name);
        regions_ << name;
        totals_.push_back(total);
        highest = std::max(highest, total);
    };
    for (std::size_t i = 0; i < shown; ++i) {
        const QString name = QString::fromStdString(run_->regions[order[i]]);
        addBar(i, name, RegionPalette::color(name), totals[order[i]]);
    }
    if (bars > shown)
        addBar(shown, tr("%1 other regions").arg(order.size() - shown), QColor(0x9e, 0x9e, 0x9e),
               others);
    plot_->yAxis->setTicker(ticker);
    plot_->yAxis->setRange(-0.6, count - 0.4);
    plot_->xAxis->setRange(0.0, highest > 0.0 ? highest * 1.05 : 1.0);
    plot_->replot();
}
