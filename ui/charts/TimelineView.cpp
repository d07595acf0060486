// SPDX-License-Identifier: GPL-3.0-or-later
#include "TimelineView.h"

#include "CallDetailsPanel.h"
#include "ChartExporter.h"
#include "RegionLegend.h"
#include "TimeAxisTicker.h"
#include "TimelineCallSelection.h"
#include "TimelinePlottable.h"
#include "TimelineRankTicker.h"
#include "TimelineTitle.h"
#include "TimelineToolTip.h"
#include "base/DurationFormat.h"
#include "common/ColorContrast.h"

#include <qcustomplot.h>

#include <QFontMetrics>
#include <QHBoxLayout>
#include <QLabel>
#include <QPainter>
#include <QToolButton>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

namespace {

// Narrowest visible time window: a 1 ns call still spans a fifth of the plot.
constexpr double kMinimumWidth = 5e-9;
// Empty room around the run, as a share of its duration.
constexpr double kMargin = 0.01;
// Width (px) of the focus frame around the plot.
constexpr int kFocusFrame = 2;
// Height (px) of a nesting level when the ranks are fitted: fewer ranks are
// shown at first rather than rows too low for the names of the calls.
constexpr int kLevelHeight = 18;

} // namespace

TimelineView::TimelineView(QWidget* parent) : QWidget(parent) {
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    auto* bar = new QHBoxLayout;
    auto* hint = new QLabel(tr("Wheel or +/\u2212: zoom time \u00b7 with Ctrl: zoom ranks \u00b7 "
                               "drag or arrows: pan \u00b7 Shift+drag: zoom to a range \u00b7 "
                               "double-click or 0: fit \u00b7 click a call: its details"),
                            this);
    // The hint may be cut short on a narrow window: the tooltip has all of it.
    hint->setToolTip(hint->text());
    ColorContrast::setQuietText(hint, palette().color(QPalette::PlaceholderText),
                                palette().color(QPalette::Window));
    // The hint may be cut short; it must not hold the view wider than its parent wants.
    hint->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    auto* reset = new QToolButton(this);
    reset->setText(tr("Reset zoom"));
    reset->setToolTip(tr("Show the whole run (0 or Home in the timeline)"));
    // Tool buttons take no focus by default on some styles: reachable with Tab.
    reset->setFocusPolicy(Qt::StrongFocus);
    bar->addWidget(hint, 1);
    bar->addWidget(reset);
    layout->addLayout(bar);
    plot_ = new QCustomPlot(this);
    plot_->setMouseTracking(true); // hover tooltips
    // Keys zoom and pan (see keyPressed): Tab and click give the plot focus,
    // shown by a frame drawn in the margin around it (paintEvent).
    plot_->setFocusPolicy(Qt::StrongFocus);
    plot_->installEventFilter(this);
    setFocusProxy(plot_);
    setTabOrder(reset, plot_);
    auto* framed = new QVBoxLayout;
    framed->setContentsMargins(kFocusFrame, kFocusFrame, kFocusFrame, kFocusFrame);
    framed->addWidget(plot_);
    auto* body = new QHBoxLayout;
    body->addLayout(framed, 1);
    layout->addLayout(body, 1);

    timeline_ = new TimelinePlottable(plot_->xAxis, plot_->yAxis);
    calls_ = new TimelineCallSelection(plot_, timeline_, this);
    body->addWidget(calls_->panel());
    timeline_->removeFromLegend(); // the legend lists regions (updateLegend)
    // A failed read is said in the title.
    connect(timeline_, &TimelinePlottable::refined, this, &TimelineView::updateTitle);
    timeTicker_.reset(new TimeAxisTicker);
    plot_->xAxis->setTicker(timeTicker_);
    plot_->xAxis->setLabel(tr("Time since start of run"));
    rankTicker_.reset(new TimelineRankTicker(plot_->yAxis));
    plot_->yAxis->setTicker(rankTicker_);
    plot_->yAxis->setRangeReversed(true); // rank 0 and depth 0 on top
    plot_->yAxis->setSubTicks(false);
    plot_->yAxis->setTickLength(0, 0);
    plot_->yAxis->grid()->setVisible(false);
    plot_->xAxis->grid()->setPen(QPen(QColor(0xdd, 0xdd, 0xdd), 0, Qt::DotLine));
    // The lane of the rank chosen elsewhere: across the whole width, over the calls.
    selectedLane_ = new QCPItemRect(plot_);
    selectedLane_->topLeft->setTypeX(QCPItemPosition::ptAxisRectRatio);
    selectedLane_->bottomRight->setTypeX(QCPItemPosition::ptAxisRectRatio);
    selectedLane_->setPen(QPen(QColor(0x00, 0x5a, 0xb5), 2));
    selectedLane_->setBrush(QColor(0x00, 0x5a, 0xb5, 28));
    selectedLane_->setSelectable(false);
    selectedLane_->setVisible(false);

    // Title and legend on top, compact: they are there for exported images
    // above all.
    QFont titleFont = font();
    titleFont.setBold(true);
    plot_->plotLayout()->insertRow(0);
    title_ = new QCPTextElement(plot_, QString(), titleFont);
    title_->setMargins(QMargins(0, 4, 0, 0));
    plot_->plotLayout()->addElement(0, 0, title_);
    plot_->plotLayout()->insertRow(1);
    plot_->plotLayout()->setRowStretchFactor(0, 0.001);
    plot_->plotLayout()->setRowStretchFactor(1, 0.001);
    legend_ = std::make_unique<RegionLegend>(plot_, 1);

    plot_->setInteractions(QCP::iRangeDrag | QCP::iRangeZoom);
    plot_->axisRect()->setRangeDrag(Qt::Horizontal | Qt::Vertical);
    plot_->axisRect()->setRangeZoom(Qt::Horizontal);
    plot_->setNoAntialiasingOnDrag(true);
    plot_->selectionRect()->setPen(QPen(QColor(0x33, 0x33, 0x33), 0, Qt::DashLine));
    plot_->selectionRect()->setBrush(QColor(0x1f, 0x77, 0xb4, 40));

    connect(reset, &QToolButton::clicked, this, &TimelineView::resetZoom);
    connect(plot_, &QCustomPlot::mousePress, this, &TimelineView::onMousePress);
    connect(plot_, &QCustomPlot::mouseMove, this, &TimelineView::onMouseMove);
    connect(plot_, &QCustomPlot::mouseRelease, this, &TimelineView::onMouseRelease);
    connect(plot_, &QCustomPlot::mouseWheel, this, &TimelineView::onWheel);
    connect(plot_, &QCustomPlot::mouseDoubleClick, this, &TimelineView::resetZoom);
    connect(plot_, &QCustomPlot::axisClick, this,
            [this](QCPAxis* axis, QCPAxis::SelectablePart, QMouseEvent* event) {
                if (axis == plot_->yAxis)
                    toggleLanesAt(event->pos().y());
            });
    connect(plot_->selectionRect(), &QCPSelectionRect::accepted, this,
            [this](const QRect& rect, QMouseEvent*) { onZoomRect(rect); });
    connect(plot_->xAxis, qOverload<const QCPRange&>(&QCPAxis::rangeChanged), this,
            &TimelineView::onTimeRangeChanged);
    connect(plot_->yAxis, qOverload<const QCPRange&>(&QCPAxis::rangeChanged), this,
            &TimelineView::constrainRanks);
    // The width is known only once laid out, for the screen or for an export.
    connect(plot_, &QCustomPlot::beforeReplot, this, [this] {
        if (timeline_->refreshColors())
            legend_->recolor([this](int r) { return timeline_->colorOf(r); });
    });
    connect(plot_, &QCustomPlot::afterLayout, this, [this] {
        legend_->fit();
        // Exports lay out at their own size: only the widget's layout counts.
        if (plot_->viewport().size() != plot_->size())
            return;
        chrome_ = plot_->height() - plot_->axisRect()->height();
        const QCPRange ranks = plot_->yAxis->range();
        if (ranksFitted_) {
            fitRanks();
            if (plot_->yAxis->range() != ranks)
                plot_->replot(QCustomPlot::rpQueuedReplot);
        }
    });
    clear();
}

TimelineView::~TimelineView() = default;

std::shared_ptr<const scope::TimelineIndex>
TimelineView::buildIndex(std::shared_ptr<const scope::ProfilingResults> results) {
    if (!results || !results->eventsRead)
        return {};
    const auto* index = new scope::TimelineIndex(*results);
    return std::shared_ptr<const scope::TimelineIndex>(
        index, [results](const scope::TimelineIndex* p) { delete p; });
}

void TimelineView::setRun(std::shared_ptr<const scope::ProfilingResults> results,
                          std::shared_ptr<const scope::TimelineSource> source, bool keepView) {
    if (!source)
        source = buildIndex(results);
    if (!results || !source) {
        clear();
        return;
    }
    const QCPRange time = plot_->xAxis->range();
    const QCPRange ranks = plot_->yAxis->range();
    const bool allRanks = ranksFitted_;
    calls_->clear();
    timeline_->setRun(std::move(results), std::move(source));
    rankTicker_->setLabels(timeline_->bands().labels());
    updateSelectedLane();
    updateTitle();
    updateLegend();
    if (!keepView) {
        resetZoom();
        return;
    }
    plot_->xAxis->setRange(time);
    if (allRanks)
        fitRanks();
    else
        plot_->yAxis->setRange(ranks); // constrainRanks clamps it
    plot_->replot();
}

void TimelineView::clear() {
    calls_->clear();
    timeline_->clear();
    rankTicker_->setLabels({});
    updateSelectedLane();
    updateTitle();
    updateLegend();
    plot_->xAxis->setRange(0, 1);
    plot_->yAxis->setRange(0, 1);
    ranksFitted_ = true;
    plot_->replot();
}

void TimelineView::setHighlightedRegion(int region) {
    timeline_->setHighlightedRegion(region);
    legend_->recolor([this](int r) { return timeline_->colorOf(r); });
    plot_->replot(QCustomPlot::rpQueuedReplot);
}

void TimelineView::setHighlightedCalls(int region, std::shared_ptr<const std::vector<bool>> calls) {
    timeline_->setHighlightedCalls(region, std::move(calls));
    legend_->recolor([this](int r) { return timeline_->colorOf(r); });
    plot_->replot(QCustomPlot::rpQueuedReplot);
}

void TimelineView::setRanks(const scope::RankSelection& ranks) {
    ranks_ = ranks;
    timeline_->setRanks(ranks);
    rankTicker_->setLabels(timeline_->bands().labels());
    updateSelectedLane();
    updateTitle();
    updateLegend();
    fitRanks();
    calls_->update();
    plot_->replot();
}

void TimelineView::setRunLabel(const QString& label) {
    runLabel_ = label;
    updateTitle();
    plot_->replot(QCustomPlot::rpQueuedReplot);
}

QString TimelineView::title() const {
    return title_->text();
}

QStringList TimelineView::legendEntries() const {
    return legend_->entries();
}

void TimelineView::updateTitle() {
    // A band partly in view counts as shown.
    const QCPRange range = plot_->yAxis->range();
    const auto first = static_cast<std::size_t>(std::max(0.0, std::floor(range.lower + 1e-6)));
    const auto end = static_cast<std::size_t>(std::max(0.0, std::ceil(range.upper - 1e-6)));
    title_->setText(
        TimelineTitle::text(runLabel_, timeline_->bandRanks(), first, end, timeline_->source()));
}

void TimelineView::updateLegend() {
    const scope::ProfilingResults* results = timeline_->results();
    legend_->setRegions(results != nullptr && timeline_->bandCount() > 0 ? results : nullptr,
                        ranks_);
    legend_->recolor([this](int r) { return timeline_->colorOf(r); });
}

void TimelineView::resetZoom() {
    const double duration = std::max(timeline_->durationSeconds(), kMinimumWidth);
    plot_->xAxis->setRange(-kMargin * duration, (1 + kMargin) * duration);
    fitRanks();
    plot_->replot();
}

void TimelineView::fitRanks() {
    fitRanksToHeight(plot_->height());
}

void TimelineView::fitRanksToHeight(int plotHeight) {
    const int bands = std::max(1, timeline_->bandCount());
    // Rows at least a label high, unless the plot is too low for one band.
    const double height = plotHeight - chrome_;
    const double level = std::max(kLevelHeight, QFontMetrics(font()).height() + 2);
    // A view never shown (the batch export) has no height of its own yet:
    // it shows every band at the size it is exported at.
    const double shown = plot_->isVisible()
                             ? std::floor(height * timeline_->rowRange(0, 0).size() / level)
                             : static_cast<double>(bands);
    fittingRanks_ = true;
    plot_->yAxis->setRange(0, std::clamp(shown, 1.0, static_cast<double>(bands)));
    fittingRanks_ = false;
    ranksFitted_ = true;
}

void TimelineView::setSelectedRank(std::optional<std::uint32_t> rank) {
    selectedRank_ = rank;
    updateSelectedLane();
    // Scrolled only when chosen, not on every change of the shown ranks.
    if (selectedBand_ >= 0) {
        const QCPRange range = plot_->yAxis->range();
        if (selectedBand_ < range.lower || selectedBand_ + 1 > range.upper) {
            const double lower = selectedBand_ + 0.5 - range.size() / 2;
            plot_->yAxis->setRange(lower, lower + range.size()); // constrainRanks clamps it
        }
    }
    plot_->replot(QCustomPlot::rpQueuedReplot);
}

void TimelineView::updateSelectedLane() {
    const auto& bands = timeline_->bandRanks();
    // The outline holds every thread/task lane of the rank.
    const auto [first, last] = selectedRank_
                                   ? std::equal_range(bands.begin(), bands.end(), *selectedRank_)
                                   : std::pair(bands.end(), bands.end());
    selectedBand_ = first == last ? -1 : static_cast<int>(first - bands.begin());
    selectedLane_->setVisible(selectedBand_ >= 0);
    if (selectedBand_ >= 0) {
        selectedLane_->topLeft->setCoords(0, selectedBand_);
        selectedLane_->bottomRight->setCoords(1, static_cast<double>(last - bands.begin()));
    }
}

void TimelineView::toggleLanesAt(double y) {
    const int band = static_cast<int>(std::floor(plot_->yAxis->pixelToCoord(y)));
    if (band < 0 || band >= timeline_->bandCount())
        return;
    const std::uint32_t rank = timeline_->rankOfBand(band);
    if (!timeline_->bands().hasLanes(rank))
        return;
    timeline_->setCollapsed(rank, !timeline_->isCollapsed(rank));
    rankTicker_->setLabels(timeline_->bands().labels());
    updateSelectedLane();
    fitRanks();
    calls_->update();
    plot_->replot();
}

bool TimelineView::isComplete() const {
    return timeline_->isComplete();
}

bool TimelineView::isExact() const {
    return timeline_->isExact();
}

bool TimelineView::savePng(const QString& path, int width, int height, double scale) {
    return ChartExporter::savePng(plot_, path, width, height, scale);
}

QString TimelineView::toolTipAt(const QPoint& position) const {
    const auto hit = timeline_->hitAt(position);
    return hit ? TimelineToolTip::text(*timeline_, *hit, plot_->xAxis->range()) : QString();
}

void TimelineView::paintEvent(QPaintEvent* event) {
    QWidget::paintEvent(event);
    if (!plot_->hasFocus())
        return;
    QPainter painter(this);
    painter.setPen(QPen(palette().color(QPalette::Highlight), kFocusFrame));
    const double inset = kFocusFrame / 2.0;
    painter.drawRect(QRectF(plot_->geometry()).adjusted(-inset, -inset, inset, inset));
}

// Keeps the time axis on the run: no zooming out past it, no zooming in past
// nanoseconds, no panning away from it. The axis label names the base of
// offset tick labels, which depends on the range alone.
void TimelineView::onTimeRangeChanged(const QCPRange& range) {
    const QString base = TimeAxisTicker::formatBase(plot_->xAxis->range());
    plot_->xAxis->setLabel(base.isEmpty()
                               ? tr("Time since start of run")
                               : tr("Time since start of run, ticks relative to %1").arg(base));
    if (!timeline_->source())
        return;
    const double duration = std::max(timeline_->durationSeconds(), kMinimumWidth);
    const double lowest = -kMargin * duration;
    const double highest = (1 + kMargin) * duration;
    double width = range.size();
    double lower = range.lower;
    if (width < kMinimumWidth * (1 - 1e-6) || width > (highest - lowest) * (1 + 1e-9)) {
        width = std::clamp(width, kMinimumWidth, highest - lowest);
        lower = range.center() - width / 2;
    }
    lower = std::clamp(lower, lowest, highest - width);
    if (std::abs(lower - range.lower) > width * 1e-9 ||
        std::abs(width - range.size()) > width * 1e-6)
        plot_->xAxis->setRange(lower, lower + width);
}

void TimelineView::constrainRanks(const QCPRange& range) {
    if (!fittingRanks_)
        ranksFitted_ = false;
    const double bands = std::max(1, timeline_->bandCount());
    const double width = std::clamp(range.size(), std::min(1.0, bands), bands);
    const double lower = std::clamp(
        range.size() == width ? range.lower : range.center() - width / 2, 0.0, bands - width);
    if (std::abs(lower - range.lower) > 1e-9 || std::abs(width - range.size()) > 1e-9)
        plot_->yAxis->setRange(lower, lower + width); // comes back here
    else
        updateTitle();
}
