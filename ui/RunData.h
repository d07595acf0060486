// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "analysis/OnDemandTimeline.h"
#include "analysis/TimelineIndex.h"
#include "model/ProfilingResults.h"

#include <QMetaType>
#include <QString>
#include <QStringList>

#include <algorithm>
#include <cstdint>
#include <memory>

// A loaded run as the UI holds it: immutable results shared by every view, the
// timeline index built beside them on the worker thread, and how it was opened.
struct RunData {
    std::shared_ptr<const scope::ProfilingResults> results;
    std::shared_ptr<const scope::TimelineIndex> timeline; // null without events in memory
    // What the timeline draws: the index above, or for a run read on demand
    // the pyramid built beside it; null without per-call data.
    std::shared_ptr<const scope::TimelineSource> timelineSource;
    // Why a run read on demand has no timeline source (LoadOutcome::timelineError).
    QString timelineError;
    // The memory budget the run was read under (bytes, 0 = none).
    std::uint64_t memoryBudget = 0;
    QString path;
    // A run combined from per-rank files: those files, in rank order; `path`
    // is then only the run's name (`<dir>/<prefix> (N ranks)`), not a file.
    QStringList rankFiles;
    bool summaryOnlyRequested = false;
    double loadSeconds = 0.0;

    // What the status bar and the greyed-out views say about per-call data.
    // Every call in memory: what the call tree, flame graph and traces need.
    bool hasEvents() const { return results && results->eventsRead; }
    // The calls exceed the memory budget and are read from the file on
    // demand: statistics, timeline, distributions and call paths (from the
    // OnDemandTimeline), but no traces.
    bool readOnDemand() const {
        return results && !results->eventsRead && results->onDemand != nullptr;
    }
    // The timeline's source: timelineSource, else the index (runs made
    // before sources existed set only that).
    std::shared_ptr<const scope::TimelineSource> timelineToDraw() const {
        if (timelineSource)
            return timelineSource;
        return timeline;
    }
    // What the percentiles and the distribution charts may hold of a run
    // read on demand: a share of its budget, beside the chunk cache and the
    // timeline's (calls in memory are not limited).
    std::uint64_t callBytesLimit() const {
        constexpr std::uint64_t kMost = std::uint64_t(64) << 20;
        if (!readOnDemand() || memoryBudget == 0)
            return kMost;
        return std::clamp<std::uint64_t>(memoryBudget / 8, std::uint64_t(1) << 20, kMost);
    }
    // Whether the timeline has something to draw from.
    bool canDrawTimeline() const { return (hasEvents() || readOnDemand()) && timelineToDraw(); }
    // The timeline of a run read on demand, which holds its per-rank call
    // trees; null otherwise.
    std::shared_ptr<const scope::OnDemandTimeline> onDemandTimeline() const {
        return readOnDemand()
                   ? std::dynamic_pointer_cast<const scope::OnDemandTimeline>(timelineSource)
                   : nullptr;
    }
    // Whether the call tree and flame graph can be built: the calls are in
    // memory, or read on demand with their timeline built.
    bool hasCallPaths() const { return (hasEvents() && timeline) || onDemandTimeline(); }
    // Whether "Load events" can do anything: the aggregate layout has no
    // events, and a run read on demand would be read so again.
    bool isCombined() const { return !rankFiles.isEmpty(); }
    bool canLoadEvents() const {
        return results && !results->eventsRead && !results->onDemand &&
               results->layout == scope::StorageLayout::Columnar;
    }
};

Q_DECLARE_METATYPE(std::shared_ptr<const RunData>)
