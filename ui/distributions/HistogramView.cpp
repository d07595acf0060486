// SPDX-License-Identifier: GPL-3.0-or-later
#include "HistogramView.h"

#include "RegionPalette.h"
#include "charts/IntegerAxisTicker.h"
#include "charts/LogDurationAxisTicker.h"
#include "export/DurationFormat.h"

#include <QCheckBox>
#include <QHBoxLayout>
#include <QToolTip>
#include <QVBoxLayout>
#include <qcustomplot.h>

#include <algorithm>
#include <cmath>

namespace {

const QColor kInk(0x20, 0x20, 0x20);
const QColor kQuiet(0x6b, 0x6b, 0x6b); // 5.3:1 on white

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
    : QWidget(parent), plot_(new QCustomPlot(this)),
      outlines_(new QCheckBox(tr("One outline per rank (up to %1 ranks)")
                                  .arg(scope::DurationHistogram::kMaxRankOutlines),
                              this)) {
    auto* options = new QHBoxLayout;
    options->addStretch();
    options->addWidget(outlines_);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addLayout(options);
    layout->addWidget(plot_, 1);
    connect(outlines_, &QCheckBox::toggled, this, &HistogramView::rebuild);

    plot_->plotLayout()->insertRow(0);
    title_ = new QCPTextElement(plot_, QString(), QFont(font().family(), font().pointSize() + 1));
    title_->setTextColor(kInk);
    plot_->plotLayout()->addElement(0, 0, title_);
    plot_->xAxis->setScaleType(QCPAxis::stLogarithmic);
    plot_->xAxis->setTicker(QSharedPointer<QCPAxisTicker>(new LogDurationAxisTicker));
    plot_->xAxis->setLabel(tr("Call duration"));
    plot_->yAxis->setLabel(tr("Calls"));
    plot_->yAxis->setTicker(QSharedPointer<QCPAxisTicker>(new IntegerAxisTicker(plot_->yAxis)));
    plot_->yAxis->grid()->setPen(QPen(QColor(0xdd, 0xdd, 0xdd), 0, Qt::SolidLine));
    bars_ = plot_->addGraph();
    bars_->setLineStyle(QCPGraph::lsStepLeft);
    bars_->setName(tr("All selected ranks"));
    message_ = new QCPItemText(plot_);
    message_->position->setType(QCPItemPosition::ptAxisRectRatio);
    message_->position->setCoords(0.5, 0.5);
    message_->setColor(kQuiet);
    message_->setVisible(false);
    plot_->legend->setBrush(QColor(255, 255, 255, 220));

    plot_->setMouseTracking(true);
    connect(plot_, &QCustomPlot::mouseMove, this, [this](QMouseEvent* event) {
        const QString text = toolTipAt(event->position().toPoint());
        if (text.isEmpty())
            QToolTip::hideText();
        else
            QToolTip::showText(event->globalPosition().toPoint(), text, plot_);
    });
    rebuild();
}

void HistogramView::setRun(std::shared_ptr<const scope::ProfilingResults> results) {
    results_ = std::move(results);
    rebuild();
}

void HistogramView::setRegion(int region) {
    region_ = region;
    rebuild();
}

void HistogramView::setRanks(const scope::RankSelection& ranks) {
    ranks_ = ranks;
    rebuild();
}

void HistogramView::setRegionAndRanks(int region, const scope::RankSelection& ranks) {
    region_ = region;
    ranks_ = ranks;
    rebuild();
}

void HistogramView::setRankOutlines(bool on) {
    outlines_->setChecked(on);
}

void HistogramView::setRunLabel(const QString& label) {
    runLabel_ = label;
    title_->setText(title());
    plot_->replot();
}

QString HistogramView::title() const {
    if (!results_ || region_ < 0 || static_cast<std::size_t>(region_) >= results_->regions.size())
        return tr("Call durations");
    const QString what =
        tr("Call durations of %1").arg(QString::fromStdString(results_->regions[region_]));
    return runLabel_.isEmpty() ? what : tr("%1, %2").arg(what, runLabel_);
}

void HistogramView::showMessage(const QString& text) {
    message_->setText(text);
    message_->setVisible(true);
    for (QCPAxis* axis : {plot_->xAxis, plot_->yAxis}) {
        axis->setBasePen(QPen(kQuiet));
        axis->setTickLabelColor(kQuiet);
        axis->setLabelColor(kQuiet);
    }
}

void HistogramView::addMarker(double seconds, const QString& name, int slot) {
    const QPen pen(kInk, 1.2, slot == 3 ? Qt::DashLine : Qt::DotLine);
    auto* line = new QCPItemStraightLine(plot_);
    line->point1->setCoords(seconds, 0);
    line->point2->setCoords(seconds, 1);
    line->setPen(pen);
    auto* label = new QCPItemText(plot_);
    label->position->setTypeX(QCPItemPosition::ptPlotCoords);
    label->position->setTypeY(QCPItemPosition::ptAxisRectRatio);
    // Stacked so that close percentiles do not print over each other.
    label->position->setCoords(seconds, 0.02 + 0.07 * slot);
    label->setPositionAlignment(Qt::AlignLeft | Qt::AlignTop);
    label->setPadding(QMargins(3, 1, 3, 1));
    label->setBrush(QColor(255, 255, 255, 210));
    label->setColor(kInk);
    label->setText(tr("%1 %2").arg(name, duration(seconds)));
}

void HistogramView::rebuild() {
    histogram_ = {};
    for (QCPGraph* graph : rankGraphs_)
        plot_->removeGraph(graph);
    rankGraphs_.clear();
    // Markers are rebuilt; the message item stays.
    for (int i = plot_->itemCount() - 1; i >= 0; --i)
        if (plot_->item(i) != message_)
            plot_->removeItem(i);
    bars_->data()->clear();
    message_->setVisible(false);
    for (QCPAxis* axis : {plot_->xAxis, plot_->yAxis}) {
        axis->setBasePen(QPen(kInk));
        axis->setTickLabelColor(kInk);
        axis->setLabelColor(kInk);
    }
    plot_->legend->setVisible(false);
    title_->setText(title());

    const bool hasRegion =
        results_ && region_ >= 0 && static_cast<std::size_t>(region_) < results_->regions.size();
    if (!hasRegion) {
        showMessage(tr("Choose a region to see how long its calls take."));
    } else if (!results_->eventsRead) {
        showMessage(tr("Only summary statistics were read: the durations of single calls "
                       "are not available for this run."));
    } else {
        histogram_ = scope::DurationHistogram::detailed(
            *results_, static_cast<std::size_t>(region_), ranks_, kBins);
        if (histogram_.counts.empty())
            showMessage(tr("No calls of this region in the selected ranks."));
    }
    if (!available()) {
        outlines_->setEnabled(false);
        plot_->xAxis->setTicker(QSharedPointer<QCPAxisTicker>(new LogDurationAxisTicker));
        plot_->xAxis->setRange(1e-6, 1);
        plot_->yAxis->setRange(0, 1);
        plot_->replot();
        return;
    }

    const QColor colour = RegionPalette::color(QString::fromStdString(results_->regions[region_]));
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
            QCPGraph* graph = plot_->addGraph();
            graph->setLineStyle(QCPGraph::lsStepLeft);
            graph->setData(steps(histogram_.edges, histogram_.rankCounts, i * bins));
            graph->setPen(
                QPen(QColor::fromHsv(static_cast<int>(i * 360 / ranks.size()), 200, 170), 1.3));
            graph->setName(tr("rank %1").arg(ranks[i]));
            rankGraphs_.push_back(graph);
        }
        plot_->legend->setVisible(true);
    }
    addMarker(histogram_.percentiles.p50, tr("p50"), 0);
    addMarker(histogram_.percentiles.p90, tr("p90"), 1);
    addMarker(histogram_.percentiles.p99, tr("p99"), 2);
    addMarker(histogram_.mean, tr("mean"), 3);

    const double low = histogram_.edges.front();
    const double high = histogram_.edges.back();
    // Room for a decade-wide label beyond the longest call.
    plot_->xAxis->setRange(low / 1.5, high * 3.0);
    // Powers of ten alone would leave a range of less than two decades with
    // one label or none: 1-2-5 steps there.
    if (high / low < 100.0) {
        auto ticker = QSharedPointer<QCPAxisTickerText>::create();
        for (double decade = std::pow(10.0, std::floor(std::log10(low / 1.5))); decade < high * 3.0;
             decade *= 10.0)
            for (double mantissa : {1.0, 2.0, 5.0})
                if (const double tick = decade * mantissa; tick >= low / 1.5 && tick <= high * 3.0)
                    ticker->addTick(tick, duration(tick));
        plot_->xAxis->setTicker(ticker);
    } else {
        plot_->xAxis->setTicker(QSharedPointer<QCPAxisTicker>(new LogDurationAxisTicker));
    }
    const auto most = *std::max_element(histogram_.counts.begin(), histogram_.counts.end());
    plot_->yAxis->setRange(0, static_cast<double>(most) * 1.35 + 1);
    plot_->replot();
}

QString HistogramView::toolTipAt(QPoint position) const {
    if (!available() || !plot_->axisRect()->rect().contains(position))
        return {};
    const double x = plot_->xAxis->pixelToCoord(position.x());
    if (x < histogram_.edges.front() || x > histogram_.edges.back())
        return {};
    const std::size_t bin = histogram_.binOf(x);
    return tr("%1–%2: %n call(s)", nullptr, static_cast<int>(histogram_.counts[bin]))
        .arg(duration(histogram_.edges[bin]), duration(histogram_.edges[bin + 1]));
}
