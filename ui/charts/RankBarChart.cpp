// SPDX-License-Identifier: GPL-3.0-or-later
#include "RankBarChart.h"

#include "ChartTitle.h"
#include "DurationAxisTicker.h"
#include "IntegerAxisTicker.h"
#include "common/ColorContrast.h"
#include "common/RegionPalette.h"

#include <QFontMetrics>
#include <QLabel>
#include <QStackedLayout>
#include <qcustomplot.h>

#include <algorithm>
#include <cmath>

namespace {

// The region's name in the title is cut beyond this (the full name is in the table).
constexpr qsizetype kTitleNameChars = 48;

constexpr double kBarWidth = 0.8;      // in ranks, while bars are wide enough to be apart
constexpr double kWideBarPixels = 3.0; // below this, bars touch and lose their outline
constexpr double kMaxBarPixels = 120.0;
constexpr double kHeadroom = 1.15; // room above the tallest bar for its label

const QColor kInk(0x20, 0x20, 0x20);
const QColor kSelected(0x00, 0x5a, 0xb5); // outline of the rank chosen elsewhere

} // namespace

RankBarChart::RankBarChart(QWidget* parent) : QWidget(parent) {
    stack_ = new QStackedLayout(this);
    stack_->setContentsMargins(0, 0, 0, 0);
    message_ = new QLabel(this);
    message_->setAlignment(Qt::AlignCenter);
    message_->setWordWrap(true);
    ColorContrast::setQuietText(message_, palette().color(QPalette::PlaceholderText),
                                palette().color(QPalette::Window));
    setUpPlot();
    stack_->addWidget(plot_);
    stack_->addWidget(message_);
    rebuild();
}

void RankBarChart::setUpPlot() {
    plot_ = new QCustomPlot(this);
    plot_->installEventFilter(this);

    title_ = ChartTitle::add(plot_);

    // The legend gets its own row under the title so that it never covers a
    // bar, centred between two empty cells that take the spare width.
    plot_->legend->setVisible(true);
    plot_->axisRect()->insetLayout()->take(plot_->legend);
    auto* legendRow = new QCPLayoutGrid;
    plot_->plotLayout()->insertRow(1);
    plot_->plotLayout()->addElement(1, 0, legendRow);
    plot_->plotLayout()->setRowStretchFactor(1, 0.001);
    legendRow->addElement(0, 0, new QCPLayoutElement(plot_));
    legendRow->addElement(0, 1, plot_->legend);
    legendRow->addElement(0, 2, new QCPLayoutElement(plot_));
    legendRow->setColumnStretchFactors({1.0, 0.001, 1.0});
    plot_->legend->setFillOrder(QCPLayoutGrid::foColumnsFirst);
    plot_->legend->setBorderPen(Qt::NoPen);
    plot_->legend->setBrush(Qt::NoBrush);
    plot_->legend->setColumnSpacing(24);

    plot_->xAxis->setLabel(tr("Rank"));
    plot_->xAxis->setTicker(QSharedPointer<QCPAxisTicker>(new IntegerAxisTicker(plot_->xAxis)));
    plot_->xAxis->grid()->setVisible(false);
    plot_->yAxis->grid()->setPen(QPen(QColor(0xdd, 0xdd, 0xdd), 0, Qt::SolidLine));
    plot_->yAxis->setSubTicks(false);

    bars_ = new QCPBars(plot_->xAxis, plot_->yAxis);
    bars_->removeFromLegend();
    slowestBars_ = new QCPBars(plot_->xAxis, plot_->yAxis);
    // Antialiasing would fade bars narrower than a pixel into the background.
    // Outline only, over the other bars: the region's colour stays readable.
    selectedBars_ = new QCPBars(plot_->xAxis, plot_->yAxis);
    selectedBars_->setBrush(Qt::NoBrush);
    selectedBars_->setPen(QPen(kSelected, 2.5));
    selectedBars_->removeFromLegend();
    for (QCPBars* bars : {bars_, slowestBars_, selectedBars_}) {
        bars->setAntialiased(false);
        bars->setAntialiasedFill(false);
    }
    meanLegend_ = plot_->addGraph();
    const QPen meanPen(kInk, 1.5, Qt::DashLine);
    meanLegend_->setPen(meanPen);
    meanLine_ = new QCPItemStraightLine(plot_);
    meanLine_->setPen(meanPen);
    slowestLabel_ = new QCPItemText(plot_);
    slowestLabel_->setColor(kInk);
    slowestLabel_->setPadding(QMargins(2, 0, 2, 3));

    plot_->setInteractions(QCP::iRangeDrag | QCP::iRangeZoom);
    plot_->axisRect()->setRangeDrag(Qt::Horizontal);
    plot_->axisRect()->setRangeZoom(Qt::Horizontal);
    connect(plot_->xAxis, qOverload<const QCPRange&>(&QCPAxis::rangeChanged), this,
            &RankBarChart::keepXRangeInBounds);
    connect(plot_, &QCustomPlot::mouseDoubleClick, this, [this] {
        plot_->xAxis->setRange(firstRank_ - 0.5, lastRank_ + 0.5);
        plot_->replot();
    });
    // Bar widths depend on pixels per rank, known only once the layout is done.
    connect(plot_, &QCustomPlot::afterLayout, this, &RankBarChart::updateBarWidths);
}

void RankBarChart::setRun(std::shared_ptr<const scope::ProfilingResults> run) {
    std::optional<std::size_t> kept;
    if (run_ && run && region_ >= 0 && static_cast<std::size_t>(region_) < run_->regions.size())
        kept = run->regionIndex(run_->regions[static_cast<std::size_t>(region_)]);
    run_ = std::move(run);
    region_ = kept ? static_cast<int>(*kept) : -1;
    rebuild();
}

void RankBarChart::setRegion(int region) {
    region_ = region;
    rebuild();
}

void RankBarChart::setStatistic(Statistic statistic) {
    statistic_ = statistic;
    rebuild();
}

void RankBarChart::setRanks(const scope::RankSelection& ranks) {
    ranks_ = ranks;
    rebuild();
}

void RankBarChart::setRunLabel(const QString& label) {
    runLabel_ = label;
    rebuild();
}

void RankBarChart::setSelectedRank(std::optional<std::uint32_t> rank) {
    selectedRank_ = rank;
    rebuild();
}

std::optional<std::uint32_t> RankBarChart::slowestRank() const {
    if (!slowest_)
        return std::nullopt;
    return shown_[*slowest_].rank;
}

QString RankBarChart::message() const {
    return stack_->currentWidget() == message_ ? message_->text() : QString();
}

void RankBarChart::rebuild() {
    shown_.clear();
    slots_.clear();
    mean_.reset();
    slowest_.reset();
    if (!run_) {
        showMessage(tr("Open a profiling file to compare its ranks"));
        return;
    }
    if (region_ < 0 || static_cast<std::size_t>(region_) >= run_->regions.size()) {
        showMessage(tr("Select a region in the table"));
        return;
    }
    const auto region = static_cast<std::size_t>(region_);
    const QString name = QString::fromStdString(run_->regions[region]);
    collectBars(region);
    if (shown_.empty() && statistic_ == kGpuTotal) {
        showMessage(tr("%1 recorded no GPU durations").arg(name));
        return;
    }
    if (shown_.empty()) {
        showMessage(ranks_.isAll() ? tr("%1 has no calls").arg(name)
                                   : tr("%1 has no calls on ranks %2")
                                         .arg(name, QString::fromStdString(ranks_.toString())));
        return;
    }
    showBars(name);
}

void RankBarChart::collectBars(std::size_t region) {
    double sum = 0.0;
    for (const scope::RankRegion& row : run_->rowsOf(region)) {
        if (!ranks_.contains(row.rank))
            continue;
        // No calls (or, for GPU time, none with a GPU duration): no bar.
        const std::optional<double> value = statisticValue(statistic_, row.summary);
        if (!value)
            continue;
        shown_.push_back({row.rank, *value, row.summary.count});
        sum += *value;
    }
    if (shown_.empty())
        return;
    // A total or a count is work: a rank that never calls the region did none
    // of it and gets a bar at 0 that counts in the mean, as in the imbalance.
    // An average or a longest call has no value there: no bar, not in the mean.
    if (statistic_ == Statistic::Total || statistic_ == Statistic::Calls)
        addIdleRanks();
    mean_ = sum / static_cast<double>(shown_.size());
    const auto byValue = [](const Bar& a, const Bar& b) { return a.value < b.value; };
    const auto [lowest, highest] = std::minmax_element(shown_.begin(), shown_.end(), byValue);
    // With one rank, or all ranks equal, no rank is slower than the others.
    if (highest->value > lowest->value)
        slowest_ = static_cast<std::size_t>(highest - shown_.begin());

    std::uint32_t first = 0;
    std::uint32_t last = std::max(run_->numRanks > 0 ? run_->numRanks - 1 : 0, shown_.back().rank);
    if (!ranks_.isAll() && !ranks_.ranks().empty()) {
        first = ranks_.ranks().front();
        last = std::min(last, ranks_.ranks().back());
    }
    firstRank_ = first;
    lastRank_ = last;
    // The selected ranks of the run, each with a slot, when the selection
    // skips some: no empty slot for a rank the user left out.
    if (!ranks_.isAll()) {
        for (const std::uint32_t rank : scope::RankSelection::ranksOf(*run_))
            if (ranks_.contains(rank))
                slots_.push_back(rank);
        if (!slots_.empty() && slots_.back() - slots_.front() + 1 == slots_.size())
            slots_.clear();
        if (!slots_.empty()) {
            firstRank_ = slots_.front();
            lastRank_ = firstRank_ + static_cast<double>(slots_.size() - 1);
        }
    }
}

double RankBarChart::keyOf(std::uint32_t rank) const {
    if (slots_.empty())
        return rank;
    const auto it = std::lower_bound(slots_.begin(), slots_.end(), rank);
    return firstRank_ + static_cast<double>(it - slots_.begin());
}

void RankBarChart::setRankTicks() {
    if (slots_.empty()) {
        if (dynamic_cast<IntegerAxisTicker*>(plot_->xAxis->ticker().data()) == nullptr)
            plot_->xAxis->setTicker(
                QSharedPointer<QCPAxisTicker>(new IntegerAxisTicker(plot_->xAxis)));
        return;
    }
    // Every label or every k-th, so that the widest of them never touch.
    const QFontMetrics metrics(plot_->xAxis->tickLabelFont());
    const double labelWidth =
        metrics.horizontalAdvance(QString::number(slots_.back())) + metrics.averageCharWidth() * 2;
    const double pixelsPerSlot =
        std::max(1, plot_->width() - 60) / static_cast<double>(slots_.size());
    const auto stride =
        static_cast<std::size_t>(std::max(1.0, std::ceil(labelWidth / pixelsPerSlot)));
    auto ticker = QSharedPointer<QCPAxisTickerText>::create();
    for (std::size_t slot = 0; slot < slots_.size(); slot += stride)
        ticker->addTick(firstRank_ + static_cast<double>(slot), QString::number(slots_[slot]));
    plot_->xAxis->setTicker(ticker);
}

void RankBarChart::wrapLegend() {
    QCPLegend* legend = plot_->legend;
    int width = 0;
    int items = 0;
    for (int i = 0; i < legend->itemCount(); ++i) {
        if (QCPAbstractLegendItem* item = legend->item(i)) {
            width += item->minimumOuterSizeHint().width();
            ++items;
        }
    }
    width += legend->columnSpacing() * std::max(0, items - 1) + legend->margins().left() +
             legend->margins().right();
    const int wrap = width > plot_->width() - 8 ? 1 : 0;
    if (legend->wrap() != wrap) {
        legend->setWrap(wrap);
        legend->setFillOrder(QCPLayoutGrid::foColumnsFirst, true);
    }
}

void RankBarChart::addIdleRanks() {
    // ranksOf holds every rank a row names, so each bar finds its slot.
    std::vector<Bar> all;
    auto called = shown_.begin();
    for (const std::uint32_t rank : scope::RankSelection::ranksOf(*run_)) {
        if (!ranks_.contains(rank))
            continue;
        const bool hasBar = called != shown_.end() && called->rank == rank;
        all.push_back(hasBar ? *called++ : Bar{rank, 0.0, 0});
    }
    shown_ = std::move(all);
}

void RankBarChart::showBars(const QString& regionName) {
    QVector<double> keys;
    QVector<double> values;
    keys.reserve(static_cast<qsizetype>(shown_.size()));
    values.reserve(keys.capacity());
    double highest = 0.0;
    for (const Bar& bar : shown_) {
        keys.push_back(keyOf(bar.rank));
        values.push_back(bar.value);
        highest = std::max(highest, bar.value);
    }
    const QColor colour = RegionPalette::color(regionName);
    bars_->setData(keys, values, true);
    bars_->setBrush(colour);
    showSlowest(colour);
    showSelected();

    meanLegend_->setName(tr("mean %1").arg(formatStatistic(statistic_, *mean_)));
    meanLegend_->addToLegend();
    meanLine_->point1->setCoords(0, *mean_);
    meanLine_->point2->setCoords(1, *mean_);
    meanLine_->setVisible(true);

    // Long dotted Python names keep their end, which tells them apart.
    const QString shortName = regionName.size() > kTitleNameChars
                                  ? QStringLiteral("…") + regionName.right(kTitleNameChars - 1)
                                  : regionName;
    title_->setText(runLabel_.isEmpty()
                        ? tr("%1 — %2 per rank").arg(shortName, label(statistic_))
                        // The run's name on a line of its own: beside the table the
                        // chart is too narrow for both on one.
                        : tr("%1\n%2: %3 per rank").arg(runLabel_, shortName, label(statistic_)));
    plot_->yAxis->setLabel(label(statistic_));
    if (isDuration(statistic_))
        plot_->yAxis->setTicker(QSharedPointer<QCPAxisTicker>(new DurationAxisTicker));
    else
        plot_->yAxis->setTicker(QSharedPointer<QCPAxisTicker>(new IntegerAxisTicker(plot_->yAxis)));
    plot_->yAxis->setRange(0, highest > 0 ? highest * kHeadroom : 1.0);
    plot_->xAxis->setRange(firstRank_ - 0.5, lastRank_ + 0.5);
    setRankTicks();
    wrapLegend();

    stack_->setCurrentWidget(plot_);
    // Queued: with a thousand ranks drawing takes tens of milliseconds, and
    // the region table that selected the region paints first.
    plot_->replot(QCustomPlot::rpQueuedReplot);
}

void RankBarChart::showSlowest(const QColor& colour) {
    slowestLabel_->setVisible(slowest_.has_value());
    if (!slowest_) {
        slowestBars_->data()->clear();
        slowestBars_->removeFromLegend();
        return;
    }
    const Bar& slowest = shown_[*slowest_];
    slowestBars_->setData({keyOf(slowest.rank)}, {slowest.value}, true);
    slowestBars_->setBrush(colour.darker(160));
    slowestBars_->setName(tr("%1: rank %2 (%3)")
                              .arg(isDuration(statistic_) ? tr("slowest") : tr("most calls"))
                              .arg(slowest.rank)
                              .arg(formatStatistic(statistic_, slowest.value)));
    // The legend lists the slowest rank first, then the mean.
    meanLegend_->removeFromLegend();
    slowestBars_->addToLegend();

    // Keep the label of a bar at either end of the axis inside the plot.
    const double where = (keyOf(slowest.rank) - firstRank_) / std::max(1.0, lastRank_ - firstRank_);
    const Qt::Alignment side = where < 0.15   ? Qt::AlignLeft
                               : where > 0.85 ? Qt::AlignRight
                                              : Qt::AlignHCenter;
    slowestLabel_->setPositionAlignment(side | Qt::AlignBottom);
    slowestLabel_->position->setCoords(keyOf(slowest.rank), slowest.value);
    slowestLabel_->setText(tr("rank %1").arg(slowest.rank));
}

void RankBarChart::showSelected() {
    const Bar* bar = selectedRank_ ? barOf(*selectedRank_) : nullptr;
    if (bar == nullptr) {
        selectedBars_->data()->clear();
        return;
    }
    // No legend entry: beside the table the legend has no room for a third
    // one, and the outline matches the timeline's marked lane.
    selectedBars_->setData({keyOf(bar->rank)}, {bar->value}, true);
}

void RankBarChart::showMessage(const QString& text) {
    // Cleared rather than just hidden, so an export of the plot cannot show a
    // previous region.
    selectedBars_->data()->clear();
    bars_->data()->clear();
    slowestBars_->data()->clear();
    slowestBars_->removeFromLegend();
    meanLegend_->removeFromLegend();
    meanLine_->setVisible(false);
    slowestLabel_->setVisible(false);
    title_->setText(text);
    message_->setText(text);
    stack_->setCurrentWidget(message_);
}

void RankBarChart::updateBarWidths() {
    // The slowest bar's label above it stays inside a short plot: the
    // headroom is the label's height in pixels, not only a share of the axis.
    if (slowest_) {
        const double highest = shown_[*slowest_].value;
        const int axis = plot_->axisRect()->height();
        const int label = QFontMetrics(slowestLabel_->font()).height() + 6;
        double upper = highest * kHeadroom;
        if (axis > 2 * label)
            upper = std::max(upper, highest * axis / (axis - label));
        if (highest > 0 && std::abs(plot_->yAxis->range().upper - upper) > 1e-9 * upper)
            plot_->yAxis->setRange(0, upper);
    }
    const double ranks = plot_->xAxis->range().size();
    const double pixelsPerRank = ranks > 0 ? plot_->axisRect()->width() / ranks : 0.0;
    const QColor colour = bars_->brush().color();
    const double pixels = kBarWidth * pixelsPerRank;
    if (pixels >= kWideBarPixels) {
        for (QCPBars* bars : {bars_, slowestBars_, selectedBars_}) {
            // A few ranks on a wide plot: slabs look like an area, not like bars.
            bars->setWidthType(pixels > kMaxBarPixels ? QCPBars::wtAbsolute
                                                      : QCPBars::wtPlotCoords);
            bars->setWidth(pixels > kMaxBarPixels ? kMaxBarPixels : kBarWidth);
        }
        bars_->setPen(QPen(colour.darker(130), 1));
        slowestBars_->setPen(QPen(kInk, 1.5));
    } else {
        // Thousands of ranks: bars touch, and the slowest one stays wide enough to find.
        bars_->setWidthType(QCPBars::wtAbsolute);
        bars_->setWidth(std::max(1.0, pixels));
        bars_->setPen(Qt::NoPen);
        slowestBars_->setWidthType(QCPBars::wtAbsolute);
        slowestBars_->setWidth(kWideBarPixels);
        slowestBars_->setPen(QPen(kInk, 1));
        selectedBars_->setWidthType(QCPBars::wtAbsolute);
        selectedBars_->setWidth(kWideBarPixels + 2);
    }
}

void RankBarChart::keepXRangeInBounds() {
    const QCPRange all(firstRank_ - 0.5, lastRank_ + 0.5);
    QCPRange range = plot_->xAxis->range();
    const double minimum = std::min(all.size(), 3.0);
    if (range.size() >= all.size()) {
        range = all;
    } else {
        if (range.size() < minimum)
            range = QCPRange(range.center() - minimum / 2, range.center() + minimum / 2);
        if (range.lower < all.lower)
            range += all.lower - range.lower;
        if (range.upper > all.upper)
            range -= range.upper - all.upper;
    }
    if (range != plot_->xAxis->range())
        plot_->xAxis->setRange(range);
}
