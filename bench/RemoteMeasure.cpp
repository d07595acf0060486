// SPDX-License-Identifier: GPL-3.0-or-later
#include "RemoteMeasure.h"

#include "base/MemoryBudget.h"
#include "remote/RemoteReader.h"
#include "remote/RemoteTimeline.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <optional>
#include <vector>

namespace scope::bench {
namespace {

using Clock = std::chrono::steady_clock;

double since(Clock::time_point begin) {
    return std::chrono::duration<double>(Clock::now() - begin).count();
}

// The lanes a window of 16 ranks shows.
std::vector<std::size_t> shownLanes(const TimelineSource& timeline) {
    std::vector<std::size_t> lanes;
    const std::vector<std::uint32_t> ranks = timeline.ranks();
    for (std::size_t lane = 0; lane < timeline.lanes().size(); ++lane)
        if (ranks.size() <= 16 || timeline.lanes()[lane].rank <= ranks[15])
            lanes.push_back(lane);
    return lanes;
}

} // namespace

int measureRemoteZoom(const std::string& url, std::span<const std::string> extra) {
    const std::optional<RemoteUrl> parsed = RemoteUrl::parse(url);
    if (!parsed) {
        std::fprintf(stderr, "%s: not an ssh:// URL\n", url.c_str());
        return 1;
    }
    ReadRequest request;
    if (!extra.empty() && extra[0] != "default")
        request.memoryBudget = MemoryBudget::parse(extra[0]);
    const double fileBytes = extra.size() > 1 ? std::stod(extra[1]) : 0.0;
    const auto report = [&](const char* step, double seconds, std::uint64_t bytes) {
        std::printf("%-44s %7.3f s %12llu bytes", step, seconds,
                    static_cast<unsigned long long>(bytes));
        if (fileBytes > 0)
            std::printf("  %.4f %% of the file", 100.0 * static_cast<double>(bytes) / fileBytes);
        std::printf("\n");
    };
    auto begin = Clock::now();
    const RemoteRun run = readRemote(*parsed, request);
    report("statistics and whole-run timeline", since(begin), run.bytesReceived);
    const auto* timeline = dynamic_cast<const RemoteTimeline*>(run.timeline.get());
    if (timeline == nullptr) {
        std::fprintf(stderr, "%s: no timeline to zoom\n", url.c_str());
        return 1;
    }
    const std::vector<std::size_t> lanes = shownLanes(*timeline);
    std::vector<TimelineSpan> spans;
    const std::int64_t whole = timeline->endNs() - timeline->startNs();
    for (const std::int64_t share : {200, 20000}) {
        const std::int64_t t0 = timeline->startNs() + whole / 2;
        const std::int64_t t1 = t0 + std::max<std::int64_t>(1, whole / share);
        const double nsPerPixel = static_cast<double>(t1 - t0) / 1000.0;
        const std::uint64_t before = timeline->bytesReceived();
        begin = Clock::now();
        for (const std::size_t lane : lanes)
            timeline->query(lane, t0, t1, nsPerPixel, spans);
        timeline->waitIdle();
        std::size_t drawn = 0;
        bool exact = true;
        for (const std::size_t lane : lanes) {
            exact = timeline->query(lane, t0, t1, nsPerPixel, spans) && exact;
            drawn += spans.size();
        }
        const std::string step = "zoom to 1/" + std::to_string(share) + " of the run, " +
                                 std::to_string(lanes.size()) + " lanes";
        report(step.c_str(), since(begin), timeline->bytesReceived() - before);
        std::printf("  %zu spans drawn%s%s\n", drawn, exact ? "" : " (stand-in: ",
                    exact ? "" : (timeline->readError() + ")").c_str());
    }
    // The durations over time of the first region on ranks 0-3, as the view
    // asks for them: the outline (the host builds the series), then the
    // whole run and a 200th of it at 1,200 columns, a series per rank.
    const CallsElsewhere& host = *run.results.callsElsewhere;
    const RankSelection ranks({0, 1, 2, 3});
    std::uint64_t before = timeline->bytesReceived();
    begin = Clock::now();
    const DurationOutline outline = host.durations(0, ranks, 0, 0, 0, false).outline;
    report("durations over time: outline", since(begin), timeline->bytesReceived() - before);
    std::printf("  %llu calls on %zu ranks%s\n", static_cast<unsigned long long>(outline.calls),
                outline.ranks.size(), outline.callsOverLimit > 0 ? " (over the byte limit)" : "");
    const double span = outline.lastStart - outline.firstStart;
    for (const double share : {1.0, 200.0}) {
        const double t0 = outline.firstStart + (share > 1 ? span / 2 : 0.0);
        before = timeline->bytesReceived();
        begin = Clock::now();
        const DurationReduction columns =
            host.durations(0, ranks, t0, t0 + span / share, 1200, false).reduction;
        const std::string step = "durations over time: 1/" + std::to_string(int(share)) +
                                 " of the run, " + std::to_string(columns.series) + " series";
        report(step.c_str(), since(begin), timeline->bytesReceived() - before);
    }
    // A significance test's sample of the same region: every call's duration
    // on the four ranks, the only answer as large as its calls.
    before = timeline->bytesReceived();
    begin = Clock::now();
    const CallsElsewhere::CallDurations sample = host.callDurations(0, ranks);
    report("every call's duration (a test's sample)", since(begin),
           timeline->bytesReceived() - before);
    std::printf("  %zu calls, %zu bytes unpacked\n", sample.durationsNs.size(),
                sample.durationsNs.size() * sizeof(std::int64_t));
    return 0;
}

} // namespace scope::bench
