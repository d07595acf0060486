// SPDX-License-Identifier: GPL-3.0-or-later
// The perf events view: counters per region of one rank and summed over
// ranks, worked out by hand from a fixture file, blanks for counters a
// region lacks, and sorting by the numbers.
#include "FixtureWriter.h"
#include "format/ProfileReader.h"
#include "hardware/PerfEventsView.h"

#include <QAbstractItemModelTester>
#include <QComboBox>
#include <QTableView>
#include <QTemporaryDir>
#include <QtTest>

#include <cmath>
#include <memory>

using namespace scope;
using namespace scope::fixtures;

namespace {

// Rank 0: solve (10 calls; 1,000 cycles, 2,500 instructions, 7 cache
// misses of 200 references), io (2 calls; 500 cycles); rank 1: solve (12
// calls; 3,000 cycles, 4,500 instructions).
std::shared_ptr<const ProfilingResults> perfRun(const QTemporaryDir& dir) {
    FixtureSpec spec;
    spec.rows.push_back(FixtureRow::make(0, "solve", {0}, {100}));
    spec.rows.push_back(FixtureRow::make(1, "solve", {0}, {100}));
    spec.perfEvents = {
        {0,
         "solve",
         10,
         {"cycles", "instructions", "cache-misses", "cache-references"},
         {1000, 2500, 7, 200}},
        {0, "io", 2, {"cycles"}, {500}},
        {1, "solve", 12, {"cycles", "instructions"}, {3000, 4500}},
    };
    const QString path = dir.filePath(QStringLiteral("perf.h5"));
    FixtureWriter::write(spec, path.toStdString());
    return std::make_shared<const ProfilingResults>(readH5(path.toStdString()));
}

} // namespace

class TestPerfEventsView : public QObject {
    Q_OBJECT
private slots:
    void countersPerRegion() {
        QTemporaryDir dir;
        const auto run = perfRun(dir);
        QVERIFY(PerfEventsView::hasData(*run));
        QVERIFY(!PerfEventsView::hasData(readH5(SCOPE_TEST_DATA_DIR "/v3_serial.h5")));
        PerfEventsView view;
        QAbstractItemModelTester tester(view.model(),
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        view.setRun(run);
        const PerfEventsModel* m = view.model();
        // Summed over both ranks.
        QCOMPARE(view.rankPicker()->currentText(), QStringLiteral("All ranks, summed"));
        QCOMPARE(m->rowCount(), 2);
        QCOMPARE(m->headerData(1, Qt::Horizontal).toString(), QStringLiteral("Calls"));
        const int solve = m->row(QStringLiteral("solve"));
        const int io = m->row(QStringLiteral("io"));
        const int cycles = m->column(QStringLiteral("cycles"));
        const int instructions = m->column(QStringLiteral("instructions"));
        const int misses = m->column(QStringLiteral("cache-misses"));
        QVERIFY(solve >= 0 && io >= 0 && cycles >= 2 && instructions >= 2 && misses >= 2);
        QCOMPARE(m->index(solve, 1).data().toString(), QStringLiteral("22"));
        QCOMPARE(m->index(solve, cycles).data().toString(), QStringLiteral("4,000"));
        QCOMPARE(m->index(solve, instructions).data(PerfEventsModel::ValueRole).toDouble(), 7000.0);
        QCOMPARE(m->index(solve, misses).data().toString(), QStringLiteral("7"));
        // io has no instruction count: blank, not 0.
        QCOMPARE(m->index(io, instructions).data().toString(), QString());
        QVERIFY(std::isnan(m->index(io, instructions).data(PerfEventsModel::ValueRole).toDouble()));
        QCOMPARE(m->index(io, cycles).data().toString(), QStringLiteral("500"));

        // Sorted by cycles, descending: solve (4,000) above io (500).
        view.table()->sortByColumn(cycles, Qt::DescendingOrder);
        QCOMPARE(view.table()->model()->index(0, 0).data().toString(), QStringLiteral("solve"));
        view.table()->sortByColumn(cycles, Qt::AscendingOrder);
        QCOMPARE(view.table()->model()->index(0, 0).data().toString(), QStringLiteral("io"));

        // Rank 1 alone: solve only, no cache-misses column; region, calls,
        // cycles, instructions and their IPC.
        view.rankPicker()->setCurrentIndex(view.rankPicker()->findText(QStringLiteral("Rank 1")));
        QCOMPARE(m->rowCount(), 1);
        QCOMPARE(m->columnCount(), 5);
        QCOMPARE(m->column(QStringLiteral("cache-misses")), -1);
        QCOMPARE(m->index(0, 1).data().toString(), QStringLiteral("12"));
        QCOMPARE(m->index(0, m->column(QStringLiteral("cycles"))).data().toString(),
                 QStringLiteral("3,000"));

        // The run's rank selection: rank 0 picks it in the view as well.
        view.setRanks({0});
        QCOMPARE(view.rankPicker()->currentText(), QStringLiteral("Rank 0"));
        QCOMPARE(m->rowCount(), 2);
        QCOMPARE(m->index(m->row(QStringLiteral("solve")), 1).data().toString(),
                 QStringLiteral("10"));
        view.setRanks({0, 1});
        QCOMPARE(view.rankPicker()->currentText(), QStringLiteral("2 selected ranks, summed"));
        QCOMPARE(m->index(m->row(QStringLiteral("solve")), 1).data().toString(),
                 QStringLiteral("22"));
    }

    // Ratios of the counters summed over the ranks shown, where both exist.
    void derivedRatios() {
        QTemporaryDir dir;
        PerfEventsView view;
        QAbstractItemModelTester tester(view.model(),
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        view.setRun(perfRun(dir));
        const PerfEventsModel* m = view.model();
        const int solve = m->row(QStringLiteral("solve"));
        const int io = m->row(QStringLiteral("io"));
        const int ipc = m->column(QStringLiteral("IPC"));
        const int missRate = m->column(QStringLiteral("cache-miss rate"));
        QVERIFY(ipc >= 2 && missRate >= 2);
        QCOMPARE(m->column(QStringLiteral("branch-miss rate")), -1); // no branch counters
        // (2,500 + 4,500) / (1,000 + 3,000), not the mean of 2.5 and 1.5.
        QCOMPARE(m->index(solve, ipc).data(PerfEventsModel::ValueRole).toDouble(), 1.75);
        QCOMPARE(m->index(solve, ipc).data().toString(), QStringLiteral("1.75"));
        QCOMPARE(m->index(solve, missRate).data().toString(), QStringLiteral("3.50 %"));
        QCOMPARE(m->index(io, ipc).data().toString(), QString()); // no instructions
        view.setRanks({1});
        QCOMPARE(m->index(m->row(QStringLiteral("solve")), m->column(QStringLiteral("IPC")))
                     .data(PerfEventsModel::ValueRole)
                     .toDouble(),
                 1.5);
    }
};

QTEST_MAIN(TestPerfEventsView)
#include "tst_PerfEventsView.moc"
