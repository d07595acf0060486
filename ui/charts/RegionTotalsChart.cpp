// SPDX-License-Identifier: GPL-3.0-or-later
#include "RegionTotalsChart.h"

#include "ChartTitle.h"
#include "DurationAxisTicker.h"
#include "LogDurationAxisTicker.h"
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
    applyScale();
    plot_->replot();
}

// Linear while the bars are within kLogRatio of each other; past that, on a
// linear axis every bar but the outermost region's few is a pixel wide.
void RegionTotalsChart::applyScale() {
    double highest = 0.0;
    double lowest = 0.0; // the smallest positive total
    for (double total : totals_)
        if (total > 0.0) {
            highest = std::max(highest, total);
            lowest = lowest > 0.0 ? std::min(lowest, total) : total;
        }
    logScale_ = lowest > 0.0 && highest / lowest > kLogRatio;
    if (logScale_) {
        plot_->xAxis->setScaleType(QCPAxis::stLogarithmic);
        plot_->xAxis->setTicker(QSharedPointer<QCPAxisTicker>(new LogDurationAxisTicker));
        plot_->xAxis->setLabel(tr("Total time over all ranks (log scale)"));
        // At least two decades, so that powers of ten label the axis.
        const double low = std::min(lowest / 2.0, highest / kLogRatio);
        plot_->xAxis->setRange(low, highest * 1.5);
    } else {
        plot_->xAxis->setScaleType(QCPAxis::stLinear);
        plot_->xAxis->setTicker(QSharedPointer<QCPAxisTicker>(new DurationAxisTicker));
        plot_->xAxis->setLabel(tr("Total time over all ranks"));
        plot_->xAxis->setRange(0.0, highest > 0.0 ? highest * 1.05 : 1.0);
    }
    // Bars start at the axis: from zero, which a log axis places off the plot.
    const double base = logScale_ ? plot_->xAxis->range().lower : 0.0;
    for (int i = 0; i < plot_->plottableCount(); ++i)
        if (auto* bars = qobject_cast<QCPBars*>(plot_->plottable(i)))
            bars->setBaseValue(base);
}

int RegionTotalsChart::contentHeight() const {
    const auto bars = static_cast<int>(std::max<qsizetype>(regions_.size(), 1));
    return std::max(kMinHeight, kChromeHeight + bars * kBarHeight);
}
