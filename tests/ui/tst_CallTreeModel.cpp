// SPDX-License-Identifier: GPL-3.0-or-later
// The call tree model on runs written call by call, every expected row worked
// out on paper: the columns and their units, the bottom-up rows, the search
// marks and the CSV text; and the model tester, in both modes, on those runs
// and on the C API's sample.
#include "CallTrees.h"
#include "CsvParsing.h"
#include "analysis/CallTree.h"
#include "analysis/TimelineIndex.h"
#include "callpaths/CallTreeModel.h"
#include "common/ColorContrast.h"
#include "format/ProfileReader.h"

#include <QAbstractItemModelTester>
#include <QFont>
#include <QSignalSpy>
#include <QSortFilterProxyModel>
#include <QtTest>

#include <cmath>

using scope::CallTree;
using scope::ProfilingResults;

namespace {

using Results = std::shared_ptr<const ProfilingResults>;
using Tree = std::shared_ptr<const CallTree>;

// Rank 0: main [0,100] > solve [10,60]; rank 1: main [0,100] > solve [10,30].
// main > solve: 2 calls, 70 ns; ranks 50 and 20 ns, mean 35: imbalance
// 50 / 35 = 1.4286. The run is 100 + 100 = 200 ns.
Results twoRanks() {
    return std::make_shared<const ProfilingResults>(makeResults({{0, "main", {{0, 100}}},
                                                                 {0, "solve", {{10, 60}}},
                                                                 {1, "main", {{0, 100}}},
                                                                 {1, "solve", {{10, 30}}}}));
}

// The row of the model reached by following region names from the top.
QModelIndex find(const QAbstractItemModel& model, const QStringList& path) {
    QModelIndex parent;
    for (const QString& name : path) {
        QModelIndex found;
        for (int row = 0; row < model.rowCount(parent); ++row)
            if (model.index(row, 0, parent).data().toString() == name)
                found = model.index(row, 0, parent);
        if (!found.isValid())
            return {};
        parent = found;
    }
    return parent;
}

QVariant cell(const QAbstractItemModel& model, const QStringList& path, int column,
              int role = Qt::DisplayRole) {
    const QModelIndex at = find(model, path);
    return at.sibling(at.row(), column).data(role);
}

QStringList childNames(const QAbstractItemModel& model, const QModelIndex& parent = {}) {
    QStringList names;
    for (int row = 0; row < model.rowCount(parent); ++row)
        names << model.index(row, 0, parent).data().toString();
    return names;
}

} // namespace

class TestCallTreeModel : public QObject {
    Q_OBJECT
private slots:
    void passesTheModelTesterInBothModes() {
        CallTreeModel model;
        QSortFilterProxyModel proxy;
        proxy.setSourceModel(&model);
        proxy.setSortRole(CallTreeModel::SortRole);
        QAbstractItemModelTester modelTester(
            &model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QAbstractItemModelTester proxyTester(
            &proxy, QAbstractItemModelTester::FailureReportingMode::QtTest);
        const Results run = twoLevels();
        model.setTree(treeOf(*run), run);
        proxy.sort(CallTreeModel::Inclusive, Qt::DescendingOrder);
        model.setSearch(QStringLiteral("s"));
        model.setMode(CallTreeModel::Mode::BottomUp);
        proxy.sort(CallTreeModel::Path, Qt::AscendingOrder);
        model.setSearch(QStringLiteral("rhs"));
        model.setSearch({});
        const Results ranks = twoRanks();
        model.setTree(treeOf(*ranks), ranks);
        model.setMode(CallTreeModel::Mode::TopDown);
        model.clear();
        QCOMPARE(model.rowCount(), 0);
    }

    void passesTheModelTesterOnTheCApiSample() {
        const auto run = std::make_shared<const ProfilingResults>(
            scope::readH5(SCOPE_TEST_DATA_DIR "/c-api/capi_run_rank00000.h5"));
        CallTreeModel model;
        QAbstractItemModelTester tester(&model,
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setTree(treeOf(*run), run);
        QVERIFY(model.rowCount() > 0);
        model.setSearch(QStringLiteral("a"));
        model.setMode(CallTreeModel::Mode::BottomUp);
        QVERIFY(model.rowCount() > 0);
    }

    void rowsArePathsBelowAHiddenRoot() {
        CallTreeModel model;
        const Results run = twoLevels();
        model.setTree(treeOf(*run), run);
        QCOMPARE(childNames(model), QStringList{"main"});
        QCOMPARE(childNames(model, find(model, {"main"})), (QStringList{"solve", "io"}));
        QCOMPARE(childNames(model, find(model, {"main", "solve"})), QStringList{"rhs"});
        QCOMPARE(model.rowCount(find(model, {"main", "solve", "rhs"})), 0);
        QCOMPARE(model.rowCount(find(model, {"main", "io"})), 0);
        const QModelIndex rhs = find(model, {"main", "solve", "rhs"});
        QCOMPARE(model.pathText(rhs.data(CallTreeModel::NodeRole).toUInt()),
                 QStringLiteral("main > solve > rhs"));
        QCOMPARE(rhs.data(CallTreeModel::RegionRole).toInt(), 2); // third region stored
        QCOMPARE(rhs.parent().parent(), find(model, {"main"}));
    }

    void columnsShowTheHandComputedValues() {
        CallTreeModel model;
        const Results run = twoLevels();
        model.setTree(treeOf(*run), run);
        struct Expected {
            QStringList path;
            double calls, inclusiveNs, exclusiveNs;
        };
        const QList<Expected> expected = {{{"main"}, 1, 100, 24},
                                          {{"main", "solve"}, 2, 70, 50},
                                          {{"main", "solve", "rhs"}, 2, 20, 20},
                                          {{"main", "io"}, 1, 6, 6}};
        for (const Expected& e : expected) {
            const auto number = [&](int column) {
                return cell(model, e.path, column, CallTreeModel::SortRole).toDouble();
            };
            QCOMPARE(number(CallTreeModel::Calls), e.calls);
            QCOMPARE(number(CallTreeModel::Inclusive), e.inclusiveNs * 1e-9);
            QCOMPARE(number(CallTreeModel::Exclusive), e.exclusiveNs * 1e-9);
            QCOMPARE(number(CallTreeModel::PercentOfRun), e.inclusiveNs / 100.0);
            QCOMPARE(number(CallTreeModel::PercentExclusive), e.exclusiveNs / 100.0);
            QCOMPARE(number(CallTreeModel::AverageInclusive), e.inclusiveNs / e.calls * 1e-9);
            QCOMPARE(number(CallTreeModel::Imbalance), 1.0); // one rank
        }
        const QStringList solve = {"main", "solve"};
        QCOMPARE(cell(model, solve, CallTreeModel::Calls).toString(), QStringLiteral("2"));
        QCOMPARE(cell(model, solve, CallTreeModel::Inclusive).toString(),
                 QStringLiteral("70.0 ns"));
        QCOMPARE(cell(model, solve, CallTreeModel::PercentOfRun).toString(),
                 QStringLiteral("70.0 %"));
        QCOMPARE(cell(model, solve, CallTreeModel::Exclusive).toString(),
                 QStringLiteral("50.0 ns"));
        QCOMPARE(cell(model, solve, CallTreeModel::PercentExclusive).toString(),
                 QStringLiteral("50.0 %"));
        QCOMPARE(cell(model, solve, CallTreeModel::AverageInclusive).toString(),
                 QStringLiteral("35.0 ns"));
        QCOMPARE(cell(model, solve, CallTreeModel::Imbalance).toString(), QStringLiteral("1.00×"));
        // Full precision: the tooltip's number is the exact value.
        const QString tip =
            cell(model, solve, CallTreeModel::Inclusive, Qt::ToolTipRole).toString();
        QVERIFY(tip.endsWith(" s"));
        QCOMPARE(tip.chopped(2).toDouble(), 70 * 1e-9);
        QCOMPARE(cell(model, solve, CallTreeModel::Path, Qt::ToolTipRole).toString(),
                 QStringLiteral("main > solve\n2 calls on 1 ranks"));
        // The region's colour, as in the table and the charts.
        QVERIFY(cell(model, solve, CallTreeModel::Path, Qt::DecorationRole).canConvert<QColor>());
    }

    void imbalanceIsTheSlowestRankOverTheMean() {
        CallTreeModel model;
        const Results run = twoRanks();
        model.setTree(treeOf(*run), run);
        const QStringList solve = {"main", "solve"};
        QCOMPARE(cell(model, solve, CallTreeModel::Imbalance, CallTreeModel::SortRole).toDouble(),
                 50.0 / 35.0);
        QCOMPARE(cell(model, solve, CallTreeModel::Imbalance).toString(), QStringLiteral("1.43×"));
        QCOMPARE(cell(model, {"main"}, CallTreeModel::Imbalance).toString(),
                 QStringLiteral("1.00×"));
        // Pooled over both ranks: 70 of 200 ns.
        QCOMPARE(cell(model, solve, CallTreeModel::PercentOfRun).toString(),
                 QStringLiteral("35.0 %"));
        QCOMPARE(
            cell(model, {"main"}, CallTreeModel::Exclusive, CallTreeModel::SortRole).toDouble(),
            130e-9);
    }

    void bottomUpListsEachRegionWithItsCallers() {
        CallTreeModel model;
        const Results run = twoLevels();
        model.setTree(treeOf(*run), run);
        model.setMode(CallTreeModel::Mode::BottomUp);
        // Each region's outermost calls and self time; below it, its callers.
        QCOMPARE(childNames(model), (QStringList{"main", "solve", "rhs", "io"}));
        struct Expected {
            QStringList path;
            double calls, inclusiveNs, exclusiveNs;
        };
        const QList<Expected> expected = {{{"main"}, 1, 100, 24},
                                          {{"solve"}, 2, 70, 50},
                                          {{"solve", "main"}, 2, 70, 50},
                                          {{"rhs"}, 2, 20, 20},
                                          {{"rhs", "solve"}, 2, 20, 20},
                                          {{"rhs", "solve", "main"}, 2, 20, 20},
                                          {{"io"}, 1, 6, 6},
                                          {{"io", "main"}, 1, 6, 6}};
        for (const Expected& e : expected) {
            QVERIFY2(find(model, e.path).isValid(), qPrintable(e.path.join(" < ")));
            const auto number = [&](int column) {
                return cell(model, e.path, column, CallTreeModel::SortRole).toDouble();
            };
            QCOMPARE(number(CallTreeModel::Calls), e.calls);
            QCOMPARE(number(CallTreeModel::Inclusive), e.inclusiveNs * 1e-9);
            QCOMPARE(number(CallTreeModel::Exclusive), e.exclusiveNs * 1e-9);
            QCOMPARE(number(CallTreeModel::PercentOfRun), e.inclusiveNs / 100.0);
        }
        QCOMPARE(model.rowCount(find(model, {"main"})), 0);
        // Per-rank times are not kept bottom-up: no imbalance, and it says why.
        QCOMPARE(cell(model, {"solve"}, CallTreeModel::Imbalance).toString(), QStringLiteral("—"));
        QVERIFY(cell(model, {"solve"}, CallTreeModel::Imbalance, Qt::ToolTipRole)
                    .toString()
                    .contains("bottom-up"));
        // The header says which way the tree reads.
        QVERIFY(
            model.headerData(CallTreeModel::Path, Qt::Horizontal).toString().contains("callers"));
        QVERIFY(model.headerData(CallTreeModel::Inclusive, Qt::Horizontal, Qt::ToolTipRole)
                    .toString()
                    .contains("outermost calls"));
        QVERIFY(model.headerData(CallTreeModel::Exclusive, Qt::Horizontal, Qt::ToolTipRole)
                    .toString()
                    .contains("Self time"));
        // A chain of callers reads as the call path it ends.
        const QModelIndex chain = find(model, {"rhs", "solve", "main"});
        QCOMPARE(model.pathText(chain.data(CallTreeModel::NodeRole).toUInt()),
                 QStringLiteral("main > solve > rhs"));
    }

    void searchMarksMatchingRegionsReadably() {
        CallTreeModel model;
        const Results run = twoLevels();
        model.setTree(treeOf(*run), run);
        QSignalSpy changed(&model, &QAbstractItemModel::dataChanged);
        // "s" is in "solve" and "rhs", not in "main" or "io"; case is ignored.
        QCOMPARE(model.setSearch(QStringLiteral("S")), 2);
        QCOMPARE(changed.size(), 2);
        const QStringList rhs = {"main", "solve", "rhs"};
        for (const QStringList& path : {QStringList{"main", "solve"}, rhs})
            QVERIFY(cell(model, path, CallTreeModel::Calls, CallTreeModel::MatchRole).toBool());
        QVERIFY(!cell(model, {"main"}, 0, CallTreeModel::MatchRole).toBool());
        QVERIFY(!cell(model, {"main", "io"}, 0, CallTreeModel::MatchRole).toBool());
        QVERIFY(cell(model, rhs, 0, Qt::FontRole).value<QFont>().bold());
        const QColor text = cell(model, rhs, 0, Qt::ForegroundRole).value<QBrush>().color();
        const QColor back = cell(model, rhs, 0, Qt::BackgroundRole).value<QBrush>().color();
        QVERIFY(ColorContrast::ratio(text, back) >= 4.5);
        QVERIFY(!cell(model, {"main"}, 0, Qt::BackgroundRole).isValid());
        // Narrowing it unmarks only "solve".
        changed.clear();
        QCOMPARE(model.setSearch(QStringLiteral("rh")), 1);
        QCOMPARE(changed.size(), 1);
        QVERIFY(!cell(model, {"main", "solve"}, 0, CallTreeModel::MatchRole).toBool());
        QCOMPARE(model.setSearch(QStringLiteral("nowhere")), 0);
        QCOMPARE(model.setSearch({}), 0);
        // Bottom-up "solve" is a region's row and a caller of "rhs".
        model.setMode(CallTreeModel::Mode::BottomUp);
        QCOMPARE(model.setSearch(QStringLiteral("solve")), 2);
        QVERIFY(cell(model, {"rhs", "solve"}, 0, CallTreeModel::MatchRole).toBool());
    }

    void costliestNodeOfARegion() {
        // rhs under solve (20 ns) and directly under main (5 ns).
        const auto run = std::make_shared<const ProfilingResults>(makeResults(
            {{0, "main", {{0, 100}}}, {0, "solve", {{10, 60}}}, {0, "rhs", {{20, 40}, {70, 75}}}}));
        CallTreeModel model;
        model.setTree(treeOf(*run), run);
        const std::uint32_t node = model.costliestNodeOf(2);
        QCOMPARE(model.pathText(node), QStringLiteral("main > solve > rhs"));
        model.setMode(CallTreeModel::Mode::BottomUp);
        QCOMPARE(model.indexOfNode(model.costliestNodeOf(2)).parent(), QModelIndex());
        QCOMPARE(model.costliestNodeOf(7), CallTree::kNone);
    }

    void csvHasOneRowPerPathWithRawNumbers() {
        CallTreeModel model;
        const Results run = twoRanks();
        model.setTree(treeOf(*run), run);
        const QList<QStringList> rows = parseCsv(QString::fromStdString(model.csv()));
        QCOMPARE(rows.size(), 3);
        QCOMPARE(rows[0], (QStringList{"Call path", "Depth", "Calls", "Inclusive (s)",
                                       "Exclusive (s)", "% of run", "Imbalance"}));
        QCOMPARE(rows[1].mid(0, 3), (QStringList{"main", "1", "2"}));
        QCOMPARE(rows[1][3].toDouble(), 200e-9);
        QCOMPARE(rows[1][4].toDouble(), 130e-9);
        QCOMPARE(rows[1][5].toDouble(), 100.0);
        QCOMPARE(rows[1][6].toDouble(), 1.0);
        QCOMPARE(rows[2].mid(0, 3), (QStringList{"main > solve", "2", "2"}));
        QCOMPARE(rows[2][3].toDouble(), 70e-9);
        QCOMPARE(rows[2][4].toDouble(), 70e-9);
        QCOMPARE(rows[2][5].toDouble(), 35.0);
        QVERIFY(std::abs(rows[2][6].toDouble() - 50.0 / 35.0) < 1e-12);
        // Bottom-up: the imbalance is left empty, paths read caller first.
        model.setMode(CallTreeModel::Mode::BottomUp);
        const QList<QStringList> up = parseCsv(QString::fromStdString(model.csv()));
        QCOMPARE(up.size(), 4); // main; solve; main > solve
        QCOMPARE(up[3][0], QStringLiteral("main > solve"));
        QCOMPARE(up[3][1], QStringLiteral("2"));
        QCOMPARE(up[3][6], QString());
    }

    void csvQuotesRegionNamesWithCommas() {
        const auto run = std::make_shared<const ProfilingResults>(
            makeResults({{0, "f(a, b)", {{0, 10}}}, {0, "say \"hi\"", {{2, 4}}}}));
        CallTreeModel model;
        model.setTree(treeOf(*run), run);
        const QString text = QString::fromStdString(model.csv());
        QVERIFY(text.contains("\"f(a, b) > say \"\"hi\"\"\""));
        const QList<QStringList> rows = parseCsv(text);
        QCOMPARE(rows[2][0], QStringLiteral("f(a, b) > say \"hi\""));
    }
};

QTEST_MAIN(TestCallTreeModel)
#include "tst_CallTreeModel.moc"
