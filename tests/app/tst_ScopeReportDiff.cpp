// SPDX-License-Identifier: GPL-3.0-or-later
// scope-report --diff as a user runs it: the table scope-profiler diff prints,
// checked against the totals and counts scope-profiler wrote for the samples.
#include "FileDamage.h"
#include "ScopeReportRunner.h"

#include <QtTest>

#include <cmath>

using namespace scope::fixtures;
using namespace scope::testing;

namespace {

// scope-profiler's own statistics of the two samples, by region.
QJsonObject statisticsOf(const QString& label) {
    QFile file(kDataDir + QStringLiteral("/compare_serial_np3.region_statistics.json"));
    if (!file.open(QIODevice::ReadOnly))
        return {};
    for (const QJsonValue& entry : QJsonDocument::fromJson(file.readAll())["files"].toArray())
        if (entry["label"].toString() == label)
            return entry["region_statistics"].toObject();
    return {};
}

// The table's region lines: name -> the four cells after it that scope-profiler prints.
QMap<QString, QStringList> tableRows(const QByteArray& out) {
    QMap<QString, QStringList> rows;
    bool inTable = false;
    for (const QString& line : QString::fromUtf8(out).split('\n')) {
        if (line.trimmed().startsWith(QStringLiteral("---"))) {
            inTable = !inTable;
            continue;
        }
        if (!inTable)
            continue;
        QStringList cells = line.trimmed().split(QRegularExpression(QStringLiteral("\\s{2,}")));
        // The five columns of scope-profiler diff, then verdict, interval and p.
        if (cells.size() == 8) {
            const QString region = cells.takeFirst();
            rows.insert(region, cells.mid(0, 4));
        }
    }
    return rows;
}

bool closeTo(const QString& printed, double expected) {
    bool ok = false;
    const double value = QString(printed).remove('%').toDouble(&ok);
    // Printed with 6 (values) or 4 (percent) significant digits.
    return ok && std::abs(value - expected) <= 1e-3 * std::abs(expected) + 1e-12;
}

} // namespace

class TestScopeReportDiff : public QObject {
    Q_OBJECT

private slots:
    void initTestCase() {
        serial_ = statisticsOf(QStringLiteral("run_serial"));
        np3_ = statisticsOf(QStringLiteral("run_np3"));
        QVERIFY(!serial_.isEmpty() && !np3_.isEmpty());
    }

    void totalsAgainstTheBaseline() {
        const Run run = runReport({"--diff", "run_serial.h5", "run_np3.h5"});
        QCOMPARE(run.exitCode, 0);
        const auto rows = tableRows(run.out);
        QCOMPARE(rows.size(), np3_.size());
        for (const QString& region : np3_.keys()) {
            QVERIFY2(rows.contains(region), qPrintable(region));
            const QStringList cells = rows[region];
            const double b = np3_.value(region)
                                 .toObject()
                                 .value(QLatin1String("total_duration_seconds"))
                                 .toDouble();
            QVERIFY2(closeTo(cells[1], b), qPrintable(region + ": " + cells.join(' ')));
            if (!serial_.contains(region)) {
                QCOMPARE(cells[0], QStringLiteral("-"));
                QVERIFY(closeTo(cells[2], b));
                QCOMPARE(cells[3], QStringLiteral("-"));
                continue;
            }
            const double a = serial_.value(region)
                                 .toObject()
                                 .value(QLatin1String("total_duration_seconds"))
                                 .toDouble();
            QVERIFY2(closeTo(cells[0], a), qPrintable(region));
            QVERIFY2(cells[2].startsWith('+') && closeTo(cells[2], b - a), qPrintable(region));
            QVERIFY2(closeTo(cells[3], (b - a) / a * 100.0), qPrintable(region));
        }
        const QString out = QString::fromUtf8(run.out);
        QVERIFY(out.contains(QStringLiteral("Only in b: mpi.allreduce")));
        QVERIFY(!out.contains(QStringLiteral("Only in a:")));
        // Largest change first: main grew the most in absolute terms.
        QVERIFY(out.indexOf(QStringLiteral("\n  main ")) <
                out.indexOf(QStringLiteral("\n  setup ")));
    }

    void callsAboveAThreshold() {
        const Run run = runReport(
            {"--diff", "run_serial.h5", "run_np3.h5", "--metric", "calls", "--threshold", "250"});
        QCOMPARE(run.exitCode, 0);
        const auto rows = tableRows(run.out);
        QStringList expected;
        for (const QString& region : np3_.keys()) {
            const double b = np3_.value(region).toObject().value(QLatin1String("count")).toDouble();
            if (!serial_.contains(region)) {
                expected << region; // no percent: always listed
                continue;
            }
            const double a =
                serial_.value(region).toObject().value(QLatin1String("count")).toDouble();
            if (std::abs((b - a) / a * 100.0) >= 250.0) {
                expected << region;
                QCOMPARE(rows.value(region).value(2), QStringLiteral("+%1").arg(b - a));
            }
        }
        QStringList listed = rows.keys();
        listed.sort();
        expected.sort();
        QCOMPARE(listed, expected);
    }

    void unreadableFileGivesItsStatus() {
        QTemporaryDir dir;
        const QString truncated = dir.filePath(QStringLiteral("truncated.h5"));
        const std::string np3 = (kDataDir + "/run_np3.h5").toStdString();
        FileDamage::truncatedCopy(np3, truncated.toStdString(), FileDamage::fileSize(np3) / 2);
        QCOMPARE(runReport({"--diff", "run_serial.h5", "no_such_file.h5"}).exitCode, 2);
        const Run corrupt = runReport({"--diff", truncated, "run_np3.h5"});
        QCOMPARE(corrupt.exitCode, 3);
        QVERIFY(corrupt.err.contains("truncated.h5"));
    }

    void usageErrors_data() {
        QTest::addColumn<QStringList>("arguments");
        QTest::newRow("one file") << QStringList{"--diff", "run_serial.h5"};
        QTest::newRow("three files")
            << QStringList{"--diff", "run_serial.h5", "run_np3.h5", "x.h5"};
        QTest::newRow("metric without diff") << QStringList{"--metric", "avg", "run_np3.h5"};
        QTest::newRow("unknown metric")
            << QStringList{"--diff", "run_serial.h5", "run_np3.h5", "--metric", "median"};
        QTest::newRow("negative threshold")
            << QStringList{"--diff", "run_serial.h5", "run_np3.h5", "--threshold", "-5"};
        QTest::newRow("json to stdout")
            << QStringList{"--diff", "run_serial.h5", "run_np3.h5", "--json", "-"};
        QTest::newRow("with csv") << QStringList{"--diff", "run_serial.h5", "run_np3.h5", "--csv",
                                                 "x.csv"};
        QTest::newRow("against without diff")
            << QStringList{"run_serial.h5", "--against", "run_np3.h5"};
        QTest::newRow("check without max-regression")
            << QStringList{"--check", "run_serial.h5", "run_np3.h5"};
        QTest::newRow("max-regression without check")
            << QStringList{"--diff", "run_serial.h5", "run_np3.h5", "--max-regression", "5"};
        QTest::newRow("alpha out of range")
            << QStringList{"--diff", "run_serial.h5", "run_np3.h5", "--alpha", "1.5"};
    }

    void usageErrors() {
        QFETCH(QStringList, arguments);
        const Run run = runReport(arguments);
        QCOMPARE(run.exitCode, 1);
        QVERIFY(run.out.isEmpty());
        QVERIFY(run.err.contains("scope-report: error:"));
    }

private:
    QJsonObject serial_;
    QJsonObject np3_;
};

QTEST_GUILESS_MAIN(TestScopeReportDiff)
#include "tst_ScopeReportDiff.moc"
