// SPDX-License-Identifier: GPL-3.0-or-later
// A run read on demand while its timeline is built, as the run view shows it:
// the ranks built so far in place of "Building the timeline…", the title
// saying how many of how many, the zoom kept as more ranks and then the
// complete timeline come, nothing once the run is complete, the panel back
// when the load ends without its timeline, and a long wait noticed (the
// window then leaves the user where they are when the run completes).
#include "../core/MemoryCallSource.h"
#include "FixtureWriter.h"
#include "SyntheticRun.h"
#include "analysis/OnDemandTimeline.h"
#include "analysis/PartialTimeline.h"
#include "charts/TimelinePage.h"
#include "charts/TimelineView.h"
#include "common/EventsUnavailablePanel.h"
#include "format/ProfileReader.h"
#include "run/RunView.h"

#include <QStackedWidget>
#include <QTemporaryDir>
#include <QtTest>
#include <qcustomplot.h>

#include <mutex>

using namespace scope;

namespace {

constexpr std::uint64_t kBudget = std::uint64_t{64} << 20;

struct Stages {
    std::shared_ptr<const RunData> read;               // the table's stage
    std::vector<std::shared_ptr<const RunData>> soFar; // after rank 1, 2, ... 15
    std::shared_ptr<const RunData> complete;
};

// 16 ranks read on demand, with a snapshot of the timeline after every rank.
Stages stagesOf(const QString& file) {
    fixtures::SyntheticRun::Shape shape;
    shape.ranks = 16;
    shape.regions = 3;
    shape.calls = 200;
    fixtures::FixtureWriter::write(fixtures::SyntheticRun::generate(shape), file.toStdString());
    auto results = std::make_shared<const ProfilingResults>(
        testing::MemoryCallSource::onDemand(readH5(file.toStdString())));
    auto stage = [&](std::shared_ptr<const TimelineSource> source) {
        auto run = std::make_shared<RunData>();
        run->path = file;
        run->results = results;
        run->timeline = std::move(source);
        run->memoryBudget = kBudget;
        return std::shared_ptr<const RunData>(std::move(run));
    };
    Stages stages;
    stages.read = stage(nullptr);
    std::mutex mutex;
    std::vector<std::shared_ptr<const PartialTimeline>> snapshots;
    auto complete = OnDemandTimeline::build(results, kBudget, {},
                                            {[&](std::shared_ptr<const PartialTimeline> partial) {
                                                 std::lock_guard lock(mutex);
                                                 snapshots.push_back(std::move(partial));
                                             },
                                             std::chrono::milliseconds(0)});
    for (auto& partial : snapshots)
        stages.soFar.push_back(stage(std::move(partial)));
    stages.complete = stage(std::move(complete));
    return stages;
}

QCPRange timeShown(const RunView& view) {
    return view.page<TimelinePage>()->timeline()->plot()->xAxis->range();
}

} // namespace

class TestTimelineSoFar : public QObject {
    Q_OBJECT
private slots:
    void init() {
        QVERIFY(dir_.isValid());
        file_ = dir_.filePath(QStringLiteral("ranks16.h5"));
    }

    void theRanksBuiltSoFarAreDrawnUntilTheTimelineIsComplete() {
        const Stages stages = stagesOf(file_);
        QCOMPARE(stages.soFar.size(), std::size_t(15));
        RunView view;
        view.resize(1200, 800);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        auto* stack =
            qobject_cast<QStackedWidget*>(view.page<TimelinePage>()->timeline()->parentWidget());
        QVERIFY(stack);

        view.setReadStage(stages.read);
        QCOMPARE(stack->currentWidget(),
                 static_cast<QWidget*>(view.page<TimelinePage>()->eventsPanel()));

        // Three ranks: drawn over the whole run, the title says what is missing.
        view.showTimelineSoFar(stages.soFar[2]);
        QCOMPARE(stack->currentWidget(),
                 static_cast<QWidget*>(view.page<TimelinePage>()->timeline()));
        QVERIFY(view.awaitingTimeline());
        // Every rank built in view (constrained to the bands there are).
        view.page<TimelinePage>()->timeline()->plot()->yAxis->setRange(0, 100);
        QVERIFY2(view.page<TimelinePage>()->timeline()->title().endsWith(
                     QStringLiteral("ranks 0\u20132 (building: 3 of 16 ranks)")),
                 qPrintable(view.page<TimelinePage>()->timeline()->title()));
        const double run =
            (stages.complete->timeline->endNs() - stages.complete->timeline->startNs()) / 1e9;
        QVERIFY(timeShown(view).lower <= 0 && timeShown(view).upper >= run);

        // Zoomed in, more ranks come: the zoom stays.
        const QCPRange zoomed(run * 0.25, run * 0.5);
        view.page<TimelinePage>()->timeline()->plot()->xAxis->setRange(zoomed);
        view.showTimelineSoFar(stages.soFar[9]);
        view.page<TimelinePage>()->timeline()->plot()->yAxis->setRange(0, 100);
        QVERIFY2(view.page<TimelinePage>()->timeline()->title().endsWith(
                     QStringLiteral("ranks 0\u20139 (building: 10 of 16 ranks)")),
                 qPrintable(view.page<TimelinePage>()->timeline()->title()));
        QCOMPARE(timeShown(view).lower, zoomed.lower);
        QCOMPARE(timeShown(view).upper, zoomed.upper);

        // ... and when the complete timeline replaces them.
        view.setRun(stages.complete);
        QTRY_VERIFY(
            !view.page<TimelinePage>()->timeline()->title().contains(QStringLiteral("building")));
        view.page<TimelinePage>()->timeline()->plot()->yAxis->setRange(0, 100);
        QVERIFY2(view.page<TimelinePage>()->timeline()->title().endsWith(
                     QStringLiteral("ranks 0\u201315")),
                 qPrintable(view.page<TimelinePage>()->timeline()->title()));
        QCOMPARE(timeShown(view).lower, zoomed.lower);
        QCOMPARE(timeShown(view).upper, zoomed.upper);

        // A snapshot arriving after the complete run changes nothing.
        view.showTimelineSoFar(stages.soFar[14]);
        QVERIFY(
            !view.page<TimelinePage>()->timeline()->title().contains(QStringLiteral("building")));
    }

    void aLoadEndingWithoutItsTimelineShowsThePanelAgain() {
        const Stages stages = stagesOf(file_);
        RunView view;
        auto* stack =
            qobject_cast<QStackedWidget*>(view.page<TimelinePage>()->timeline()->parentWidget());
        view.setReadStage(stages.read);
        view.showTimelineSoFar(stages.soFar[4]);
        QCOMPARE(stack->currentWidget(),
                 static_cast<QWidget*>(view.page<TimelinePage>()->timeline()));
        // What the window does when the load is cancelled or fails.
        view.setRun(view.run());
        QVERIFY(!view.awaitingTimeline());
        QCOMPARE(stack->currentWidget(),
                 static_cast<QWidget*>(view.page<TimelinePage>()->eventsPanel()));
    }

    // What the window asks before it brings a completed run (or the
    // comparison) to the front: not after the user has had a second to turn
    // to something else.
    void aLongWaitIsNoticed() {
        const Stages stages = stagesOf(file_);
        RunView view;
        QVERIFY(!view.awaitedLong());
        view.setReadStage(stages.read);
        QVERIFY(!view.awaitedLong());
        QTest::qWait(1100);
        QVERIFY(view.awaitedLong());
        view.setRun(stages.complete);
        QVERIFY(!view.awaitedLong());
    }

private:
    QTemporaryDir dir_;
    QString file_;
};

QTEST_MAIN(TestTimelineSoFar)
#include "tst_TimelineSoFar.moc"
