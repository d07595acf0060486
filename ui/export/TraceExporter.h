// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "TraceExportJob.h"

#include <QObject>
#include <QPointer>

#include <cstdint>

class MessageBanner;
class QProgressDialog;
class QWidget;
class RunView;

// File ▸ Export ▸ Trace for Perfetto… / speedscope… of a run, after the
// controller asked for the path: which calls (for runs too large for a
// browser, a question), a progress dialog that can cancel, and the banner's
// report at the end.
class TraceExporter : public QObject {
    Q_OBJECT
public:
    // Which calls go into the trace.
    enum Scope {
        SelectedRanks, // the ranks chosen in the run's rank box
        VisibleRange,  // those ranks, only the calls overlapping the timeline's visible time
        Everything,    // all ranks
    };
    Q_ENUM(Scope)

    // Above this many calls in the run, browsers struggle with the trace.
    static constexpr std::uint64_t kBrowserCallLimit = 10'000'000;

    TraceExporter(QWidget* dialogParent, MessageBanner* messages, QObject* parent = nullptr);

    // Asks for the scope when the run has more than callLimit() calls, then exports.
    void chooseScopeAndExport(RunView* view, TraceExportJob::Format format, const QString& path);
    // Without questions; false when nothing was started (no events, or busy).
    bool exportTrace(RunView* view, TraceExportJob::Format format, const QString& path,
                     Scope scope);

    // What the writer gets for `scope` on this view.
    static scope::TraceExportOptions optionsFor(const RunView* view, Scope scope);

    TraceExportJob* job() const { return job_; }
    QProgressDialog* progressDialog() const { return progress_; }
    std::uint64_t callLimit() const { return callLimit_; }
    void setCallLimit(std::uint64_t calls) { callLimit_ = calls; } // for tests

signals:
    // After the banner's report; `written` is false when cancelled or failed.
    void exportFinished(const QString& path, bool written);

private:
    void onFinished(bool written, bool cancelled, const QString& error);

    QPointer<QWidget> dialogParent_;
    QPointer<MessageBanner> messages_;
    TraceExportJob* job_;
    QProgressDialog* progress_ = nullptr;
    std::uint64_t callLimit_ = kBrowserCallLimit;
};
