// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "LoadFailure.h"
#include "common/RunData.h"

#include <QElapsedTimer>
#include <QHash>
#include <QObject>

#include <cstdint>
#include <memory>

namespace scope {
class AsyncLoader;
struct LoadOutcome;
} // namespace scope

// Bridges the core's AsyncLoader to Qt: reads run on worker threads (the
// timeline index is built there too), results arrive as queued signals on the
// thread that owns the controller. The UI thread never touches the file.
// Every read gets the memory budget (MemoryBudgetSetting::effective): runs
// whose calls exceed it arrive read on demand (RunData::readOnDemand).
class LoadController : public QObject {
    Q_OBJECT
public:
    explicit LoadController(QObject* parent = nullptr);
    ~LoadController() override;

    quint64 load(const QString& path, bool summaryOnly);
    // Reads `rankFiles` (one rank each) and combines them into one run that
    // is called `name`; the signals report `name` as the path.
    quint64 loadRankFiles(const QStringList& rankFiles, const QString& name, bool summaryOnly);
    // --memory-budget: wins over the preference for the reads started
    // afterwards (0 = none, the preference applies).
    void setMemoryBudgetOverride(std::uint64_t bytes) { budgetOverride_ = bytes; }
    std::uint64_t memoryBudgetOverride() const { return budgetOverride_; }
    // What the next read gets, in bytes.
    std::uint64_t memoryBudget() const;
    // The runs' kept indexes (scope::IndexCache): off until asked for
    // (scope-viewer asks unless --no-index), in the cache folder or beside
    // the runs (--index-beside), for the reads started afterwards.
    void setIndexUse(bool use, bool beside) {
        useIndex_ = use;
        indexBeside_ = beside;
    }
    bool usesIndex() const { return useIndex_; }
    // The preference "Index cache limit" (QSettings, bytes; 0 or absent =
    // IndexCache's default, 2 GiB).
    static QString indexCacheLimitKey() { return QStringLiteral("index/cacheLimit"); }
    static std::uint64_t indexCacheLimit();
    static void storeIndexCacheLimit(std::uint64_t bytes);
    void cancel(quint64 id);
    void cancelAll();
    int running() const { return static_cast<int>(started_.size()); }
    QString pathOf(quint64 id) const { return paths_.value(id); }

signals:
    void progress(quint64 id, double fraction, const QString& message);
    // A read with events is done: the run without its events, timeline and
    // computed exclusive times, for the table; `loaded` follows with all of it
    // (or `cancelled`/`failed`). Never for summary-only reads.
    void readDone(quint64 id, std::shared_ptr<const RunData> run);
    // A run read on demand whose timeline is being built: the run as readDone
    // gave it, with the ranks built so far as its timelineSource (a
    // scope::PartialTimeline); now and then until `loaded`.
    void timelineSoFar(quint64 id, std::shared_ptr<const RunData> run);
    void loaded(quint64 id, std::shared_ptr<const RunData> run);
    void failed(quint64 id, const QString& path, const LoadFailure& failure);
    void cancelled(quint64 id, const QString& path);

private:
    void finish(quint64 id, std::shared_ptr<RunData> run, const LoadFailure& failure,
                bool wasCancelled);
    void onOutcome(const scope::LoadOutcome& outcome);
    // readDone and timelineSoFar: a stage of a load still running.
    void onStage(const scope::LoadOutcome& outcome,
                 void (LoadController::*signal)(quint64, std::shared_ptr<const RunData>));

    std::unique_ptr<scope::AsyncLoader> loader_;
    QHash<quint64, QElapsedTimer> started_;
    QHash<quint64, QString> paths_;
    std::uint64_t budgetOverride_ = 0;
    bool useIndex_ = false;
    bool indexBeside_ = false;
};
