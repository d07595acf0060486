// SPDX-License-Identifier: GPL-3.0-or-later
// scope-report --imbalance: each region's imbalance pattern and the time
// balancing would recover, in --json and after the table, against values
// worked out by hand; without the option the layout is unchanged.
#include "FixtureWriter.h"
#include "ScopeReportRunner.h"

#include <QtTest>

using namespace scope::fixtures;
using namespace scope::testing;

namespace {

// Four ranks, each with main [0, 800] (a span of 800 ns: 16 windows of 50 ns).
// In every 100 ns, from 100w: work takes 20 ns on rank 2 and 10 ns on the
// others (static: 8 windows of max 20, mean 12.5, 60 ns to recover); io runs
// on rank 0 alone for 50 ns (serialising: max 50, mean 12.5, 8 x 37.5 =
// 300 ns).
FixtureSpec imbalancedRun() {
    FixtureSpec spec;
    for (std::uint32_t rank = 0; rank < 4; ++rank) {
        spec.rows.push_back(FixtureRow::make(rank, "main", {0}, {800}));
        std::vector<std::int64_t> starts, ends, ioStarts, ioEnds;
        for (std::int64_t w = 0; w < 8; ++w) {
            starts.push_back(100 * w);
            ends.push_back(100 * w + (rank == 2 ? 20 : 10));
            ioStarts.push_back(100 * w + 20);
            ioEnds.push_back(100 * w + 70);
        }
        spec.rows.push_back(FixtureRow::make(rank, "work", starts, ends));
        if (rank == 0)
            spec.rows.push_back(FixtureRow::make(rank, "io", ioStarts, ioEnds));
    }
    return spec;
}

QJsonObject regionsOf(const QByteArray& out) {
    return parseJson(out)["files"][0]["region_statistics"].toObject();
}

} // namespace

class TestScopeReportImbalance : public QObject {
    Q_OBJECT

    QTemporaryDir dir_;
    QString path_;

private slots:
    void initTestCase() {
        QVERIFY(dir_.isValid());
        path_ = dir_.filePath("imbalanced.h5");
        FixtureWriter::write(imbalancedRun(), path_.toStdString());
    }

    void jsonHasPatternAndRecoverableTime() {
        const Run run = runReport({"--imbalance", "--json", "-", path_});
        QCOMPARE(run.exitCode, 0);
        const QJsonObject regions = regionsOf(run.out);
        QCOMPARE(regions["work"]["imbalance_pattern"].toString(), QStringLiteral("static"));
        QVERIFY(nearlyEqual(regions["work"]["imbalance_recoverable"].toDouble(), 60e-9));
        QCOMPARE(regions["io"]["imbalance_pattern"].toString(), QStringLiteral("serialising"));
        QVERIFY(nearlyEqual(regions["io"]["imbalance_recoverable"].toDouble(), 300e-9));
        QCOMPARE(regions["main"]["imbalance_pattern"].toString(), QStringLiteral("balanced"));
        QCOMPARE(regions["main"]["imbalance_recoverable"].toDouble(), 0.0);
    }

    // Rank 2 alone: fewer than two ranks, so unknown.
    void unknownIsNull_data() {
        QTest::addColumn<QStringList>("options");
        QTest::newRow("summary-only") << QStringList{"--summary-only"};
        QTest::newRow("one rank") << QStringList{"--ranks", "2"};
    }
    void unknownIsNull() {
        QFETCH(QStringList, options);
        const Run run = runReport(options + QStringList{"--imbalance", "--json", "-", path_});
        QCOMPARE(run.exitCode, 0);
        const QJsonObject work = regionsOf(run.out)["work"].toObject();
        QVERIFY(work.contains("imbalance_pattern"));
        QVERIFY(work["imbalance_pattern"].isNull());
        QVERIFY(work["imbalance_recoverable"].isNull());
    }

    void withoutTheOptionNothingIsAdded() {
        const Run run = runReport({"--json", "-", path_});
        QCOMPARE(run.exitCode, 0);
        QVERIFY(!run.out.contains("imbalance_pattern"));
        QVERIFY(!runReport({path_}).out.contains("Imbalance patterns"));
    }

    void textListsThePatterns() {
        const Run run = runReport({"--imbalance", path_});
        QCOMPARE(run.exitCode, 0);
        QVERIFY2(run.out.contains("work: static — rank 2 slow in every window; balancing would "
                                  "recover 60.0 ns"),
                 run.out.constData());
        QVERIFY2(run.out.contains("io: serialising — rank 0 works while the others wait"),
                 run.out.constData());
    }

    void notWithDiff() {
        const Run run = runReport({"--imbalance", "--diff", path_, path_});
        QVERIFY(run.exitCode != 0);
        QVERIFY2(run.err.contains("--imbalance"), run.err.constData());
    }
};

QTEST_GUILESS_MAIN(TestScopeReportImbalance)
#include "tst_ScopeReportImbalance.moc"
