// SPDX-License-Identifier: GPL-3.0-or-later
#include "DurationOverTimeView.h"

#include "base/DurationFormat.h"
#include "base/MemoryBudget.h"
#include "charts/DurationAxisTicker.h"
#include "charts/LogDurationAxisTicker.h"
#include "charts/TickLabelFit.h"
#include "charts/TimeAxisTicker.h"
#include "common/RegionPalette.h"

#include <QCheckBox>
#include <QHBoxLayout>
#include <qcustomplot.h>

#include <algorithm>
#include <cmath>

namespace {

const QColor kInk(0x20, 0x20, 0x20);
// Strokes need at least a column per pixel of an exported image too, which
// is usually wider than the pane on screen.
constexpr int kMinColumns = 1200;
// Zero-length calls still show on a logarithmic axis, at a nanosecond.
constexpr double kLogFloor = 1e-9;
// Beyond this many ranks the legend would hide the chart: colours only.
constexpr std::size_t kMaxLegendRanks = 8;

QString duration(double seconds) {
    return QString::fromStdString(scope::formatDuration(seconds));
}

// "10.2 M", "12,345": how many calls a region has, for the message.
QString callCount(std::uint64_t calls) {
    if (calls >= 1'000'000)
        return QStringLiteral("%1 M").arg(static_cast<double>(calls) / 1e6, 0, 'f', 1);
    return QLocale().toString(static_cast<qulonglong>(calls));
}

QColor rankColour(std::size_t i, std::size_t n) {
    return QColor::fromHsv(static_cast<int>(i * 360 / std::max<std::size_t>(n, 1)), 200, 170);
}

} // namespace

DurationOverTimeView::DurationOverTimeView(QWidget* parent)
    : RegionCallsChart(parent), logarithmic_(new QCheckBox(tr("Logarithmic durations"), this)),
      asked_(this, [this](int, Asked asked) { receive(std::move(asked)); }) {
    logarithmic_->setChecked(true);
    options()->addWidget(logarithmic_);
    // The series does not depend on the axis: a redraw.
    connect(logarithmic_, &QCheckBox::toggled, this, &DurationOverTimeView::draw);

    QCustomPlot* plot = this->plot();
    plot->xAxis->setTicker(QSharedPointer<QCPAxisTicker>(new TimeAxisTicker));
    plot->xAxis->setLabel(tr("Time since the run's start"));
    plot->yAxis->setLabel(tr("Call duration"));
    // Time is what one zooms into; the durations keep their full range.
    plot->setInteractions(QCP::iRangeDrag | QCP::iRangeZoom);
    plot->axisRect()->setRangeDrag(Qt::Horizontal);
    plot->axisRect()->setRangeZoom(Qt::Horizontal);
    connect(plot->xAxis, qOverload<const QCPRange&>(&QCPAxis::rangeChanged), this,
            [this] { reduceVisible(); });
    median_ = plot->addGraph();
    // On a layer of its own above the strokes, which are added after it.
    plot->addLayer(QStringLiteral("median"), plot->layer(QStringLiteral("main")),
                   QCustomPlot::limAbove);
    median_->setLayer(QStringLiteral("median"));
    median_->setPen(QPen(kInk, 1.6));
    TickLabelFit::attach(plot->xAxis);
    TickLabelFit::attach(plot->yAxis);
    rebuild();
}

void DurationOverTimeView::setLogarithmic(bool on) {
    logarithmic_->setChecked(on);
}

QString DurationOverTimeView::title() const {
    if (!hasRegion())
        return tr("Call durations over time");
    return titleOf(tr("Call durations over time of %1").arg(QString::fromStdString(regionName())));
}

QString DurationOverTimeView::noRegionText() const {
    return tr("Choose a region to see how long its calls take over time.");
}

void DurationOverTimeView::clear() {
    asked_.cancel();
    series_ = {};
    outline_ = {};
    reduction_ = {};
}

RegionCallsChart::Job DurationOverTimeView::job() {
    auto result = std::make_shared<scope::DurationSeries>();
    auto outline = std::make_shared<scope::DurationOutline>();
    const bool elsewhere = asksTheHost();
    auto work = [result, outline, elsewhere, results = results(),
                 region = static_cast<std::size_t>(this->region()), ranks = ranks(),
                 limit = byteLimit()](const std::atomic<bool>& cancel) {
        if (elsewhere) {
            *outline = results->callsElsewhere->durations(region, ranks, 0, 0, 0, false).outline;
            return;
        }
        *result = scope::DurationSeries::of(*results, region, ranks,
                                            scope::DurationSeries::kMedianWindow, limit, &cancel);
        *outline = result->outline();
    };
    auto show = [this, result, outline, elsewhere, limit = byteLimit()] {
        series_ = std::move(*result);
        outline_ = std::move(*outline);
        // Two lines: the side pane is narrow.
        if (const std::uint64_t calls = outline_.callsOverLimit; calls > 0 && elsewhere)
            showMessage(tr("This region has %1 calls;\nmore than the memory budget on the host "
                           "allows for this chart.")
                            .arg(callCount(calls)));
        else if (calls > 0)
            showMessage(tr("This region has %1 calls;\nmore than the memory budget allows for "
                           "this chart (%2).")
                            .arg(callCount(calls),
                                 QString::fromStdString(scope::MemoryBudget::format(limit))));
        else if (outline_.empty())
            showMessage(tr("No calls of this region in the selected ranks."));
    };
    return {work, show};
}

void DurationOverTimeView::setDurationAxis() {
    const bool log = logarithmic_->isChecked();
    plot()->yAxis->setScaleType(log ? QCPAxis::stLogarithmic : QCPAxis::stLinear);
    plot()->yAxis->setTicker(log ? QSharedPointer<QCPAxisTicker>(new LogDurationAxisTicker)
                                 : QSharedPointer<QCPAxisTicker>(new DurationAxisTicker));
}

void DurationOverTimeView::draw() {
    QCustomPlot* plot = this->plot();
    reduction_ = {};
    for (QCPErrorBars* strokes : strokes_)
        plot->removePlottable(strokes);
    for (QCPGraph* graph : graphs_)
        plot->removeGraph(graph);
    strokes_.clear();
    graphs_.clear();
    median_->data()->clear();
    plot->legend->setVisible(false);
    setDurationAxis();
    logarithmic_->setEnabled(available());
    if (!available()) {
        plot->xAxis->setRange(0, 1);
        plot->yAxis->setRange(logarithmic_->isChecked() ? QCPRange(1e-6, 1) : QCPRange(0, 1));
        plot->replot();
        return;
    }

    const auto& ranks = outline_.ranks;
    const std::size_t rows = perRank() ? ranks.size() : 1;
    const QColor regionColour = RegionPalette::color(QString::fromStdString(regionName()));
    for (std::size_t i = 0; i < rows; ++i) {
        const QColor colour = perRank() ? rankColour(i, rows) : regionColour;
        QCPGraph* graph = plot->addGraph();
        graph->setLineStyle(QCPGraph::lsNone);
        // Columns with one call have no stroke length: a dot shows them.
        graph->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssDisc, colour, 4));
        graph->setPen(QPen(colour));
        graph->setName(perRank() ? tr("rank %1").arg(ranks[i])
                                 : tr("all %1 ranks").arg(ranks.size()));
        if (perRank() && rows > kMaxLegendRanks)
            graph->removeFromLegend();
        auto* strokes = new QCPErrorBars(plot->xAxis, plot->yAxis);
        strokes->setDataPlottable(graph);
        strokes->setErrorType(QCPErrorBars::etValueError);
        strokes->setWhiskerWidth(0);
        strokes->setSymbolGap(0);
        strokes->setPen(QPen(colour, 1.2));
        strokes->removeFromLegend();
        graphs_.push_back(graph);
        strokes_.push_back(strokes);
    }
    // A single call has no median to draw: the legend does not promise one.
    if (outline_.calls > 1)
        median_->addToLegend();
    else
        median_->removeFromLegend();
    median_->setName(
        scope::DurationSeries::medianRolls(outline_.calls)
            ? tr("Rolling median of %1 calls").arg(scope::DurationSeries::kMedianWindow)
            : tr("Median of all %1 calls").arg(outline_.calls));
    plot->legend->setVisible(true);

    const double first = outline_.firstStart;
    // At least as long as the longest call, so that a single call (main)
    // does not get an axis of nanoseconds.
    const double span = std::max({outline_.lastStart - first, outline_.longest, 1e-9});
    const bool log = logarithmic_->isChecked();
    const double low = log ? std::max(outline_.shortest, kLogFloor) : 0.0;
    const double high = std::max(outline_.longest, low * 1.01);
    // As much room below as above on a log axis: a single duration (or
    // several alike) sits in the middle, not near the floor.
    plot->yAxis->setRange(log ? QCPRange(low / 2, high * 2) : QCPRange(0, high * 1.15));
    const QCPRange time(first - span * 0.02, first + span * 1.02);
    if (plot->xAxis->range() == time)
        reduceVisible(); // no rangeChanged to do it
    plot->xAxis->setRange(time);
    plot->replot();
}

void DurationOverTimeView::reduceVisible() {
    if (!available() || reducing_)
        return;
    reducing_ = true;
    const QCPRange range = plot()->xAxis->range();
    const auto columns =
        static_cast<std::size_t>(std::max(plot()->axisRect()->width(), kMinColumns));
    if (asksTheHost()) {
        askForWindow(range.lower, range.upper, columns, !perRank());
    } else {
        reduction_ = series_.reduce(range.lower, range.upper, columns, !perRank());
        drawReduction();
    }
    reducing_ = false;
}

void DurationOverTimeView::askForWindow(double t0, double t1, std::size_t columns, bool pooled) {
    asked_.startOne([results = results(), region = static_cast<std::size_t>(this->region()),
                     ranks = ranks(), t0, t1, columns, pooled](const std::atomic<bool>& stop) {
        Asked asked;
        // A window superseded before its turn is not asked for at all.
        if (stop.load())
            return asked;
        try {
            asked.reduction = std::make_shared<const scope::DurationReduction>(
                results->callsElsewhere->durations(region, ranks, t0, t1, columns, pooled)
                    .reduction);
        } catch (const std::exception& error) {
            asked.error = error.what();
        }
        return asked;
    });
}

void DurationOverTimeView::receive(Asked asked) {
    if (!asksTheHost())
        return;
    if (!asked.error.empty()) {
        clear();
        showMessage(QString::fromStdString(asked.error));
        draw();
        return;
    }
    if (!asked.reduction)
        return;
    reduction_ = *asked.reduction;
    drawReduction();
    plot()->replot(QCustomPlot::rpQueuedReplot);
}

void DurationOverTimeView::finishDrawing() {
    if (asked_.busy())
        asked_.finishNow();
}

void DurationOverTimeView::drawReduction() {
    const std::size_t columns = reduction_.columns;
    if (columns == 0 || reduction_.series > graphs_.size())
        return;
    const QCPRange range(reduction_.t0, reduction_.t1);
    const bool log = logarithmic_->isChecked();
    auto drawn = [log](double v) { return log ? std::max(v, kLogFloor) : v; };
    const double width = (range.upper - range.lower) / static_cast<double>(columns);
    for (std::size_t row = 0; row < reduction_.series; ++row) {
        QVector<double> keys, values, minus, plus;
        for (std::size_t c = 0; c < columns; ++c) {
            const std::size_t cell = reduction_.at(row, c);
            if (reduction_.count[cell] == 0)
                continue;
            keys.push_back(reduction_.columnStart(c) + width / 2);
            values.push_back(drawn(reduction_.minimum[cell]));
            minus.push_back(0.0);
            plus.push_back(drawn(reduction_.maximum[cell]) - drawn(reduction_.minimum[cell]));
        }
        graphs_[row]->setData(keys, values, true);
        strokes_[row]->setData(minus, plus);
    }
    QVector<double> keys, values;
    for (std::size_t c = 0; c < columns; ++c) {
        if (reduction_.medianCount[c] == 0)
            continue;
        keys.push_back(reduction_.columnStart(c) + width / 2);
        values.push_back(drawn((reduction_.medianLow[c] + reduction_.medianHigh[c]) / 2));
    }
    median_->setData(keys, values, true);
}

void DurationOverTimeView::resizeEvent(QResizeEvent* event) {
    QWidget::resizeEvent(event);
    reduceVisible();
}

QString DurationOverTimeView::toolTipAt(QPoint position) const {
    if (!available() || !plot()->axisRect()->rect().contains(position))
        return {};
    // The columns under the pointer, two pixels either side: there are more
    // columns than pixels, and a one-pixel stroke is hard to hit exactly.
    const QCPRange range = plot()->xAxis->range();
    const double t0 = std::max(range.lower, plot()->xAxis->pixelToCoord(position.x() - 2));
    const double t1 = std::min(range.upper, plot()->xAxis->pixelToCoord(position.x() + 2));
    const std::size_t first = reduction_.columnOf(t0);
    const std::size_t last = reduction_.columnOf(t1);
    if (first >= reduction_.columns || last >= reduction_.columns)
        return {};
    QStringList lines{tr("%1 – %2").arg(TimeAxisTicker::formatTime(t0, range, t1 - t0),
                                        TimeAxisTicker::formatTime(t1, range, t1 - t0))};
    constexpr int kMaxLines = 17;
    for (std::size_t row = 0; row < reduction_.series && lines.size() < kMaxLines; ++row) {
        std::uint32_t count = 0;
        double low = 0, high = 0;
        for (std::size_t c = first; c <= last; ++c) {
            const std::size_t cell = reduction_.at(row, c);
            if (reduction_.count[cell] == 0)
                continue;
            low = count == 0 ? reduction_.minimum[cell] : std::min(low, reduction_.minimum[cell]);
            high = count == 0 ? reduction_.maximum[cell] : std::max(high, reduction_.maximum[cell]);
            count += reduction_.count[cell];
        }
        if (count == 0)
            continue;
        const QString who = perRank() ? tr("rank %1").arg(outline_.ranks[row]) : tr("all ranks");
        const QString calls = count == 1 ? tr("1 call") : tr("%1 calls").arg(count);
        lines << (count == 1 ? tr("%1: %2 (%3)").arg(who, duration(low), calls)
                             : tr("%1: %2–%3 (%4)").arg(who, duration(low), duration(high), calls));
    }
    return lines.size() > 1 ? lines.join(QLatin1Char('\n')) : QString();
}
