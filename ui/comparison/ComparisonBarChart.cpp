#include "ComparisonBarChart.h"

#include "charts/DurationAxisTicker.h"

#include <QLabel>
#include <QStackedLayout>
#include <qcustomplot.h>

#include <algorithm>
#include <array>

namespace {

// Okabe–Ito: distinguishable for colour-blind readers, and unlike the region
// palette, so that a run is never mistaken for a region.
constexpr std::array<QRgb, 8> kRunColors = {0x0072b2, 0xe69f00, 0x009e73, 0xcc79a7,
                                            0x56b4e9, 0xd55e00, 0xf0e442, 0x000000};
constexpr double kGroupWidth = 0.8; // of one region's slot
// Region names tilt once they would not fit side by side.
constexpr int kUprightRegions = 6;

QString metricTitle(scope::ComparisonMetric metric) {
    switch (metric) {
    case scope::ComparisonMetric::Total:
        return ComparisonBarChart::tr("Total duration per region");
    case scope::ComparisonMetric::Min:
        return ComparisonBarChart::tr("Minimum call duration per region");
    case scope::ComparisonMetric::Max:
        return ComparisonBarChart::tr("Maximum call duration per region");
    default:
        return ComparisonBarChart::tr("Average call duration per region");
    }
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

    QFont titleFont = font();
    titleFont.setPointSizeF(titleFont.pointSizeF() * 1.2);
    titleFont.setBold(true);
    plot_->plotLayout()->insertRow(0);
    title_ = new QCPTextElement(plot_, QString(), titleFont);
    plot_->plotLayout()->addElement(0, 0, title_);
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
    group_ = new QCPBarsGroup(plot_);
    group_->setSpacingType(QCPBarsGroup::stAbsolute);
    group_->setSpacing(1);
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

QString ComparisonBarChart::message() const {
    return stack_->currentWidget() == message_ ? message_->text() : QString();
}

void ComparisonBarChart::showMessage(const QString& text) {
    message_->setText(text);
    stack_->setCurrentWidget(message_);
}

void ComparisonBarChart::rebuild() {
    for (QCPBars* bars : bars_)
        plot_->removePlottable(bars);
    bars_.clear();
    group_->clear();
    regions_.clear();
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
    QSharedPointer<QCPAxisTickerText> ticker(new QCPAxisTickerText);
    for (std::size_t i = 0; i < rows.size(); ++i) {
        regions_ << QString::fromStdString(rows[i].region);
        ticker->addTick(static_cast<double>(i), regions_.last());
    }
    plot_->xAxis->setTicker(ticker);
    plot_->xAxis->setTickLabelRotation(rows.size() > kUprightRegions ? -30 : 0);
    const double width = kGroupWidth / static_cast<double>(runs_.size());
    double highest = 0.0;
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
            if (const std::optional<double> value = rows[i].values[run]) {
                bars->addData(static_cast<double>(i), *value);
                highest = std::max(highest, *value);
            }
        bars_.push_back(bars);
    }
    title_->setText(metricTitle(metric_));
    plot_->yAxis->setLabel(tr("Duration"));
    plot_->xAxis->setRange(-0.6, static_cast<double>(rows.size()) - 0.4);
    // Headroom keeps the tallest bars clear of the legend in the corner.
    plot_->yAxis->setRange(0.0, highest > 0.0 ? highest * 1.25 : 1.0);
    stack_->setCurrentWidget(plot_);
    plot_->replot();
}
