// SPDX-License-Identifier: GPL-3.0-or-later
// The comparison tab's Scaling page on runs built with known laws
// (tests/core/ScalingRuns.h): the model under QAbstractItemModelTester, the
// message while the runs make no study, the values shown and their order.
#include "../core/ScalingRuns.h"
#include "comparison/ComparisonSet.h"
#include "comparison/ComparisonView.h"
#include "comparison/ScalingEfficiencyChart.h"
#include "comparison/ScalingTableModel.h"
#include "comparison/ScalingView.h"

#include <QAbstractItemModelTester>
#include <QComboBox>
#include <QSortFilterProxyModel>
#include <QTabWidget>
#include <QTableView>
#include <QtTest>
#include <qcustomplot.h>

using namespace scope;

namespace {

// solve: 10 s (0.1 + 0.9/p), io: 2 s on every run; threads = 2p.
std::vector<ProfilingResults> study(std::vector<std::uint32_t> ranks) {
    std::vector<ProfilingResults> runs;
    for (const std::uint32_t p : ranks)
        runs.push_back(scalingRun(
            "/study/np" + std::to_string(p) + ".h5", p,
            {{"solve", 10.0 * (0.1 + 0.9 / p), 10.0 * (0.1 + 0.9 / p)}, {"io", 2.0, 2.0}},
            {{"omp_num_threads", std::int64_t(2 * p)}}));
    return runs;
}

std::vector<const ProfilingResults*> pointers(const std::vector<ProfilingResults>& runs) {
    std::vector<const ProfilingResults*> out;
    for (const ProfilingResults& run : runs)
        out.push_back(&run);
    return out;
}

int rowOf(const QAbstractItemModel* model, const QString& region) {
    for (int row = 0; row < model->rowCount(); ++row)
        if (model->index(row, 0).data().toString() == region)
            return row;
    return -1;
}

const QString kNeeds = QStringLiteral("Scaling needs three or more runs that differ in ranks, "
                                      "threads or a numeric metadata field");

} // namespace

class TestScalingView : public QObject {
    Q_OBJECT

private slots:
    void emptyStateWithoutAStudy() {
        ScalingView view;
        QVERIFY(view.message().startsWith(kNeeds));
        const auto two = study({1, 2});
        view.setRuns(pointers(two), {"a", "b"});
        QVERIFY(view.message().startsWith(kNeeds));
        QCOMPARE(view.model()->rowCount(), 0);
        // Three runs on the same rank count: nothing to fit along.
        const auto same = study({4, 4, 4});
        view.setRuns(pointers(same), {"a", "b", "c"});
        QVERIFY(view.message().startsWith(kNeeds));
        QVERIFY(!view.showsTable());
        QCOMPARE(view.axisCombo()->count(), 0);
    }

    void valuesShown() {
        ScalingView view;
        QAbstractItemModelTester tester(view.model(),
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        // Given 4, 1, 2: shown along the axis, each with its label.
        const auto runs = study({4, 1, 2});
        view.setRuns(pointers(runs), {"four", "one", "two"});
        QCOMPARE(view.message(), QString());
        QCOMPARE(view.axisCombo()->currentData().toString(), QStringLiteral("ranks"));
        const ScalingTableModel* model = view.model();
        QCOMPARE(model->columnCount(), ScalingTableModel::FirstEfficiency + 3);
        const int solve = rowOf(model, "solve");
        QVERIFY(solve >= 0);
        const auto cell = [&](int row, int column) {
            return model->index(row, column).data().toString();
        };
        QCOMPARE(cell(solve, ScalingTableModel::SerialFraction), QStringLiteral("0.100"));
        QCOMPARE(cell(solve, ScalingTableModel::T1), QStringLiteral("10.0 s"));
        QCOMPARE(cell(solve, ScalingTableModel::R2Amdahl), QStringLiteral("1.000"));
        // Efficiency 10/(1*10), 10/(2*5.5), 10/(4*3.25).
        QCOMPARE(cell(solve, ScalingTableModel::FirstEfficiency), QStringLiteral("100.0 %"));
        QCOMPARE(cell(solve, ScalingTableModel::FirstEfficiency + 1), QStringLiteral("90.9 %"));
        QCOMPARE(cell(solve, ScalingTableModel::FirstEfficiency + 2), QStringLiteral("76.9 %"));
        QCOMPARE(model
                     ->headerData(ScalingTableModel::FirstEfficiency + 2, Qt::Horizontal,
                                  Qt::DisplayRole)
                     .toString(),
                 QStringLiteral("Eff.\n4 ranks"));
        QVERIFY(model->index(solve, ScalingTableModel::FirstEfficiency + 2)
                    .data(Qt::ToolTipRole)
                    .toString()
                    .contains("3.25 s on 4 ranks (four)"));
        // solve is 10 of 12 s at p = 1; io passes half of 2 + 1 + 9/p once p > 9.
        QCOMPARE(cell(solve, model->dominatesAtColumn()), QStringLiteral("1 rank"));
        const int io = rowOf(model, "io");
        QCOMPARE(cell(io, model->dominatesAtColumn()), QStringLiteral("16 ranks"));
        QCOMPARE(cell(io, ScalingTableModel::SerialFraction), QStringLiteral("1.000"));
        QCOMPARE(cell(io, ScalingTableModel::Exponent), QStringLiteral("0.00"));
        QCOMPARE(cell(io, ScalingTableModel::R2Amdahl), QStringLiteral("–"));

        // Amdahl's columns for strong scaling, the growth per doubling for weak.
        QVERIFY(view.table()->isColumnHidden(ScalingTableModel::Growth));
        QVERIFY(!view.table()->isColumnHidden(ScalingTableModel::SerialFraction));

        // One line per region in the chart, and the ideal line.
        QVERIFY(view.showsTable());
        QCOMPARE(view.chart()->plot()->graphCount(), 3);
        QCOMPARE(view.chart()->plot()->graph(0)->dataCount(), 3);

        // Sorted through the proxy by the numbers, not the text.
        view.table()->sortByColumn(ScalingTableModel::SerialFraction, Qt::DescendingOrder);
        QCOMPARE(view.proxy()->index(0, 0).data().toString(), QStringLiteral("io"));
        view.table()->sortByColumn(model->dominatesAtColumn(), Qt::AscendingOrder);
        QCOMPARE(view.proxy()->index(0, 0).data().toString(), QStringLiteral("solve"));
    }

    void axisAndModeChoices() {
        ScalingView view;
        QAbstractItemModelTester tester(view.model(),
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        const auto runs = study({1, 2, 4});
        view.setRuns(pointers(runs), {"a", "b", "c"});
        QStringList axes;
        for (int i = 0; i < view.axisCombo()->count(); ++i)
            axes << view.axisCombo()->itemData(i).toString();
        QCOMPARE(axes, (QStringList{"ranks", "threads", "total_cores"}));
        view.axisCombo()->setCurrentIndex(1);
        emit view.axisCombo()->activated(1);
        QCOMPARE(view.model()->study()->axis, std::string("threads"));
        QCOMPARE(
            view.model()
                ->headerData(ScalingTableModel::FirstEfficiency, Qt::Horizontal, Qt::DisplayRole)
                .toString(),
            QStringLiteral("Eff.\n2 threads"));
        // The chosen axis stays when the runs change.
        view.setRuns(pointers(runs), {"a", "b", "c"});
        QCOMPARE(view.model()->study()->axis, std::string("threads"));

        // Weak scaling: no serial fraction; efficiency t(p0)/t(p) = 10 / 3.25.
        view.modeCombo()->setCurrentIndex(1);
        QVERIFY(view.table()->isColumnHidden(ScalingTableModel::SerialFraction));
        QVERIFY(!view.table()->isColumnHidden(ScalingTableModel::Growth));
        const int solve = rowOf(view.model(), "solve");
        QCOMPARE(view.model()->index(solve, ScalingTableModel::SerialFraction).data().toString(),
                 QStringLiteral("–"));
        QCOMPARE(
            view.model()->index(solve, ScalingTableModel::FirstEfficiency + 2).data().toString(),
            QStringLiteral("307.7 %"));
    }

    void pageInTheComparisonTab() {
        ComparisonSet set;
        ComparisonView view(&set);
        auto* tabs = view.findChild<QTabWidget*>();
        QVERIFY(tabs != nullptr);
        ScalingView* scaling = view.findChild<ScalingView*>();
        QVERIFY(scaling != nullptr);
        QCOMPARE(tabs->tabText(tabs->indexOf(scaling)), QStringLiteral("Scaling"));
        QVERIFY(scaling->message().startsWith(kNeeds));
    }
};

QTEST_MAIN(TestScalingView)
#include "tst_ScalingView.moc"
