// SPDX-License-Identifier: GPL-3.0-or-later
// Runs where they lie, as the window offers them: an ssh:// URL (from File ▸
// Open Remote…, the command line or a second viewer) reaches the loader
// untouched; a failed connection is a line in the banner naming host and
// file while the other runs stay open. ssh is replaced by a script
// (SCOPE_SSH_COMMAND) that runs the helper here. The dialog's own fields:
// tst_OpenRemoteDialog.
#include "../core/CallTreeDifference.h"
#include "FixtureWriter.h"
#include "OpenRemoteFill.h"
#include "RunWaiter.h"
#include "SampleSpecs.h"
#include "analysis/CallTree.h"
#include "analysis/DurationHistogram.h"
#include "analysis/DurationSeries.h"
#include "analysis/KeptHistograms.h"
#include "analysis/Percentiles.h"
#include "analysis/TimelineIndex.h"
#include "callpaths/CallPaths.h"
#include "callpaths/CallTreeModel.h"
#include "callpaths/CallTreePage.h"
#include "callpaths/CallTreeView.h"
#include "charts/TimelinePage.h"
#include "common/EventsUnavailablePanel.h"
#include "common/MessageBanner.h"
#include "distributions/DurationOverTimeView.h"
#include "distributions/HistogramPage.h"
#include "distributions/HistogramView.h"
#include "distributions/OverTimePage.h"
#include "load/ProfileFileReader.h"
#include "models/RegionTableModel.h"
#include "run/RunView.h"
#include "shell/MainWindow.h"
#include "shell/OpenRemoteDialog.h"
#include "shell/SingleInstance.h"

#include <QAction>
#include <QApplication>
#include <QComboBox>
#include <QFile>
#include <QLineEdit>
#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QStackedWidget>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTimer>
#include <QUuid>
#include <QtConcurrent>
#include <QtTest>
#include <qcustomplot.h>

#include <numeric>

namespace {

// What the helper's command becomes on the "host": ssh's own words are
// skipped up to the destination, the remote command (one word) is run here.
const char* const kLocalSsh = "#!/bin/sh\n"
                              "while [ \"$#\" -gt 0 ] && [ \"$1\" != -- ]; do shift; done\n"
                              "shift 2\n"
                              "exec /bin/sh -c \"$1\"\n";
// What ssh does when the host does not answer.
const char* const kUnreachable = "#!/bin/sh\n"
                                 "echo 'ssh: connect to host nowhere port 22: Connection "
                                 "refused' >&2\n"
                                 "exit 255\n";

QString writeScript(const QTemporaryDir& dir, const QString& name, const char* text) {
    const QString path = dir.filePath(name);
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly))
        return {};
    file.write(text);
    file.close();
    file.setPermissions(QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner);
    return path;
}

QAction* actionNamed(const QWidget& window, const QString& text) {
    for (QAction* action : window.findChildren<QAction*>())
        if (action->text() == text)
            return action;
    return nullptr;
}

} // namespace

class tst_OpenRemote : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void init();
    void secondViewerHandsOverUrlsUntouched();
    void opensARunOverSsh();
    void failedConnectionNamesHostAndFileAndKeepsOtherRuns();
    void runsTheHostsIndexCommand();

private:
    QTemporaryDir dir_;
    QString fixture_;
};

void tst_OpenRemote::initTestCase() {
    prepareWindowTests();
    QVERIFY(dir_.isValid());
    fixture_ = dir_.filePath(QStringLiteral("remote run.h5"));
    scope::fixtures::FixtureWriter::write(scope::fixtures::SampleSpecs::standard(3),
                                          fixture_.toStdString());
    qputenv("SCOPE_REMOTE_HELPER", SCOPE_READ_WORKER_EXE);
}

void tst_OpenRemote::init() {
    QSettings().remove(QStringLiteral("remote/recentHosts"));
    QSettings().remove(QStringLiteral("remote/indexCommands"));
    QSettings().remove(QStringLiteral("recentFiles"));
}

void tst_OpenRemote::secondViewerHandsOverUrlsUntouched() {
    const QString name =
        QStringLiteral("scope-viewer-test-") + QUuid::createUuid().toString(QUuid::Id128).left(12);
    SingleInstance first(name);
    QVERIFY(first.listen());
    QSignalSpy requested(&first, &SingleInstance::filesRequested);
    SingleInstance second(name);
    const QStringList urls{QStringLiteral("ssh://alice@hpc:2222/scratch/run.h5")};
    QFuture<bool> sent =
        QtConcurrent::run([&second, urls] { return second.forwardToRunning(urls, false); });
    QTRY_VERIFY_WITH_TIMEOUT(sent.isFinished(), 10000);
    QVERIFY(sent.result());
    QTRY_COMPARE(requested.size(), 1);
    QCOMPARE(requested.at(0).at(0).toStringList(), urls);
}

void tst_OpenRemote::opensARunOverSsh() {
    const QString ssh = writeScript(dir_, QStringLiteral("local-ssh"), kLocalSsh);
    qputenv("SCOPE_SSH_COMMAND", ssh.toLocal8Bit());
    const scope::ProfilingResults local = scope::readProfileFile(fixture_.toStdString(), {});

    MainWindow window;
    QSignalSpy opened(&window, &MainWindow::runOpened);
    QSignalSpy failed(&window, &MainWindow::loadFailed);
    // Through File ▸ Open Remote…, as a user would.
    QAction* action = actionNamed(window, QStringLiteral("Open Re&mote…"));
    QVERIFY(action != nullptr);
    QTimer::singleShot(0, &window, [this] {
        auto* dialog = qobject_cast<OpenRemoteDialog*>(QApplication::activeModalWidget());
        QVERIFY(dialog != nullptr);
        fill(*dialog, {}, QStringLiteral("testhost"), {}, fixture_);
        dialog->openButton()->click();
    });
    action->trigger();
    RunView* view = waitForRun(window, opened);
    QVERIFY2(view != nullptr,
             failed.isEmpty() ? "no run" : qPrintable(failed.at(0).at(1).toString()));
    const QString url = QStringLiteral("ssh://testhost") + QString(fixture_).replace(' ', "%20");
    QCOMPARE(view->run()->path, url);
    QVERIFY(view->run()->isRemote());

    // The statistics are those of the file read here.
    const scope::ProfilingResults& remote = *view->run()->results;
    QCOMPARE(remote.numRanks, local.numRanks);
    QCOMPARE(remote.regions.size(), local.regions.size());
    QCOMPARE(remote.totalCalls(), local.totalCalls());
    QVERIFY(!remote.eventsRead);

    // The percentiles came from the calls on the host: those of the calls
    // here, not "n/a".
    RegionTableModel* table = view->tableModel();
    const auto cell = [&](int row, int column, int role = Qt::DisplayRole) {
        return table->data(table->index(row, column), role);
    };
    QTRY_COMPARE(table->rowCount(), static_cast<int>(local.regions.size()));
    QTRY_VERIFY(!table->percentilesPending());
    for (int row = 0; row < table->rowCount(); ++row) {
        const auto region =
            static_cast<std::size_t>(cell(row, 0, RegionTableModel::RegionIndexRole).toInt());
        if (local.pooled(region).count == 0)
            continue; // "n/a": no calls
        const scope::Percentiles p = scope::Percentiles::of(local, region);
        QVERIFY(cell(row, RegionTableModel::P50, RegionTableModel::AvailableRole).toBool());
        QCOMPARE(cell(row, RegionTableModel::P50, RegionTableModel::SortRole).toDouble(), p.p50);
        QCOMPARE(cell(row, RegionTableModel::P90, RegionTableModel::SortRole).toDouble(), p.p90);
        QCOMPARE(cell(row, RegionTableModel::P99, RegionTableModel::SortRole).toDouble(), p.p99);
    }
    // A rank selection's are asked of the host, which holds the calls.
    QVERIFY(local.numRanks > 1);
    const scope::RankSelection rank0({0});
    QVERIFY(view->setRankSelection(QStringLiteral("0")));
    for (int row = 0; row < table->rowCount(); ++row) {
        const auto region =
            static_cast<std::size_t>(cell(row, 0, RegionTableModel::RegionIndexRole).toInt());
        if (local.pooled(region).count == 0)
            continue;
        // Until the host answers, the cells hold the previous selection's.
        QTRY_COMPARE(cell(row, RegionTableModel::P50, RegionTableModel::SortRole).toDouble(),
                     scope::Percentiles::of(local, region, rank0).p50);
        QVERIFY(cell(row, RegionTableModel::P50, RegionTableModel::AvailableRole).toBool());
    }
    QVERIFY(view->setRankSelection(QString()));

    // The histogram of all ranks came with the statistics, a rank
    // selection's is asked of the host: both those of the calls here.
    auto* histogram = view->page<HistogramPage>()->histogram();
    QVERIFY(view->page<HistogramPage>()->surface()->offeredFor(*view->run())); // File ▸ Export
    view->sideTabs()->setCurrentWidget(histogram);
    view->context()->setRegion(0);
    constexpr std::size_t bins = scope::DurationHistogram::kBins;
    const std::pair<QString, scope::RankSelection> selections[] = {{QString(), {}},
                                                                   {QStringLiteral("0"), rank0}};
    for (const auto& [ranks, selection] : selections) {
        QVERIFY(view->setRankSelection(ranks));
        QTRY_VERIFY(histogram->available() && !histogram->reading());
        QVERIFY(scope::KeptHistograms::keptOf(histogram->histogram()) ==
                scope::KeptHistograms::keptOf(
                    scope::DurationHistogram::detailed(local, 0, selection, bins)));
    }
    QVERIFY(view->setRankSelection(QString()));

    // Durations over time: the series is built on the host, the columns of
    // what is on screen asked of it; both those of the calls here, whole
    // and zoomed in.
    auto* overTime = view->page<OverTimePage>()->overTime();
    QVERIFY(view->page<OverTimePage>()->surface()->offeredFor(*view->run())); // File ▸ Export
    view->sideTabs()->setCurrentWidget(overTime);
    const scope::DurationSeries series = scope::DurationSeries::of(local, 0, {});
    QTRY_VERIFY(overTime->available() && !overTime->reading() && overTime->reduction().columns > 0);
    QVERIFY(overTime->outline() == series.outline());
    const QCPRange whole = overTime->plot()->xAxis->range();
    overTime->plot()->xAxis->setRange(whole.center(), whole.center() + whole.size() / 20);
    QTRY_VERIFY(!overTime->reading() && overTime->reduction().t0 == whole.center());
    const scope::DurationReduction& drawn = overTime->reduction();
    QVERIFY(drawn == series.reduce(drawn.t0, drawn.t1, drawn.columns, !overTime->perRank()));
    QVERIFY(std::accumulate(drawn.count.begin(), drawn.count.end(), 0u) > 0);

    // Named by file and host, in the tab and the title.
    const QString label = QStringLiteral("remote run.h5 \u2014 testhost");
    QCOMPARE(window.tabs()->tabText(window.tabs()->indexOf(view)), label);
    QVERIFY2(window.windowTitle().startsWith(label), qPrintable(window.windowTitle()));
    QCOMPARE(OpenRemoteDialog::recentHosts().value(0), QStringLiteral("testhost"));
    QCOMPARE(QSettings().value(QStringLiteral("recentFiles")).toStringList().value(0), url);

    // The timeline draws the whole-run timeline that came over; the call
    // tree is merged from the per-rank trees that came with it.
    auto* timeline = view->page<TimelinePage>();
    QVERIFY(view->run()->timeline != nullptr);
    QTRY_VERIFY(timeline->drawn());
    auto* tree = view->page<CallTreePage>();
    QSignalSpy built(CallPaths::of(view->context()), &CallPaths::treeReady);
    view->bottomTabs()->setCurrentWidget(tree->widget());
    QVERIFY(CallPaths::of(view->context())->tree() || built.wait(10000));
    const auto* stack = qobject_cast<QStackedWidget*>(view->bottomTabs()->currentWidget());
    QCOMPARE(stack->currentWidget(), static_cast<QWidget*>(tree->view()));
    QCOMPARE(scope::testing::difference(*CallPaths::of(view->context())->tree(),
                                        scope::CallTree::build(local, scope::TimelineIndex(local)),
                                        local),
             QString());
    QVERIFY(tree->view()->model()->rowCount() > 0);

    // The command line's way in: the same URL is the same run, in its tab.
    window.openFilesToCompare({url});
    QVERIFY(waitForRun(window, opened) == view);
    QCOMPARE(window.runCount(), 1);
    qunsetenv("SCOPE_SSH_COMMAND");
}

void tst_OpenRemote::failedConnectionNamesHostAndFileAndKeepsOtherRuns() {
    const QString ssh = writeScript(dir_, QStringLiteral("unreachable-ssh"), kUnreachable);
    qputenv("SCOPE_SSH_COMMAND", ssh.toLocal8Bit());
    MainWindow window;
    QSignalSpy opened(&window, &MainWindow::runOpened);
    QSignalSpy failed(&window, &MainWindow::loadFailed);
    window.openFile(fixture_);
    QVERIFY(waitForRun(window, opened) != nullptr);

    window.openFile(QStringLiteral("ssh://nowhere/data/lost run.h5"));
    QTRY_COMPARE_WITH_TIMEOUT(failed.size(), 1, 30000);
    const QString text = window.banner()->text();
    QVERIFY2(text.contains(QStringLiteral("nowhere")), qPrintable(text));
    QVERIFY2(text.contains(QStringLiteral("lost")), qPrintable(text));
    QCOMPARE(window.runCount(), 1);
    QCOMPARE(window.currentRunView()->run()->path, fixture_);
    qunsetenv("SCOPE_SSH_COMMAND");
}

// The command kept for the host runs there before the run opens: one that
// fails names itself, its exit status and what it said, and the window stays.
void tst_OpenRemote::runsTheHostsIndexCommand() {
    const QString ssh = writeScript(dir_, QStringLiteral("local-ssh"), kLocalSsh);
    qputenv("SCOPE_SSH_COMMAND", ssh.toLocal8Bit());
    const QString failing = writeScript(dir_, QStringLiteral("no-slots"),
                                        "#!/bin/sh\necho 'not enough slots' >&2\nexit 7\n");
    // A file of its own: no index of it is kept anywhere yet.
    const QString run = dir_.filePath(QStringLiteral("unindexed.h5"));
    QVERIFY(QFile::copy(fixture_, run));
    MainWindow window;
    QSignalSpy failed(&window, &MainWindow::loadFailed);
    QTimer::singleShot(0, &window, [&] {
        auto* dialog = qobject_cast<OpenRemoteDialog*>(QApplication::activeModalWidget());
        QVERIFY(dialog != nullptr);
        fill(*dialog, {}, QStringLiteral("testhost"), {}, run);
        dialog->indexField()->setText(failing);
        dialog->openButton()->click();
    });
    actionNamed(window, QStringLiteral("Open Re&mote…"))->trigger();
    QTRY_COMPARE_WITH_TIMEOUT(failed.size(), 1, 30000);
    const QString text = window.banner()->text();
    QVERIFY2(text.contains(failing), qPrintable(text));
    QVERIFY2(text.contains(QStringLiteral("exit status 7")), qPrintable(text));
    QVERIFY2(text.contains(QStringLiteral("not enough slots")), qPrintable(text));
    qunsetenv("SCOPE_SSH_COMMAND");
}

QTEST_MAIN(tst_OpenRemote)
#include "tst_OpenRemote.moc"
