// SPDX-License-Identifier: GPL-3.0-or-later
// The timeline of a run that tracked threads and tasks: a band per thread/task
// lane under its rank, labelled as scope-profiler labels lanes, nesting per
// lane, collapsible per rank, and a task's await time in the tooltip.
#include "TimelineTestSupport.h"

namespace {

constexpr std::int64_t kMs = 1'000'000;

// Rank 0: MainThread runs main [0,100] ms; worker-1 runs compute [10,60] ms
// with solve [20,30] ms inside; task Task-2 (main.<locals>.fetch_page) on
// worker-2 runs fetch [5,50] ms, 20 ms of it awaiting. Rank 1: main only.
// Events in row order: main (rank 0), compute, solve, fetch, main (rank 1).
std::shared_ptr<const ProfilingResults> threadedRun() {
    auto run =
        std::const_pointer_cast<ProfilingResults>(makeRun({{0, "main", {{0, 100 * kMs}}},
                                                           {0, "compute", {{10 * kMs, 60 * kMs}}},
                                                           {0, "solve", {{20 * kMs, 30 * kMs}}},
                                                           {0, "fetch", {{5 * kMs, 50 * kMs}}},
                                                           {1, "main", {{0, 100 * kMs}}}}));
    run->events.threadIds.assign({0, 1, 1, 2, 0});
    run->events.taskIds.assign({-1, -1, -1, 0, -1});
    run->events.awaitNs.assign({0, 0, 0, 20 * kMs, 0});
    for (const auto& [index, name] :
         {std::pair{0, "MainThread"}, {1, "worker-1"}, {2, "worker-2"}}) {
        ThreadInfo thread;
        thread.index = index;
        thread.name = name;
        run->threads.push_back(thread);
    }
    ThreadInfo rank1Main;
    rank1Main.rank = 1;
    rank1Main.name = "MainThread";
    run->threads.push_back(rank1Main);
    TaskInfo task;
    task.index = 0;
    task.threadIndex = 2;
    task.name = "Task-2";
    task.coroName = "main.<locals>.fetch_page";
    task.kind = "task";
    run->tasks.push_back(task);
    return run;
}

} // namespace

class TestTimelineLanes : public QObject {
    Q_OBJECT
private slots:
    void init() {
        view_ = std::make_unique<TimelineView>();
        view_->resize(900, 500);
        view_->show();
        QVERIFY(QTest::qWaitForWindowExposed(view_.get()));
        view_->setRun(threadedRun());
    }
    void cleanup() { view_.reset(); }

    void aBandPerLaneUnderItsRank() {
        const TimelinePlottable* timeline = plottableOf(*view_);
        // Rank 0's lane keys ascending: worker-1 (-3), MainThread (-2), task 0;
        // rank 1 tracked one thread only and is one band.
        QCOMPARE(timeline->bandCount(), 4);
        QCOMPARE(timeline->bands().labels(),
                 (QStringList{"0 · worker-1", "0 · MainThread",
                              "0 · Task-2 (fetch_page) on worker-2", "rank 1"}));
        QCOMPARE(timeline->bandRanks(), (std::vector<std::uint32_t>{0, 0, 0, 1}));
    }

    void nestingIsPerLane() {
        // compute is a top-level call of worker-1, not a child of main; solve
        // is its child; fetch is the top of the task's lane.
        const auto regionAt = [this](double seconds, int band, int depth) {
            const auto hit = plottableOf(*view_)->hitAt(pixelAt(*view_, seconds, band, depth));
            return hit ? plottableOf(*view_)->results()->regions[std::size_t(hit->span.region)]
                       : std::string("-");
        };
        QCOMPARE(regionAt(0.040, 0, 0), std::string("compute"));
        QCOMPARE(regionAt(0.025, 0, 1), std::string("solve"));
        QCOMPARE(regionAt(0.040, 1, 0), std::string("main"));
        QCOMPARE(regionAt(0.040, 1, 1), std::string("-"));
        QCOMPARE(regionAt(0.040, 2, 0), std::string("fetch"));
    }

    void theTooltipNamesTheLaneAndTheAwait() {
        const QString text = view_->toolTipAt(pixelAt(*view_, 0.040, 2, 0));
        QVERIFY2(text.contains("rank 0, Task-2 (fetch_page) on worker-2, depth 0"),
                 qPrintable(text));
        // 20 of 45 ms awaiting: 44 %, running 25 ms.
        QVERIFY2(text.contains("awaiting 20") && text.contains("(44 %)") &&
                     text.contains("running 25"),
                 qPrintable(text));
        QVERIFY(!view_->toolTipAt(pixelAt(*view_, 0.040, 0, 0)).contains("awaiting"));
    }

    void aClickOnTheRankLabelCollapsesItsLanes() {
        TimelinePlottable* timeline = plottableOf(*view_);
        QCustomPlot* plot = view_->plot();
        const int y = static_cast<int>(plot->yAxis->coordToPixel(1.5));
        const int x = plot->yAxis->axisRect()->left() - 10;
        QMouseEvent click(QEvent::MouseButtonRelease, QPointF(x, y),
                          plot->mapToGlobal(QPointF(x, y)), Qt::LeftButton, Qt::NoButton,
                          Qt::NoModifier);
        emit plot->axisClick(plot->yAxis, QCPAxis::spTickLabels, &click);
        QVERIFY(timeline->isCollapsed(0));
        QCOMPARE(timeline->bandCount(), 2);
        QCOMPARE(timeline->bands().labels(), (QStringList{"rank 0 · 3 lanes", "rank 1"}));
        // Every lane is drawn in the one band: the task's fetch is found there.
        const auto hit = timeline->hitAt(pixelAt(*view_, 0.007, 0, 0));
        QVERIFY(hit);
        QCOMPARE(timeline->results()->regions[std::size_t(hit->span.region)], std::string("fetch"));
        emit plot->axisClick(plot->yAxis, QCPAxis::spTickLabels, &click);
        QCOMPARE(timeline->bandCount(), 4);
    }

    void aRunWithoutLanesKeepsOneBandPerRank() {
        view_->setRun(twoRanks());
        QCOMPARE(plottableOf(*view_)->bands().labels(), (QStringList{"rank 0", "rank 1"}));
    }

private:
    std::unique_ptr<TimelineView> view_;
};

QTEST_MAIN(TestTimelineLanes)
#include "tst_TimelineLanes.moc"
