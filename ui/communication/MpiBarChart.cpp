// SPDX-License-Identifier: GPL-3.0-or-later
#include "MpiBarChart.h"

#include "charts/ChartTitle.h"
#include "charts/DurationAxisTicker.h"
#include "charts/IntegerAxisTicker.h"
#include "common/RegionPalette.h"

#include <QVBoxLayout>
#include <qcustomplot.h>

#include <algorithm>
#include <bit>
#include <map>

MpiBarChart::MpiBarChart(QWidget* parent) : QWidget(parent) {
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    plot_ = new QCustomPlot(this);
    layout->addWidget(plot_);
    title_ = ChartTitle::add(plot_);
    plot_->yAxis->grid()->setPen(QPen(QColor(0xdd, 0xdd, 0xdd), 0, Qt::SolidLine));
    plot_->xAxis->grid()->setVisible(false);
    plot_->xAxis->setSubTicks(false);
    empty_ = new QCPItemText(plot_);
    empty_->position->setType(QCPItemPosition::ptAxisRectRatio);
    empty_->position->setCoords(0.5, 0.5);
    empty_->setColor(QColor(0x55, 0x55, 0x55));
    setMinimumSize(280, 160);
}

void MpiBarChart::showAxes(bool shown) {
    plot_->xAxis->setVisible(shown);
    plot_->yAxis->setVisible(shown);
    plot_->yAxis->grid()->setVisible(shown);
    empty_->setVisible(!shown);
}

void MpiBarChart::clear(const QString& title) {
    values_.clear();
    labels_.clear();
    plot_->clearPlottables();
    plot_->legend->setVisible(false);
    title_->setText(title);
    empty_->setText(tr("None in this run"));
    showAxes(false);
    plot_->replot();
}

void MpiBarChart::setSizes(const std::vector<scope::MpiTraffic::SizeCalls>& sizes,
                           const QString& title) {
    clear(title);
    // Size class: 0 for 0 B, k + 1 for [2^k, 2^(k+1)).
    std::map<int, double> classes;
    for (const auto& size : sizes)
        classes[size.bytes == 0 ? 0 : std::bit_width(size.bytes)] +=
            static_cast<double>(size.calls);
    if (classes.empty())
        return;
    showAxes(true);
    QSharedPointer<QCPAxisTickerText> ticker(new QCPAxisTickerText);
    auto* bars = new QCPBars(plot_->xAxis, plot_->yAxis);
    const QColor colour(0x21, 0x91, 0x8c);
    bars->setBrush(colour);
    bars->setPen(QPen(colour.darker(130), 1));
    bars->setWidth(0.7);
    // Every class from the smallest to the largest, so gaps show as gaps.
    const int first = classes.begin()->first;
    const int last = classes.rbegin()->first;
    double highest = 0.0;
    for (int c = first; c <= last; ++c) {
        const double key = c - first;
        const double calls = classes.count(c) ? classes[c] : 0.0;
        const QString label = c == 0 ? QStringLiteral("0 B")
                                     : QString::fromStdString(scope::MpiRegionName::formatBytes(
                                           std::uint64_t(1) << static_cast<unsigned>(c - 1)));
        bars->addData(key, calls);
        ticker->addTick(key, label);
        values_.push_back(calls);
        labels_ << label;
        highest = std::max(highest, calls);
    }
    plot_->xAxis->setTicker(ticker);
    plot_->xAxis->setTickLabelRotation(last - first > 8 ? 45 : 0);
    plot_->xAxis->setLabel(tr("message size (at least)"));
    plot_->yAxis->setTicker(QSharedPointer<QCPAxisTicker>(new QCPAxisTicker));
    plot_->yAxis->setLabel(tr("calls"));
    plot_->xAxis->setRange(-0.6, last - first + 0.6);
    plot_->yAxis->setRange(0, highest > 0 ? highest * 1.05 : 1.0);
    plot_->replot();
}

void MpiBarChart::setPerRank(const std::vector<std::string>& names, std::size_t ranks,
                             const std::function<double(std::size_t, std::size_t)>& seconds,
                             const QString& title) {
    clear(title);
    if (names.empty() || ranks == 0)
        return;
    showAxes(true);
    values_.assign(ranks, 0.0);
    QCPBars* below = nullptr;
    for (std::size_t i = 0; i < names.size(); ++i) {
        auto* bars = new QCPBars(plot_->xAxis, plot_->yAxis);
        const QString name = QString::fromStdString(names[i]);
        const QColor colour = RegionPalette::color(name);
        bars->setName(name);
        bars->setBrush(colour);
        bars->setPen(ranks > 64 ? Qt::NoPen : QPen(colour.darker(130), 1));
        bars->setWidth(ranks > 64 ? 1.0 : 0.8);
        if (below != nullptr)
            bars->moveAbove(below);
        below = bars;
        for (std::size_t rank = 0; rank < ranks; ++rank) {
            const double s = seconds(rank, i);
            bars->addData(static_cast<double>(rank), s);
            values_[rank] += s;
        }
    }
    plot_->legend->setVisible(true);
    // One row of entries: it stays above the bars in the headroom.
    plot_->legend->setFillOrder(QCPLayoutGrid::foColumnsFirst);
    plot_->legend->setWrap(0);
    plot_->axisRect()->insetLayout()->setInsetAlignment(0, Qt::AlignTop | Qt::AlignRight);
    plot_->xAxis->setTicker(QSharedPointer<QCPAxisTicker>(new IntegerAxisTicker(plot_->xAxis)));
    plot_->xAxis->setTickLabelRotation(0);
    plot_->xAxis->setLabel(tr("rank"));
    plot_->yAxis->setTicker(QSharedPointer<QCPAxisTicker>(new DurationAxisTicker));
    plot_->yAxis->setLabel(QString());
    const double highest = *std::max_element(values_.begin(), values_.end());
    plot_->xAxis->setRange(-0.6, static_cast<double>(ranks) - 0.4);
    // Headroom for the legend in the top right corner.
    plot_->yAxis->setRange(0, highest > 0 ? highest * 2.0 : 1e-6);
    plot_->replot();
}
