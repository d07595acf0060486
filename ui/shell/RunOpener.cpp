// SPDX-License-Identifier: GPL-3.0-or-later
#include "RunOpener.h"

#include "RunTabs.h"
#include "common/RunPath.h"
#include "load/LoadController.h"

#include <QFileInfo>

RunOpener::RunOpener(LoadController* loader, RunTabs& tabs, QObject* parent)
    : QObject(parent), loader_(loader), tabs_(tabs) {}

void RunOpener::openFile(const QString& path, bool summaryOnly) {
    const QString absolute = RunPath::absolute(path);
    tabs_.request(absolute);
    // A combined run's name is no file: its reload reads its files again.
    if (rankRuns_.contains(absolute))
        loader_->loadRankFiles(rankRuns_.files(absolute), absolute, summaryOnly);
    else
        loader_->load(path, summaryOnly);
    emit loadStarted(path, tabs_.viewForPath(path) != nullptr);
}

void RunOpener::openFilesToCompare(const QStringList& paths, bool summaryOnly) {
    const QStringList runs = rankRuns_.plan(paths);
    // One run into an empty window is just opened; anything else is a comparison.
    if (runs.size() >= 2 || tabs_.runCount() >= 1)
        for (const QString& path : runs)
            comparePending_.insert(RunPath::absolute(path));
    for (const QString& path : runs)
        openFile(path, summaryOnly);
}

void RunOpener::openEachToCompare(const QStringList& paths) {
    for (const QString& path : paths)
        comparePending_.insert(RunPath::absolute(path));
    for (const QString& path : paths)
        openFile(path);
}

void RunOpener::openRankFiles(const QStringList& paths, bool summaryOnly) {
    if (paths.size() == 1)
        openFile(paths.front(), summaryOnly);
    else if (!paths.isEmpty())
        openFile(rankRuns_.add(paths), summaryOnly);
}

void RunOpener::openForwardedFiles(const QStringList& paths, bool summaryOnly,
                                   std::uint64_t memoryBudget, bool combineRanks) {
    // The sender's budget for these reads only: they all start right here.
    const std::uint64_t session = loader_->memoryBudgetOverride();
    if (memoryBudget != 0)
        loader_->setMemoryBudgetOverride(memoryBudget);
    if (combineRanks)
        openRankFiles(paths, summaryOnly);
    // A folder goes through openFilesToCompare(), which opens the files in it.
    else if (paths.size() == 1 && !QFileInfo(paths.front()).isDir())
        openFile(paths.front(), summaryOnly);
    else
        openFilesToCompare(paths, summaryOnly);
    loader_->setMemoryBudgetOverride(session);
}

void RunOpener::forget(const QString& absolutePath) {
    rankRuns_.remove(absolutePath);
    comparePending_.remove(absolutePath);
}
