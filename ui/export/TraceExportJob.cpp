// SPDX-License-Identifier: GPL-3.0-or-later
#include "TraceExportJob.h"

#include "export/ChromeTraceWriter.h"
#include "export/SpeedscopeWriter.h"
#include "model/Errors.h"
#include "model/ProfilingResults.h"

#include <filesystem>
#include <fstream>

TraceExportJob::TraceExportJob(QObject* parent)
    : QObject(parent), job_(this, [this](int, Outcome outcome) {
          emit finished(!outcome.cancelled && outcome.error.isEmpty(), outcome.cancelled,
                        outcome.error);
      }) {}

TraceExportJob::~TraceExportJob() = default;

QString TraceExportJob::formatName(Format format) {
    return format == ChromeTrace ? tr("Chrome trace") : tr("speedscope");
}

bool TraceExportJob::start(std::shared_ptr<const scope::ProfilingResults> results, Format format,
                           const QString& path, scope::TraceExportOptions options) {
    if (busy() || !results)
        return false;
    path_ = path;
    // Queued to the UI thread: the job lives there, the writer does not.
    options.progress = [this](double fraction) {
        emit progressChanged(static_cast<int>(fraction * 1000));
    };
    const std::filesystem::path target = path.toStdString();
    job_.start([results, format, target, options](QPromise<Outcome>& promise,
                                                  const std::atomic<bool>& stop) {
        scope::TraceExportOptions stoppable = options;
        stoppable.cancel = &stop;
        std::filesystem::path part = target;
        part += ".part";
        Outcome outcome;
        try {
            std::ofstream file(part, std::ios::binary | std::ios::trunc);
            if (!file)
                throw std::runtime_error("cannot create the file");
            const scope::TraceExportResult written =
                format == ChromeTrace ? scope::ChromeTraceWriter(stoppable).write(file, *results)
                                      : scope::SpeedscopeWriter(stoppable).write(file, *results);
            file.close();
            if (!file)
                throw std::runtime_error("cannot write the file");
            outcome.cancelled = written.cancelled;
            if (!outcome.cancelled)
                std::filesystem::rename(part, target);
        } catch (const std::exception& error) {
            outcome.error = QString::fromUtf8(error.what());
        }
        if (outcome.cancelled || !outcome.error.isEmpty()) {
            std::error_code ignored;
            std::filesystem::remove(part, ignored);
        }
        promise.addResult(outcome);
    });
    return true;
}

// The writer stops at its next check and reports itself cancelled.
void TraceExportJob::cancel() {
    job_.stop();
}
