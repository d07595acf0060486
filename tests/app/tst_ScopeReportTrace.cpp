// SPDX-License-Identifier: GPL-3.0-or-later
// scope-report --chrome-trace and --speedscope: the files are JSON whose
// durations add up to scope-profiler's statistics for the ranks asked for, and
// the errors name what is wrong.
#include "ScopeReportRunner.h"

#include <QJsonArray>
#include <QTemporaryDir>
#include <QtTest>

#include <map>

using namespace scope::testing;

class TestScopeReportTrace : public QObject {
    Q_OBJECT
private slots:
    void bothTracesOfTheSelectedRanks() {
        QTemporaryDir dir;
        const QString chrome = dir.filePath("np3.trace.json");
        const QString speedscope = dir.filePath("np3.speedscope.json");
        const Run run = runReport(
            {"run_np3.h5", "--ranks", "2", "--chrome-trace", chrome, "--speedscope", speedscope});
        QCOMPARE(run.exitCode, 0);
        QVERIFY(run.out.contains("mpi.allreduce")); // the table still goes to stdout

        const QJsonObject expected = parseJson(readFile(
            kDataDir + "/run_np3.region_statistics.json"))["files"][0]["region_statistics"]
                                         .toObject();
        std::map<QString, double> chromeUs;
        const QJsonObject trace = parseJson(readFile(chrome));
        QCOMPARE(trace["otherData"]["hostname"].toString(), QStringLiteral("node017"));
        for (const QJsonValue& event : trace["traceEvents"].toArray()) {
            QCOMPARE(event["pid"].toInt(), 2);
            if (event["ph"].toString() == QLatin1String("X"))
                chromeUs[event["name"].toString()] += event["dur"].toDouble();
        }
        const QJsonObject file = parseJson(readFile(speedscope));
        const QJsonArray profiles = file["profiles"].toArray();
        QCOMPARE(profiles.size(), 1);
        QCOMPARE(profiles[0]["name"].toString(), QStringLiteral("rank 2"));
        const QJsonArray frames = file["shared"]["frames"].toArray();
        std::map<QString, qint64> speedscopeNs;
        std::vector<qint64> opened;
        for (const QJsonValue& event : profiles[0]["events"].toArray()) {
            if (event["type"].toString() == QLatin1String("O")) {
                opened.push_back(event["at"].toInteger());
                continue;
            }
            QVERIFY(!opened.empty());
            speedscopeNs[frames[event["frame"].toInt()]["name"].toString()] +=
                event["at"].toInteger() - opened.back();
            opened.pop_back();
        }
        QVERIFY(opened.empty());
        for (auto it = expected.begin(); it != expected.end(); ++it) {
            const QJsonValue region = it.value();
            const double seconds = region["per_rank"]["2"]["total_duration_seconds"].toDouble();
            QVERIFY2(nearlyEqual(chromeUs[it.key()] * 1e-6, seconds), qPrintable(it.key()));
            QVERIFY2(nearlyEqual(static_cast<double>(speedscopeNs[it.key()]) * 1e-9, seconds),
                     qPrintable(it.key()));
        }
    }

    void dashWritesToStandardOutputInsteadOfTheTable() {
        const Run run = runReport({"run_serial.h5", "--speedscope", "-"});
        QCOMPARE(run.exitCode, 0);
        QCOMPARE(parseJson(run.out)["$schema"].toString(),
                 QStringLiteral("https://www.speedscope.app/file-format-schema.json"));
    }

    void errors_data() {
        QTest::addColumn<QStringList>("arguments");
        QTest::addColumn<QString>("message");
        QTest::newRow("unwritable")
            << QStringList{"run_serial.h5", "--chrome-trace", "/nonexistent/dir/t.json"}
            << "/nonexistent/dir/t.json: cannot write the Chrome trace";
        QTest::newRow("two files")
            << QStringList{"run_serial.h5", "run_np3.h5", "--speedscope", "x.json"}
            << "export one run";
        QTest::newRow("summary only")
            << QStringList{"run_serial.h5", "--summary-only", "--chrome-trace", "x.json"}
            << "need the per-call events";
        QTest::newRow("two on stdout")
            << QStringList{"run_serial.h5", "--json", "-", "--chrome-trace", "-"}
            << "only one export can write to standard output";
        QTest::newRow("aggregate")
            << QStringList{"v3_aggregate.h5", "--speedscope", "-"} << "has no per-call data";
    }
    void errors() {
        QFETCH(QStringList, arguments);
        QFETCH(QString, message);
        const Run run = runReport(arguments);
        QCOMPARE(run.exitCode, 1);
        QVERIFY2(run.err.contains(message.toUtf8()), run.err.constData());
    }
};

QTEST_GUILESS_MAIN(TestScopeReportTrace)
#include "tst_ScopeReportTrace.moc"
