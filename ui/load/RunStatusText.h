// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QCoreApplication>
#include <QString>

struct RunData;

// The status bar's line about a run: what the file is, ranks, regions, calls, load time
// and what the file's events allow. Apart from MainWindow, which only decides
// when the line changes.
class RunStatusText {
    Q_DECLARE_TR_FUNCTIONS(RunStatusText)
public:
    // awaitingTimeline: table first, the events are read but not yet indexed.
    static QString describe(const RunData& run, bool awaitingTimeline);
    // What the file is: "HDF5 schema 3", "native trace (.spt v2)",
    // "C API rank file (HDF5 schema 2)", "4 rank files (.spt)", "JSON profile (.json)".
    static QString fileKind(const RunData& run);
    // Why what needs every call in memory (call tree, flame graph, traces)
    // is unavailable for a run read on demand; "" for any other run.
    static QString onDemandReason(const RunData& run);
    // The run's index note as the line shows it: a kept index by its folder,
    // with the home folder as "~".
    static QString shortIndexNote(const RunData& run);
};
