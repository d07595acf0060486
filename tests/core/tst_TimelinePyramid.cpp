// SPDX-License-Identifier: GPL-3.0-or-later
// The timeline's level-of-detail pyramid: levels worked out by hand on a tiny
// run, then on fixture runs and the samples every level against the in-memory
// index's query of the whole run at that width, within the byte budget.
#include "TimelineRuns.h"
#include "analysis/TimelineIndex.h"
#include "analysis/TimelinePyramid.h"

#include <QtTest>

using namespace scope;
using namespace scope::testing;

namespace {

// Sixteen 1 ns calls, one every ns from 0, and one long call [100, 2047]: the
// run is 2048 ns, so the top level has 2048 / 256 = 8 ns columns and the
// next 2 ns ones (0.5 ns would be finer than a nanosecond).
ProfilingResults tinyRun() {
    Calls calls;
    for (std::int64_t t = 0; t < 16; ++t)
        calls.emplace_back(t, t + 1);
    calls.emplace_back(100, 2047);
    return makeResults({{0, "a", calls}});
}

QString describe(const std::vector<TimelineSpan>& spans) {
    QStringList parts;
    for (const TimelineSpan& s : spans)
        parts << QStringLiteral("[%1,%2) r%3 e%4 n%5")
                     .arg(s.startNs)
                     .arg(s.endNs)
                     .arg(s.region)
                     .arg(s.event)
                     .arg(s.count);
    return parts.join(QLatin1Char(' '));
}

} // namespace

class TestTimelinePyramid : public QObject {
    Q_OBJECT
private slots:
    void levelsByHand() {
        const ProfilingResults r = tinyRun();
        const TimelineIndex index(r);
        const TimelinePyramid pyramid = TimelinePyramid::build(index, 1 << 20);
        QCOMPARE(pyramid.levels(), std::size_t(2));
        QCOMPARE(pyramid.width(1), 8.0);
        QCOMPARE(pyramid.width(0), 2.0);
        // 8 ns: two columns of eight calls, then the long call on its own.
        const std::vector<TimelineSpan> top = {
            {0, 8, 0, 0, 8}, {8, 16, 0, 8, 8}, {100, 2047, 0, 16, 1}};
        QCOMPARE(std::vector<TimelineSpan>(pyramid.spans(1, 0).begin(), pyramid.spans(1, 0).end()),
                 top);
        QCOMPARE(pyramid.spans(0, 0).size(), std::size_t(9)); // eight pairs and the long call
        QCOMPARE(pyramid.spans(0, 0)[3], (TimelineSpan{6, 8, 0, 6, 2}));

        QCOMPARE(pyramid.levelFor(1.0), std::optional<std::size_t>());
        QCOMPARE(pyramid.levelFor(2.0), std::optional<std::size_t>(0));
        QCOMPARE(pyramid.levelFor(7.9), std::optional<std::size_t>(0));
        QCOMPARE(pyramid.levelFor(8.0), std::optional<std::size_t>(1));
        QCOMPARE(pyramid.levelFor(1e9), std::optional<std::size_t>(1));

        // 16 ns per pixel from the 8 ns level: both columns of tiny calls merge
        // into one 16 ns column; the long call stays.
        std::vector<TimelineSpan> spans;
        pyramid.query(0, 0, 4096, 16.0, spans);
        const std::vector<TimelineSpan> coarse = {{0, 16, 0, 0, 16}, {100, 2047, 0, 16, 1}};
        QCOMPARE(spans, coarse);
        // A window from 4 ns at 4 ns per pixel (2 ns level): columns [4,8) [8,12) [12,16).
        pyramid.query(0, 4, 20, 4.0, spans);
        const std::vector<TimelineSpan> window = {
            {4, 8, 0, 4, 4}, {8, 12, 0, 8, 4}, {12, 16, 0, 12, 4}};
        QCOMPARE(spans, window);

        auto hit = pyramid.hitTest(0, 500, 8.0);
        QVERIFY(hit);
        QCOMPARE(hit->event, 16u);
        hit = pyramid.hitTest(0, 9, 8.0);
        QVERIFY(hit);
        // Both stored spans within 4 ns of 9, merged: coarser than the index's
        // answer (calls 5 to 13), which a finer level or the calls would give.
        QCOMPARE(hit->count, 16u);
        QCOMPARE(hit->startNs, std::int64_t(0));
        QVERIFY(!pyramid.hitTest(0, 60, 8.0));
    }

    void everyLevelEqualsTheIndex_data() {
        QTest::addColumn<int>("run");
        const auto runs = timelineRuns();
        for (std::size_t i = 0; i < runs.size(); ++i)
            QTest::newRow(qPrintable(runs[i].first)) << int(i);
    }
    void everyLevelEqualsTheIndex() {
        QFETCH(int, run);
        const ProfilingResults r = std::move(timelineRuns()[std::size_t(run)].second);
        const TimelineIndex index(r);
        QVERIFY(!index.empty());
        for (const std::uint64_t budget : {std::uint64_t{64} << 20, std::uint64_t{200'000}}) {
            const TimelinePyramid pyramid = TimelinePyramid::build(index, budget);
            QVERIFY(pyramid.levels() >= 1);
            QVERIFY2(pyramid.memoryBytes() <= budget,
                     qPrintable(QStringLiteral("%1 bytes").arg(pyramid.memoryBytes())));
            QCOMPARE(pyramid.lanes().size(), index.lanes().size());
            for (std::size_t lane = 0; lane < index.lanes().size(); ++lane) {
                QCOMPARE(pyramid.lanes()[lane].rank, index.lanes()[lane].rank);
                QCOMPARE(pyramid.lanes()[lane].depth, index.lanes()[lane].depth);
                QCOMPARE(pyramid.lanes()[lane].begin, index.lanes()[lane].begin);
                QCOMPARE(pyramid.lanes()[lane].size, index.lanes()[lane].size);
            }
            std::vector<TimelineSpan> remerged;
            for (std::size_t level = 0; level < pyramid.levels(); ++level) {
                const double width = pyramid.width(level);
                if (level + 1 < pyramid.levels())
                    QCOMPARE(pyramid.width(level + 1), width * TimelinePyramid::kFactor);
                for (std::size_t lane = 0; lane < index.lanes().size(); ++lane) {
                    const auto expected =
                        index.query(lane, index.startNs(), index.endNs() + 1, width);
                    const auto stored = pyramid.spans(level, lane);
                    const std::vector<TimelineSpan> got(stored.begin(), stored.end());
                    if (got != expected)
                        QFAIL(qPrintable(QStringLiteral("level %1 lane %2:\n got %3\nwant %4")
                                             .arg(level)
                                             .arg(lane)
                                             .arg(describe(got).left(400))
                                             .arg(describe(expected).left(400))));
                    // Asked at the level's own width from the run's start, the
                    // re-merging query gives the level back.
                    pyramid.query(lane, index.startNs(), index.endNs() + 1, width, remerged);
                    QCOMPARE(remerged, expected);
                }
            }
        }
        // The tighter budget keeps fewer levels, finest first.
        const TimelinePyramid wide = TimelinePyramid::build(index, std::uint64_t{64} << 20);
        const TimelinePyramid narrow = TimelinePyramid::build(index, 200'000);
        QVERIFY(narrow.levels() <= wide.levels());
        QCOMPARE(narrow.width(narrow.levels() - 1), wide.width(wide.levels() - 1));
    }

    void coarserQueriesKeepEveryCall() {
        const ProfilingResults r = burstRun(11);
        const TimelineIndex index(r);
        const TimelinePyramid pyramid = TimelinePyramid::build(index, 1 << 20);
        fixtures::SplitMix64 random(5);
        std::vector<TimelineSpan> spans;
        const double finest = pyramid.width(0);
        for (std::size_t lane = 0; lane < index.lanes().size(); ++lane) {
            const auto calls = index.laneEvents(lane);
            for (int trial = 0; trial < 40; ++trial) {
                const double px = finest * (1.0 + 100.0 * random.uniform());
                const std::int64_t length = index.endNs() - index.startNs();
                const std::int64_t t0 = index.startNs() + static_cast<std::int64_t>(
                                                              random.below(std::uint64_t(length)));
                const std::int64_t t1 =
                    t0 + 1 +
                    static_cast<std::int64_t>(random.below(std::uint64_t(index.endNs() + 2 - t0)));
                pyramid.query(lane, t0, t1, px, spans);
                // Stored spans are whole: the ones shown hold every call that
                // intersects the window and never one of another lane.
                std::uint64_t visible = 0;
                for (const std::uint32_t c : calls) {
                    const std::int64_t s = r.events.starts[c];
                    const std::int64_t e = std::max(r.events.ends[c], s + 1);
                    visible += (e > t0 && s < t1) ? 1 : 0;
                }
                std::uint64_t counted = 0;
                for (std::size_t i = 0; i < spans.size(); ++i) {
                    counted += spans[i].count;
                    QVERIFY(std::find(calls.begin(), calls.end(), spans[i].event) != calls.end());
                    if (i > 0)
                        QVERIFY(spans[i - 1].endNs <= spans[i].startNs);
                }
                QVERIFY(counted >= visible);
            }
        }
    }
};

QTEST_GUILESS_MAIN(TestTimelinePyramid)
#include "tst_TimelinePyramid.moc"
