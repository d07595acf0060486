// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "RunPath.h"
#include "analysis/OnDemandTimeline.h"
#include "analysis/TimelineIndex.h"
#include "load/AsyncLoader.h"
#include "model/ProfilingResults.h"
#include "remote/RemoteTimeline.h"

#include <QMetaType>
#include <QString>
#include <QStringList>

#include <algorithm>
#include <cstdint>
#include <memory>

// A loaded run as the UI holds it: immutable results shared by every view, the
// timeline built beside them on the worker thread, and how it was opened.
struct RunData {
    // One stage of a load (LoadController), as the loader handed it over.
    static std::shared_ptr<RunData> fromOutcome(const scope::LoadOutcome& outcome);

    std::shared_ptr<const scope::ProfilingResults> results;
    // What the timeline draws: the index over the calls in memory (a
    // TimelineIndex), a run read on demand's OnDemandTimeline, or the ranks
    // built so far while that is built; null without per-call data.
    std::shared_ptr<const scope::TimelineSource> timeline;
    // Why a run read on demand has no timeline source (LoadOutcome::timelineError).
    QString timelineError;
    // What became of the run's kept index (LoadOutcome::indexNote).
    QString indexNote;
    // The memory budget the run was read under (bytes, 0 = none).
    std::uint64_t memoryBudget = 0;
    QString path;
    // A run combined from per-rank files: those files, in rank order; `path`
    // is then only the run's name (`<dir>/<prefix> (N ranks)`), not a file.
    QStringList rankFiles;
    bool summaryOnlyRequested = false;
    // How a load that showed its table first ended without the run's calls:
    // cancelled, or failed (the banner says why).
    enum class CallsUnread { No, Cancelled, Failed };
    CallsUnread callsUnread = CallsUnread::No;
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
    // The index over the calls in memory, which the call tree and the calls
    // of a path are built from; null otherwise.
    std::shared_ptr<const scope::TimelineIndex> index() const {
        return std::dynamic_pointer_cast<const scope::TimelineIndex>(timeline);
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
    // A run read on another host (an ssh:// path): its statistics and the
    // whole-run timeline came over the connection, its calls stayed there.
    bool isRemote() const {
        return results && (results->eventsOnHost || (!isCombined() && RunPath::isRemote(path)));
    }
    // Whether the timeline has something to draw from.
    bool canDrawTimeline() const {
        return (hasEvents() || readOnDemand() || isRemote()) && timeline;
    }
    // The timeline of a run read on demand, which holds its per-rank call
    // trees; null otherwise.
    std::shared_ptr<const scope::OnDemandTimeline> onDemandTimeline() const {
        return readOnDemand() ? std::dynamic_pointer_cast<const scope::OnDemandTimeline>(timeline)
                              : nullptr;
    }
    // The timeline of a run on another host, which holds the per-rank call
    // trees the host sent; null otherwise.
    std::shared_ptr<const scope::RemoteTimeline> remoteTimeline() const {
        return isRemote() ? std::dynamic_pointer_cast<const scope::RemoteTimeline>(timeline)
                          : nullptr;
    }
    // Whether the call tree and flame graph can be built: the calls are in
    // memory, read on demand with their timeline built, or on another host
    // which sent their per-rank trees.
    bool hasCallPaths() const {
        if ((hasEvents() && index()) || onDemandTimeline())
            return true;
        const auto remote = remoteTimeline();
        return remote && remote->hasCallTrees();
    }
    // Whether "Load events" can do anything: the aggregate layout has no
    // events, a run read on demand would be read so again, and a run on
    // another host keeps its calls there (opened summary-only, reading it
    // again brings its timeline).
    bool isCombined() const { return !rankFiles.isEmpty(); }
    bool canLoadEvents() const {
        return results && !results->eventsRead && !results->onDemand &&
               (!isRemote() || summaryOnlyRequested) &&
               results->layout == scope::StorageLayout::Columnar;
    }
};

Q_DECLARE_METATYPE(std::shared_ptr<const RunData>)
