// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "common/LatestJob.h"
#include "export/TraceExportOptions.h"

#include <QObject>
#include <QString>

#include <atomic>
#include <memory>

namespace scope {
class ProfilingResults;
}

// Writes one trace file (Chrome trace for Perfetto, or speedscope) on a worker
// thread: a run of millions of calls takes seconds, which the UI thread must
// not wait for. The file appears only when complete: the writer fills a
// "<path>.part" beside it, renamed over `path` at the end and removed when
// cancelled or failed, so an earlier file of that name survives a cancel.
class TraceExportJob : public QObject {
    Q_OBJECT
public:
    enum Format { ChromeTrace, Speedscope };
    Q_ENUM(Format)

    explicit TraceExportJob(QObject* parent = nullptr);
    ~TraceExportJob() override; // cancels and waits for the worker

    // One export at a time: false while one runs. The results stay alive
    // until the worker is done with them.
    bool start(std::shared_ptr<const scope::ProfilingResults> results, Format format,
               const QString& path, scope::TraceExportOptions options);
    void cancel();
    bool busy() const { return job_.busy(); }
    QString path() const { return path_; }

    static QString formatName(Format format);

signals:
    // From 0 to 1000, as the writer gets through the calls.
    void progressChanged(int permille);
    // error is "" when written or cancelled.
    void finished(bool written, bool cancelled, const QString& error);

private:
    struct Outcome {
        bool cancelled = false;
        QString error;
    };

    LatestJob<Outcome> job_;
    QString path_;
};
