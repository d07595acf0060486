// SPDX-License-Identifier: GPL-3.0-or-later
#include "ChildMeasurement.h"

#include "BareReader.h"
#include "BudgetLoad.h"
#include "IndexMeasure.h"
#include "PeakMemory.h"
#include "RemoteMeasure.h"
#include "analysis/CallTree.h"
#include "analysis/TimelineIndex.h"
#include "format/ProfileReader.h"
#include "isolate/IsolatedReader.h"
#include "load/AsyncLoader.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <string>
#include <thread>
#include <vector>

namespace fs = std::filesystem;

namespace scope::bench {
namespace {

// VmHWM of this process's read helper child, sampled until `stop`; the last
// sample is the helper's peak unless it grew in its final millisecond.
void sampleHelperPeak(const std::atomic<bool>& stop, std::atomic<double>& peakMiB) {
    while (!stop.load()) {
        for (const auto& entry : fs::directory_iterator("/proc")) {
            std::FILE* stat = std::fopen((entry.path() / "stat").c_str(), "r");
            if (stat == nullptr)
                continue;
            char comm[64] = "";
            int parent = 0;
            const bool child = std::fscanf(stat, "%*d (%63[^)]) %*c %d", comm, &parent) == 2 &&
                               parent == getpid() && std::strcmp(comm, "scope-read-work") == 0;
            std::fclose(stat);
            std::FILE* status =
                child ? std::fopen((entry.path() / "status").c_str(), "r") : nullptr;
            if (status == nullptr)
                continue;
            char line[256];
            double kib = 0;
            while (std::fgets(line, sizeof line, status) != nullptr)
                if (std::sscanf(line, "VmHWM: %lf kB", &kib) == 1)
                    peakMiB.store(std::max(peakMiB.load(), kib / 1024.0));
            std::fclose(status);
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(1));
    }
}

// The viewer's read: readH5 in the scope-read-worker helper, results handed
// back through a memfd. "isolated" reports this process's peak,
// "isolated-helper" the helper's (sampled, so not timed alongside).
int measureIsolated(const std::string& kind, const std::string& path) {
    ReadRequest request;
    request.worker = SCOPE_READ_WORKER_EXE;
    if (kind == "isolated-summary") {
        // As the viewer opens a file summary-only.
        request.summaryOnly = true;
        request.fallback = true;
        request.rowDetails = false;
    }
    std::atomic<bool> stop{false};
    std::atomic<double> helperPeak{0};
    std::thread sampler;
    if (kind == "isolated-helper")
        sampler = std::thread([&] { sampleHelperPeak(stop, helperPeak); });
    const auto begin = std::chrono::steady_clock::now();
    const ProfilingResults results = readIsolated(path, request);
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - begin).count();
    const auto events = static_cast<double>(results.totalCalls());
    stop.store(true);
    if (sampler.joinable())
        sampler.join();
    std::printf("%.6f %.0f %.1f\n", seconds, events,
                kind == "isolated-helper" ? helperPeak.load() : peakRssMiB());
    return 0;
}

// Child side: one read, then "seconds events peak_MiB" on stdout.
int measure(const std::string& kind, const std::string& path) {
    if (kind.starts_with("isolated"))
        return measureIsolated(kind, path);
    // The clock stops before the data is freed: what a user waits for is the
    // read, and freeing is the same for every reader but the helper's shared
    // memory, which goes back later, when a tab is closed.
    const auto begin = std::chrono::steady_clock::now();
    double events = 0;
    std::vector<std::int64_t> bare;
    std::unique_ptr<char[]> bytes;
    ProfilingResults results;
    if (kind == "pread") {
        std::size_t size = 0;
        bytes = bench::barePreadParallel(path, size);
    } else if (kind == "bare1") {
        bare = bench::bareReadSchema1(path);
        events = static_cast<double>(bare.size()) / 2;
    } else if (kind == "pread-stream") {
        bench::barePreadStreaming(path);
    } else if (kind == "bare-zstd") {
        bench::bareDecompressZstd(path);
    } else if (kind == "bare-summary") {
        bench::bareReadSummaryColumns(path);
    } else if (kind == "bare3") {
        bare = bench::bareReadColumnar(path);
        events = static_cast<double>(bare.size()) / 2;
    } else if (kind == "full") {
        results = readH5(path);
        events = static_cast<double>(results.totalCalls());
    } else if (kind == "summary") {
        results = readH5Summary(path);
        events = static_cast<double>(results.totalCalls());
    } else if (kind == "plan") {
        // The first step alone: what the read helper does for the viewer,
        // which asks for the rows' source locations only up to a limit.
        ReadRequest viewer;
        viewer.rowDetailsLimit = kViewerRowDetailsLimit;
        const PlannedRead read = planH5(path, viewer);
        events = static_cast<double>(read.events.columnLengths[0]);
    } else if (kind == "summary-lean") {
        ReadRequest options;
        options.rowDetails = false;
        results = readH5Summary(path, options);
        events = static_cast<double>(results.totalCalls());
    } else {
        std::fprintf(stderr, "unknown measurement %s\n", kind.c_str());
        return 1;
    }
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - begin).count();
    std::printf("%.6f %.0f %.1f\n", seconds, events, peakRssMiB());
    return 0;
}

// The copy the viewer's table-first stage makes (AsyncLoader::readStageCopy):
// everything but the event columns; the read is not timed.
int measureReadStageCopy(const std::string& path) {
    ProfilingResults results = readH5(path);
    const auto begin = std::chrono::steady_clock::now();
    const auto copy = AsyncLoader::readStageCopy(results);
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - begin).count();
    std::printf("%.6f %.0f %.1f\n", seconds, static_cast<double>(copy->rows.size()), peakRssMiB());
    return 0;
}

// Child side of the timeline measurements (the viewer's level-of-detail index):
// the read is not timed; "timeline-query" times one query of every lane over
// the whole run at 2000 pixels, as the first frame of the timeline does.
int measureTimeline(const std::string& kind, const std::string& path) {
    const ProfilingResults results = readH5(path);
    auto begin = std::chrono::steady_clock::now();
    const TimelineIndex index(results);
    double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - begin).count();
    if (kind == "timeline-query") {
        const double nsPerPixel = static_cast<double>(index.endNs() - index.startNs()) / 2000;
        std::vector<TimelineSpan> spans;
        begin = std::chrono::steady_clock::now();
        for (std::size_t lane = 0; lane < index.lanes().size(); ++lane)
            index.query(lane, index.startNs(), index.endNs() + 1, nsPerPixel, spans);
        seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - begin).count();
    } else if (kind == "timeline-query-parallel") {
        // As the timeline view queries a frame's lanes: on every core.
        const double nsPerPixel = static_cast<double>(index.endNs() - index.startNs()) / 2000;
        std::atomic<std::size_t> next{0};
        auto work = [&] {
            std::vector<TimelineSpan> spans;
            for (std::size_t lane; (lane = next.fetch_add(1)) < index.lanes().size();)
                index.query(lane, index.startNs(), index.endNs() + 1, nsPerPixel, spans);
        };
        begin = std::chrono::steady_clock::now();
        std::vector<std::thread> helpers;
        for (unsigned t = 1; t < std::max(1u, std::thread::hardware_concurrency()); ++t)
            helpers.emplace_back(work);
        work();
        for (std::thread& helper : helpers)
            helper.join();
        seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - begin).count();
    } else if (kind == "timeline-calltree") {
        // The call paths of every rank from the index's nesting, on every core.
        begin = std::chrono::steady_clock::now();
        const CallTree tree = CallTree::build(results, index);
        seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - begin).count();
        if (tree.size() < 2)
            return 1;
    }
    std::printf("%.6f %.0f %.1f\n", seconds, static_cast<double>(results.totalCalls()),
                peakRssMiB());
    return 0;
}

} // namespace

int measureInChild(const std::string& kind, const std::string& path,
                   std::span<const std::string> extra) {
    if (kind == "budget-probe")
        return measureBudgetProbe(path);
    if (kind == "budget-load" && extra.size() == 1)
        return measureBudgetLoad(path, extra[0]);
    if (kind == "order-floor" && extra.size() == 1)
        return measureOrderFloor(path, extra[0]);
    if (kind == "report")
        return measureReport(path, extra);
    if (kind == "read-stage-copy")
        return measureReadStageCopy(path);
    if (kind == "remote-zoom")
        return measureRemoteZoom(path, extra);
    if (kind.starts_with("index-"))
        return measureIndexStep(kind, path, extra);
    return kind.starts_with("timeline") ? measureTimeline(kind, path) : measure(kind, path);
}

} // namespace scope::bench
