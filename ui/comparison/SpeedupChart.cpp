// SPDX-License-Identifier: GPL-3.0-or-later
#include "SpeedupChart.h"

#include "charts/ChartTitle.h"
#include "charts/SideLegend.h"
#include "common/ColorContrast.h"
#include "common/RegionPalette.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QSignalBlocker>
#include <QStackedLayout>
#include <QVBoxLayout>
#include <qcustomplot.h>

#include <algorithm>
#include <stdexcept>

namespace {

QString fromStd(const std::string& text) {
    return QString::fromStdString(text);
}

// The scaling fields by what they mean; metadata fields by their key.
QString fieldTitle(const QString& field) {
    if (field == QLatin1String("num_ranks"))
        return SpeedupChart::tr("MPI ranks");
    if (field == QLatin1String("omp_num_threads"))
        return SpeedupChart::tr("OpenMP threads");
    if (field == QLatin1String("total_cores"))
        return SpeedupChart::tr("Total cores (ranks × threads)");
    return SpeedupChart::tr("Metadata: %1").arg(field);
}

} // namespace

SpeedupChart::SpeedupChart(QWidget* parent) : QWidget(parent) {
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    auto* controls = new QHBoxLayout;
    controls->setContentsMargins(6, 4, 6, 0);
    field_ = new QComboBox(this);
    field_->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    field_->setToolTip(tr("What the runs differ in: the x axis of the speedup chart."));
    auto* fieldLabel = new QLabel(tr("&X axis:"), this);
    fieldLabel->setBuddy(field_);
    controls->addWidget(fieldLabel);
    controls->addWidget(field_);
    controls->addStretch(1);
    layout->addLayout(controls);

    auto* area = new QWidget(this);
    stack_ = new QStackedLayout(area);
    stack_->setContentsMargins(0, 0, 0, 0);
    message_ = new QLabel(area);
    message_->setAlignment(Qt::AlignCenter);
    message_->setWordWrap(true);
    message_->setForegroundRole(QPalette::PlaceholderText);
    plot_ = new QCustomPlot(area);
    stack_->addWidget(plot_);
    stack_->addWidget(message_);
    layout->addWidget(area, 1);

    title_ = ChartTitle::add(plot_, tr("Speedup of the average call duration"));
    SideLegend::place(plot_); // one line per region: many
    plot_->yAxis->setLabel(tr("Speedup (×)"));
    plot_->xAxis->grid()->setPen(QPen(QColor(0xee, 0xee, 0xee), 0, Qt::SolidLine));
    plot_->yAxis->grid()->setPen(QPen(QColor(0xdd, 0xdd, 0xdd), 0, Qt::SolidLine));
    plot_->xAxis->setSubTicks(false);

    connect(field_, &QComboBox::currentIndexChanged, this, [this] {
        wantedField_ = field_->currentData().toString();
        rebuild();
    });
    rebuild();
}

void SpeedupChart::setRuns(std::vector<const scope::ProfilingResults*> runs) {
    runs_ = std::move(runs);
    const QSignalBlocker blocker(field_);
    field_->clear();
    if (runs_.size() >= 2)
        for (const std::string& field : scope::SpeedupSeries::availableFields(runs_))
            field_->addItem(fieldTitle(fromStd(field)), fromStd(field));
    // The user's field survives adding a run when the new run has it too.
    const int wanted = field_->findData(wantedField_);
    field_->setCurrentIndex(wanted >= 0 ? wanted : 0);
    field_->setEnabled(field_->count() > 0);
    rebuild();
}

bool SpeedupChart::setXField(const QString& field) {
    const int index = field_->findData(field);
    if (index < 0)
        return false;
    wantedField_ = field;
    if (index == field_->currentIndex())
        rebuild();
    else
        field_->setCurrentIndex(index);
    return true;
}

QString SpeedupChart::xField() const {
    return field_->currentData().toString();
}

QCPGraph* SpeedupChart::curve(const QString& region) const {
    for (int i = 0; i < plot_->graphCount(); ++i)
        if (plot_->graph(i) != ideal_ && plot_->graph(i)->name() == region)
            return plot_->graph(i);
    return nullptr;
}

QString SpeedupChart::title() const {
    return title_->text();
}

QString SpeedupChart::message() const {
    return stack_->currentWidget() == message_ ? message_->text() : QString();
}

void SpeedupChart::showMessage(const QString& text) {
    series_.reset();
    message_->setText(text);
    stack_->setCurrentWidget(message_);
}

void SpeedupChart::rebuild() {
    plot_->clearGraphs();
    ideal_ = nullptr;
    title_->setText(tr("Speedup of the average call duration"));
    if (runs_.size() < 2) {
        showMessage(tr("Open two or more runs to see how their regions scale."));
        plot_->replot();
        return;
    }
    if (field_->count() == 0) {
        showMessage(tr("The runs differ in nothing numeric: they have the same number of "
                       "ranks and threads and no numeric metadata that changes from run to "
                       "run, so there is no x axis to show a speedup along."));
        plot_->replot();
        return;
    }
    try {
        series_ = scope::SpeedupSeries::compute(runs_, xField().toStdString());
    } catch (const std::exception& error) {
        showMessage(tr("No speedup chart: %1").arg(QString::fromStdString(error.what())));
        plot_->replot();
        return;
    }
    if (series_->curves.empty()) {
        showMessage(tr("No region common to all runs has calls at the baseline %1 = %2.")
                        .arg(fromStd(series_->xLabel), fromStd(series_->baselineKey)));
        plot_->replot();
        return;
    }
    title_->setText(tr("Speedup of the average call duration, relative to %1 = %2")
                        .arg(fromStd(series_->xLabel), fromStd(series_->baselineKey)));
    QSharedPointer<QCPAxisTickerText> ticker(new QCPAxisTickerText);
    for (std::size_t i = 0; i < series_->xKeys.size(); ++i)
        ticker->addTick(series_->xPositions[i], fromStd(series_->xKeys[i]));
    plot_->xAxis->setTicker(ticker);
    plot_->xAxis->setLabel(fromStd(series_->xLabel));
    double lowY = 1.0;
    double highY = 1.0;
    for (const scope::SpeedupCurve& curve : series_->curves) {
        const QColor colour = RegionPalette::color(fromStd(curve.region));
        const QVector<double> keys(curve.x.begin(), curve.x.end());
        const QVector<double> values(curve.speedup.begin(), curve.speedup.end());
        // The pale entries of the palette (yellow, pale cyan, pink) all but
        // vanish as thin lines on white: a casing darkened to 3:1, under the
        // line and around its points, keeps them visible in their own colour.
        const QColor edge = ColorContrast::readable(colour, Qt::white, 3.0);
        QCPGraph* casing = plot_->addGraph();
        casing->setPen(QPen(edge, 3.5));
        casing->removeFromLegend();
        casing->setSelectable(QCP::stNone);
        casing->setData(keys, values, true);
        QCPGraph* graph = plot_->addGraph();
        graph->setName(fromStd(curve.region));
        graph->setPen(QPen(colour, 2));
        graph->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssCircle, edge, colour, 7));
        graph->setData(keys, values, true);
        for (double y : curve.speedup) {
            lowY = std::min(lowY, y);
            highY = std::max(highY, y);
        }
    }
    if (series_->numeric && !series_->idealX.empty()) {
        ideal_ = plot_->addGraph();
        ideal_->setName(tr("Ideal scaling"));
        ideal_->setPen(QPen(QColor(0x40, 0x40, 0x40), 1.5, Qt::DashLine));
        ideal_->setData(QVector<double>(series_->idealX.begin(), series_->idealX.end()),
                        QVector<double>(series_->idealY.begin(), series_->idealY.end()), true);
        for (double y : series_->idealY)
            highY = std::max(highY, y);
    }
    const auto [lowIt, highIt] =
        std::minmax_element(series_->xPositions.begin(), series_->xPositions.end());
    const double lowX = *lowIt;
    const double highX = *highIt;
    const double padX = std::max((highX - lowX) * 0.05, 0.5);
    plot_->xAxis->setRange(lowX - padX, highX + padX);
    const double padY = std::max((highY - lowY) * 0.08, 0.1);
    plot_->yAxis->setRange(std::max(0.0, lowY - padY), highY + padY);
    stack_->setCurrentWidget(plot_);
    plot_->replot();
}
