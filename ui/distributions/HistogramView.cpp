// SPDX-License-Identifier: GPL-3.0-or-later
#include "HistogramView.h"

#include "ChartMessage.h"
#include "analysis/KeptHistograms.h"
#include "base/DurationFormat.h"
#include "charts/IntegerAxisTicker.h"
#include "charts/LogDurationAxisTicker.h"
#include "charts/TickLabelFit.h"
#include "common/RegionPalette.h"

#include <QCheckBox>
#include <QFontMetricsF>
#include <QHBoxLayout>
#include <qcustomplot.h>

#include <algorithm>
#include <cmath>

namespace {

const QColor kInk(0x20, 0x20, 0x20);

QString duration(double seconds) {
    return QString::fromStdString(scope::formatDuration(seconds));
}

// Steps drawn from each bin's left edge, closed at the last edge.
QSharedPointer<QCPGraphDataContainer> steps(const std::vector<double>& edges,
                                            const std::vector<std::uint64_t>& counts,
                                            std::size_t offset = 0) {
    auto data = QSharedPointer<QCPGraphDataContainer>::create();
    const std::size_t bins = edges.size() - 1;
    for (std::size_t i = 0; i < bins; ++i)
        data->add(QCPGraphData(edges[i], static_cast<double>(counts[offset + i])));
    data->add(QCPGraphData(edges.back(), static_cast<double>(counts[offset + bins - 1])));
    return data;
}

} // namespace

HistogramView::HistogramView(QWidget* parent)
    : RegionCallsChart(parent),
      outlines_(new QCheckBox(tr("One outline per rank (up to %1 ranks)")
                                  .arg(scope::DurationHistogram::kMaxRankOutlines),
                              this)) {
    options()->addWidget(outlines_);
    // The counts per rank are computed either way: a redraw.
    connect(outlines_, &QCheckBox::toggled, this, &HistogramView::draw);

    QCustomPlot* plot = this->plot();
    plot->xAxis->setScaleType(QCPAxis::stLogarithmic);
    plot->xAxis->setTicker(QSharedPointer<QCPAxisTicker>(new LogDurationAxisTicker));
    plot->xAxis->setLabel(tr("Call duration"));
    plot->yAxis->setLabel(tr("Calls"));
    plot->yAxis->setTicker(QSharedPointer<QCPAxisTicker>(new IntegerAxisTicker(plot->yAxis)));
    // Up to 1-2-5 ticks on a range of two decades, fewer where they would not fit.
    TickLabelFit::attach(plot->xAxis, 6);
    bars_ = plot->addGraph();
    bars_->setLineStyle(QCPGraph::lsStepLeft);
    bars_->setName(tr("All selected ranks"));
    connect(plot, &QCustomPlot::afterLayout, this, &HistogramView::stackMarkers);
    rebuild();
}

void HistogramView::setRankOutlines(bool on) {
    outlines_->setChecked(on);
}

QString HistogramView::title() const {
    if (!hasRegion())
        return tr("Call durations");
    return titleOf(tr("Call durations of %1").arg(QString::fromStdString(regionName())));
}

QString HistogramView::noRegionText() const {
    return tr("Choose a region to see how long its calls take.");
}

bool HistogramView::keptWithResults() const {
    return scope::KeptHistograms::cover(*results(), static_cast<std::size_t>(region()), ranks(),
                                        kBins);
}

bool HistogramView::drawsWithoutCallsHere(const scope::ProfilingResults& results) const {
    return results.callsElsewhere != nullptr || !results.keptHistograms.empty();
}

bool HistogramView::askedElsewhere() const {
    return results()->callsElsewhere != nullptr;
}

void HistogramView::clear() {
    histogram_ = {};
}

RegionCallsChart::Job HistogramView::job() {
    auto result = std::make_shared<scope::DurationHistogram>();
    auto work = [result, results = results(), region = static_cast<std::size_t>(this->region()),
                 ranks = ranks(), limit = byteLimit()](const std::atomic<bool>& cancel) {
        *result =
            scope::DurationHistogram::detailed(*results, region, ranks, kBins, limit, &cancel);
    };
    auto show = [this, result] {
        histogram_ = std::move(*result);
        if (histogram_.counts.empty())
            showMessage(tr("No calls of this region in the selected ranks."));
    };
    return {work, show};
}

void HistogramView::addMarker(double seconds, const QString& name, int slot) {
    const QPen pen(kInk, 1.2, slot == 3 ? Qt::DashLine : Qt::DotLine);
    auto* line = new QCPItemStraightLine(plot());
    line->point1->setCoords(seconds, 0);
    line->point2->setCoords(seconds, 1);
    line->setPen(pen);
    auto* label = new QCPItemText(plot());
    label->position->setTypeX(QCPItemPosition::ptPlotCoords);
    label->position->setTypeY(QCPItemPosition::ptAxisRectRatio);
    // The line is placed by stackMarkers once the plot is laid out.
    label->position->setTypeY(QCPItemPosition::ptAbsolute);
    label->position->setCoords(seconds, 0);
    label->setPositionAlignment(Qt::AlignLeft | Qt::AlignTop);
    label->setPadding(QMargins(3, 1, 3, 1));
    label->setBrush(QColor(255, 255, 255, 210));
    label->setColor(kInk);
    label->setText(tr("%1 %2").arg(name, duration(seconds)));
}

void HistogramView::stackMarkers() {
    // Each label on the highest line where it clears the labels already
    // there: side by side when the percentiles are far apart, stacked a text
    // line apart (however short the plot) when they are close.
    const QRect rect = plot()->axisRect()->rect();
    std::vector<std::vector<QRectF>> lines;
    for (int i = 0; i < plot()->itemCount(); ++i) {
        auto* label = qobject_cast<QCPItemText*>(plot()->item(i));
        if (label == nullptr || label == message())
            continue;
        const QFontMetricsF metrics(label->font());
        const QMargins padding = label->padding();
        const double width =
            metrics.horizontalAdvance(label->text()) + padding.left() + padding.right() + 4;
        const double height = metrics.height() + padding.top() + padding.bottom() + 1;
        const double left = plot()->xAxis->coordToPixel(label->position->key());
        std::size_t line = 0;
        for (; line < lines.size(); ++line)
            if (std::none_of(lines[line].begin(), lines[line].end(), [&](const QRectF& other) {
                    return left < other.right() && other.left() < left + width;
                }))
                break;
        if (line == lines.size())
            lines.emplace_back();
        lines[line].push_back(QRectF(left, 0, width, height));
        label->position->setCoords(label->position->key(),
                                   rect.top() + 2 + static_cast<double>(line) * height);
    }
}

void HistogramView::draw() {
    QCustomPlot* plot = this->plot();
    for (QCPGraph* graph : rankGraphs_)
        plot->removeGraph(graph);
    rankGraphs_.clear();
    // Markers are drawn again; the message item stays.
    for (int i = plot->itemCount() - 1; i >= 0; --i)
        if (plot->item(i) != message())
            plot->removeItem(i);
    bars_->data()->clear();
    plot->legend->setVisible(false);
    if (!available()) {
        outlines_->setEnabled(false);
        plot->xAxis->setTicker(QSharedPointer<QCPAxisTicker>(new LogDurationAxisTicker));
        plot->xAxis->setRange(1e-6, 1);
        plot->yAxis->setRange(0, 1);
        plot->replot();
        return;
    }

    const QColor colour = RegionPalette::color(QString::fromStdString(regionName()));
    bars_->setData(steps(histogram_.edges, histogram_.counts));
    bars_->setPen(QPen(colour.darker(130), 1.2));
    QColor fill = colour;
    fill.setAlpha(outlines_->isChecked() ? 60 : 150);
    bars_->setBrush(fill);

    const auto& ranks = histogram_.outlineRanks;
    outlines_->setEnabled(!ranks.empty());
    if (outlines_->isChecked() && !ranks.empty()) {
        const std::size_t bins = histogram_.counts.size();
        for (std::size_t i = 0; i < ranks.size(); ++i) {
            QCPGraph* graph = plot->addGraph();
            graph->setLineStyle(QCPGraph::lsStepLeft);
            graph->setData(steps(histogram_.edges, histogram_.rankCounts, i * bins));
            graph->setPen(
                QPen(QColor::fromHsv(static_cast<int>(i * 360 / ranks.size()), 200, 170), 1.3));
            graph->setName(tr("rank %1").arg(ranks[i]));
            rankGraphs_.push_back(graph);
        }
        plot->legend->setVisible(true);
    }
    addMarker(histogram_.percentiles.p50, tr("p50"), 0);
    addMarker(histogram_.percentiles.p90, tr("p90"), 1);
    addMarker(histogram_.percentiles.p99, tr("p99"), 2);
    addMarker(histogram_.mean, tr("mean"), 3);

    const double low = histogram_.edges.front();
    const double high = histogram_.edges.back();
    // Room for a decade-wide label beyond the longest call.
    plot->xAxis->setRange(low / 1.5, high * 3.0);
    plot->xAxis->setTicker(QSharedPointer<QCPAxisTicker>(new LogDurationAxisTicker));
    const auto most = *std::max_element(histogram_.counts.begin(), histogram_.counts.end());
    plot->yAxis->setRange(0, static_cast<double>(most) * 1.35 + 1);
    plot->replot();
}

QString HistogramView::toolTipAt(QPoint position) const {
    if (!available() || !plot()->axisRect()->rect().contains(position))
        return {};
    const double x = plot()->xAxis->pixelToCoord(position.x());
    if (x < histogram_.edges.front() || x > histogram_.edges.back())
        return {};
    const std::size_t bin = histogram_.binOf(x);
    return tr("%1–%2: %n call(s)", nullptr, static_cast<int>(histogram_.counts[bin]))
        .arg(duration(histogram_.edges[bin]), duration(histogram_.edges[bin + 1]));
}
