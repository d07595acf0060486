// SPDX-License-Identifier: GPL-3.0-or-later
#include "ComparisonBarChart.h"

#include "SignificanceText.h"

#include "base/DurationFormat.h"
#include "charts/ChartTitle.h"
#include "charts/DurationAxisTicker.h"
#include "charts/LogDurationAxisTicker.h"

#include <QHelpEvent>
#include <QLabel>
#include <QStackedLayout>
#include <QToolTip>
#include <qcustomplot.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>

namespace {

// Okabe–Ito: distinguishable for colour-blind readers. The region palette
// starts with the same colours; here the legend names runs, and the regions
// are the groups along the axis.
constexpr std::array<QRgb, 8> kRunColors = {0x0072b2, 0xe69f00, 0x009e73, 0xcc79a7,
                                            0x56b4e9, 0xd55e00, 0xf0e442, 0x000000};
constexpr double kGroupWidth = 0.8; // of one region's slot
// Region names tilt once they would not fit side by side.
constexpr int kUprightRegions = 6;
// Beyond this ratio of the largest to the smallest bar a linear axis leaves
// the small ones as flat lines.
constexpr double kLogRatio = 100.0;

QString metricTitle(scope::ComparisonMetric metric) {
    switch (metric) {
    case scope::ComparisonMetric::Total:
        return ComparisonBarChart::tr("Total duration per region");
    case scope::ComparisonMetric::Min:
        return ComparisonBarChart::tr("Minimum call duration per region");
    case scope::ComparisonMetric::Max:
        return ComparisonBarChart::tr("Maximum call duration per region");
    case scope::ComparisonMetric::RankMean:
        return ComparisonBarChart::tr("Total duration per rank, per region");
    case scope::ComparisonMetric::SlowestRank:
        return ComparisonBarChart::tr("Slowest rank's total duration per region");
    default:
        return ComparisonBarChart::tr("Average call duration per region");
    }
}

// What a bar's value is, for its tooltip.
QString metricWords(scope::ComparisonMetric metric) {
    switch (metric) {
    case scope::ComparisonMetric::Total:
        return ComparisonBarChart::tr("total");
    case scope::ComparisonMetric::Min:
        return ComparisonBarChart::tr("shortest call");
    case scope::ComparisonMetric::Max:
        return ComparisonBarChart::tr("longest call");
    case scope::ComparisonMetric::RankMean:
        return ComparisonBarChart::tr("total per rank");
    case scope::ComparisonMetric::SlowestRank:
        return ComparisonBarChart::tr("slowest rank's total");
    default:
        return ComparisonBarChart::tr("average call");
    }
}

// The run's colour blended towards white: a bar that did not really change.
QColor pale(const QColor& colour) {
    const auto towardsWhite = [](int channel) { return channel + (255 - channel) * 3 / 5; };
    return QColor(towardsWhite(colour.red()), towardsWhite(colour.green()),
                  towardsWhite(colour.blue()));
}

double largestOf(const std::vector<std::optional<double>>& values) {
    double largest = -1.0;
    for (const std::optional<double>& value : values)
        largest = std::max(largest, value.value_or(-1.0));
    return largest;
}

} // namespace

ComparisonBarChart::ComparisonBarChart(QWidget* parent) : QWidget(parent) {
    stack_ = new QStackedLayout(this);
    stack_->setContentsMargins(0, 0, 0, 0);
    message_ = new QLabel(this);
    message_->setAlignment(Qt::AlignCenter);
    message_->setWordWrap(true);
    message_->setForegroundRole(QPalette::PlaceholderText);
    plot_ = new QCustomPlot(this);
    stack_->addWidget(plot_);
    stack_->addWidget(message_);

    title_ = ChartTitle::add(plot_);
    plot_->legend->setVisible(true);
    plot_->legend->setBrush(QColor(255, 255, 255, 220));
    plot_->axisRect()->insetLayout()->setInsetAlignment(0, Qt::AlignTop | Qt::AlignRight);
    plot_->xAxis->grid()->setVisible(false);
    plot_->xAxis->setSubTicks(false);
    plot_->xAxis->setTickLength(0, 4);
    plot_->xAxis->setLabel(tr("Region"));
    plot_->yAxis->setTicker(QSharedPointer<QCPAxisTicker>(new DurationAxisTicker));
    plot_->yAxis->grid()->setPen(QPen(QColor(0xdd, 0xdd, 0xdd), 0, Qt::SolidLine));
    plot_->yAxis->setSubTicks(false);
    plot_->installEventFilter(this); // hover tooltips
    group_ = new QCPBarsGroup(plot_);
    group_->setSpacingType(QCPBarsGroup::stAbsolute);
    group_->setSpacing(1);
    unchangedGroup_ = new QCPBarsGroup(plot_);
    unchangedGroup_->setSpacingType(QCPBarsGroup::stAbsolute);
    unchangedGroup_->setSpacing(1);
    rebuild();
}

QColor ComparisonBarChart::runColor(int run) {
    return QColor::fromRgb(kRunColors[static_cast<std::size_t>(run) % kRunColors.size()]);
}

void ComparisonBarChart::setRuns(std::vector<const scope::ProfilingResults*> runs,
                                 const QStringList& labels) {
    runs_ = std::move(runs);
    labels_ = labels;
    rebuild();
}

void ComparisonBarChart::setLogScale(bool on) {
    chosenLog_ = on;
    applyScale();
    plot_->replot();
}

void ComparisonBarChart::setReports(const std::vector<std::optional<scope::DiffReport>>& perRun) {
    reports_ = perRun;
    rebuild();
}

const scope::RegionChange* ComparisonBarChart::change(int run, const std::string& region) const {
    if (run < 0 || run >= static_cast<int>(reports_.size()))
        return nullptr;
    const std::optional<scope::DiffReport>& report = reports_[static_cast<std::size_t>(run)];
    if (!report || report->statistic != metric_)
        return nullptr;
    const auto found =
        std::find_if(report->regions.begin(), report->regions.end(),
                     [&](const scope::RegionChange& change) { return change.name == region; });
    return found == report->regions.end() ? nullptr : &*found;
}

void ComparisonBarChart::setMetric(scope::ComparisonMetric metric) {
    if (metric == scope::ComparisonMetric::Calls)
        return;
    metric_ = metric;
    rebuild();
}

QCPBars* ComparisonBarChart::bars(int run) const {
    return run >= 0 && run < static_cast<int>(bars_.size()) ? bars_[static_cast<std::size_t>(run)]
                                                            : nullptr;
}

QCPBars* ComparisonBarChart::unchangedBars(int run) const {
    return run >= 0 && run < static_cast<int>(unchanged_.size())
               ? unchanged_[static_cast<std::size_t>(run)]
               : nullptr;
}

QCPErrorBars* ComparisonBarChart::whiskers(int run) const {
    return run >= 0 && run < static_cast<int>(whiskers_.size())
               ? whiskers_[static_cast<std::size_t>(run)]
               : nullptr;
}

QString ComparisonBarChart::message() const {
    return stack_->currentWidget() == message_ ? message_->text() : QString();
}

void ComparisonBarChart::showMessage(const QString& text) {
    message_->setText(text);
    stack_->setCurrentWidget(message_);
}

std::optional<std::pair<int, int>> ComparisonBarChart::barAt(const QPointF& position) const {
    if (!hasBars() || stack_->currentWidget() != plot_ ||
        !plot_->axisRect()->rect().contains(position.toPoint()))
        return std::nullopt;
    // Bars of a group sit side by side across kGroupWidth around the region's
    // key, in the order of the runs.
    const double key = plot_->xAxis->pixelToCoord(position.x());
    const double region = std::round(key);
    if (region < 0 || region >= static_cast<double>(regions_.size()))
        return std::nullopt;
    const double offset = key - (region - kGroupWidth / 2.0);
    if (offset < 0.0 || offset >= kGroupWidth)
        return std::nullopt;
    const int run =
        std::min(static_cast<int>(offset / (kGroupWidth / static_cast<double>(runs_.size()))),
                 static_cast<int>(runs_.size()) - 1);
    return std::pair(run, static_cast<int>(region));
}

QString ComparisonBarChart::toolTipFor(int run, int region) const {
    if (region < 0 || region >= static_cast<int>(values_.size()) || run < 0 ||
        run >= static_cast<int>(runs_.size()))
        return {};
    const std::optional<double> value =
        values_[static_cast<std::size_t>(region)][static_cast<std::size_t>(run)];
    const QString label = run < labels_.size() ? labels_[run] : QString::number(run + 1);
    const QString what =
        value ? tr("%1, %2").arg(QString::fromStdString(scope::formatDuration(*value)),
                                 metricWords(metric_))
              : tr("no calls");
    QString text = tr("%1\n%2: %3").arg(regions_[region], label, what);
    if (const scope::RegionChange* found = change(run, regions_[region].toStdString())) {
        const std::optional<scope::DiffReport>& report = reports_[static_cast<std::size_t>(run)];
        const QString percent =
            found->changePercent
                ? SignificanceText::signedPercent(*found->changePercent) + QStringLiteral(" %, ")
                : QString();
        text += QLatin1Char('\n') + percent +
                SignificanceText::details(*found, report->thresholdPercent);
    }
    return text;
}

bool ComparisonBarChart::eventFilter(QObject* watched, QEvent* event) {
    if (watched == plot_ && event->type() == QEvent::ToolTip) {
        const auto* help = static_cast<QHelpEvent*>(event);
        if (const auto bar = barAt(help->pos()))
            QToolTip::showText(help->globalPos(), toolTipFor(bar->first, bar->second), plot_);
        else
            QToolTip::hideText();
        return true;
    }
    return QWidget::eventFilter(watched, event);
}

void ComparisonBarChart::rebuild() {
    for (QCPErrorBars* whiskers : whiskers_)
        plot_->removePlottable(whiskers);
    whiskers_.clear();
    for (QCPBars* bars : unchanged_)
        plot_->removePlottable(bars);
    unchanged_.clear();
    unchangedGroup_->clear();
    for (QCPBars* bars : bars_)
        plot_->removePlottable(bars);
    bars_.clear();
    group_->clear();
    regions_.clear();
    values_.clear();
    if (runs_.size() < 2) {
        showMessage(tr("Open two or more runs to compare them."));
        plot_->replot();
        return;
    }
    scope::ComparisonOptions options;
    options.metric = metric_;
    std::vector<scope::ComparisonRow> rows = scope::RunComparison::compute(runs_, options);
    std::erase_if(rows, [](const scope::ComparisonRow& row) { return !row.inAllRuns(); });
    if (rows.empty()) {
        showMessage(tr("The runs have no region in common."));
        plot_->replot();
        return;
    }
    // Largest first: the costly regions lead, whichever run is the baseline.
    std::stable_sort(rows.begin(), rows.end(),
                     [](const scope::ComparisonRow& a, const scope::ComparisonRow& b) {
                         return largestOf(a.values) > largestOf(b.values);
                     });
    QSharedPointer<QCPAxisTickerText> ticker(new QCPAxisTickerText);
    for (std::size_t i = 0; i < rows.size(); ++i) {
        regions_ << QString::fromStdString(rows[i].region);
        values_.push_back(rows[i].values);
        ticker->addTick(static_cast<double>(i), regions_.last());
    }
    plot_->xAxis->setTicker(ticker);
    plot_->xAxis->setTickLabelRotation(rows.size() > kUprightRegions ? -30 : 0);
    plot_->xAxis->setLabel(
        tr("Region, largest first (the largest %1 of any run)").arg(metricWords(metric_)));
    const double width = kGroupWidth / static_cast<double>(runs_.size());
    for (std::size_t run = 0; run < runs_.size(); ++run) {
        auto* bars = new QCPBars(plot_->xAxis, plot_->yAxis);
        bars->setName(run < static_cast<std::size_t>(labels_.size())
                          ? labels_[static_cast<int>(run)]
                          : QString::number(run + 1));
        const QColor colour = runColor(static_cast<int>(run));
        bars->setBrush(colour);
        bars->setPen(QPen(colour.darker(130), 1));
        bars->setWidth(width);
        bars->setBarsGroup(group_);
        for (std::size_t i = 0; i < rows.size(); ++i)
            if (const std::optional<double> value = rows[i].values[run])
                bars->addData(static_cast<double>(i), *value);
        bars_.push_back(bars);
    }
    addSignificance(rows, width);
    if (!whiskers_.empty())
        plot_->xAxis->setLabel(plot_->xAxis->label() +
                               tr(" · whiskers: 95 % CI of the change; pale: no real change"));
    title_->setText(metricTitle(metric_));
    plot_->yAxis->setLabel(tr("Duration"));
    plot_->xAxis->setRange(-0.6, static_cast<double>(rows.size()) - 0.4);
    applyScale();
    stack_->setCurrentWidget(plot_);
    plot_->replot();
}

void ComparisonBarChart::addSignificance(const std::vector<scope::ComparisonRow>& rows,
                                         double width) {
    bool any = false;
    for (std::size_t run = 0; run < runs_.size(); ++run)
        for (const scope::ComparisonRow& row : rows)
            any = any || change(static_cast<int>(run), row.region) != nullptr;
    if (!any)
        return;
    for (std::size_t run = 0; run < runs_.size(); ++run) {
        const QColor colour = pale(runColor(static_cast<int>(run)));
        auto* light = new QCPBars(plot_->xAxis, plot_->yAxis);
        light->setBrush(colour);
        light->setPen(QPen(colour.darker(115), 1));
        light->setWidth(width);
        light->setBarsGroup(unchangedGroup_);
        light->removeFromLegend();
        light->setSelectable(QCP::stNone);
        unchanged_.push_back(light);
    }
    for (std::size_t run = 0; run < runs_.size(); ++run) {
        auto* whiskers = new QCPErrorBars(plot_->xAxis, plot_->yAxis);
        whiskers->removeFromLegend();
        whiskers->setSelectable(QCP::stNone);
        whiskers->setDataPlottable(bars_[run]);
        whiskers->setPen(QPen(QColor(0x22, 0x22, 0x22), 1.5));
        whiskers->setWhiskerWidth(6);
        QVector<double> minus;
        QVector<double> plus;
        const double nan = std::numeric_limits<double>::quiet_NaN();
        for (std::size_t i = 0; i < rows.size(); ++i) {
            const scope::RegionChange* found = change(static_cast<int>(run), rows[i].region);
            const std::optional<double> value = rows[i].values[run];
            if (found && value && found->verdict == scope::Verdict::Unchanged)
                unchanged_[run]->addData(static_cast<double>(i), *value);
            if (!found || !value || !found->baseline || !found->ciLowPercent ||
                !found->ciHighPercent) {
                minus << nan;
                plus << nan;
                continue;
            }
            // The interval of the change applied to the baseline's value; it
            // need not hold the bar's own value exactly (bootstrap ends).
            const double low = *found->baseline * (1.0 + *found->ciLowPercent / 100.0);
            const double high = *found->baseline * (1.0 + *found->ciHighPercent / 100.0);
            minus << std::max(0.0, *value - low);
            plus << std::max(0.0, high - *value);
        }
        whiskers->setData(minus, plus);
        whiskers_.push_back(whiskers);
    }
}

void ComparisonBarChart::applyScale() {
    double highest = 0.0;
    double lowest = 0.0; // the smallest positive value
    for (const auto& region : values_)
        for (const std::optional<double>& value : region)
            if (value && *value > 0.0) {
                highest = std::max(highest, *value);
                lowest = lowest > 0.0 ? std::min(lowest, *value) : *value;
            }
    // Whiskers reaching above the tallest bar stay inside the plot.
    for (std::size_t run = 0; run < whiskers_.size(); ++run) {
        const auto bars = bars_[run]->data();
        const auto errors = whiskers_[run]->data();
        for (int i = 0; i < bars->size() && i < errors->size(); ++i)
            if (!std::isnan(errors->at(i).errorPlus))
                highest = std::max(highest, bars->at(i)->value + errors->at(i).errorPlus);
    }
    logByDefault_ = lowest > 0.0 && highest / lowest > kLogRatio;
    const bool log = chosenLog_.value_or(logByDefault_) && highest > 0.0;
    const bool changed = log != logScale_;
    logScale_ = log;
    if (log) {
        plot_->yAxis->setScaleType(QCPAxis::stLogarithmic);
        plot_->yAxis->setTicker(QSharedPointer<QCPAxisTicker>(new LogDurationAxisTicker));
        plot_->yAxis->setSubTicks(true);
        // At least two decades, so that powers of ten label the axis; the
        // headroom above, a quarter of the span, keeps bars clear of the legend.
        const double low = std::min(lowest / 2.0, highest / kLogRatio);
        plot_->yAxis->setRange(low, highest * std::pow(highest / low, 0.25));
    } else {
        plot_->yAxis->setScaleType(QCPAxis::stLinear);
        plot_->yAxis->setTicker(QSharedPointer<QCPAxisTicker>(new DurationAxisTicker));
        plot_->yAxis->setSubTicks(false);
        // Headroom keeps the tallest bars clear of the legend in the corner.
        plot_->yAxis->setRange(0.0, highest > 0.0 ? highest * 1.25 : 1.0);
    }
    if (changed)
        emit logScaleChanged(log);
}
