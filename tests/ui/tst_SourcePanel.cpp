// SPDX-License-Identifier: GPL-3.0-or-later
// The region's source: what the loader reads of it (also summary-only, and
// not at all beyond the row limit) and what SourcePanel shows. The expected
// locations and texts of v3_serial.h5 were read with h5dump, independently of
// the reader under test.
#include "FixtureWriter.h"
#include "callpaths/SourcePanel.h"
#include "format/ReadRequest.h"
#include "isolate/IsolatedReader.h"
#include "load/AsyncLoader.h"

#include <QLabel>
#include <QPlainTextEdit>
#include <QtTest>

#include <condition_variable>
#include <mutex>

using namespace scope;
using namespace scope::fixtures;

namespace {

const QString kDataDir = QStringLiteral(SCOPE_TEST_DATA_DIR);

// The viewer's own read: AsyncLoader, as MainWindow opens runs.
std::shared_ptr<const ProfilingResults> load(const QString& path, bool summaryOnly) {
    std::mutex mutex;
    std::condition_variable finished;
    std::optional<LoadOutcome> outcome;
    AsyncLoader loader({nullptr, [&](const LoadOutcome& o) {
                            std::lock_guard lock(mutex);
                            outcome = o;
                            finished.notify_one();
                        }});
    loader.start({path.toStdString(), summaryOnly, true});
    std::unique_lock lock(mutex);
    finished.wait(lock, [&] { return outcome.has_value(); });
    if (outcome->error)
        std::rethrow_exception(outcome->error);
    return outcome->results;
}

int regionIndex(const ProfilingResults& results, const char* name) {
    const auto index = results.regionIndex(name);
    return index ? static_cast<int>(*index) : -1;
}

bool showsSource(const SourcePanel& panel) {
    return !panel.sourceView()->isHidden() && panel.messageLabel()->isHidden();
}

} // namespace

class TestSourcePanel : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void loaderReadsSources_data();
    void loaderReadsSources();
    void showsStoredSourceWithLineNumbers_data();
    void showsStoredSourceWithLineNumbers();
    void regionWithoutSource();
    void fileWithoutSources();
    void nothingSelected();
    void ranksSharingALocationAreGrouped();
    void rowDetailsBeyondTheLimitAreNotRead_data();
    void rowDetailsBeyondTheLimitAreNotRead();

private:
    QTemporaryDir dir_;
    QString fourRanks_;
};

void TestSourcePanel::initTestCase() {
    QVERIFY(dir_.isValid());
    // The real read helper sits beside scope-report in the build.
    const QString worker = QFileInfo(QStringLiteral(SCOPE_REPORT_EXE))
                               .dir()
                               .filePath(QStringLiteral("scope-read-worker"));
    QVERIFY(QFileInfo::exists(worker));
    qputenv("SCOPE_READ_WORKER", worker.toLocal8Bit());

    FixtureSpec spec;
    for (std::uint32_t rank = 0; rank < 4; ++rank) {
        FixtureRow row = FixtureRow::make(rank, "solve", {100}, {200});
        row.sourceFile = rank < 3 ? "solver.py" : "other.py";
        row.sourceLine = rank < 3 ? 42 : 7;
        row.sourceText = rank < 3 ? "def solve():\n    pass" : "x = 1";
        spec.rows.push_back(row);
        spec.rows.push_back(FixtureRow::make(rank, "io", {300}, {400}));
    }
    // Rank 4's io has a line only.
    FixtureRow io = FixtureRow::make(4, "io", {300}, {400});
    io.sourceLine = 3;
    spec.rows.push_back(io);
    spec.rows.push_back(FixtureRow::make(4, "solve", {100}, {200}));
    fourRanks_ = dir_.filePath("four_ranks.h5");
    FixtureWriter::write(spec, fourRanks_.toStdString());
}

void TestSourcePanel::loaderReadsSources_data() {
    QTest::addColumn<bool>("summaryOnly");
    QTest::newRow("full") << false;
    QTest::newRow("summary-only") << true;
}

void TestSourcePanel::loaderReadsSources() {
    QFETCH(bool, summaryOnly);
    const auto results = load(kDataDir + "/v3_serial.h5", summaryOnly);
    QCOMPARE(results->eventsRead, !summaryOnly);
    QVERIFY(!results->rowDetailsSkipped);
    const RankRegion* solve =
        results->row(static_cast<std::size_t>(regionIndex(*results, "solve")), 0);
    QVERIFY(solve);
    const SourceLocation& source = results->details(*solve).source;
    QCOMPARE(source.file, std::string("examples/solver.py"));
    QCOMPARE(source.line, std::int64_t{14});
    QCOMPARE(source.text, std::string("with sp.region(\"solve\"):\n    ..."));
}

void TestSourcePanel::showsStoredSourceWithLineNumbers_data() {
    QTest::addColumn<bool>("summaryOnly");
    QTest::addColumn<QString>("region");
    QTest::addColumn<QString>("location");
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("numbers");
    for (const bool summaryOnly : {false, true}) {
        const char* mode = summaryOnly ? "summary-only" : "full";
        QTest::addRow("main, %s", mode) << summaryOnly << "main"
                                        << "rank 0: examples/solver.py:10"
                                        << "with sp.region(\"main\"):\n    ..."
                                        << "10\n11";
        QTest::addRow("solve, %s", mode) << summaryOnly << "solve"
                                         << "rank 0: examples/solver.py:14"
                                         << "with sp.region(\"solve\"):\n    ..."
                                         << "14\n15";
    }
}

void TestSourcePanel::showsStoredSourceWithLineNumbers() {
    QFETCH(bool, summaryOnly);
    QFETCH(QString, region);
    QFETCH(QString, location);
    QFETCH(QString, text);
    QFETCH(QString, numbers);
    const auto results = load(kDataDir + "/v3_serial.h5", summaryOnly);
    SourcePanel panel;
    panel.setRun(results);
    panel.setRegion(regionIndex(*results, region.toUtf8().constData()));
    QVERIFY(panel.titleLabel()->text().contains(region));
    QCOMPARE(panel.locationLabel()->text(), location);
    QVERIFY(showsSource(panel));
    QCOMPARE(panel.sourceView()->toPlainText(), text);
    QCOMPARE(panel.lineNumberView()->toPlainText(), numbers);
    QVERIFY(panel.sourceView()->isReadOnly());
    QVERIFY(QFontInfo(panel.sourceView()->font()).fixedPitch());
}

void TestSourcePanel::regionWithoutSource() {
    // setup, rhs and io of v3_serial.h5 store "" and line -1.
    const auto results = load(kDataDir + "/v3_serial.h5", true);
    SourcePanel panel;
    panel.setRun(results);
    for (const char* region : {"setup", "rhs", "io"}) {
        panel.setRegion(regionIndex(*results, region));
        QVERIFY(!showsSource(panel));
        QCOMPARE(panel.messageLabel()->text(), QStringLiteral("Source not recorded"));
        QVERIFY(panel.sourceView()->toPlainText().isEmpty());
    }
    // Back to a region with a source.
    panel.setRegion(regionIndex(*results, "main"));
    QVERIFY(showsSource(panel));
}

void TestSourcePanel::fileWithoutSources() {
    const auto results = load(kDataDir + "/run_np3.h5", false);
    SourcePanel panel;
    panel.setRun(results);
    panel.setRegion(regionIndex(*results, "solve"));
    QCOMPARE(panel.messageLabel()->text(), QStringLiteral("Source not recorded"));
    QVERIFY(panel.locationLabel()->isHidden());
}

void TestSourcePanel::nothingSelected() {
    SourcePanel panel;
    QCOMPARE(panel.messageLabel()->text(), QStringLiteral("Select a region"));
    panel.setRun(load(kDataDir + "/v3_serial.h5", true));
    QCOMPARE(panel.messageLabel()->text(), QStringLiteral("Select a region"));
    panel.setRegion(0);
    QVERIFY(showsSource(panel));
    panel.setRegion(-1);
    QCOMPARE(panel.messageLabel()->text(), QStringLiteral("Select a region"));
    QVERIFY(!showsSource(panel));
    panel.setRegion(99);
    QCOMPARE(panel.messageLabel()->text(), QStringLiteral("Select a region"));
}

void TestSourcePanel::ranksSharingALocationAreGrouped() {
    const auto results = load(fourRanks_, true);
    SourcePanel panel;
    panel.setRun(results);
    panel.setRegion(regionIndex(*results, "solve"));
    QCOMPARE(panel.locationLabel()->text(),
             QStringLiteral("ranks 0\u20132: solver.py:42\n"
                            "rank 3: other.py:7\n"
                            "rank 4: location not recorded\n"
                            "The source below is that of ranks 0\u20132."));
    QCOMPARE(panel.sourceView()->toPlainText(), QStringLiteral("def solve():\n    pass"));
    QCOMPARE(panel.lineNumberView()->toPlainText(), QStringLiteral("42\n43"));

    // A line without file or text: located, but no text to show.
    panel.setRegion(regionIndex(*results, "io"));
    QCOMPARE(panel.locationLabel()->text(),
             QStringLiteral("ranks 0\u20133: location not recorded\nrank 4: line 3"));
    QCOMPARE(panel.messageLabel()->text(), QStringLiteral("Source text not recorded"));
    QVERIFY(!showsSource(panel));
}

void TestSourcePanel::rowDetailsBeyondTheLimitAreNotRead_data() {
    QTest::addColumn<bool>("summaryOnly");
    QTest::addColumn<bool>("inProcess");
    QTest::newRow("full, helper") << false << false;
    QTest::newRow("summary-only, helper") << true << false;
    QTest::newRow("full, in process") << false << true;
    QTest::newRow("summary-only, in process") << true << true;
}

void TestSourcePanel::rowDetailsBeyondTheLimitAreNotRead() {
    QFETCH(bool, summaryOnly);
    QFETCH(bool, inProcess);
    // v3_serial.h5 has 5 index rows (h5dump: rank_region_index/ranks).
    ReadRequest request;
    request.summaryOnly = summaryOnly;
    request.fallback = true;
    const QByteArray helper = qgetenv("SCOPE_READ_WORKER");
    const auto restore = qScopeGuard([&] { qputenv("SCOPE_READ_WORKER", helper); });
    if (inProcess)
        qputenv("SCOPE_READ_WORKER", "none");
    const std::string path = (kDataDir + "/v3_serial.h5").toStdString();

    request.rowDetailsLimit = 5;
    const ProfilingResults within = readIsolated(path, request);
    QVERIFY(!within.rowDetailsSkipped);
    QCOMPARE(within.details(*within.row(0, 0)).source.line, std::int64_t{10});

    request.rowDetailsLimit = 4;
    auto beyond = std::make_shared<ProfilingResults>(readIsolated(path, request));
    QVERIFY(beyond->rowDetailsSkipped);
    QVERIFY(beyond->rowDetails.empty());
    QCOMPARE(beyond->rows.size(), std::size_t{5});
    SourcePanel panel;
    panel.setRun(beyond);
    panel.setRegion(0);
    QCOMPARE(panel.messageLabel()->text(),
             QStringLiteral("Not read: this file has more than %L1 rows")
                 .arg(static_cast<qulonglong>(kViewerRowDetailsLimit)));
    QVERIFY(panel.messageLabel()->text().contains(QLocale().toString(50000)));

    // Without a limit, as before.
    request.rowDetailsLimit = 0;
    QVERIFY(!readIsolated(path, request).rowDetailsSkipped);
}

QTEST_MAIN(TestSourcePanel)
#include "tst_SourcePanel.moc"
