// SPDX-License-Identifier: GPL-3.0-or-later
// The small pieces of core/export: CSV quoting, region filters and durations.
#include "base/DurationFormat.h"
#include "export/CsvWriter.h"
#include "model/RegionFilter.h"

#include <QtTest>

#include <cmath>

using scope::CsvWriter;
using scope::formatDuration;
using scope::formatGrouped;
using scope::RegionFilter;

class TestExportFormats : public QObject {
    Q_OBJECT

private slots:
    void csvQuotesOnlyWhenNeeded_data();
    void csvQuotesOnlyWhenNeeded();
    void csvRowsEndWithCrLf();
    void filterMatchesAtStart_data();
    void filterMatchesAtStart();
    void filterRejectsBadPattern();
    void durations_data();
    void durations();
    void groupedNumbers_data();
    void groupedNumbers();
    void unknownDurations();
};

void TestExportFormats::csvQuotesOnlyWhenNeeded_data() {
    QTest::addColumn<QString>("field");
    QTest::addColumn<QString>("expected");
    QTest::newRow("plain") << "solve"
                           << "solve";
    QTest::newRow("utf8") << "Löser-ε"
                          << "Löser-ε";
    QTest::newRow("space") << "linalg solve"
                           << "linalg solve";
    QTest::newRow("comma") << "a,b"
                           << "\"a,b\"";
    QTest::newRow("quote") << "say \"hi\""
                           << "\"say \"\"hi\"\"\"";
    QTest::newRow("newline") << "two\nlines"
                             << "\"two\nlines\"";
    QTest::newRow("cr") << "x\ry"
                        << "\"x\ry\"";
    QTest::newRow("empty") << ""
                           << "";
}

void TestExportFormats::csvQuotesOnlyWhenNeeded() {
    QFETCH(QString, field);
    QFETCH(QString, expected);
    QCOMPARE(QString::fromStdString(CsvWriter::quote(field.toStdString())), expected);
}

void TestExportFormats::csvRowsEndWithCrLf() {
    CsvWriter csv;
    csv.writeRow({"file", "region"});
    const std::vector<std::string> row = {"run", "f(a, b)", ""};
    csv.writeRow(row);
    QCOMPARE(csv.str(), std::string("file,region\r\nrun,\"f(a, b)\",\r\n"));
}

void TestExportFormats::filterMatchesAtStart_data() {
    QTest::addColumn<QStringList>("include");
    QTest::addColumn<QStringList>("exclude");
    QTest::addColumn<QString>("name");
    QTest::addColumn<bool>("kept");
    const QStringList none;
    QTest::newRow("no patterns") << none << none << "anything" << true;
    QTest::newRow("prefix") << QStringList{"solve"} << none << "solve_step" << true;
    QTest::newRow("not at start") << QStringList{"eval"} << none << "rhs.eval" << false;
    QTest::newRow("regex") << QStringList{".*eval"} << none << "rhs.eval" << true;
    QTest::newRow("alternative") << QStringList{"io|rhs"} << none << "rhs.eval" << true;
    QTest::newRow("any include") << QStringList{"main", "setup"} << none << "setup" << true;
    QTest::newRow("no include") << QStringList{"main", "setup"} << none << "solve" << false;
    QTest::newRow("excluded") << none << QStringList{"linalg"} << "linalg solve" << false;
    QTest::newRow("exclude wins") << QStringList{"l"} << QStringList{"linalg"} << "linalg" << false;
    QTest::newRow("exclude not at start") << none << QStringList{"solve"} << "linalg solve" << true;
    QTest::newRow("utf8") << QStringList{"Löser"} << none << "Löser-ε" << true;
    QTest::newRow("dot is a code point") << QStringList{"L.ser-.$"} << none << "Löser-ε" << true;
    QTest::newRow("class of non-ASCII") << QStringList{"[öä]"} << none << "ö" << true;
    QTest::newRow("anchored end") << QStringList{"main$"} << none << "main2" << false;
    QTest::newRow("empty pattern") << QStringList{""} << none << "x" << true;
    QTest::newRow("python group") << QStringList{"(?P<verb>sol)ve"} << none << "solve" << true;
    // std::regex recursed once per character on these and overflowed the
    // stack past about 50 kB; a damaged or hostile file can name a region so.
    const QString longName = QString(200'000, QLatin1Char('a')) + QStringLiteral("solve");
    QTest::newRow("long name, .*") << QStringList{".*solve"} << none << longName << true;
    QTest::newRow("long name, no match") << QStringList{".*x"} << none << longName << false;
    QTest::newRow("long name, x+$")
        << none << QStringList{"x+$"} << QString(200'000, QLatin1Char('x')) << false;
}

void TestExportFormats::filterMatchesAtStart() {
    QFETCH(QStringList, include);
    QFETCH(QStringList, exclude);
    QFETCH(QString, name);
    QFETCH(bool, kept);
    const auto toStd = [](const QStringList& list) {
        std::vector<std::string> out;
        for (const QString& item : list)
            out.push_back(item.toStdString());
        return out;
    };
    const RegionFilter filter(toStd(include), toStd(exclude));
    QCOMPARE(filter.matches(name.toStdString()), kept);
    QCOMPARE(filter.isEmpty(), include.isEmpty() && exclude.isEmpty());
}

void TestExportFormats::filterRejectsBadPattern() {
    try {
        RegionFilter filter({"ok"}, {"(unclosed"});
        QFAIL("no exception");
    } catch (const std::invalid_argument& error) {
        QVERIFY(QString(error.what()).contains("(unclosed"));
    }
}

void TestExportFormats::durations_data() {
    QTest::addColumn<double>("seconds");
    QTest::addColumn<QString>("expected");
    QTest::newRow("zero") << 0.0 << "0 s";
    QTest::newRow("ns") << 850e-9 << "850 ns";
    QTest::newRow("sub-ns") << 0.5e-9 << "0.500 ns";
    QTest::newRow("µs") << 7.278e-06 << "7.28 µs";
    QTest::newRow("ms") << 0.0123 << "12.3 ms";
    QTest::newRow("ms 3 digits") << 0.018183764 << "18.2 ms";
    QTest::newRow("s") << 2.0 << "2.00 s";
    QTest::newRow("rounds into next unit") << 999.96e-6 << "1.00 ms";
    QTest::newRow("just below") << 999.4e-6 << "999 µs";
    QTest::newRow("long") << 3600.4 << "3600 s";
    // A day of one rank's time, or an hour of 24 ranks': grouped by three.
    QTest::newRow("hours") << 86400.2 << QString::fromUtf8("86\u202f400 s");
    QTest::newRow("negative hours") << -1234567.8 << QString::fromUtf8("-1\u202f234\u202f568 s");
    QTest::newRow("negative") << -0.0123 << "-12.3 ms";
}

void TestExportFormats::durations() {
    QFETCH(double, seconds);
    QFETCH(QString, expected);
    QCOMPARE(QString::fromStdString(formatDuration(seconds)), expected);
    QCOMPARE(QString::fromStdString(formatDuration(std::optional<double>(seconds))), expected);
}

void TestExportFormats::groupedNumbers_data() {
    QTest::addColumn<double>("value");
    QTest::addColumn<int>("decimals");
    QTest::addColumn<QString>("expected");
    QTest::newRow("four digits stay whole") << 9999.0 << 0 << "9999";
    QTest::newRow("five digits") << 10000.0 << 0 << QString::fromUtf8("10\u202f000");
    QTest::newRow("decimals untouched")
        << 1234567.891 << 2 << QString::fromUtf8("1\u202f234\u202f567.89");
    QTest::newRow("rounding adds a digit") << 99999.6 << 0 << QString::fromUtf8("100\u202f000");
    QTest::newRow("negative") << -123456.0 << 1 << QString::fromUtf8("-123\u202f456.0");
    QTest::newRow("small") << 0.25 << 3 << "0.250";
}

void TestExportFormats::groupedNumbers() {
    QFETCH(double, value);
    QFETCH(int, decimals);
    QFETCH(QString, expected);
    QCOMPARE(QString::fromStdString(formatGrouped(value, decimals)), expected);
}

void TestExportFormats::unknownDurations() {
    QCOMPARE(formatDuration(std::optional<double>()), std::string("n/a"));
    QCOMPARE(formatDuration(std::nan("")), std::string("n/a"));
}

QTEST_APPLESS_MAIN(TestExportFormats)
#include "tst_ExportFormats.moc"
