// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "ReadRequest.h"
#include "model/ProfilingResults.h"
#include "plan/EventBytes.h"
#include "plan/EventPlan.h"

#include <cstddef>
#include <functional>
#include <optional>
#include <span>
#include <string>

namespace scope {

// Reads a whole profiling file: events (when the layout has them), statistics,
// metadata and auxiliary groups. Throws the errors of model/Errors.h.
ProfilingResults readH5(const std::string& path, const ReadRequest& options = {});

// Reads the summary columns (or the aggregate columns) and never an event
// dataset. Throws SummaryDataUnavailable for files without them unless
// options.fallback is set; then the events are read and summaryFallback is true.
ProfilingResults readH5Summary(const std::string& path, const ReadRequest& options = {});

// The same reads of a file image held in memory; `name` stands for the path in
// results and errors. For fuzzing and tests: the bytes never touch the disk.
ProfilingResults readH5Image(std::span<const std::byte> image, const std::string& name,
                             const ReadRequest& options = {});
ProfilingResults readH5SummaryImage(std::span<const std::byte> image, const std::string& name,
                                    const ReadRequest& options = {});

// Each read above is two steps. The first reads the file's structure with
// libhdf5: metadata, the index, stored summaries, auxiliary groups and where
// the bytes of the event columns are (a file on which libhdf5 may crash is
// read there in the read helper). The second reads those bytes without
// libhdf5, on every core, computes the rows' statistics from them and
// finishes the results.
// Of a read's progress, the first step's share (in a read of events it is
// the smaller part).
inline constexpr double kPlanShare = 0.25;

struct PlannedRead {
    ProfilingResults results; // not finalized; rows of unread events have no statistics yet
    EventPlan events;
};

// These report progress from 0 to 1 of their own; completeRead reports from
// kPlanShare to 1.
PlannedRead planH5(const std::string& path, const ReadRequest& options = {});
PlannedRead planH5Summary(const std::string& path, const ReadRequest& options = {});
// planH5, giving `summaries` first what planH5Summary would plan of a
// summary-only request without the fallback (none when the file has no
// usable summary columns), from the same open of the file.
using SummariesHandOver = std::function<void(std::optional<PlannedRead>)>;
PlannedRead planH5SummariesFirst(const std::string& path, const ReadRequest& options,
                                 const SummariesHandOver& summaries);

// `regions` and `ranks` keep only those rows (ReadRequest'; empty = all).
// With a memoryBudget (bytes, 0 = none) that the events would exceed in
// memory (readsOnDemand), they are streamed for the statistics and left on
// disk behind results.onDemand, the file opened again by path for them;
// with `onDemand`, whatever their size (ReadRequest::eventsOnDemand).
ProfilingResults completeRead(PlannedRead&& read, const EventBytes& bytes,
                              const ReadControl& control,
                              const std::vector<std::string>& regions = {},
                              const std::vector<std::uint32_t>& ranks = {},
                              std::uint64_t memoryBudget = 0, bool onDemand = false);

// The bytes a run's per-call data takes once read into memory: every stored
// event column at 8 bytes per call, plus about 8 bytes per call for the
// timeline index a viewer builds over them.
std::uint64_t eventBytesInMemory(const EventPlan& plan);
// The one rule for reading on demand: a budget is set and the events would
// not fit in it. A file image (no file to read again later) is always read
// into memory; so are native traces and combined rank files, which have no
// plan (their readers keep what they read).
bool readsOnDemand(const EventPlan& plan, std::uint64_t memoryBudget);
// The share of the budget the on-demand source's cache of decoded chunks may
// take; the rest is for the timeline's level of detail and the visible window.
inline constexpr std::uint64_t kCacheShareOfBudget = 4; // 1/4

} // namespace scope
