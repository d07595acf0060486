// SPDX-License-Identifier: GPL-3.0-or-later
#include "RemoteServe.h"

#include "ErrorReport.h"
#include "Heartbeat.h"
#include "HostIndexer.h"
#include "RemoteRequests.h"
#include "WorkerChannel.h"
#include "analysis/CallTree.h"
#include "analysis/ExclusiveTime.h"
#include "analysis/KeptHistograms.h"
#include "analysis/KeptPercentiles.h"
#include "analysis/OnDemandTimeline.h"
#include "analysis/TimelineIndex.h"
#include "events/PlannedCallSource.h"
#include "index/IndexCache.h"
#include "index/RunIndex.h"
#include "load/ProfileFileReader.h"
#include "model/Errors.h"
#include "remote/RemotePayload.h"
#include "remote/RemoteReader.h"

#include <fcntl.h>
#include <signal.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <limits>
#include <optional>
#include <string>

namespace scope::worker {
namespace {

using isolate::WorkerMessage;

struct Arguments {
    std::string protocol;
    bool timeline = true;
    std::string indexWith; // the user's command that indexes a run here
    ReadRequest request;
    std::string path;
};

bool parse(int argc, char** argv, Arguments& arguments) {
    int i = 2;
    for (; i < argc && std::strcmp(argv[i], "--") != 0; ++i) {
        const std::string arg = argv[i];
        const bool value = i + 1 < argc;
        if (arg == "--protocol" && value)
            arguments.protocol = argv[++i];
        else if (arg == "--no-timeline")
            arguments.timeline = false;
        else if (arg == "--index-with" && value)
            arguments.indexWith = argv[++i];
        else if (arg == "--summary")
            arguments.request.summaryOnly = true;
        else if (arg == "--no-row-details")
            arguments.request.rowDetails = false;
        else if (arg == "--row-details-limit" && value)
            arguments.request.rowDetailsLimit = std::strtoull(argv[++i], nullptr, 10);
        else if (arg == "--memory-budget" && value)
            arguments.request.memoryBudget = std::strtoull(argv[++i], nullptr, 10);
        else if (arg == "--fallback")
            arguments.request.fallback = true;
        else if (arg == "--likwid")
            arguments.request.includeLikwid = true;
        else if (arg == "--line-profile")
            arguments.request.includeLineProfile = true;
        else
            return false;
    }
    if (i + 2 != argc || arguments.protocol.empty())
        return false;
    arguments.path = argv[i + 1];
    return true;
}

// Which lanes are whose, from any timeline source.
RankLaneTable rankLanesOf(const TimelineSource& source) {
    RankLaneTable table;
    const std::span<const TimelineLane> lanes = source.lanes();
    for (const std::uint32_t rank : source.ranks())
        for (const std::int64_t key : source.laneKeys(rank)) {
            const std::optional<std::size_t> first = source.laneOf(rank, key, 0);
            if (!first)
                continue;
            std::size_t end = *first;
            while (end < lanes.size() && lanes[end].rank == rank && lanes[end].key == key)
                ++end;
            table.push_back({rank, static_cast<std::uint32_t>(*first),
                             static_cast<std::uint32_t>(end - *first), key});
        }
    return table;
}

// Calls in memory: only the levels that cross are computed; the index over
// them is kept for the zooms (in `built`).
RemotePayload::Timeline coarseTimeline(ProfilingResults& results,
                                       std::shared_ptr<const TimelineIndex>& built) {
    built = std::make_shared<const TimelineIndex>(results);
    const TimelineIndex& index = *built;
    fillExclusiveTimes(results, index);
    TimelinePyramid pyramid(index.startNs(), index.endNs(),
                            std::numeric_limits<std::uint64_t>::max());
    if (!index.empty()) {
        const double finest =
            static_cast<double>(pyramid.endNs() + 1 - pyramid.originNs()) / RemotePayload::kColumns;
        std::vector<double> widths = pyramid.widths();
        while (widths.size() > 1 && widths.back() < finest)
            widths.pop_back();
        pyramid.addRank(TimelinePyramid::computeRank(
            index, [](std::uint32_t e) { return e; }, pyramid.originNs(), pyramid.endNs(), widths,
            std::numeric_limits<std::uint64_t>::max()));
    }
    // Per rank, as a read on demand keeps them: the viewer merges the ranks
    // it shows.
    RankLaneTable rankLanes = rankLanesOf(index);
    std::vector<CallTree> trees;
    for (const std::uint32_t rank : rankLanes.ranks())
        trees.push_back(CallTree::build(results, index, RankSelection({rank})));
    return RemotePayload::timelineOf(pyramid, std::move(rankLanes), std::move(trees));
}

// The host's kept index of the run (its user's cache there), when one is
// valid: the statistics and the timeline without reading a call.
std::optional<RunIndex> keptIndex(const std::string& path) {
    try {
        return IndexCache::standard().find(path);
    } catch (const std::exception&) {
        return std::nullopt; // the read says what is wrong with the file
    }
}

// The run's index built by the user's command (HostIndexer), when it has
// none yet.
RunIndex indexedWith(const std::string& command, const std::string& path) {
    HostIndexer::run(command, path, STDIN_FILENO);
    if (std::optional<RunIndex> index = keptIndex(path))
        return std::move(*index);
    throw ProfileError(path, "indexing on the host with \"" + command + "\"",
                       "it finished but kept no index where this helper looks (" +
                           IndexCache::standard().folder().string() + ")");
}

// What the viewer keeps after reading a run on demand, kept here too, so
// that the next open over SSH reads no call. Failing to keep it fails nothing.
void keepIndex(const std::string& path, const std::optional<IndexKey>& key,
               const OnDemandTimeline& timeline) {
    const auto* source = dynamic_cast<const PlannedCallSource*>(timeline.results().onDemand.get());
    if (!key || !source)
        return;
    try {
        if (IndexKey::of(path) == *key)
            IndexCache::standard().store(
                path, RunIndex::of(timeline, *key, RunIndex::pyramidBudget(source->plan())));
    } catch (const std::exception& error) {
        std::fprintf(stderr, "scope-read-worker: %s: index not kept: %s\n", path.c_str(),
                     error.what());
    }
}

// Calls on disk: the on-demand timeline, as the viewer builds it, kept for
// the zooms (in `built`).
RemotePayload::Timeline onDemandTimeline(ProfilingResults& results, std::uint64_t budget,
                                         const ReadControl& control,
                                         const std::optional<IndexKey>& key,
                                         std::shared_ptr<const OnDemandTimeline>& built) {
    auto shared = std::make_shared<ProfilingResults>(std::move(results));
    built = OnDemandTimeline::build(shared, budget, control);
    const auto& exclusive = built->exclusiveByRow();
    for (std::size_t i = 0; i < shared->rows.size(); ++i)
        if (!shared->rows[i].exclusiveNs)
            shared->rows[i].exclusiveNs = exclusive[i];
    keepIndex(shared->path, key, *built);
    // A copy without calls: the timeline holds the original.
    results = *shared;
    return RemotePayload::timelineOf(built->pyramid(), rankLanesOf(*built), built->rankTrees());
}

} // namespace

int RemoteServe::run(int argc, char** argv) {
    // Standard output is the connection: whatever else would print there (a
    // library's message) goes to standard error instead.
    const int connection = fcntl(STDOUT_FILENO, F_DUPFD_CLOEXEC, 3);
    if (connection < 0 || dup2(STDERR_FILENO, STDOUT_FILENO) < 0)
        return 1;
    // A connection gone is a failed write, not a signal: the channel then
    // stops what the helper started before it ends.
    signal(SIGPIPE, SIG_IGN);
    WorkerChannel channel(connection, &HostIndexer::stopRunning);
    WorkerMessage hello;
    hello.kind = WorkerMessage::Kind::Hello;
    hello.text = remoteProtocolVersion();
    channel.send(hello);
    Arguments arguments;
    if (!parse(argc, argv, arguments)) {
        std::fprintf(stderr,
                     "usage: scope-read-worker --serve --protocol VERSION "
                     "[--summary [--fallback] [--likwid] [--line-profile] | --no-timeline | "
                     "--index-with COMMAND] "
                     "[--no-row-details | --row-details-limit ROWS] "
                     "[--memory-budget BYTES] -- FILE\n");
        return 2;
    }
    // The caller has seen our version and gives up; nothing to read.
    if (arguments.protocol != remoteProtocolVersion())
        return 3;
    channel.progress(0.0, "reading the file");
    ProfilingResults results;
    std::optional<RemotePayload::Timeline> timeline;
    // What the zooms draw from, once the timeline is sent.
    std::function<std::shared_ptr<const TimelineSource>()> zoomSource;
    try {
        // Alive is enough: the read's own helper has its own time-out for a hang.
        Heartbeat heartbeat(channel);
        heartbeat.setBusy(true);
        ReadRequest& request = arguments.request;
        ReadControl control;
        control.progress = [&](double fraction, std::string_view text) {
            channel.progress(fraction, text);
        };
        request.control = scaledControl(control, 0.0, arguments.timeline ? 0.6 : 0.95);
        const bool wanted = !request.summaryOnly && arguments.timeline;
        bool eventsOnHost = true;
        std::optional<RunIndex> index;
        if (!request.summaryOnly)
            index = keptIndex(arguments.path);
        if (!index && wanted && !arguments.indexWith.empty()) {
            channel.progress(0.05, "indexing with " + arguments.indexWith);
            index = indexedWith(arguments.indexWith, arguments.path);
        }
        if (index) {
            channel.progress(0.5, "opening from its index");
            if (wanted) {
                timeline = RemotePayload::timelineOf(index->timeline.pyramid,
                                                     std::move(index->timeline.rankLanes),
                                                     std::move(index->timeline.rankTrees));
                // The calls are opened at the first zoom only.
                zoomSource = [path = arguments.path, budget = request.memoryBudget]() {
                    std::optional<RunIndex> again = IndexCache::standard().find(path);
                    if (!again)
                        throw ProfileError(path, "opening the calls of a zoom",
                                           "the run changed since its index was read");
                    return std::shared_ptr<const TimelineSource>(
                        std::move(*again).open(path, budget));
                };
            }
            results = std::move(index->results);
            results.path = arguments.path;
            const auto& exclusive = index->timeline.exclusive;
            for (std::size_t i = 0; i < results.rows.size() && i < exclusive.size(); ++i)
                if (!results.rows[i].exclusiveNs)
                    results.rows[i].exclusiveNs = exclusive[i];
            // As a read without them would give (scope-report's).
            if (!request.rowDetails) {
                results.rowDetails.clear();
                for (RankRegion& row : results.rows)
                    row.details = RankRegion::kNoDetails;
            }
        } else {
            std::optional<IndexKey> key;
            if (wanted) {
                try {
                    key = IndexKey::of(arguments.path);
                } catch (const ProfileError&) {
                    // The read says what is wrong with the file.
                }
            }
            results = readProfileFile(arguments.path, request);
            eventsOnHost = results.eventsRead || results.onDemand != nullptr;
            // The calls stay here: their percentiles and histograms go with
            // the statistics (and into the index kept below).
            if (eventsOnHost && !request.summaryOnly) {
                channel.progress(arguments.timeline ? 0.6 : 0.95,
                                 "computing percentiles and histograms");
                KeptHistograms::keep(results);
            }
            if (wanted && results.onDemand) {
                std::shared_ptr<const OnDemandTimeline> built;
                timeline = onDemandTimeline(results, request.memoryBudget,
                                            scaledControl(control, 0.6, 0.95), key, built);
                zoomSource = [built] { return built; };
            } else if (wanted && results.eventsRead) {
                std::shared_ptr<const TimelineIndex> built;
                timeline = coarseTimeline(results, built);
                zoomSource = [built] { return built; };
            }
        }
        channel.progress(0.95, "sending the results");
        const std::string payload = RemotePayload::encode(results, eventsOnHost, timeline);
        channel.sendData(payload);
    } catch (...) {
        channel.send(currentError());
        return 3;
    }
    // The viewer keeps the connection for its zooms and questions while the
    // run is open.
    const std::uint64_t budget = arguments.request.memoryBudget;
    const std::uint64_t byteLimit =
        budget == 0 ? Percentiles::kDefaultByteLimit : KeptPercentiles::byteLimitWithin(budget);
    if (timeline && zoomSource)
        RemoteRequests(channel, arguments.path, byteLimit, std::move(zoomSource))
            .serve(STDIN_FILENO);
    return 0;
}

} // namespace scope::worker
