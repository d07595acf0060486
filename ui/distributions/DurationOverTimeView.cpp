// SPDX-License-Identifier: GPL-3.0-or-later
#include "DurationOverTimeView.h"

#include "RegionPalette.h"
#include "charts/DurationAxisTicker.h"
#include "charts/LogDurationAxisTicker.h"
#include "charts/TimeAxisTicker.h"
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

QColor rankColour(std::size_t i, std::size_t n) {
    return QColor::fromHsv(static_cast<int>(i * 360 / std::max<std::size_t>(n, 1)), 200, 170);
}

} // namespace

DurationOverTimeView::DurationOverTimeView(QWidget* parent)
    : QWidget(parent), plot_(new QCustomPlot(this)),
      logarithmic_(new QCheckBox(tr("Logarithmic durations"), this)) {
    logarithmic_->setChecked(true);
    auto* options = new QHBoxLayout;
    options->addStretch();
    options->addWidget(logarithmic_);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addLayout(options);
    layout->addWidget(plot_, 1);
    connect(logarithmic_, &QCheckBox::toggled, this, &DurationOverTimeView::rebuild);

    plot_->plotLayout()->insertRow(0);
    title_ = new QCPTextElement(plot_, QString(), QFont(font().family(), font().pointSize() + 1));
    title_->setTextColor(kInk);
    plot_->plotLayout()->addElement(0, 0, title_);
    plot_->xAxis->setTicker(QSharedPointer<QCPAxisTicker>(new TimeAxisTicker));
    plot_->xAxis->setLabel(tr("Time since the run's start"));
    plot_->yAxis->setLabel(tr("Call duration"));
    plot_->yAxis->grid()->setPen(QPen(QColor(0xdd, 0xdd, 0xdd), 0, Qt::SolidLine));
    // Time is what one zooms into; the durations keep their full range.
    plot_->setInteractions(QCP::iRangeDrag | QCP::iRangeZoom);
    plot_->axisRect()->setRangeDrag(Qt::Horizontal);
    plot_->axisRect()->setRangeZoom(Qt::Horizontal);
    connect(plot_->xAxis, qOverload<const QCPRange&>(&QCPAxis::rangeChanged), this,
            [this] { reduceVisible(); });
    median_ = plot_->addGraph();
    // On a layer of its own above the strokes, which are added after it.
    plot_->addLayer(QStringLiteral("median"), plot_->layer(QStringLiteral("main")),
                    QCustomPlot::limAbove);
    median_->setLayer(QStringLiteral("median"));
    median_->setPen(QPen(kInk, 1.6));
    median_->setName(tr("Rolling median of %1 calls").arg(scope::DurationSeries::kMedianWindow));
    message_ = new QCPItemText(plot_);
    message_->position->setType(QCPItemPosition::ptAxisRectRatio);
    message_->position->setCoords(0.5, 0.5);
    message_->setColor(kQuiet);
    message_->setVisible(false);
    plot_->legend->setBrush(QColor(255, 255, 255, 220));
    plot_->axisRect()->insetLayout()->setInsetAlignment(0, Qt::AlignTop | Qt::AlignRight);

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

void DurationOverTimeView::setRun(std::shared_ptr<const scope::ProfilingResults> results) {
    results_ = std::move(results);
    rebuild();
}

void DurationOverTimeView::setRegion(int region) {
    region_ = region;
    rebuild();
}

void DurationOverTimeView::setRanks(const scope::RankSelection& ranks) {
    ranks_ = ranks;
    rebuild();
}

void DurationOverTimeView::setRegionAndRanks(int region, const scope::RankSelection& ranks) {
    region_ = region;
    ranks_ = ranks;
    rebuild();
}

void DurationOverTimeView::setLogarithmic(bool on) {
    logarithmic_->setChecked(on);
}

void DurationOverTimeView::setRunLabel(const QString& label) {
    runLabel_ = label;
    title_->setText(title());
    plot_->replot();
}

QString DurationOverTimeView::title() const {
    if (!results_ || region_ < 0 || static_cast<std::size_t>(region_) >= results_->regions.size())
        return tr("Call durations over time");
    const QString what = tr("Call durations over time of %1")
                             .arg(QString::fromStdString(results_->regions[region_]));
    // The run on a line of its own: beside the table the pane is narrow.
    return runLabel_.isEmpty() ? what : tr("%1\n%2").arg(what, runLabel_);
}

void DurationOverTimeView::showMessage(const QString& text) {
    message_->setText(text);
    message_->setVisible(true);
    for (QCPAxis* axis : {plot_->xAxis, plot_->yAxis}) {
        axis->setBasePen(QPen(kQuiet));
        axis->setTickLabelColor(kQuiet);
        axis->setLabelColor(kQuiet);
    }
}

void DurationOverTimeView::setDurationAxis() {
    const bool log = logarithmic_->isChecked();
    plot_->yAxis->setScaleType(log ? QCPAxis::stLogarithmic : QCPAxis::stLinear);
    plot_->yAxis->setTicker(log ? QSharedPointer<QCPAxisTicker>(new LogDurationAxisTicker)
                                : QSharedPointer<QCPAxisTicker>(new DurationAxisTicker));
}

void DurationOverTimeView::rebuild() {
    series_ = {};
    reduction_ = {};
    for (QCPErrorBars* strokes : strokes_)
        plot_->removePlottable(strokes);
    for (QCPGraph* graph : graphs_)
        plot_->removeGraph(graph);
    strokes_.clear();
    graphs_.clear();
    median_->data()->clear();
    message_->setVisible(false);
    for (QCPAxis* axis : {plot_->xAxis, plot_->yAxis}) {
        axis->setBasePen(QPen(kInk));
        axis->setTickLabelColor(kInk);
        axis->setLabelColor(kInk);
    }
    plot_->legend->setVisible(false);
    title_->setText(title());
    setDurationAxis();

    const bool hasRegion =
        results_ && region_ >= 0 && static_cast<std::size_t>(region_) < results_->regions.size();
    if (!hasRegion) {
        showMessage(tr("Choose a region to see how long its calls take over time."));
    } else if (!results_->eventsRead) {
        showMessage(tr("Only summary statistics were read: the durations of single calls "
                       "are not available for this run."));
    } else {
        series_ = scope::DurationSeries::of(*results_, static_cast<std::size_t>(region_), ranks_);
        if (series_.empty())
            showMessage(tr("No calls of this region in the selected ranks."));
    }
    logarithmic_->setEnabled(available());
    if (!available()) {
        plot_->xAxis->setRange(0, 1);
        plot_->yAxis->setRange(logarithmic_->isChecked() ? QCPRange(1e-6, 1) : QCPRange(0, 1));
        plot_->replot();
        return;
    }

    const auto& ranks = series_.ranks();
    const std::size_t rows = perRank() ? ranks.size() : 1;
    const QColor regionColour =
        RegionPalette::color(QString::fromStdString(results_->regions[region_]));
    for (std::size_t i = 0; i < rows; ++i) {
        const QColor colour = perRank() ? rankColour(i, rows) : regionColour;
        QCPGraph* graph = plot_->addGraph();
        graph->setLineStyle(QCPGraph::lsNone);
        // Columns with one call have no stroke length: a dot shows them.
        graph->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssDisc, colour, 4));
        graph->setPen(QPen(colour));
        graph->setName(perRank() ? tr("rank %1").arg(ranks[i])
                                 : tr("all %1 ranks").arg(ranks.size()));
        if (perRank() && rows > kMaxLegendRanks)
            graph->removeFromLegend();
        auto* strokes = new QCPErrorBars(plot_->xAxis, plot_->yAxis);
        strokes->setDataPlottable(graph);
        strokes->setErrorType(QCPErrorBars::etValueError);
        strokes->setWhiskerWidth(0);
        strokes->setSymbolGap(0);
        strokes->setPen(QPen(colour, 1.2));
        strokes->removeFromLegend();
        graphs_.push_back(graph);
        strokes_.push_back(strokes);
    }
    plot_->legend->setVisible(true);

    const double first = series_.firstStart();
    // At least as long as the longest call, so that a single call (main)
    // does not get an axis of nanoseconds.
    const double span = std::max({series_.lastStart() - first, series_.longest(), 1e-9});
    const bool log = logarithmic_->isChecked();
    const double low = log ? std::max(series_.shortest(), kLogFloor) : 0.0;
    const double high = std::max(series_.longest(), low * 1.01);
    plot_->yAxis->setRange(log ? QCPRange(low / 1.5, high * 2.5) : QCPRange(0, high * 1.15));
    const QCPRange time(first - span * 0.02, first + span * 1.02);
    if (plot_->xAxis->range() == time)
        reduceVisible(); // no rangeChanged to do it
    plot_->xAxis->setRange(time);
    plot_->replot();
}

void DurationOverTimeView::reduceVisible() {
    if (!available() || reducing_)
        return;
    reducing_ = true;
    const QCPRange range = plot_->xAxis->range();
    const auto columns =
        static_cast<std::size_t>(std::max(plot_->axisRect()->width(), kMinColumns));
    reduction_ = series_.reduce(range.lower, range.upper, columns, !perRank());
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
    reducing_ = false;
}

void DurationOverTimeView::resizeEvent(QResizeEvent* event) {
    QWidget::resizeEvent(event);
    reduceVisible();
}

QString DurationOverTimeView::toolTipAt(QPoint position) const {
    if (!available() || !plot_->axisRect()->rect().contains(position))
        return {};
    // The columns under the pointer, two pixels either side: there are more
    // columns than pixels, and a one-pixel stroke is hard to hit exactly.
    const QCPRange range = plot_->xAxis->range();
    const double t0 = std::max(range.lower, plot_->xAxis->pixelToCoord(position.x() - 2));
    const double t1 = std::min(range.upper, plot_->xAxis->pixelToCoord(position.x() + 2));
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
        const QString who = perRank() ? tr("rank %1").arg(series_.ranks()[row]) : tr("all ranks");
        const QString calls = count == 1 ? tr("1 call") : tr("%1 calls").arg(count);
        lines << (count == 1 ? tr("%1: %2 (%3)").arg(who, duration(low), calls)
                             : tr("%1: %2–%3 (%4)").arg(who, duration(low), duration(high), calls));
    }
    return lines.size() > 1 ? lines.join(QLatin1Char('\n')) : QString();
}
