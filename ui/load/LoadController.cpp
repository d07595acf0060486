// SPDX-License-Identifier: GPL-3.0-or-later
#include "LoadController.h"

#include "common/MemoryBudgetSetting.h"
#include "common/RegionPalette.h"
#include "common/RemoteIndexSetting.h"
#include "load/AsyncLoader.h"

#include <QMetaObject>
#include <QPointer>
#include <QSettings>

LoadController::LoadController(QObject* parent) : QObject(parent) {
    scope::AsyncLoader::Callbacks callbacks;
    callbacks.progress = [this](std::uint64_t id, double fraction, const std::string& message) {
        QMetaObject::invokeMethod(
            this,
            [this, id, fraction, text = QString::fromStdString(message)] {
                if (started_.contains(id))
                    emit progress(id, fraction, text);
            },
            Qt::QueuedConnection);
    };
    callbacks.finished = [this](const scope::LoadOutcome& outcome) { onOutcome(outcome); };
    callbacks.readDone = [this](const scope::LoadOutcome& outcome) {
        onStage(outcome, &LoadController::readDone);
    };
    callbacks.timelineSoFar = [this](const scope::LoadOutcome& outcome) {
        onStage(outcome, &LoadController::timelineSoFar);
    };
    loader_ = std::make_unique<scope::AsyncLoader>(std::move(callbacks));
}

LoadController::~LoadController() {
    // Joins the workers before the members their callbacks use go away;
    // results they still post to this object are dropped by Qt.
    loader_.reset();
}

std::uint64_t LoadController::memoryBudget() const {
    return MemoryBudgetSetting::effective(budgetOverride_);
}

std::uint64_t LoadController::indexCacheLimit() {
    return QSettings().value(indexCacheLimitKey(), 0).toULongLong();
}

void LoadController::storeIndexCacheLimit(std::uint64_t bytes) {
    QSettings().setValue(indexCacheLimitKey(), static_cast<qulonglong>(bytes));
}

quint64 LoadController::load(const QString& path, bool summaryOnly) {
    scope::LoadRequest request{path.toStdString(), summaryOnly, true};
    request.memoryBudget = memoryBudget();
    request.useIndex = useIndex_;
    request.indexBeside = indexBeside_;
    request.indexCacheLimit = indexCacheLimit();
    request.remoteIndexCommand = RemoteIndexSetting::commandForUrl(path).toStdString();
    const quint64 id = loader_->start(std::move(request));
    started_[id].start();
    paths_[id] = path;
    return id;
}

quint64 LoadController::loadRankFiles(const QStringList& rankFiles, const QString& name,
                                      bool summaryOnly) {
    scope::LoadRequest request{name.toStdString(), summaryOnly, true};
    request.memoryBudget = memoryBudget();
    for (const QString& file : rankFiles)
        request.rankFiles.push_back(file.toStdString());
    const quint64 id = loader_->start(std::move(request));
    started_[id].start();
    paths_[id] = name;
    return id;
}

void LoadController::cancel(quint64 id) {
    loader_->cancel(id);
}

void LoadController::cancelAll() {
    loader_->cancelAll();
}

// Runs on the worker thread; the UI-side work happens in finish().
void LoadController::onOutcome(const scope::LoadOutcome& outcome) {
    std::shared_ptr<RunData> run;
    LoadFailure failure;
    bool wasCancelled = outcome.cancelled;
    if (outcome.results) {
        run = RunData::fromOutcome(outcome);
    } else if (outcome.error) {
        failure = LoadFailure::describe(outcome.error);
    }
    const quint64 id = outcome.id;
    QMetaObject::invokeMethod(
        this,
        [this, id, run = std::move(run), failure, wasCancelled]() mutable {
            finish(id, std::move(run), failure, wasCancelled);
        },
        Qt::QueuedConnection);
}

// Runs on the worker thread, like onOutcome; a cancelled id is not announced.
void LoadController::onStage(const scope::LoadOutcome& outcome,
                             void (LoadController::*signal)(quint64,
                                                            std::shared_ptr<const RunData>)) {
    std::shared_ptr<RunData> data = RunData::fromOutcome(outcome);
    const quint64 id = outcome.id;
    QMetaObject::invokeMethod(
        this,
        [this, id, signal, data = std::move(data)]() mutable {
            if (!started_.contains(id))
                return;
            data->loadSeconds = started_.value(id).nsecsElapsed() / 1e9;
            if (data->results)
                RegionPalette::addRegions(data->results->regions);
            emit(this->*signal)(id, std::shared_ptr<const RunData>(std::move(data)));
        },
        Qt::QueuedConnection);
}

void LoadController::finish(quint64 id, std::shared_ptr<RunData> run, const LoadFailure& failure,
                            bool wasCancelled) {
    const double seconds = started_.value(id).nsecsElapsed() / 1e9;
    const QString path = paths_.take(id);
    started_.remove(id);
    if (wasCancelled) {
        emit cancelled(id, path);
    } else if (run) {
        // The load time is known only here; RunData is shared as const afterwards.
        run->loadSeconds = seconds;
        // Before any view asks for a colour, in the window as in the headless
        // export, so that both settle the same collisions.
        if (run->results)
            RegionPalette::addRegions(run->results->regions);
        emit loaded(id, std::move(run));
    } else {
        emit failed(id, path, failure);
    }
}
