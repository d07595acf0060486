// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/ProfilingResults.h"

#include <QMetaType>
#include <QString>
#include <QStringList>

#include <memory>

namespace scope {
class TimelineIndex;
}

// A loaded run as the UI holds it: immutable results shared by every view, the
// timeline index built beside them on the worker thread, and how it was opened.
struct RunData {
    std::shared_ptr<const scope::ProfilingResults> results;
    std::shared_ptr<const scope::TimelineIndex> timeline; // null without events
    QString path;
    // A run combined from per-rank files: those files, in rank order; `path`
    // is then only the run's name (`<dir>/<prefix> (N ranks)`), not a file.
    QStringList rankFiles;
    bool summaryOnlyRequested = false;
    double loadSeconds = 0.0;

    // What the status bar and the greyed-out views say about per-call data.
    bool hasEvents() const { return results && results->eventsRead; }
    // Whether "Load events" can do anything: the aggregate layout has no events.
    bool isCombined() const { return !rankFiles.isEmpty(); }
    bool canLoadEvents() const {
        return results && !results->eventsRead && results->layout == scope::StorageLayout::Columnar;
    }
};

Q_DECLARE_METATYPE(std::shared_ptr<const RunData>)
