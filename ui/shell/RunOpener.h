// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "load/RankFileRuns.h"

#include <QObject>
#include <QSet>
#include <QStringList>

#include <cstdint>

class LoadController;
class RunTabs;

// Turns what the user asked to open into loads: single files, runs to
// compare, rank files combined as one run, files another `scope-viewer` call
// handed over. Remembers which runs are combined and which should bring the
// comparison to the front when they arrive.
class RunOpener : public QObject {
    Q_OBJECT
public:
    RunOpener(LoadController* loader, RunTabs& tabs, QObject* parent = nullptr);

    void openFile(const QString& path, bool summaryOnly = false);
    // Folders become their files, rank files of one prefix one run; two or
    // more runs, or one beside open runs, are compared.
    void openFilesToCompare(const QStringList& paths, bool summaryOnly = false);
    // Each file as a run to compare, as given (File ▸ Add Run to Comparison…).
    void openEachToCompare(const QStringList& paths);
    // Per-rank files of one run, opened as one run.
    void openRankFiles(const QStringList& paths, bool summaryOnly = false);
    // memoryBudget: the forwarding call's (bytes), 0 = this window's.
    void openForwardedFiles(const QStringList& paths, bool summaryOnly, std::uint64_t memoryBudget,
                            bool combineRanks);

    // The files a run was combined from; empty for a run of one file.
    QStringList rankFilesOf(const QString& runPath) const { return rankRuns_.files(runPath); }
    // Whether the run at this absolute path was opened to be compared; asks once.
    bool takeCompareRequest(const QString& absolutePath) {
        return comparePending_.remove(absolutePath);
    }
    // Its tab closed or its load failed: the run is no longer combined or
    // awaited for the comparison.
    void forget(const QString& absolutePath);

signals:
    // A load started; `reload` when the file's tab stays and takes the new run.
    void loadStarted(const QString& path, bool reload);

private:
    LoadController* loader_;
    RunTabs& tabs_;
    RankFileRuns rankRuns_;
    // Absolute paths whose arrival should show the comparison.
    QSet<QString> comparePending_;
};
