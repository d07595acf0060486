// SPDX-License-Identifier: GPL-3.0-or-later
// Rank lists as a user types them: the syntax, and whether the ranks exist in
// the run (hand-made rank sets and messages written out here).
#include "model/ProfilingResults.h"
#include "model/RankSelection.h"

#include <QtTest>

#include <stdexcept>

using namespace scope;

namespace {

using Ranks = std::vector<std::uint32_t>;

QString invalidReason(const char* text) {
    try {
        RankSelection::parse(text);
    } catch (const std::invalid_argument& error) {
        return QString::fromUtf8(error.what());
    }
    return {};
}

} // namespace

class TestRankSelection : public QObject {
    Q_OBJECT
private slots:
    void parsesListsAndRanges() {
        QCOMPARE(RankSelection::parse("0-3,5").ranks(), (Ranks{0, 1, 2, 3, 5}));
        QCOMPARE(RankSelection::parse(" 5 , 1 ,1").ranks(), (Ranks{1, 5}));
        // The en dash of the error messages reads back as a range.
        QCOMPARE(RankSelection::parse("2\u20134").ranks(), (Ranks{2, 3, 4}));
        QCOMPARE(RankSelection::parse("0-2,7").toString(), std::string("0-2,7"));
    }

    void rejectsBadSyntaxWithAReason() {
        QVERIFY(invalidReason("abc").contains("abc"));
        QVERIFY(invalidReason("1,,2").contains("expected"));
        QVERIFY(invalidReason("3-1").contains("first rank is larger"));
        QVERIFY(invalidReason("-1").contains("-1"));
        QVERIFY(invalidReason("0-2000000").contains("million"));
        QVERIFY(invalidReason("0-3").isEmpty());
    }

    void missingRanksNameWhatTheRunHas_data() {
        QTest::addColumn<QString>("list");
        QTest::addColumn<Ranks>("available");
        QTest::addColumn<QString>("message");
        const Ranks four{0, 1, 2, 3};
        QTest::newRow("all present") << "1-3" << four << "";
        QTest::newRow("one missing") << "7" << four << "rank 7 not in this run (it has ranks 0–3)";
        // Some existing ranks do not make a missing one acceptable.
        QTest::newRow("mixed") << "2-5" << four << "ranks 4–5 not in this run (it has ranks 0–3)";
        QTest::newRow("scattered")
            << "0,4,6-8" << four << "ranks 4,6–8 not in this run (it has ranks 0–3)";
        QTest::newRow("serial") << "1" << Ranks{0} << "rank 1 not in this run (it has rank 0)";
        QTest::newRow("gaps") << "1" << Ranks{0, 2, 3, 9}
                              << "rank 1 not in this run (it has ranks 0,2–3,9)";
        QTest::newRow("empty run") << "0" << Ranks{} << "rank 0 not in this run (it has no ranks)";
    }
    void missingRanksNameWhatTheRunHas() {
        QFETCH(QString, list);
        QFETCH(Ranks, available);
        QFETCH(QString, message);
        const RankSelection selection = RankSelection::parse(list.toStdString());
        QCOMPARE(QString::fromStdString(selection.missingFrom(available)), message);
    }

    void allRanksFitEveryRun() {
        QCOMPARE(RankSelection().missingFrom({}), std::string());
        QCOMPARE(RankSelection().missingFrom({0, 1}), std::string());
    }

    void ranksOfARun() {
        ProfilingResults results;
        results.numRanks = 3; // mpi_size 3; rank 1 recorded nothing
        QCOMPARE(RankSelection::ranksOf(results), (Ranks{0, 1, 2}));
        // Schema 1 counts two rank groups, rank0 and rank5.
        results.numRanks = 2;
        RankRegion row;
        row.rank = 5;
        results.rows.push_back(row);
        row.rank = 0;
        results.rows.push_back(row);
        QCOMPARE(RankSelection::ranksOf(results), (Ranks{0, 1, 5}));
        QCOMPARE(RankSelection::ranksOf(ProfilingResults{}), Ranks{});
    }
};

QTEST_GUILESS_MAIN(TestRankSelection)
#include "tst_RankSelection.moc"
