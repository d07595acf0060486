// SPDX-License-Identifier: GPL-3.0-or-later
// The timeline of a run read on demand against the in-memory index of the
// same calls: lanes, depths and extent; coarse zooms from the pyramid; fine
// zooms from windows read in the background, exactly (spans and the run's
// event indices); exclusive times; the window cache within its budget.
#include "MemoryCallSource.h"
#include "TestSupport.h"
#include "TimelineRuns.h"
#include "analysis/ExclusiveTime.h"
#include "analysis/OnDemandTimeline.h"
#include "analysis/TimelineIndex.h"
#include "load/AsyncLoader.h"
#include "model/Errors.h"

#include <QtTest>

#include <atomic>
#include <cmath>

using namespace scope;
using namespace scope::testing;

namespace {

std::shared_ptr<const ProfilingResults> onDemandCopy(const ProfilingResults& r) {
    return std::make_shared<const ProfilingResults>(MemoryCallSource::onDemand(r));
}

const MemoryCallSource& sourceOf(const OnDemandTimeline& t) {
    return static_cast<const MemoryCallSource&>(*t.results().onDemand);
}

QString where(std::size_t lane, std::int64_t t0, std::int64_t t1, double px) {
    return QStringLiteral("lane %1 [%2, %3) at %4 ns/px").arg(lane).arg(t0).arg(t1).arg(px);
}

} // namespace

class TestOnDemandTimeline : public QObject {
    Q_OBJECT
private slots:
    void equalsTheIndexInMemory_data() {
        QTest::addColumn<int>("run");
        QTest::addColumn<qulonglong>("budget");
        const auto runs = timelineRuns();
        for (std::size_t i = 0; i < runs.size(); ++i) {
            QTest::addRow("%s, 64 MiB", qPrintable(runs[i].first)) << int(i) << 64ull * 1024 * 1024;
            QTest::addRow("%s, 2 MiB", qPrintable(runs[i].first)) << int(i) << 2ull * 1024 * 1024;
        }
    }
    void equalsTheIndexInMemory() {
        QFETCH(int, run);
        QFETCH(qulonglong, budget);
        ProfilingResults r = std::move(timelineRuns()[std::size_t(run)].second);
        const auto results = onDemandCopy(r);
        const TimelineIndex memory(r);
        const auto t = OnDemandTimeline::build(results, budget, {});

        // Lanes, ranks, depths and extent.
        QCOMPARE(t->lanes().size(), memory.lanes().size());
        for (std::size_t lane = 0; lane < memory.lanes().size(); ++lane) {
            QCOMPARE(t->lanes()[lane].rank, memory.lanes()[lane].rank);
            QCOMPARE(t->lanes()[lane].depth, memory.lanes()[lane].depth);
            QCOMPARE(t->lanes()[lane].begin, memory.lanes()[lane].begin);
            QCOMPARE(t->lanes()[lane].size, memory.lanes()[lane].size);
            QCOMPARE(t->lane(memory.lanes()[lane].rank, memory.lanes()[lane].depth),
                     std::optional<std::size_t>(lane));
        }
        QCOMPARE(t->ranks(), memory.ranks());
        for (std::uint32_t rank = 0; rank <= r.numRanks; ++rank)
            QCOMPARE(t->maxDepth(rank), memory.maxDepth(rank));
        QCOMPARE(t->maxDepth(), memory.maxDepth());
        QCOMPARE(t->startNs(), memory.startNs());
        QCOMPARE(t->endNs(), memory.endNs());
        QCOMPARE(t->pyramid().originNs(), memory.startNs());
        QVERIFY(t->pyramid().memoryBytes() <= budget / 8);

        // Exclusive times: what fillExclusiveTimes gives the calls in memory.
        ProfilingResults filled = r;
        fillExclusiveTimes(filled, memory);
        QCOMPARE(t->exclusiveByRow().size(), r.rows.size());
        for (std::size_t i = 0; i < r.rows.size(); ++i) {
            const std::int64_t expected = *filled.rows[i].exclusiveNs;
            const std::int64_t got = r.rows[i].exclusiveNs.value_or(*t->exclusiveByRow()[i]);
            QCOMPARE(got, expected);
        }

        // Coarse zooms: the pyramid's levels, exact at their own widths.
        std::vector<TimelineSpan> spans;
        const TimelinePyramid& pyramid = t->pyramid();
        for (std::size_t level = 0; level < pyramid.levels(); ++level)
            for (std::size_t lane = 0; lane < memory.lanes().size(); ++lane) {
                const double width = pyramid.width(level);
                QVERIFY(t->query(lane, memory.startNs(), memory.endNs() + 1, width, spans));
                QCOMPARE(spans, memory.query(lane, memory.startNs(), memory.endNs() + 1, width));
            }

        // Fine zooms: a stand-in first, then after the window's read the
        // index's spans exactly, with the run's event indices.
        std::atomic<int> refined{0};
        t->setRefinedCallback([&refined] { ++refined; });
        fixtures::SplitMix64 random(std::uint64_t(run) * 31 + budget);
        const double finest = pyramid.width(0);
        const std::int64_t extent = memory.endNs() - memory.startNs();
        int approximated = 0;
        for (int trial = 0; trial < 60; ++trial) {
            const std::size_t lane = random.below(memory.lanes().size());
            const double px = finest * std::pow(10.0, -3.0 * random.uniform()) * 0.999;
            const std::int64_t t0 = memory.startNs() + static_cast<std::int64_t>(
                                                           random.below(std::uint64_t(extent) + 1));
            const std::int64_t t1 = t0 + 1 + static_cast<std::int64_t>(px * 300);
            if (!t->query(lane, t0, t1, px, spans)) {
                ++approximated;
                t->waitIdle();
                QVERIFY(t->query(lane, t0, t1, px, spans));
            }
            if (spans != memory.query(lane, t0, t1, px))
                QFAIL(qPrintable(where(lane, t0, t1, px) +
                                 QStringLiteral(": %1 spans, expected %2")
                                     .arg(spans.size())
                                     .arg(memory.query(lane, t0, t1, px).size())));
            // The cursor over the same window.
            const std::int64_t at = t0 + (t1 - t0) / 3;
            const auto hit = t->hitTest(lane, at, px);
            QCOMPARE(hit, memory.hitTest(lane, at, px));
            QVERIFY2(t->windowBytes() <= t->windowBudgetBytes(),
                     qPrintable(QStringLiteral("%1 bytes of windows").arg(t->windowBytes())));
        }
        QVERIFY(approximated > 0);
        QVERIFY(refined.load() > 0);
        QVERIFY(t->readError().empty());
    }

    void windowsReadOnlyTheirCalls() {
        // One rank, 200,000 calls of 10 ns every 20 ns: a window of 3,000 ns
        // at 1 ns per pixel needs about 300 calls (read in blocks), not all.
        Calls calls;
        for (std::int64_t i = 0; i < 200'000; ++i)
            calls.emplace_back(i * 20, i * 20 + 10);
        const ProfilingResults r = makeResults({{0, "a", calls}});
        const auto t = OnDemandTimeline::build(onDemandCopy(r), 64ull << 20, {});
        const TimelineIndex memory(r);
        QVERIFY(t->pyramid().width(0) > 1.0);
        const std::uint64_t before = sourceOf(*t).callsRead();
        QCOMPARE(before, std::uint64_t(200'000)); // the build read every call once
        std::vector<TimelineSpan> spans;
        QVERIFY(!t->query(0, 2'000'000, 2'003'000, 1.0, spans));
        t->waitIdle();
        QVERIFY(t->query(0, 2'000'000, 2'003'000, 1.0, spans));
        QCOMPARE(spans, memory.query(0, 2'000'000, 2'003'000, 1.0));
        QCOMPARE(spans.size(), std::size_t(150));
        QCOMPARE(spans.front().event, 100'000u);
        const std::uint64_t read = sourceOf(*t).callsRead() - before;
        QVERIFY2(read >= 300 && read < 2'000, qPrintable(QString::number(read)));
        // Panning by a third stays inside the window read: no new read.
        QVERIFY(t->query(0, 2'001'000, 2'004'000, 1.0, spans));
        QCOMPARE(sourceOf(*t).callsRead() - before, read);
    }

    void windowsTooDenseKeepTheFinestLevel() {
        // 100,000 calls of 1 ns back to back under an 8 MiB budget: the
        // window share (1 MiB, some 26,000 calls) cannot hold a view of 99,000.
        Calls calls;
        for (std::int64_t i = 0; i < 100'000; ++i)
            calls.emplace_back(i, i + 1);
        const ProfilingResults r = makeResults({{0, "a", calls}});
        const auto t = OnDemandTimeline::build(onDemandCopy(r), 8ull << 20, {});
        const double finest = t->pyramid().width(0);
        QVERIFY(finest > 2.0);
        const double px = finest / 2;
        std::vector<TimelineSpan> spans;
        const auto t1 = static_cast<std::int64_t>(std::min(99'000.0, px * 200'000));
        t->query(0, 0, t1, px, spans);
        t->waitIdle();
        QVERIFY(t->query(0, 0, t1, px, spans)); // nothing better will come
        QVERIFY(!spans.empty());
        std::uint64_t counted = 0;
        for (const TimelineSpan& s : spans)
            counted += s.count;
        QVERIFY(counted >= std::uint64_t(t1));
        QCOMPARE(t->windowBytes(), std::size_t(0));
    }

    void aRankBeyondTheBudgetIsRefused() {
        Calls calls;
        for (std::int64_t i = 0; i < 100'000; ++i)
            calls.emplace_back(i * 2, i * 2 + 1);
        ProfilingResults r = makeResults({{0, "a", calls}});
        r.path = "/runs/big.h5";
        const QString message =
            thrown([&] { OnDemandTimeline::build(onDemandCopy(r), 1 << 20, {}); });
        QVERIFY2(
            message.startsWith(QStringLiteral("ProfileError: /runs/big.h5: building the timeline")),
            qPrintable(message));
        QVERIFY2(message.contains(QStringLiteral("1 MiB")), qPrintable(message));
    }

    void cancels() {
        const ProfilingResults r = burstRun(3);
        std::atomic<bool> cancel{true};
        ReadControl control;
        control.cancel = &cancel;
        QVERIFY_THROWS_EXCEPTION(ReadCancelled,
                                 OnDemandTimeline::build(onDemandCopy(r), 64ull << 20, control));
    }

    void loaderHandsOutOneTimelineSource() {
        // Calls in memory: the source is the TimelineIndex itself.
        LoadOutcome outcome;
        {
            AsyncLoader loader({nullptr, [&](const LoadOutcome& o) { outcome = o; }});
            loader.start({SCOPE_TEST_DATA_DIR "/run_np3.h5"});
            loader.waitAll();
        }
        QVERIFY(!outcome.error);
        QVERIFY(outcome.timeline);
        QCOMPARE(static_cast<const void*>(outcome.timelineSource.get()),
                 static_cast<const void*>(outcome.timeline.get()));
    }

    void emptyRun() {
        const auto t = OnDemandTimeline::build(onDemandCopy(makeResults({})), 1 << 20, {});
        QVERIFY(t->empty());
        QCOMPARE(t->maxDepth(), -1);
        std::vector<TimelineSpan> spans;
        QVERIFY(t->query(0, 0, 10, 1.0, spans));
        QVERIFY(spans.empty());
    }
};

QTEST_GUILESS_MAIN(TestOnDemandTimeline)
#include "tst_OnDemandTimeline.moc"
