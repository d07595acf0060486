// SPDX-License-Identifier: GPL-3.0-or-later
// The call tree view on runs written call by call: the hottest path open,
// search revealing and counting matches, copying a path, the CSV file, the
// bottom-up toggle remembered, selection from outside without an echo, and
// what stays open when a new tree of the same run arrives.
#include "CallTrees.h"
#include "TreePath.h"
#include "analysis/CallTree.h"
#include "analysis/TimelineIndex.h"
#include "callpaths/CallTreeModel.h"
#include "callpaths/CallTreeView.h"
#include "common/ColorContrast.h"

#include <QAbstractButton>
#include <QAction>
#include <QClipboard>
#include <QLabel>
#include <QLineEdit>
#include <QSettings>
#include <QSignalSpy>
#include <QSortFilterProxyModel>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTreeView>
#include <QtTest>

using scope::CallTree;
using scope::ProfilingResults;

namespace {

using Results = std::shared_ptr<const ProfilingResults>;
using Tree = std::shared_ptr<const CallTree>;

// Rank 0: main [0,100] > solve [10,60] and io [70,80]; rank 1: main [0,100] > io [10,90].
Results twoRanks() {
    return std::make_shared<const ProfilingResults>(makeResults({{0, "main", {{0, 100}}},
                                                                 {0, "solve", {{10, 60}}},
                                                                 {0, "io", {{70, 80}}},
                                                                 {1, "main", {{0, 100}}},
                                                                 {1, "io", {{10, 90}}}}));
}

// f called inside itself `depth` times: f [0,100] > f [1,99] > f [2,98] ...
Results recursion(int depth) {
    Calls calls;
    for (int d = 0; d < depth; ++d)
        calls.push_back({d, 100 - d});
    return std::make_shared<const ProfilingResults>(makeResults({{0, "f", calls}}));
}

// The view's row reached by following region names from the top.
QModelIndex find(const CallTreeView& view, const QStringList& path) {
    return indexOfPath(view.treeView()->model(), path);
}

bool expanded(const CallTreeView& view, const QStringList& path) {
    const QModelIndex index = find(view, path);
    return index.isValid() && view.treeView()->isExpanded(index);
}

QStringList topRows(const CallTreeView& view) {
    QStringList names;
    const QAbstractItemModel* model = view.treeView()->model();
    for (int row = 0; row < model->rowCount(); ++row)
        names << model->index(row, 0).data().toString();
    return names;
}

} // namespace

class TestCallTreeView : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() {
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName(QStringLiteral("ScopeViewerTests"));
    }

    void init() { QSettings().remove(QStringLiteral("callTree")); }

    void opensWithTheHottestPathExpanded() {
        CallTreeView view;
        const Results run = twoLevels();
        view.setTree(treeOf(*run), run);
        QVERIFY(expanded(view, {"main"}));
        QVERIFY(expanded(view, {"main", "solve"}));
        QVERIFY(find(view, {"main", "solve", "rhs"}).isValid());
        // Sorted by inclusive time, costliest first.
        const QModelIndex main = find(view, {"main"});
        QCOMPARE(main.model()->index(0, 0, main).data().toString(), QStringLiteral("solve"));
        QCOMPARE(main.model()->index(1, 0, main).data().toString(), QStringLiteral("io"));
    }

    void hottestPathStopsAfterTwelveLevels() {
        CallTreeView view;
        const Results run = recursion(20);
        view.setTree(treeOf(*run), run);
        QStringList path;
        for (int level = 1; level <= 11; ++level) {
            path << "f";
            QVERIFY2(expanded(view, path), qPrintable(QString::number(level)));
        }
        path << "f";
        QVERIFY(find(view, path).isValid());
        QVERIFY(!expanded(view, path)); // the twelfth level shows, closed
    }

    void searchRevealsHighlightsAndCounts() {
        CallTreeView view;
        const Results run = twoLevels();
        view.setTree(treeOf(*run), run);
        view.treeView()->collapseAll();
        view.searchEdit()->setText(QStringLiteral("RHS"));
        QVERIFY(expanded(view, {"main"}));
        QVERIFY(expanded(view, {"main", "solve"}));
        QVERIFY(find(view, {"main", "solve", "rhs"}).data(CallTreeModel::MatchRole).toBool());
        QVERIFY(!find(view, {"main", "solve"}).data(CallTreeModel::MatchRole).toBool());
        QCOMPARE(view.searchStatus()->text(), QStringLiteral("1 match"));
        view.searchEdit()->setText(QStringLiteral("o"));
        QCOMPARE(view.searchStatus()->text(), QStringLiteral("2 matches")); // solve, io
        view.searchEdit()->setText(QStringLiteral("zzz"));
        QCOMPARE(view.searchStatus()->text(), QStringLiteral("No path contains 'zzz'"));
        QVERIFY(ColorContrast::ratio(view.searchStatus()->palette().color(QPalette::WindowText),
                                     view.palette().color(QPalette::Window)) >= 4.5);
        view.searchEdit()->clear();
        QCOMPARE(view.searchStatus()->text(), QString());
        // Return steps through the matches, making each current.
        view.searchEdit()->setText(QStringLiteral("o"));
        QTest::keyClick(view.searchEdit(), Qt::Key_Return);
        QCOMPARE(view.currentPathText(), QStringLiteral("main > solve"));
        QTest::keyClick(view.searchEdit(), Qt::Key_Return);
        QCOMPARE(view.currentPathText(), QStringLiteral("main > io"));
        QTest::keyClick(view.searchEdit(), Qt::Key_Return);
        QCOMPARE(view.currentPathText(), QStringLiteral("main > solve"));
    }

    void copiesThePathOfTheCurrentNode() {
        CallTreeView view;
        const Results run = twoLevels();
        view.setTree(treeOf(*run), run);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        QApplication::clipboard()->clear();
        view.treeView()->setCurrentIndex(find(view, {"main", "solve", "rhs"}));
        view.treeView()->setFocus();
        QTest::keySequence(view.treeView(), QKeySequence::Copy);
        QCOMPARE(QApplication::clipboard()->text(), QStringLiteral("main > solve > rhs"));
        // Bottom-up, a chain of callers is copied as the call path it ends.
        view.setBottomUp(true);
        view.treeView()->setCurrentIndex(find(view, {"rhs", "solve", "main"}));
        view.copyPathAction()->trigger();
        QCOMPARE(QApplication::clipboard()->text(), QStringLiteral("main > solve > rhs"));
    }

    void writesTheTreeAsCsv() {
        CallTreeView view;
        const Results run = twoLevels();
        view.setTree(treeOf(*run), run);
        QTemporaryDir dir;
        const QString path = dir.filePath("tree.csv");
        QString error;
        QVERIFY2(view.writeCsv(path, &error), qPrintable(error));
        QFile file(path);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QString text = QString::fromUtf8(file.readAll());
        QCOMPARE(text, view.csv());
        const QStringList lines = text.split("\r\n", Qt::SkipEmptyParts);
        QCOMPARE(lines.size(), 5);
        QCOMPARE(lines[3].section(',', 0, 2), QStringLiteral("main > solve > rhs,3,2"));
        QCOMPARE(lines[3].section(',', 3, 3).toDouble(), 20e-9);
        QVERIFY(!view.writeCsv(dir.filePath("missing/tree.csv"), &error));
        QVERIFY(!error.isEmpty());
        QSignalSpy requested(&view, &CallTreeView::exportCsvRequested);
        view.exportCsvAction()->trigger();
        QCOMPARE(requested.size(), 1);
    }

    void bottomUpIsRememberedAndSortsBySelfTime() {
        const Results run = twoLevels();
        {
            CallTreeView view;
            view.setTree(treeOf(*run), run);
            QVERIFY(!view.isBottomUp());
            view.bottomUpButton()->click();
            QVERIFY(view.isBottomUp());
            QCOMPARE(view.model()->mode(), CallTreeModel::Mode::BottomUp);
            // Self time: solve 50, main 24, rhs 20, io 6.
            QCOMPARE(topRows(view), (QStringList{"solve", "main", "rhs", "io"}));
            QVERIFY(expanded(view, {"solve"}));
        }
        CallTreeView again;
        again.setTree(treeOf(*run), run);
        QVERIFY(again.isBottomUp());
        again.setBottomUp(false);
        QCOMPARE(topRows(again), QStringList{"main"});
        QVERIFY(!QSettings().value("callTree/bottomUp").toBool());
    }

    void selectRegionDoesNotEchoButUserSelectionDoes() {
        CallTreeView view;
        const Results run = twoLevels();
        view.setTree(treeOf(*run), run);
        view.treeView()->collapseAll();
        QSignalSpy selected(&view, &CallTreeView::regionSelected);
        view.selectRegion(2); // rhs
        QCOMPARE(view.currentPathText(), QStringLiteral("main > solve > rhs"));
        QVERIFY(expanded(view, {"main", "solve"}));
        QCOMPARE(selected.size(), 0);
        view.selectRegion(99); // not in the tree: nothing current
        QCOMPARE(view.currentPathText(), QString());
        QCOMPARE(selected.size(), 0);
        view.treeView()->setCurrentIndex(find(view, {"main", "io"}));
        QCOMPARE(selected.size(), 1);
        QCOMPARE(selected[0][0].toInt(), 3); // io, the fourth region stored
        QCOMPARE(view.currentPath(), (std::vector<std::int32_t>{0, 3}));
    }

    void busyAndEmptyShowWhy() {
        CallTreeView view;
        QVERIFY(view.treeView()->isHidden() || !view.treeView()->isVisibleTo(&view));
        view.setBusy(true);
        QCOMPARE(view.placeholder()->text(), QStringLiteral("Computing call paths…"));
        QVERIFY(view.placeholder()->isVisibleTo(&view));
        QVERIFY(ColorContrast::ratio(view.placeholder()->palette().color(QPalette::WindowText),
                                     view.palette().color(QPalette::Window)) >= 4.5);
        const Results run = twoLevels();
        view.setTree(treeOf(*run), run);
        QVERIFY(!view.isBusy());
        QVERIFY(view.treeView()->isVisibleTo(&view));
        // No rank selected has calls (rank 5 has none).
        view.setTree(treeOf(*run, scope::RankSelection({5})), run);
        QCOMPARE(view.placeholder()->text(), QStringLiteral("No calls on the selected ranks."));
        // What a cancelled build returns: just the root, its lists unfinished.
        view.setTree(std::make_shared<const CallTree>(CallTree::rootOnly()), run);
        QCOMPARE(view.placeholder()->text(), QStringLiteral("No calls on the selected ranks."));
        QVERIFY(view.placeholder()->isVisibleTo(&view));
    }

    void aNewRankSelectionKeepsWhatWasOpen() {
        CallTreeView view;
        const Results run = twoRanks();
        view.setTree(treeOf(*run), run);
        // All ranks: main 200 > io 90, solve 50; the hottest path is main > io.
        QCOMPARE(topRows(view), QStringList{"main"});
        view.treeView()->setCurrentIndex(find(view, {"main", "solve"}));
        view.searchEdit()->setText(QStringLiteral("io"));
        view.setTree(treeOf(*run, scope::RankSelection({0})), run);
        QVERIFY(expanded(view, {"main"}));
        QCOMPARE(view.currentPathText(), QStringLiteral("main > solve"));
        QCOMPARE(view.searchStatus()->text(), QStringLiteral("1 match"));
        // Rank 1 has no solve: the current path is gone, the rest stays.
        view.setTree(treeOf(*run, scope::RankSelection({1})), run);
        QVERIFY(expanded(view, {"main"}));
        QCOMPARE(view.currentPathText(), QString());
    }
};

QTEST_MAIN(TestCallTreeView)
#include "tst_CallTreeView.moc"
