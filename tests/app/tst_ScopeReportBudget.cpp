// SPDX-License-Identifier: GPL-3.0-or-later
// scope-report --memory-budget: a file read over the budget (streamed for its
// statistics, its calls left on disk) prints and exports exactly what the
// read into memory does; options that need every call in memory fail with a
// message naming the file and the budget; a size it cannot parse is a usage
// error that says so.
#include "FixtureWriter.h"
#include "ScopeReportRunner.h"
#include "SyntheticRun.h"

#include <QTemporaryDir>
#include <QtTest>

using scope::testing::kDataDir;
using scope::testing::readFile;
using scope::testing::runReport;

class TestScopeReportBudget : public QObject {
    Q_OBJECT

    QTemporaryDir dir_;

private slots:
    // Table, JSON and CSV, per file and for several files at once.
    void outputEqualsTheUnbudgetedOutput_data() {
        QTest::addColumn<QStringList>("files");
        QTest::newRow("run_np3") << QStringList{QStringLiteral("run_np3.h5")};
        QTest::newRow("run_cli_cg") << QStringList{QStringLiteral("run_cli_cg.h5")};
        QTest::newRow("v3_serial and aggregate")
            << QStringList{QStringLiteral("v3_serial.h5"), QStringLiteral("v3_aggregate.h5")};
        QTest::newRow("C API rank file")
            << QStringList{QStringLiteral("c-api/capi_run_rank00000.h5")};
    }
    void outputEqualsTheUnbudgetedOutput() {
        QFETCH(QStringList, files);
        const auto run = [&](const QString& tag, const QStringList& budget) {
            const QString json = dir_.filePath(tag + QStringLiteral(".json"));
            const QString csv = dir_.filePath(tag + QStringLiteral(".csv"));
            const auto result = runReport(
                files + budget +
                QStringList{QStringLiteral("--json"), json, QStringLiteral("--csv"), csv});
            return std::tuple{result, readFile(json), readFile(csv)};
        };
        const auto [memory, memoryJson, memoryCsv] = run(QStringLiteral("memory"), {});
        const auto [budget, budgetJson, budgetCsv] = run(
            QStringLiteral("budget"), {QStringLiteral("--memory-budget"), QStringLiteral("1K")});
        QCOMPARE(memory.exitCode, 0);
        QCOMPARE(budget.exitCode, 0);
        QVERIFY(memory.out.contains("events read"));
        QCOMPARE(budget.out, memory.out);
        QCOMPARE(budget.err, memory.err);
        QVERIFY(memoryJson.contains("\"summary_only\": false"));
        QCOMPARE(budgetJson, memoryJson);
        QCOMPARE(budgetCsv, memoryCsv);
    }

    // A budget the file fits in reads it into memory: the call tree works.
    void aLargeBudgetKeepsTheCallsInMemory() {
        const auto run = runReport({QStringLiteral("run_np3.h5"), QStringLiteral("--call-tree"),
                                    QStringLiteral("--memory-budget=1G")});
        QCOMPARE(run.exitCode, 0);
        QVERIFY2(run.err.isEmpty(), run.err.constData());
    }

    // A run read on demand gets its call tree rank by rank from the calls on
    // disk, as the viewer does: the same text and JSON as read into memory.
    // 16 ranks of 3,000 calls: 1.15 MB in memory (24 bytes a call) exceed
    // 800 KiB, but one rank's calls leave room to build.
    void theCallTreeComesFromTheCallsOnDisk() {
        scope::fixtures::SyntheticRun::Shape shape;
        shape.ranks = 16;
        shape.regions = 3;
        shape.calls = 1'000;
        const QString file = dir_.filePath(QStringLiteral("ranks16.h5"));
        scope::fixtures::FixtureWriter::write(scope::fixtures::SyntheticRun::generate(shape),
                                              file.toStdString());
        const auto run = [&](const QString& budget) {
            const QString json = dir_.filePath(budget + QStringLiteral(".json"));
            const auto result =
                runReport({file, QStringLiteral("--call-tree"), QStringLiteral("--json"), json,
                           QStringLiteral("--memory-budget"), budget});
            return std::pair{result, readFile(json)};
        };
        const auto [memory, memoryJson] = run(QStringLiteral("1G"));
        const auto [budget, budgetJson] = run(QStringLiteral("800K"));
        QCOMPARE(memory.exitCode, 0);
        QCOMPARE(budget.exitCode, 0);
        QVERIFY(memoryJson.contains("\"call_tree\""));
        QCOMPARE(budget.out, memory.out);
        QCOMPARE(budgetJson, memoryJson);
        // It was read on demand: what needs every call in memory fails.
        const auto trace =
            runReport({file, QStringLiteral("--memory-budget"), QStringLiteral("800K"),
                       QStringLiteral("--chrome-trace"), dir_.filePath(QStringLiteral("t.json"))});
        QCOMPARE(trace.exitCode, 1);
    }

    // The trace exports need every call in memory; the call tree, a rank's.
    void optionsNeedingEveryCallFail_data() {
        QTest::addColumn<QStringList>("option");
        QTest::newRow("call tree") << QStringList{QStringLiteral("--call-tree")};
        QTest::newRow("chrome trace")
            << QStringList{QStringLiteral("--chrome-trace"), dir_.filePath(QStringLiteral("t"))};
        QTest::newRow("speedscope")
            << QStringList{QStringLiteral("--speedscope"), dir_.filePath(QStringLiteral("s"))};
    }
    void optionsNeedingEveryCallFail() {
        QFETCH(QStringList, option);
        const auto run =
            runReport(QStringList{QStringLiteral("run_np3.h5"), QStringLiteral("--memory-budget"),
                                  QStringLiteral("1K")} +
                      option);
        QCOMPARE(run.exitCode, 1);
        QVERIFY2(run.err.contains("run_np3.h5: its per-call events do not fit in the memory "
                                  "budget (1 KiB)"),
                 run.err.constData());
    }

    void invalidSizesAreUsageErrors_data() {
        QTest::addColumn<QString>("size");
        QTest::newRow("unit") << QStringLiteral("12Q");
        QTest::newRow("zero") << QStringLiteral("0");
        QTest::newRow("negative") << QStringLiteral("-5M");
        QTest::newRow("empty") << QString();
    }
    void invalidSizesAreUsageErrors() {
        QFETCH(QString, size);
        const auto run =
            runReport({QStringLiteral("run_np3.h5"), QStringLiteral("--memory-budget=") + size});
        QCOMPARE(run.exitCode, 1);
        QVERIFY(run.out.isEmpty());
        QVERIFY2(
            run.err.startsWith("scope-report: error: --memory-budget: invalid memory budget '" +
                               size.toUtf8() + "'"),
            run.err.constData());
    }

    void helpDescribesTheOption() {
        const auto run = runReport({QStringLiteral("--help")});
        QCOMPARE(run.exitCode, 0);
        QVERIFY(run.out.contains("--memory-budget SIZE"));
    }
};

QTEST_GUILESS_MAIN(TestScopeReportBudget)
#include "tst_ScopeReportBudget.moc"
