// SPDX-License-Identifier: GPL-3.0-or-later
#include "TraceExporter.h"

#include "charts/TimelinePage.h"
#include "charts/TimelineView.h"
#include "common/MessageBanner.h"
#include "model/ProfilingResults.h"
#include "run/RunView.h"

#include <QDir>
#include <QMessageBox>
#include <QProgressDialog>
#include <QPushButton>
#include <qcustomplot.h>

#include <cmath>

TraceExporter::TraceExporter(QWidget* dialogParent, MessageBanner* messages, QObject* parent)
    : QObject(parent), dialogParent_(dialogParent), messages_(messages),
      job_(new TraceExportJob(this)) {
    connect(job_, &TraceExportJob::progressChanged, this, [this](int permille) {
        if (progress_ != nullptr)
            progress_->setValue(permille);
    });
    connect(job_, &TraceExportJob::finished, this, &TraceExporter::onFinished);
}

scope::TraceExportOptions TraceExporter::optionsFor(const RunView* view, Scope scope) {
    scope::TraceExportOptions options;
    if (view == nullptr || !view->run() || !view->run()->results)
        return options;
    if (scope != Everything)
        options.ranks = view->rankSelection();
    if (scope == VisibleRange) {
        // The time axis counts seconds from the run's first call (TimelinePlottable).
        const scope::ProfilingResults& results = *view->run()->results;
        const auto origin = static_cast<double>(results.minimumStartNs.value_or(0));
        const QCPRange range = view->page<TimelinePage>()->timeline()->plot()->xAxis->range();
        options.windowStartNs = static_cast<std::int64_t>(std::floor(origin + range.lower * 1e9));
        options.windowEndNs = static_cast<std::int64_t>(std::ceil(origin + range.upper * 1e9));
    }
    return options;
}

void TraceExporter::chooseScopeAndExport(RunView* view, TraceExportJob::Format format,
                                         const QString& path) {
    if (view == nullptr || !view->run() || !view->run()->hasEvents())
        return;
    Scope scope = SelectedRanks;
    const std::uint64_t calls = view->run()->results->totalCalls();
    if (calls > callLimit_) {
        QMessageBox box(QMessageBox::Question, tr("Large Trace"),
                        tr("This run has %L1 calls. Browsers (Perfetto, speedscope) struggle "
                           "with traces of more than %L2 calls.")
                            .arg(calls)
                            .arg(callLimit_),
                        QMessageBox::Cancel, dialogParent_);
        box.setInformativeText(tr("Which calls should the trace hold?"));
        // With all ranks selected, "selected ranks" is everything: no choice.
        const bool allRanks = view->rankSelection().isAll();
        QPushButton* ranks =
            allRanks ? nullptr : box.addButton(tr("Selected &Ranks Only"), QMessageBox::AcceptRole);
        QPushButton* visible = box.addButton(tr("&Visible Time Range"), QMessageBox::AcceptRole);
        QPushButton* everything = box.addButton(tr("&Everything"), QMessageBox::AcceptRole);
        box.setDefaultButton(allRanks ? visible : ranks);
        box.exec();
        if (ranks != nullptr && box.clickedButton() == ranks)
            scope = SelectedRanks;
        else if (box.clickedButton() == visible)
            scope = VisibleRange;
        else if (box.clickedButton() == everything)
            scope = Everything;
        else
            return;
    }
    exportTrace(view, format, path, scope);
}

bool TraceExporter::exportTrace(RunView* view, TraceExportJob::Format format, const QString& path,
                                Scope scope) {
    if (view == nullptr || !view->run() || !view->run()->hasEvents() || job_->busy())
        return false;
    if (!job_->start(view->run()->results, format, path, optionsFor(view, scope)))
        return false;
    if (progress_ == nullptr) {
        progress_ = new QProgressDialog(dialogParent_);
        progress_->setRange(0, 1000);
        progress_->setMinimumDuration(500); // quick exports flash no dialog
        progress_->setAutoReset(false);
        progress_->setAutoClose(false);
        connect(progress_, &QProgressDialog::canceled, job_, &TraceExportJob::cancel);
    }
    progress_->setWindowTitle(tr("Export Trace"));
    progress_->setLabelText(
        tr("Writing the %1 file %2…")
            .arg(TraceExportJob::formatName(format), QDir::toNativeSeparators(path)));
    progress_->setValue(0);
    return true;
}

void TraceExporter::onFinished(bool written, bool cancelled, const QString& error) {
    if (progress_ != nullptr) {
        progress_->reset();
        progress_->hide();
    }
    const QString path = QDir::toNativeSeparators(job_->path());
    if (messages_) {
        if (written)
            messages_->showInfo(tr("Saved %1").arg(path));
        else if (cancelled)
            messages_->showInfo(tr("Trace export cancelled; %1 was not written.").arg(path));
        else
            messages_->showError(tr("Cannot export the trace"), tr("%1: %2").arg(path, error));
    }
    emit exportFinished(job_->path(), written);
}
