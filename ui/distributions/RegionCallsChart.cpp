// SPDX-License-Identifier: GPL-3.0-or-later
#include "RegionCallsChart.h"

#include "analysis/Percentiles.h"
#include "analysis/RegionCalls.h"

#include <QFutureWatcher>
#include <QHBoxLayout>
#include <QToolTip>
#include <QVBoxLayout>
#include <QtConcurrent/QtConcurrentRun>
#include <qcustomplot.h>

#include <exception>

namespace {

const QColor kInk(0x20, 0x20, 0x20);
const QColor kQuiet(0x6b, 0x6b, 0x6b); // 5.3:1 on white

} // namespace

RegionCallsChart::RegionCallsChart(QWidget* parent)
    : QWidget(parent), plot_(new QCustomPlot(this)), options_(new QHBoxLayout),
      byteLimit_(scope::Percentiles::kDefaultByteLimit) {
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
}

RegionCallsChart::~RegionCallsChart() {
    // The worker holds only what it captured: cancelled, it ends on its own.
    if (cancel_)
        cancel_->store(true);
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

void RegionCallsChart::showMessage(const QString& text) {
    message_->setText(text);
    message_->setVisible(true);
    for (QCPAxis* axis : {plot_->xAxis, plot_->yAxis}) {
        axis->setBasePen(QPen(kQuiet));
        axis->setTickLabelColor(kQuiet);
        axis->setLabelColor(kQuiet);
    }
}

void RegionCallsChart::inkAxes() {
    for (QCPAxis* axis : {plot_->xAxis, plot_->yAxis}) {
        axis->setBasePen(QPen(kInk));
        axis->setTickLabelColor(kInk);
        axis->setLabelColor(kInk);
    }
}

void RegionCallsChart::rebuild() {
    // A request still being read is superseded.
    if (cancel_)
        cancel_->store(true);
    cancel_.reset();
    watcher_ = nullptr;
    ++ticket_;
    failed_ = false;
    clear();
    message_->setVisible(false);
    inkAxes();
    title_->setText(title());

    if (!hasRegion()) {
        showMessage(noRegionText());
    } else if (!scope::hasCallData(*results_)) {
        showMessage(tr("Only summary statistics were read: the durations of single calls "
                       "are not available for this run."));
    } else if (!results_->eventsRead) {
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

void RegionCallsChart::start(Job job) {
    cancel_ = std::make_shared<std::atomic<bool>>(false);
    error_ = std::make_shared<std::string>();
    show_ = std::move(job.show);
    const std::uint64_t ticket = ticket_;
    auto* watcher = new QFutureWatcher<void>(this);
    watcher_ = watcher;
    connect(watcher, &QFutureWatcherBase::finished, this, [this, watcher, ticket] {
        watcher->deleteLater();
        finish(ticket);
    });
    watcher->setFuture(
        QtConcurrent::run([work = std::move(job.work), cancel = cancel_, error = error_] {
            try {
                work(*cancel);
            } catch (const std::exception& e) {
                *error = e.what();
            }
        }));
}

void RegionCallsChart::finishReading() {
    if (watcher_ == nullptr)
        return;
    watcher_->waitForFinished();
    finish(ticket_);
}

void RegionCallsChart::finish(std::uint64_t ticket) {
    // A superseded request, or one finishReading() already showed.
    if (ticket != ticket_ || watcher_ == nullptr)
        return;
    watcher_ = nullptr;
    cancel_.reset();
    message_->setVisible(false);
    inkAxes();
    if (error_->empty()) {
        show_();
    } else {
        clear();
        failed_ = true;
        showMessage(QString::fromStdString(*error_));
    }
    show_ = nullptr;
    draw();
    emit ready();
}
