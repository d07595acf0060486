// SPDX-License-Identifier: GPL-3.0-or-later
// A run whose calls exceed the memory budget, as the viewer shows it: the
// timeline of a source that answers with stand-ins first and refines later
// (also from another thread, and after the view is gone), the table with every
// statistic, the call tree and flame graph from the on-demand timeline (equal
// to those of the calls in memory), and the views and exports that need every
// call in memory saying why they are not there.
#include "../core/CallTreeDifference.h"
#include "../core/MemoryCallSource.h"
#include "RunWaiter.h"
#include "TimelineTestSupport.h"
#include "analysis/CallTree.h"
#include "analysis/OnDemandTimeline.h"
#include "callpaths/CallPaths.h"
#include "callpaths/CallTreeModel.h"
#include "callpaths/CallTreePage.h"
#include "callpaths/CallTreeView.h"
#include "callpaths/FlameGraph.h"
#include "callpaths/FlameGraphPage.h"
#include "charts/TimelinePage.h"
#include "common/EventsUnavailablePanel.h"
#include "common/MessageBanner.h"
#include "export/ExportController.h"
#include "export/RunChartFiles.h"
#include "format/ProfileReader.h"
#include "load/LoadController.h"
#include "load/RunStatusText.h"
#include "models/RegionTableModel.h"
#include "run/RunView.h"
#include "shell/MainWindow.h"

#include <QAction>
#include <QLabel>
#include <QMenu>
#include <QPushButton>
#include <QStackedWidget>
#include <QStatusBar>
#include <QTemporaryDir>
#include <QtTest>

#include <atomic>
#include <mutex>
#include <thread>

namespace {

const QString kData = QStringLiteral(SCOPE_TEST_DATA_DIR);
constexpr std::uint64_t kBudget = std::uint64_t{160} << 20;

// The exact index behind a source that, until refine(), answers every query
// with one span of mixed calls over the whole window: what a pyramid's coarse
// level gives while the calls are read in the background.
class StandInSource final : public TimelineSource {
public:
    explicit StandInSource(std::shared_ptr<const TimelineIndex> index) : index_(std::move(index)) {}

    std::span<const TimelineLane> lanes() const override { return index_->lanes(); }
    std::optional<std::size_t> lane(std::uint32_t rank, std::uint32_t depth) const override {
        return index_->lane(rank, depth);
    }
    std::vector<std::uint32_t> ranks() const override { return index_->ranks(); }
    int maxDepth(std::uint32_t rank) const override { return index_->maxDepth(rank); }
    int maxDepth() const override { return index_->maxDepth(); }
    bool empty() const override { return index_->empty(); }
    std::int64_t startNs() const override { return index_->startNs(); }
    std::int64_t endNs() const override { return index_->endNs(); }

    bool query(std::size_t lane, std::int64_t t0Ns, std::int64_t t1Ns, double nsPerPixel,
               std::vector<TimelineSpan>& out) const override {
        ++queries_;
        if (refined_)
            return index_->query(lane, t0Ns, t1Ns, nsPerPixel, out);
        out.assign(1, TimelineSpan{t0Ns, t1Ns, -1, 0, 2});
        return false;
    }
    std::optional<TimelineSpan> hitTest(std::size_t lane, std::int64_t timeNs,
                                        double nsPerPixel) const override {
        return index_->hitTest(lane, timeNs, nsPerPixel);
    }
    void setRefinedCallback(std::function<void()> callback) const override {
        const std::lock_guard lock(mutex_);
        if (callback)
            last_ = callback;
        callback_ = std::move(callback);
    }

    // What the background read does when it is done, on the calling thread.
    void refine() const {
        refined_ = true;
        call(callback_);
    }
    // A source that took its copy of the callback before it was cleared.
    void callLate() const { call(last_); }
    bool hasCallback() const {
        const std::lock_guard lock(mutex_);
        return static_cast<bool>(callback_);
    }
    int queries() const { return queries_; }

private:
    void call(const std::function<void()>& which) const {
        std::function<void()> callback;
        {
            const std::lock_guard lock(mutex_);
            callback = which;
        }
        if (callback)
            callback();
    }

    std::shared_ptr<const TimelineIndex> index_;
    mutable std::mutex mutex_;
    mutable std::function<void()> callback_;
    mutable std::function<void()> last_;
    mutable std::atomic<bool> refined_{false};
    mutable std::atomic<int> queries_{0};
};

void showView(QWidget& view) {
    view.resize(900, 500);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
}

// run_np3 as a read under a 160 MiB budget leaves it: the calls behind a
// CallSource, the statistics of every row, and a source for the timeline.
std::shared_ptr<RunData> onDemandRun(std::shared_ptr<const TimelineSource> source) {
    const std::string path = (kData + "/run_np3.h5").toStdString();
    auto run = std::make_shared<RunData>();
    run->path = kData + "/run_np3.h5";
    run->results =
        std::make_shared<const ProfilingResults>(testing::MemoryCallSource::onDemand(readH5(path)));
    run->timeline = std::move(source);
    run->memoryBudget = kBudget;
    return run;
}

// The same, with the timeline the loader builds for such a run: it keeps
// the per-rank call trees.
std::shared_ptr<RunData> onDemandRunWithTimeline() {
    auto run = onDemandRun(nullptr);
    run->timeline = OnDemandTimeline::build(run->results, kBudget, {});
    return run;
}

std::shared_ptr<RunData> inMemoryRun() {
    auto run = std::make_shared<RunData>();
    run->path = kData + "/run_np3.h5";
    run->results = std::make_shared<const ProfilingResults>(readH5(run->path.toStdString()));
    run->timeline = TimelineView::buildIndex(run->results);
    return run;
}

bool setRunAndWait(RunView& view, const std::shared_ptr<const RunData>& run) {
    QSignalSpy ready(&view, &RunView::tableReady);
    view.setRun(run);
    return ready.wait(30000);
}

EventsUnavailablePanel* shownPanel(RunView& view, AnalysisPage* page) {
    view.bottomTabs()->setCurrentWidget(page->widget());
    const auto* stack = qobject_cast<QStackedWidget*>(page->widget());
    return stack ? qobject_cast<EventsUnavailablePanel*>(stack->currentWidget()) : nullptr;
}

QAction* exportAction(MainWindow& window, const QString& text) {
    for (QAction* action : window.exporter()->menu()->actions())
        if (action->text() == text)
            return action;
    return nullptr;
}

} // namespace

class TestOnDemandRun : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { prepareWindowTests(); }

    void drawsTheExactSpansOnceTheSourceRefines() {
        const auto results = twoRanks();
        const auto index = TimelineView::buildIndex(results);
        TimelineView reference;
        showView(reference);
        reference.setRun(results, index);
        QVERIFY(reference.isExact());
        const QImage exact = reference.plot()->toPixmap().toImage();

        TimelineView view;
        showView(view);
        const auto source = std::make_shared<StandInSource>(index);
        view.setRun(results, source);
        QVERIFY(source->hasCallback());
        // The stand-in is drawn meanwhile: mixed calls where rank 1 has none.
        QVERIFY(!view.isExact());
        QCOMPARE(colorAt(view, pixelAt(view, 0.25, 1)), RegionPalette::mixed().rgb() & 0xffffff);
        QVERIFY(view.plot()->toPixmap().toImage() != exact);
        // Frames drawn before the refinement keep asking, and keep the stand-in.
        view.plot()->replot();
        QVERIFY(!view.isExact());

        const int asked = source->queries();
        std::thread([&source] { source->refine(); }).join();
        QTRY_VERIFY(view.isExact());
        QVERIFY(source->queries() > asked);
        QCOMPARE(plottableOf(view)->refinements(), 1);
        QCOMPARE(view.plot()->toPixmap().toImage(), exact);
        QCOMPARE(colorAt(view, pixelAt(view, 0.75, 1)), regionColor("io"));
    }

    void aSourceNotifiesOnlyTheViewShowingIt() {
        const auto results = twoRanks();
        const auto index = TimelineView::buildIndex(results);
        const auto first = std::make_shared<StandInSource>(index);
        const auto second = std::make_shared<StandInSource>(index);
        TimelineView view;
        showView(view);
        view.setRun(results, first);
        view.setRun(results, second);
        QVERIFY(!first->hasCallback());
        QVERIFY(second->hasCallback());
        // The first source's late word redraws nothing.
        first->callLate();
        QTest::qWait(20);
        QCOMPARE(plottableOf(view)->refinements(), 0);
        view.clear();
        QVERIFY(!second->hasCallback());
    }

    void aRefinementAfterTheViewIsGoneIsHarmless() {
        const auto results = twoRanks();
        const auto source = std::make_shared<StandInSource>(TimelineView::buildIndex(results));
        {
            TimelineView view;
            showView(view);
            view.setRun(results, source);
            QVERIFY(source->hasCallback());
            // Posted while the view lives, delivered after it is gone.
            source->callLate();
        }
        QVERIFY(!source->hasCallback());
        QTest::qWait(20);
        source->callLate();
        QTest::qWait(20);

        // A source calling from its own thread while views come and go.
        std::atomic<bool> stop{false};
        std::thread caller([&] {
            while (!stop)
                source->callLate();
        });
        for (int i = 0; i < 20; ++i) {
            auto view = std::make_unique<TimelineView>();
            view->setRun(results, source);
            QCoreApplication::processEvents();
        }
        stop = true;
        caller.join();
        QTest::qWait(20);
        QVERIFY(!source->hasCallback());
    }

    void theRunViewShowsWhatNeedsNoMoreThanTheBudget() {
        const auto memory = inMemoryRun();
        const auto run = onDemandRun(memory->timeline);
        QVERIFY(run->readOnDemand());
        QVERIFY(!run->hasEvents());
        QVERIFY(!run->canLoadEvents()); // reading it again gives the same
        QVERIFY(RunStatusText::describe(*run, false)
                    .endsWith(QStringLiteral(
                        "read on demand: its calls exceed the memory budget (160 MiB)")));

        RunView reference;
        QVERIFY(setRunAndWait(reference, memory));
        RunView view;
        showView(view);
        QVERIFY(setRunAndWait(view, run));
        // Every statistic of the summaries, as with the calls in memory.
        const RegionTableModel* model = view.tableModel();
        QCOMPARE(model->rowCount(), reference.tableModel()->rowCount());
        QVERIFY(model->rowCount() > 0);
        for (int row = 0; row < model->rowCount(); ++row)
            for (int column :
                 {RegionTableModel::Calls, RegionTableModel::Total, RegionTableModel::Share,
                  RegionTableModel::Average, RegionTableModel::Min, RegionTableModel::Max,
                  RegionTableModel::Std, RegionTableModel::Imbalance}) {
                const QModelIndex cell = model->index(row, column);
                QVERIFY(cell.data(RegionTableModel::AvailableRole).toBool());
                QCOMPARE(cell.data(), reference.tableModel()->index(row, column).data());
            }

        // The timeline draws from the source: three ranks.
        QTRY_VERIFY(view.eventViewsEnabled());
        QTRY_COMPARE(plottableOf(*view.page<TimelinePage>()->timeline())->bandCount(), 3);

        // Without the on-demand timeline (as when its build failed) the call
        // paths need every call in memory; Reload reads it again.
        for (AnalysisPage* page : std::initializer_list<AnalysisPage*>{
                 view.page<CallTreePage>(), view.page<FlameGraphPage>()}) {
            EventsUnavailablePanel* panel = shownPanel(view, page);
            QVERIFY(panel);
            const QString text = panel->reasonLabel()->text();
            QVERIFY2(text.contains(QStringLiteral("needs every call in memory")) &&
                         text.contains(QStringLiteral("memory budget (160 MiB)")) &&
                         text.contains(QStringLiteral("Preferences")),
                     qPrintable(text));
            QVERIFY(!text.contains(QStringLiteral("summary-only")));
            QVERIFY(panel->loadButton()->isVisibleTo(panel));
            QCOMPARE(panel->loadButton()->text(), QStringLiteral("Reload"));
        }
        QVERIFY(shownPanel(view, view.page<CallTreePage>())
                    ->reasonLabel()
                    ->text()
                    .startsWith(QStringLiteral("The call tree")));
        QSignalSpy reload(&view, &RunView::loadEventsRequested);
        shownPanel(view, view.page<FlameGraphPage>())->loadButton()->click();
        QCOMPARE(reload.size(), 1);
        QCOMPARE(reload.at(0).at(0).toString(), run->path);
    }

    void theCallPathsComeFromTheOnDemandTimeline() {
        const auto memory = inMemoryRun();
        const auto run = onDemandRunWithTimeline();
        QVERIFY(run->hasCallPaths());
        QVERIFY(!onDemandRun(memory->timeline)->hasCallPaths());

        RunView reference;
        QVERIFY(setRunAndWait(reference, memory));
        RunView view;
        showView(view);
        QVERIFY(setRunAndWait(view, run));
        for (RunView* v : {&reference, &view}) {
            QSignalSpy built(CallPaths::of(v->context()), &CallPaths::treeReady);
            v->bottomTabs()->setCurrentWidget(v->page<CallTreePage>()->widget());
            QVERIFY(CallPaths::of(v->context())->tree() || built.wait(10000));
        }
        const auto* stack = qobject_cast<QStackedWidget*>(view.bottomTabs()->currentWidget());
        QCOMPARE(stack->currentWidget(), static_cast<QWidget*>(view.page<CallTreePage>()->view()));
        const auto got = CallPaths::of(view.context())->tree();
        const auto expected = CallPaths::of(reference.context())->tree();
        QVERIFY(got && expected);
        QVERIFY(got->size() > 1);
        QCOMPARE(got->runNs, expected->runNs);
        QCOMPARE(scope::testing::byPath(*got, *run->results),
                 scope::testing::byPath(*expected, *memory->results));
        // The view shows it: as many rows at the top level as in memory.
        QCOMPARE(view.page<CallTreePage>()->view()->model()->rowCount(),
                 reference.page<CallTreePage>()->view()->model()->rowCount());
        QVERIFY(view.page<CallTreePage>()->view()->model()->rowCount() > 0);

        // A subset of ranks: still the tree of the calls in memory.
        const scope::RankSelection ranks({1, 2});
        const CallTree subset = CallTree::build(*memory->results, *memory->index(), ranks, 1);
        QSignalSpy rebuilt(CallPaths::of(view.context()), &CallPaths::treeReady);
        view.context()->setRanks(ranks);
        QVERIFY(rebuilt.wait(10000));
        QCOMPARE(scope::testing::byPath(*CallPaths::of(view.context())->tree(), *run->results),
                 scope::testing::byPath(subset, *memory->results));
        QVERIFY(scope::testing::byPath(subset, *memory->results) !=
                scope::testing::byPath(*expected, *memory->results));

        // The flame graph shows the same tree instead of the reason.
        view.bottomTabs()->setCurrentWidget(view.page<FlameGraphPage>()->widget());
        stack = qobject_cast<QStackedWidget*>(view.bottomTabs()->currentWidget());
        QCOMPARE(stack->currentWidget(),
                 static_cast<QWidget*>(view.page<FlameGraphPage>()->flameGraph()));
    }

    void withoutATimelineSourceTheTimelineSaysWhy() {
        const auto run = onDemandRun(nullptr);
        RunView view;
        showView(view);
        QVERIFY(setRunAndWait(view, run));
        QVERIFY(!view.eventViewsEnabled());
        const QString text = view.page<TimelinePage>()->eventsPanel()->reasonLabel()->text();
        QVERIFY2(text.contains(QStringLiteral("memory budget (160 MiB)")), qPrintable(text));
        QCOMPARE(view.page<TimelinePage>()->eventsPanel()->loadButton()->text(),
                 QStringLiteral("Reload"));
    }

    void exportsThatNeedEveryCallAreGreyedWithTheReason() {
        const auto memory = inMemoryRun();
        MainWindow window;
        window.show();
        QSignalSpy opened(&window, &MainWindow::runOpened);
        emit window.loader()->loaded(4242, onDemandRun(memory->timeline));
        RunView* view = waitForRun(window, opened);
        QVERIFY(view);
        QVERIFY(view->run()->readOnDemand());
        const QStringList needEveryCall{
            QStringLiteral("&Flame Graph…"), QStringLiteral("Call T&ree as CSV…"),
            QStringLiteral("Tr&ace for Perfetto…"), QStringLiteral("Trac&e for speedscope…")};
        for (const QString& text : needEveryCall) {
            QAction* action = exportAction(window, text);
            QVERIFY2(action, qPrintable(text));
            QVERIFY2(!action->isEnabled(), qPrintable(text));
            QVERIFY2(action->toolTip().contains(QStringLiteral("every call in memory")) &&
                         action->toolTip().contains(QStringLiteral("160 MiB")),
                     qPrintable(action->toolTip()));
        }
        for (const char* text : {"&Timeline…", "Region Ta&ble as CSV…", "&Per-Rank Chart…"})
            QVERIFY2(exportAction(window, QString::fromUtf8(text))->isEnabled(), text);
        bool said = false;
        for (const QLabel* label : window.statusBar()->findChildren<QLabel*>())
            said = said || label->text().contains(QStringLiteral(
                               "read on demand: its calls exceed the memory budget (160 MiB)"));
        QVERIFY(said);

        // With the on-demand timeline the flame graph and the call tree are
        // there; the traces still need every call.
        emit window.loader()->loaded(4244, onDemandRunWithTimeline());
        QVERIFY(waitForRun(window, opened));
        for (const QString& text : needEveryCall) {
            const bool paths = text == needEveryCall[0] || text == needEveryCall[1];
            QCOMPARE(exportAction(window, text)->isEnabled(), paths);
            QCOMPARE(exportAction(window, text)
                         ->toolTip()
                         .contains(QStringLiteral("every call in memory")),
                     !paths);
        }

        // A run in memory has them back, without a reason.
        emit window.loader()->loaded(4243, memory);
        QVERIFY(waitForRun(window, opened));
        for (const QString& text : needEveryCall) {
            QVERIFY(exportAction(window, text)->isEnabled());
            QVERIFY(!exportAction(window, text)->toolTip().contains(QStringLiteral("memory")));
        }
    }

    // An image keeps what it shows: while the calls of the zoom are read, the
    // stand-ins drawn meanwhile are not exported; once read, they are.
    void aTimelineExportWaitsForTheCallsOfItsZoom() {
        const auto memory = inMemoryRun();
        const auto source = std::make_shared<StandInSource>(memory->index());
        MainWindow window;
        window.show();
        QSignalSpy opened(&window, &MainWindow::runOpened);
        emit window.loader()->loaded(4245, onDemandRun(source));
        RunView* view = waitForRun(window, opened);
        QVERIFY(view);
        QTRY_VERIFY(source->hasCallback()); // the timeline shows the source
        QTemporaryDir dir;
        const QString png = dir.filePath(QStringLiteral("timeline.png"));
        ExportController* exporter = window.exporter();
        const int asked = source->queries();
        QVERIFY(!exporter->exportChart(view, QStringLiteral("timeline"),
                                       ChartContextMenu::ExportPng, png, 600, 300, 1.0));
        QVERIFY(!QFileInfo::exists(png));
        QVERIFY2(window.banner()->text().contains(QStringLiteral("still being read")),
                 qPrintable(window.banner()->text()));
        // The refused export asked for the calls, as a frame on screen does.
        QVERIFY(source->queries() > asked);
        QVERIFY(!exporter->copyChart(view, QStringLiteral("timeline")));
        // Said before the file dialogs too.
        QString error;
        QVERIFY(!RunChartFiles::defaultSize(view, QStringLiteral("timeline"), &error).isValid());
        QVERIFY2(error.contains(QStringLiteral("still being read")), qPrintable(error));

        source->refine();
        QVERIFY(RunChartFiles::defaultSize(view, QStringLiteral("timeline"), &error).isValid());
        QVERIFY(exporter->exportChart(view, QStringLiteral("timeline"), ChartContextMenu::ExportPng,
                                      png, 600, 300, 1.0));
        QCOMPARE(QImage(png).size(), QSize(600, 300));
        // The refusal does not outlive the export that worked.
        QVERIFY2(!window.banner()->text().contains(QStringLiteral("still being read")),
                 qPrintable(window.banner()->text()));

        // A run in memory never waits: its frames are always exact.
        emit window.loader()->loaded(4246, memory);
        RunView* inMemory = waitForRun(window, opened);
        QVERIFY(inMemory);
        QVERIFY(exporter->exportChart(inMemory, QStringLiteral("timeline"),
                                      ChartContextMenu::ExportPng,
                                      dir.filePath(QStringLiteral("memory.png")), 600, 300, 1.0));
    }
};

QTEST_MAIN(TestOnDemandRun)
#include "tst_OnDemandRun.moc"
