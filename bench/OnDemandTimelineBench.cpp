// SPDX-License-Identifier: GPL-3.0-or-later
// scope-ondemand-bench [CALLS] [BUDGET]: the timeline of a run read on demand,
// on a synthetic run of CALLS calls (default 10^7, 16 ranks, a "step" holding
// 24 calls each) whose columns sit behind a CallSource in memory, so only the
// timeline's own work is measured: building the pyramid (with the in-memory
// index beside it for comparison), a whole-run query of every lane at 1,200
// pixels, and a window read at a zoom finer than the pyramid. Prints figures.
#include "PeakMemory.h"
#include "analysis/OnDemandTimeline.h"
#include "analysis/TimelineIndex.h"
#include "base/MemoryBudget.h"
#include "events/RowStatistics.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <span>

using namespace scope;

namespace {

constexpr std::uint32_t kRanks = 16;
constexpr std::uint32_t kInner = 24;
constexpr double kPixels = 1200;

// Stands in for the file: the calls are copied out of columns in memory.
class ColumnSource final : public CallSource {
public:
    explicit ColumnSource(EventColumns events) : events_(std::move(events)) {}
    void read(const RankRegion& row, std::uint64_t first, std::span<std::int64_t> starts,
              std::span<std::int64_t> ends) const override {
        const auto at = static_cast<std::ptrdiff_t>(row.offset + first);
        std::copy_n(events_.starts.begin() + at, starts.size(), starts.begin());
        std::copy_n(events_.ends.begin() + at, ends.size(), ends.begin());
    }
    std::uint64_t cacheLimitBytes() const override { return 0; }

private:
    EventColumns events_;
};

// Per rank `steps` calls of "step", each holding kInner calls of 24 regions.
ProfilingResults run(std::uint64_t calls) {
    ProfilingResults results;
    results.regions.push_back("step");
    for (std::uint32_t i = 0; i < kInner; ++i)
        results.regions.push_back("region " + std::to_string(i));
    const std::uint64_t steps = std::max<std::uint64_t>(1, calls / kRanks / (kInner + 1));
    std::mt19937_64 random(7);
    std::lognormal_distribution<double> duration(8.0, 0.8);
    for (std::uint32_t rank = 0; rank < kRanks; ++rank) {
        std::vector<std::vector<std::pair<std::int64_t, std::int64_t>>> rows(kInner + 1);
        std::int64_t t = rank * 1000;
        for (std::uint64_t s = 0; s < steps; ++s) {
            const std::int64_t stepStart = t;
            for (std::uint32_t i = 0; i < kInner; ++i) {
                const auto d = static_cast<std::int64_t>(duration(random));
                rows[1 + i].emplace_back(t + 10, t + 10 + d);
                t += d + 20;
            }
            t += 50;
            rows[0].emplace_back(stepStart, t);
            t += 100;
        }
        for (std::uint32_t region = 0; region <= kInner; ++region) {
            RankRegion row;
            row.rank = rank;
            row.region = region;
            row.offset = results.events.size();
            for (const auto& [s, e] : rows[region]) {
                results.events.starts.push_back(s);
                results.events.ends.push_back(e);
            }
            const std::size_t n = rows[region].size();
            row.summary =
                RowStatistics::measure(std::span(results.events.starts).subspan(row.offset, n),
                                       std::span(results.events.ends).subspan(row.offset, n))
                    .summary;
            results.rows.push_back(row);
        }
    }
    results.numRanks = kRanks;
    results.eventsRead = true;
    results.finalize();
    return results;
}

double msSince(std::chrono::steady_clock::time_point start) {
    return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start)
        .count();
}

// Every lane over [t0, t1) at kPixels columns, as a redraw asks; returns ms.
double queryAll(const TimelineSource& source, std::int64_t t0, std::int64_t t1, bool& exact,
                std::size_t& spans) {
    std::vector<TimelineSpan> out;
    exact = true;
    spans = 0;
    const double px = static_cast<double>(t1 - t0) / kPixels;
    const auto start = std::chrono::steady_clock::now();
    for (std::size_t lane = 0; lane < source.lanes().size(); ++lane) {
        exact = source.query(lane, t0, t1, px, out) && exact;
        spans += out.size();
    }
    return msSince(start);
}

} // namespace

int main(int argc, char** argv) {
    const std::uint64_t calls = argc > 1 ? std::strtoull(argv[1], nullptr, 10) : 10'000'000;
    const std::uint64_t budget = argc > 2 ? MemoryBudget::parse(argv[2]) : 256ull << 20;
    auto start = std::chrono::steady_clock::now();
    ProfilingResults memory = run(calls);
    std::printf("run: %llu calls on %u ranks, written in %.0f ms\n",
                static_cast<unsigned long long>(memory.totalCalls()), kRanks, msSince(start));

    start = std::chrono::steady_clock::now();
    {
        const TimelineIndex index(memory);
        std::printf("in-memory TimelineIndex (for comparison): %.0f ms, %.1f MiB\n", msSince(start),
                    double(index.memoryBytes()) / (1 << 20));
    }

    ProfilingResults onDemand = memory;
    onDemand.onDemand = std::make_shared<ColumnSource>(std::move(onDemand.events));
    onDemand.events = EventColumns();
    onDemand.eventsRead = false;
    memory = ProfilingResults();
    auto results = std::make_shared<const ProfilingResults>(std::move(onDemand));
    std::printf("budget %s\n", MemoryBudget::format(budget).c_str());

    start = std::chrono::steady_clock::now();
    const auto timeline = OnDemandTimeline::build(results, budget, {});
    const TimelinePyramid& pyramid = timeline->pyramid();
    std::printf("pyramid build (read, index, levels, exclusive times per rank): %.0f ms\n",
                msSince(start));
    std::printf("pyramid: %zu levels, finest %.0f ns/px, coarsest %.0f ns/px, %.1f MiB "
                "(budget share %.1f MiB), %zu lanes\n",
                pyramid.levels(), pyramid.width(0), pyramid.width(pyramid.levels() - 1),
                double(pyramid.memoryBytes()) / (1 << 20),
                double(pyramid.budgetBytes()) / (1 << 20), timeline->lanes().size());

    bool exact = false;
    std::size_t spans = 0;
    const std::int64_t t0 = timeline->startNs();
    const std::int64_t t1 = timeline->endNs() + 1;
    double best = 1e300;
    for (int i = 0; i < 10; ++i)
        best = std::min(best, queryAll(*timeline, t0, t1, exact, spans));
    std::printf("whole-run query, every lane at %.0f px: %.2f ms (best of 10), %zu spans\n",
                kPixels, best, spans);

    // A view of 1,200 pixels a quarter as wide as the finest level's: the
    // pyramid's stand-in, the window read, then exact redraws.
    const std::int64_t middle = t0 + (t1 - t0) / 2;
    const auto width = static_cast<std::int64_t>(pyramid.width(0) / 4 * kPixels);
    const double stand = queryAll(*timeline, middle, middle + width, exact, spans);
    std::printf("fine view (%.1f ns/px): stand-in %.2f ms (exact: %s)\n", pyramid.width(0) / 4,
                stand, exact ? "yes" : "no");
    start = std::chrono::steady_clock::now();
    timeline->waitIdle();
    std::printf("window read (every rank's calls of 2 views' width, indexed): %.1f ms, "
                "%.1f MiB of windows\n",
                msSince(start), double(timeline->windowBytes()) / (1 << 20));
    best = 1e300;
    for (int i = 0; i < 10; ++i)
        best = std::min(best, queryAll(*timeline, middle, middle + width, exact, spans));
    std::printf("fine view redraw: %.2f ms (best of 10, exact: %s), %zu spans\n", best,
                exact ? "yes" : "no", spans);
    std::printf("timeline memory %.1f MiB; peak RSS %.0f MiB (the columns behind the source "
                "included)\n",
                double(timeline->memoryBytes()) / (1 << 20), peakRssMiB());
    return 0;
}
