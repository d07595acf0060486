// SPDX-License-Identifier: GPL-3.0-or-later
// The whole-run overview of a run too large to order quickly, as the run view
// shows it while the exact timeline is built: drawn in its regions' colours,
// marked as an overview in the title (its estimate from the summaries, shown
// before it, marked as that, and the ranks passed so far over the estimate
// as how many they are), without tooltips or a call to click;
// then replaced by the exact timeline, whose calls have both.
#include "../core/MemoryCallSource.h"
#include "TimelineTestSupport.h"
#include "analysis/OnDemandTimeline.h"
#include "analysis/OverviewTimeline.h"
#include "charts/TimelineCallSelection.h"
#include "charts/TimelinePage.h"
#include "run/RunView.h"

#include <QStackedWidget>

#include <numeric>

namespace {

constexpr std::uint64_t kBudget = std::uint64_t{64} << 20;

std::shared_ptr<const RunData> stage(std::shared_ptr<const ProfilingResults> results,
                                     std::shared_ptr<const TimelineSource> source) {
    auto run = std::make_shared<RunData>();
    run->path = QStringLiteral("overview.h5");
    run->results = std::move(results);
    run->timeline = std::move(source);
    run->memoryBudget = kBudget;
    return run;
}

} // namespace

class TestTimelineOverview : public QObject {
    Q_OBJECT
private slots:
    void theOverviewIsMarkedAndThenReplaced() {
        auto results = std::make_shared<const ProfilingResults>(
            scope::testing::MemoryCallSource::onDemand(*twoRanks()));
        const auto overview = OverviewTimeline::build(*results, {});
        const auto exact = OnDemandTimeline::build(results, kBudget, {});

        RunView view;
        view.resize(1200, 800);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        TimelineView* timeline = view.page<TimelinePage>()->timeline();
        auto* stack = qobject_cast<QStackedWidget*>(timeline->parentWidget());
        QVERIFY(stack);

        view.setReadStage(stage(results, nullptr));
        // The estimate from the summaries first, marked as one.
        view.showTimelineSoFar(stage(results, OverviewTimeline::fromSummaries(*results)));
        QCOMPARE(stack->currentWidget(), static_cast<QWidget*>(timeline));
        QVERIFY2(
            timeline->title().contains(QStringLiteral("Overview (estimated from the summaries")),
            qPrintable(timeline->title()));
        QVERIFY(timeline->title().contains(QStringLiteral("reading the calls")));
        QVERIFY(!timeline->title().contains(QStringLiteral("exact timeline is being built")));

        // The ranks the pass has gathered so far replace theirs: rank 0's
        // lanes are the pass's.
        std::vector<OverviewKeyLanes> rank0(1);
        for (std::uint32_t depth = 0; const auto lane = overview->lane(0, depth); ++depth) {
            const auto spans = overview->spans(*lane);
            rank0.front().depths.emplace_back(spans.begin(), spans.end());
        }
        std::vector<std::int32_t> sameRegions(results->regions.size());
        std::iota(sameRegions.begin(), sameRegions.end(), 0);
        const OverviewTimeline::RankedLanes ranked{0, rank0};
        view.showTimelineSoFar(
            stage(results, OverviewTimeline::withRanked(*OverviewTimeline::fromSummaries(*results),
                                                        {&ranked, 1}, sameRegions)));
        QVERIFY2(timeline->title().contains(QStringLiteral("calls read for 1 of 2 ranks")),
                 qPrintable(timeline->title()));
        QVERIFY(timeline->title().contains(QStringLiteral("the others estimated")));
        // Both drawn: rank 0 from the pass, rank 1 from the estimate.
        QCOMPARE(colorAt(*timeline, pixelAt(*timeline, 0.5, 0)),
                 plottableOf(*timeline)->colorOf(int(*results->regionIndex("solve"))).rgb() &
                     0xffffff);
        QCOMPARE(colorAt(*timeline, pixelAt(*timeline, 0.75, 1)),
                 plottableOf(*timeline)->colorOf(int(*results->regionIndex("io"))).rgb() &
                     0xffffff);

        // The pass's overview replaces it.
        view.showTimelineSoFar(stage(results, overview));
        QCOMPARE(stack->currentWidget(), static_cast<QWidget*>(timeline));
        QVERIFY(view.awaitingTimeline());
        QVERIFY2(timeline->title().contains(QStringLiteral("Overview")),
                 qPrintable(timeline->title()));
        QVERIFY(!timeline->title().contains(QStringLiteral("estimated")));
        QVERIFY(timeline->title().contains(QStringLiteral("exact timeline is being built")));

        // solve on rank 0 for the whole first second: drawn in its colour,
        // but nothing there is a call.
        const int solve = int(*results->regionIndex("solve"));
        const QPoint middle = pixelAt(*timeline, 0.5, 0);
        QCOMPARE(colorAt(*timeline, middle),
                 plottableOf(*timeline)->colorOf(solve).rgb() & 0xffffff);
        QVERIFY(!timeline->isExact());
        QVERIFY(timeline->toolTipAt(middle).isEmpty());
        QTest::mouseClick(timeline->plot(), Qt::LeftButton, {}, middle);
        QVERIFY(!timeline->callSelection()->hasSelection());

        // The exact timeline replaces it: the same place is solve's call.
        view.setRun(stage(results, exact));
        QTRY_VERIFY(!timeline->title().contains(QStringLiteral("Overview")));
        QVERIFY(!view.awaitingTimeline());
        const QPoint again = pixelAt(*timeline, 0.5, 0);
        QVERIFY2(timeline->toolTipAt(again).contains(QStringLiteral("solve")),
                 qPrintable(timeline->toolTipAt(again)));
        QTest::mouseClick(timeline->plot(), Qt::LeftButton, {}, again);
        QVERIFY(timeline->callSelection()->hasSelection());
    }
};

QTEST_MAIN(TestTimelineOverview)
#include "tst_TimelineOverview.moc"
