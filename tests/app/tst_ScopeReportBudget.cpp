// SPDX-License-Identifier: GPL-3.0-or-later
// scope-report --memory-budget: a file read over the budget (streamed for its
// statistics, its calls left on disk) prints and exports exactly what the
// read into memory does; options that need every call in memory fail with a
// message naming the file and the budget; a size it cannot parse is a usage
// error that says so.
#include "ScopeReportRunner.h"

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

    // The call tree and the trace exports need every call in memory.
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
