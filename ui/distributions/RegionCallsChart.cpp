// SPDX-License-Identifier: GPL-3.0-or-later
#include "RegionCallsChart.h"

#include "ChartMessage.h"
#include "analysis/Percentiles.h"
#include "analysis/RegionCalls.h"
#include "charts/RegionLegend.h"

#include <QHBoxLayout>
#include <QToolTip>
#include <QVBoxLayout>
#include <qcustomplot.h>

#include <algorithm>
#include <exception>
#include <vector>

namespace {

const QColor kInk(0x20, 0x20, 0x20);
const QColor kQuiet(0x6b, 0x6b, 0x6b); // 5.3:1 on white

} // namespace

RegionCallsChart::RegionCallsChart(QWidget* parent)
    : QWidget(parent), plot_(new QCustomPlot(this)), options_(new QHBoxLayout),
      byteLimit_(scope::Percentiles::kDefaultByteLimit),
      read_(this, [this](int, std::string error) { finish(error); }) {
    options_->addStretch();
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addLayout(options_);
    layout->addWidget(plot_, 1);

    plot_->plotLayout()->insertRow(0);
    title_ = new QCPTextElement(plot_, QString(), QFont(font().family(), font().pointSize() + 1));
    title_->setTextColor(kInk);
    plot_->plotLayout()->addElement(0, 0, title_);
    plot_->yAxis->grid()->setPen(QPen(QColor(0xdd, 0xdd, 0xdd), 0, Qt::SolidLine));
    message_ = new ChartMessage(plot_);
    message_->position->setType(QCPItemPosition::ptAxisRectRatio);
    message_->position->setCoords(0.5, 0.5);
    message_->setColor(kQuiet);
    message_->setVisible(false);
    setUpLegend();

    plot_->setMouseTracking(true);
    connect(plot_, &QCustomPlot::mouseMove, this, [this](QMouseEvent* event) {
        const QString text = toolTipAt(event->position().toPoint());
        if (text.isEmpty())
            QToolTip::hideText();
        else
            QToolTip::showText(event->globalPosition().toPoint(), text, plot_);
    });
}

RegionCallsChart::~RegionCallsChart() {
    // While the legend is hidden its row is out of the plot's layout, which
    // deletes only what it holds: put it back for the plot to delete.
    if (!plot_->plotLayout()->elements(false).contains(legendRow_)) {
        plot_->plotLayout()->insertRow(1);
        plot_->plotLayout()->addElement(1, 0, legendRow_);
    }
}

void RegionCallsChart::setRun(std::shared_ptr<const scope::ProfilingResults> results) {
    results_ = std::move(results);
    rebuild();
}

void RegionCallsChart::setRegion(int region) {
    setRegionAndRanks(region, ranks_);
}

void RegionCallsChart::setRanks(const scope::RankSelection& ranks) {
    setRegionAndRanks(region_, ranks);
}

void RegionCallsChart::setRegionAndRanks(int region, const scope::RankSelection& ranks) {
    // The side pane and the exports ask again for what is shown, or being
    // read: calls read on demand are not read twice for it.
    const bool sameRanks =
        ranks.isAll() == ranks_.isAll() && (ranks.isAll() || ranks.ranks() == ranks_.ranks());
    if (region == region_ && sameRanks && !failed_)
        return;
    region_ = region;
    ranks_ = ranks;
    rebuild();
}

void RegionCallsChart::setRunLabel(const QString& label) {
    runLabel_ = label;
    title_->setText(title());
    plot_->replot();
}

bool RegionCallsChart::hasRegion() const {
    return results_ && region_ >= 0 && static_cast<std::size_t>(region_) < results_->regions.size();
}

std::string RegionCallsChart::regionName() const {
    return hasRegion() ? results_->regions[static_cast<std::size_t>(region_)] : std::string();
}

QString RegionCallsChart::shownMessage() const {
    return message_->visible() ? message_->text() : QString();
}

void RegionCallsChart::showMessage(const QString& text) {
    message_->setText(text);
    message_->setVisible(true);
    // Made-up axes around no data would read as a chart of nothing.
    for (QCPAxis* axis : {plot_->xAxis, plot_->yAxis}) {
        axis->setVisible(false);
        axis->grid()->setVisible(false);
    }
}

void RegionCallsChart::inkAxes() {
    for (QCPAxis* axis : {plot_->xAxis, plot_->yAxis}) {
        axis->setVisible(true);
        axis->setBasePen(QPen(kInk));
        axis->setTickLabelColor(kInk);
        axis->setLabelColor(kInk);
    }
    plot_->yAxis->grid()->setVisible(true);
}

void RegionCallsChart::setUpLegend() {
    // A row of its own between the title and the plot: inset, the legend
    // hid the data where it mattered most (outliers at the top right).
    QCPLegend* legend = plot_->legend;
    plot_->axisRect()->insetLayout()->take(legend);
    // Centred between two empty cells that take the spare width.
    legendRow_ = new QCPLayoutGrid;
    legendRow_->addElement(0, 0, new QCPLayoutElement(plot_));
    legendRow_->addElement(0, 1, legend);
    legendRow_->addElement(0, 2, new QCPLayoutElement(plot_));
    legendRow_->setColumnStretchFactors({1.0, 0.001, 1.0});
    legend->setFillOrder(QCPLayoutGrid::foColumnsFirst);
    legend->setBorderPen(Qt::NoPen);
    legend->setBrush(Qt::NoBrush);
    legend->setColumnSpacing(12);
    legend->setRowSpacing(0);
    legend->setMargins(QMargins(4, 0, 4, 2));
    legend->setVisible(false);
    // The views show or hide the legend; the row follows before each replot.
    connect(plot_, &QCustomPlot::beforeReplot, this, &RegionCallsChart::placeLegend);
    connect(plot_, &QCustomPlot::afterLayout, this, &RegionCallsChart::fitLegend);
}

void RegionCallsChart::placeLegend() {
    QCPLayoutGrid* layout = plot_->plotLayout();
    const bool placed = layout->elements(false).contains(legendRow_);
    if (plot_->legend->visible() && !placed) {
        layout->insertRow(1);
        layout->addElement(1, 0, legendRow_);
        layout->setRowStretchFactor(1, 0.001);
    } else if (!plot_->legend->visible() && placed) {
        layout->take(legendRow_);
        layout->simplify();
    }
}

QString RegionCallsChart::titleOf(const QString& what) const {
    const QString shown =
        ranks_.isAll() ? what : tr("%1 on %2").arg(what, QString::fromStdString(ranks_.phrase()));
    return runLabel_.isEmpty() ? shown : tr("%1\n%2").arg(shown, runLabel_);
}

void RegionCallsChart::fitLegend() {
    if (plot_->legend->visible())
        RegionLegend::fitToWidth(plot_);
}

void RegionCallsChart::rebuild() {
    // A request still being read is superseded.
    read_.cancel();
    reading_ = false;
    failed_ = false;
    clear();
    message_->setVisible(false);
    inkAxes();
    title_->setText(title());

    const bool kept = hasRegion() && keptWithResults();
    if (!hasRegion()) {
        showMessage(noRegionText());
    } else if (!kept && asksTheHost()) {
        start(job());
        showMessage(tr("Asking the host that holds the calls…"));
        draw();
        return;
    } else if (!kept && !scope::hasCallData(*results_) && results_->eventsOnHost) {
        showMessage(tr("This run was opened over SSH: its calls, and so the durations of "
                       "single calls, stay on the host."));
    } else if (!kept && !scope::hasCallData(*results_)) {
        showMessage(tr("Only summary statistics were read: the durations of single calls "
                       "are not available for this run."));
    } else if (!kept && !results_->eventsRead) {
        start(job());
        showMessage(tr("Reading the calls…"));
        draw();
        return;
    } else {
        Job now = job();
        try {
            const std::atomic<bool> never{false};
            now.work(never);
            now.show();
        } catch (const std::exception& error) {
            clear();
            failed_ = true;
            showMessage(QString::fromStdString(error.what()));
        }
    }
    draw();
    emit ready();
}

bool RegionCallsChart::asksTheHost() const {
    return results_ && !scope::hasCallData(*results_) && askedElsewhere();
}

void RegionCallsChart::start(Job job) {
    show_ = std::move(job.show);
    reading_ = true;
    read_.startOne([work = std::move(job.work)](const std::atomic<bool>& stop) -> std::string {
        try {
            work(stop);
        } catch (const std::exception& error) {
            return error.what();
        }
        return {};
    });
}

void RegionCallsChart::finishReading() {
    if (reading_)
        read_.finishNow();
    finishDrawing();
}

void RegionCallsChart::finish(const std::string& error) {
    reading_ = false;
    message_->setVisible(false);
    inkAxes();
    if (error.empty()) {
        show_();
    } else {
        clear();
        failed_ = true;
        showMessage(QString::fromStdString(error));
    }
    show_ = nullptr;
    draw();
    emit ready();
}
