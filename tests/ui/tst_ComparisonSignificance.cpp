// SPDX-License-Identifier: GPL-3.0-or-later
// The comparison's statistics for scaling studies and the significance of
// changes, on runs and reports made by hand: the statistic menu's per-rank
// entries and its default for runs of different rank counts, the per-rank
// values, "new" and "removed" alike on either side, and a DiffReport's
// markers, greyed unchanged regions, tooltips and the bar chart's whiskers.
#include "RunWaiter.h"
#include "common/ColorContrast.h"
#include "comparison/ComparisonBarChart.h"
#include "comparison/ComparisonFilterProxy.h"
#include "comparison/ComparisonSet.h"
#include "comparison/ComparisonTableModel.h"
#include "comparison/ComparisonView.h"
#include "comparison/WhatChangedPanel.h"

#include <QAbstractItemModelTester>
#include <QComboBox>
#include <QListView>
#include <QTableView>
#include <QtTest>
#include <qcustomplot.h>

#include <cmath>
#include <memory>

using namespace scope;

namespace {

// One region of a hand-made run: its total on each rank (seconds; 0 = no
// row on that rank), ten equal calls per rank.
struct HandRegion {
    std::string name;
    std::vector<double> perRank;
};

std::shared_ptr<const RunData> handMadeRun(const QString& name, std::uint32_t ranks,
                                           const std::vector<HandRegion>& regions) {
    auto results = std::make_shared<ProfilingResults>();
    results->path = (QStringLiteral("/hand-made/") + name + QStringLiteral(".h5")).toStdString();
    results->numRanks = ranks;
    for (const HandRegion& region : regions) {
        const auto index = static_cast<std::uint32_t>(results->regions.size());
        results->regions.push_back(region.name);
        for (std::size_t rank = 0; rank < region.perRank.size(); ++rank) {
            if (region.perRank[rank] <= 0.0)
                continue;
            RankRegion row;
            row.rank = static_cast<std::uint32_t>(rank);
            row.region = index;
            CallSummary& s = row.summary;
            s.count = 10;
            s.total = std::llround(region.perRank[rank] * 1e9);
            s.minimum = s.maximum = s.first = s.last = s.total / 10;
            s.endMaximum = s.total;
            s.mean = static_cast<double>(s.total) / 10.0;
            results->rows.push_back(row);
        }
    }
    results->finalize();
    auto data = std::make_shared<RunData>();
    data->results = results;
    data->path = QString::fromStdString(results->path);
    return data;
}

int rowOf(const QAbstractItemModel& model, const QString& region) {
    for (int row = 0; row < model.rowCount(); ++row)
        if (model.index(row, 0).data().toString() == region)
            return row;
    return -1;
}

QColor foreground(const QModelIndex& index) {
    return index.data(Qt::ForegroundRole).value<QBrush>().color();
}

RegionChange regionChange(const std::string& name, double baseline, double other, double low,
                          double high, double p, Verdict verdict) {
    RegionChange change;
    change.name = name;
    change.baseline = baseline;
    change.other = other;
    change.changePercent = (other - baseline) / baseline * 100.0;
    change.ciLowPercent = low;
    change.ciHighPercent = high;
    change.pValue = p;
    change.verdict = verdict;
    return change;
}

// Run B against A on Total: solve 2.0 → 2.1 s (+5 %, really slower), io
// 1.0 → 1.004 s (+0.4 %, the same within ±1 %), setup 0.5 → 0.4 s (−20 %, really
// faster, from summaries only).
std::vector<std::optional<DiffReport>> handMadeReports() {
    DiffReport report;
    report.statistic = ComparisonMetric::Total;
    report.regions.push_back(regionChange("solve", 2.0, 2.1, 4.2, 6.0, 0.0004, Verdict::Slower));
    report.regions.push_back(regionChange("setup", 0.5, 0.4, -22.0, -18.0, 0.002, Verdict::Faster));
    report.regions.back().perCallData = false;
    report.regions.push_back(regionChange("io", 1.0, 1.004, -0.5, 0.9, 0.4, Verdict::Unchanged));
    return {std::nullopt, report};
}

void addRunsAB(ComparisonSet& set) {
    set.add(handMadeRun("A", 1, {{"solve", {2.0}}, {"io", {1.0}}, {"setup", {0.5}}}), "A");
    set.add(handMadeRun("B", 1, {{"solve", {2.1}}, {"io", {1.004}}, {"setup", {0.4}}}), "B");
}

} // namespace

class TestComparisonSignificance : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { prepareWindowTests(); }
    void statisticMenuOffersPerRankStatistics();
    void slowestRankIsTheDefaultForDifferentRankCounts();
    void perRankValuesInTheTable();
    void tabReachesTheFindingsBeforeTheTable();
    void newAndRemovedShownAlike();
    void reportsMarkRealChanges();
    void changedOnlyHidesUnchangedRegions();
    void reportOfAnotherStatisticIsIgnored();
    void barChartWhiskersAndPaleBars();
};

void TestComparisonSignificance::statisticMenuOffersPerRankStatistics() {
    ComparisonSet set;
    set.add(handMadeRun("A", 1, {{"solve", {1.0}}}), "A");
    ComparisonView view(&set);
    QComboBox* combo = view.metricCombo();
    const int rankMean = combo->findData(static_cast<int>(ComparisonMetric::RankMean));
    const int slowest = combo->findData(static_cast<int>(ComparisonMetric::SlowestRank));
    QVERIFY(rankMean >= 0 && slowest >= 0);
    QCOMPARE(combo->itemText(rankMean), QStringLiteral("Total per rank"));
    QCOMPARE(combo->itemText(slowest), QStringLiteral("Slowest rank's total"));
    QVERIFY(combo->itemData(rankMean, Qt::ToolTipRole).toString().contains("number of"));
    QVERIFY(combo->itemData(slowest, Qt::ToolTipRole).toString().contains("one rank"));
}

void TestComparisonSignificance::slowestRankIsTheDefaultForDifferentRankCounts() {
    const auto current = [](const ComparisonView& view) {
        return static_cast<ComparisonMetric>(view.metricCombo()->currentData().toInt());
    };
    {
        ComparisonSet set;
        set.add(handMadeRun("one", 1, {{"solve", {1.0}}}), "one");
        set.add(handMadeRun("four", 4, {{"solve", {0.3, 0.3, 0.3, 0.3}}}), "four");
        ComparisonView view(&set);
        QCOMPARE(current(view), ComparisonMetric::SlowestRank);
        QCOMPARE(view.tableModel()->metric(), ComparisonMetric::SlowestRank);
        // The Durations chart draws the table's statistic, whose intervals
        // it has, until the user picks one of its own there.
        QCOMPARE(view.barChart()->metric(), ComparisonMetric::SlowestRank);
        view.setMetric(static_cast<int>(ComparisonMetric::RankMean));
        QCOMPARE(view.barChart()->metric(), ComparisonMetric::RankMean);
        auto* barCombo = view.findChild<QComboBox*>(QStringLiteral("durationsStatistic"));
        QVERIFY(barCombo);
        barCombo->setCurrentIndex(barCombo->findData(static_cast<int>(ComparisonMetric::Max)));
        emit barCombo->activated(barCombo->currentIndex());
        view.setMetric(static_cast<int>(ComparisonMetric::Total));
        QCOMPARE(view.barChart()->metric(), ComparisonMetric::Max);
    }
    {
        ComparisonSet set;
        set.add(handMadeRun("four", 4, {{"solve", {1.0, 1.0, 1.0, 1.0}}}), "four");
        ComparisonView view(&set);
        set.add(handMadeRun("four again", 4, {{"solve", {0.3, 0.3, 0.3, 0.3}}}), "again");
        QCOMPARE(current(view), ComparisonMetric::Total);
        // A run of another rank count changes the default...
        set.add(handMadeRun("one", 1, {{"solve", {1.0}}}), "one");
        QCOMPARE(current(view), ComparisonMetric::SlowestRank);
        // ...until the user picks a statistic, which sticks.
        view.setMetric(static_cast<int>(ComparisonMetric::Average));
        set.remove(2);
        QCOMPARE(current(view), ComparisonMetric::Average);
    }
}

// The findings are shown above the table, so Tab must reach them first.
void TestComparisonSignificance::tabReachesTheFindingsBeforeTheTable() {
    ComparisonSet set;
    set.add(handMadeRun("A", 1, {{"solve", {1.0}}}), "A");
    ComparisonView view(&set);
    QWidget* findings = view.whatChangedPanel()->list();
    int findingsAt = -1;
    int tableAt = -1;
    QWidget* widget = view.metricCombo();
    for (int step = 0; step < 200 && (findingsAt < 0 || tableAt < 0); ++step) {
        widget = widget->nextInFocusChain();
        if (widget == findings)
            findingsAt = step;
        if (widget == view.commonTable())
            tableAt = step;
    }
    QVERIFY(findingsAt >= 0 && tableAt >= 0);
    QVERIFY2(findingsAt < tableAt,
             qPrintable(QStringLiteral("findings %1, table %2").arg(findingsAt).arg(tableAt)));
}

// Run B on four ranks, solve: 1.0, 0.5 and 0.3 s on ranks 0-2, none on rank 3
// (which only runs main). Total per rank (1.0 + 0.5 + 0.3 + 0) / 4 = 0.45 s;
// slowest rank 1.0 s. Run A, one rank: 2.0 s for both.
void TestComparisonSignificance::perRankValuesInTheTable() {
    ComparisonSet set;
    set.add(handMadeRun("A", 1, {{"main", {3.0}}, {"solve", {2.0}}}), "A");
    set.add(handMadeRun("B", 4, {{"main", {1.2, 1.2, 1.2, 1.2}}, {"solve", {1.0, 0.5, 0.3}}}), "B");
    ComparisonView view(&set);
    ComparisonTableModel* model = view.tableModel();
    QAbstractItemModelTester tester(model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    QAbstractItemModelTester proxyTester(view.commonProxy(),
                                         QAbstractItemModelTester::FailureReportingMode::QtTest);
    const QAbstractItemModel& table = *view.commonProxy();
    const int solve = rowOf(table, "solve");
    QVERIFY(solve >= 0);
    const auto value = [&](int run) {
        return table.index(solve, model->valueColumn(run))
            .data(ComparisonTableModel::SortRole)
            .toDouble();
    };
    view.setMetric(static_cast<int>(ComparisonMetric::RankMean));
    QVERIFY(std::abs(value(0) - 2.0) < 1e-9);
    QVERIFY(std::abs(value(1) - 0.45) < 1e-9);
    QCOMPARE(table.index(solve, model->valueColumn(1)).data().toString(), QStringLiteral("450 ms"));
    // (0.45 − 2.0) / 2.0 = −77.5 %.
    QCOMPARE(table.index(solve, model->percentColumn(1)).data().toString(),
             QStringLiteral("−77.5 %"));
    view.setMetric(static_cast<int>(ComparisonMetric::SlowestRank));
    QVERIFY(std::abs(value(1) - 1.0) < 1e-9);
    QCOMPARE(table.index(solve, model->percentColumn(1)).data().toString(),
             QStringLiteral("−50.0 %"));
    // main: 1.2 s on each rank, against 3.0 s: −60 % either way.
    const int main = rowOf(table, "main");
    QCOMPARE(table.index(main, model->percentColumn(1)).data().toString(),
             QStringLiteral("−60.0 %"));
    QVERIFY(model->headerData(model->valueColumn(1), Qt::Horizontal, Qt::ToolTipRole)
                .toString()
                .contains("slowest_rank"));
}

// A region only the other run has is "new", one only the baseline has is
// "removed": both in words in Δ and Δ %, uncoloured, sorted last; the value
// stands on the side that has it.
void TestComparisonSignificance::newAndRemovedShownAlike() {
    ComparisonSet set;
    set.add(handMadeRun("A", 1, {{"solve", {2.0}}, {"io", {1.0}}}), "A");
    set.add(handMadeRun("B", 1, {{"solve", {1.0}}, {"setup", {0.000475}}}), "B");
    ComparisonView view(&set);
    view.setMetric(static_cast<int>(ComparisonMetric::Total));
    ComparisonTableModel* model = view.tableModel();
    QAbstractItemModelTester tester(view.partialProxy(),
                                    QAbstractItemModelTester::FailureReportingMode::QtTest);
    const QAbstractItemModel& partial = *view.partialProxy();
    const int io = rowOf(partial, "io");
    const int setup = rowOf(partial, "setup");
    QVERIFY(io >= 0 && setup >= 0);
    for (const int column : {model->deltaColumn(1), model->percentColumn(1)}) {
        const QModelIndex removed = partial.index(io, column);
        const QModelIndex added = partial.index(setup, column);
        QCOMPARE(removed.data().toString(), QStringLiteral("removed"));
        QCOMPARE(added.data().toString(), QStringLiteral("new"));
        for (const QModelIndex& cell : {removed, added}) {
            QVERIFY(!cell.data(Qt::ForegroundRole).isValid());
            QVERIFY(!cell.data(ComparisonTableModel::SortRole).isValid());
            QCOMPARE(cell.data(Qt::TextAlignmentRole).toInt(),
                     static_cast<int>(Qt::AlignRight | Qt::AlignVCenter));
        }
        QCOMPARE(removed.data(ComparisonTableModel::VerdictRole).toInt(),
                 static_cast<int>(Verdict::Removed));
        QCOMPARE(added.data(ComparisonTableModel::VerdictRole).toInt(),
                 static_cast<int>(Verdict::New));
        QVERIFY2(added.data(Qt::ToolTipRole).toString().contains("475 µs"),
                 qPrintable(added.data(Qt::ToolTipRole).toString()));
        QVERIFY2(removed.data(Qt::ToolTipRole).toString().contains("1.00 s"),
                 qPrintable(removed.data(Qt::ToolTipRole).toString()));
    }
    QCOMPARE(partial.index(setup, model->valueColumn(0)).data().toString(), QStringLiteral("—"));
    QCOMPARE(partial.index(setup, model->valueColumn(1)).data().toString(),
             QStringLiteral("475 µs"));
    QCOMPARE(partial.index(io, model->valueColumn(0)).data().toString(), QStringLiteral("1.00 s"));
    QCOMPARE(partial.index(io, model->valueColumn(1)).data().toString(), QStringLiteral("—"));
    // Neither counts as a change for |Δ| max.
    QCOMPARE(partial.index(setup, model->largestChangeColumn()).data().toString(),
             QStringLiteral("—"));
    QCOMPARE(partial.index(io, model->largestChangeColumn()).data().toString(),
             QStringLiteral("—"));
}

void TestComparisonSignificance::reportsMarkRealChanges() {
    ComparisonSet set;
    addRunsAB(set);
    ComparisonView view(&set);
    view.setMetric(static_cast<int>(ComparisonMetric::Total));
    ComparisonTableModel* model = view.tableModel();
    QAbstractItemModelTester tester(model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    QAbstractItemModelTester proxyTester(view.commonProxy(),
                                         QAbstractItemModelTester::FailureReportingMode::QtTest);
    model->setReports(handMadeReports());
    const QAbstractItemModel& table = *view.commonProxy();
    const int solve = rowOf(table, "solve");
    const int io = rowOf(table, "io");
    const int setup = rowOf(table, "setup");
    QVERIFY(solve >= 0 && io >= 0 && setup >= 0);
    const int percent = model->percentColumn(1);
    const int delta = model->deltaColumn(1);
    QCOMPARE(table.index(solve, percent).data().toString(), QStringLiteral("+5.0 % ▲"));
    QCOMPARE(table.index(setup, percent).data().toString(), QStringLiteral("−20.0 % ▼"));
    QCOMPARE(table.index(io, percent).data().toString(), QStringLiteral("+0.4 % ≈"));
    // The number still sorts as a number.
    QVERIFY(std::abs(table.index(solve, percent).data(ComparisonTableModel::SortRole).toDouble() -
                     5.0) < 1e-9);
    // Only real changes are red or green; the unchanged one is grey in both
    // change cells, and every colour is readable on both row colours.
    QCOMPARE(foreground(table.index(solve, percent)), QColor(0xc0, 0x1c, 0x28));
    QCOMPARE(foreground(table.index(setup, percent)), QColor(0x1a, 0x7f, 0x37));
    const QColor grey(0x66, 0x66, 0x66);
    QCOMPARE(foreground(table.index(io, percent)), grey);
    QCOMPARE(foreground(table.index(io, delta)), grey);
    const QPalette palette = view.commonTable()->palette();
    for (const int row : {solve, io, setup})
        for (const QColor& background :
             {palette.color(QPalette::Base), palette.color(QPalette::AlternateBase)}) {
            const double ratio =
                ColorContrast::ratio(foreground(table.index(row, percent)), background);
            QVERIFY2(ratio >= 4.5, qPrintable(QString::number(ratio)));
        }
    // The tooltip gives the interval, the p-value and the verdict.
    const QString solveTip = table.index(solve, percent).data(Qt::ToolTipRole).toString();
    QVERIFY2(solveTip.contains("95 % CI +4.2 … +6.0 %, p < 0.001, slower"), qPrintable(solveTip));
    const QString ioTip = table.index(io, delta).data(Qt::ToolTipRole).toString();
    QVERIFY2(ioTip.contains("95 % CI −0.5 … +0.9 %, p = 0.40, unchanged"), qPrintable(ioTip));
    QVERIFY2(ioTip.contains("the same within ±1 %"), qPrintable(ioTip));
    const QString setupTip = table.index(setup, percent).data(Qt::ToolTipRole).toString();
    QVERIFY2(setupTip.contains("95 % CI −22.0 … −18.0 %, p = 0.002, faster"), qPrintable(setupTip));
    QVERIFY2(setupTip.contains("no per-call data"), qPrintable(setupTip));
    QVERIFY(!solveTip.contains("no per-call data"));
    // The verdict as data, for filters.
    QCOMPARE(table.index(solve, percent).data(ComparisonTableModel::VerdictRole).toInt(),
             static_cast<int>(Verdict::Slower));
    QCOMPARE(table.index(io, delta).data(ComparisonTableModel::VerdictRole).toInt(),
             static_cast<int>(Verdict::Unchanged));
    QVERIFY(
        !table.index(io, model->valueColumn(1)).data(ComparisonTableModel::VerdictRole).isValid());
    QCOMPARE(table.index(solve, 0).data(ComparisonTableModel::ChangedRole).toBool(), true);
    QCOMPARE(table.index(io, 0).data(ComparisonTableModel::ChangedRole).toBool(), false);

    // An interval wider than ±1 % cannot tell: not significant, still grey.
    auto wide = handMadeReports();
    wide[1]->regions.back().ciLowPercent = -3.0;
    wide[1]->regions.back().ciHighPercent = 4.0;
    model->setReports(wide);
    QCOMPARE(table.index(io, percent).data().toString(), QStringLiteral("+0.4 % n.s."));
    QCOMPARE(foreground(table.index(io, percent)), grey);
    const QString wideTip = table.index(io, percent).data(Qt::ToolTipRole).toString();
    QVERIFY2(wideTip.contains("not significant"), qPrintable(wideTip));

    // Without reports (while they are computed) the plain changes are back.
    model->setReports({});
    QCOMPARE(table.index(io, percent).data().toString(), QStringLiteral("+0.4 %"));
    QCOMPARE(foreground(table.index(io, percent)), QColor(0xc0, 0x1c, 0x28));
    QVERIFY(!table.index(io, 0).data(ComparisonTableModel::ChangedRole).isValid());
}

void TestComparisonSignificance::changedOnlyHidesUnchangedRegions() {
    ComparisonSet set;
    addRunsAB(set);
    ComparisonView view(&set);
    view.setMetric(static_cast<int>(ComparisonMetric::Total));
    ComparisonFilterProxy* proxy = view.commonProxy();
    QAbstractItemModelTester tester(proxy, QAbstractItemModelTester::FailureReportingMode::QtTest);
    proxy->setChangedOnly(true);
    QCOMPARE(proxy->rowCount(), 3); // no reports yet: nothing hidden
    view.tableModel()->setReports(handMadeReports());
    QCOMPARE(proxy->rowCount(), 2);
    QCOMPARE(rowOf(*proxy, "io"), -1);
    proxy->setChangedOnly(false);
    QCOMPARE(proxy->rowCount(), 3);
}

void TestComparisonSignificance::reportOfAnotherStatisticIsIgnored() {
    ComparisonSet set;
    addRunsAB(set);
    ComparisonView view(&set);
    view.setMetric(static_cast<int>(ComparisonMetric::Average));
    ComparisonTableModel* model = view.tableModel();
    model->setReports(handMadeReports()); // on Total
    const QAbstractItemModel& table = *view.commonProxy();
    const int io = rowOf(table, "io");
    QCOMPARE(table.index(io, model->percentColumn(1)).data().toString(), QStringLiteral("+0.4 %"));
    QVERIFY(model->change(0, 1) == nullptr);
    view.setMetric(static_cast<int>(ComparisonMetric::Total));
    QCOMPARE(table.index(io, model->percentColumn(1)).data().toString(),
             QStringLiteral("+0.4 % ≈"));
}

// Bars by size: solve (0), io (1), setup (2). B's solve: the interval
// +4.2 … +6.0 % of A's 2.0 s is 2.084 … 2.12 s around the bar's 2.1 s.
void TestComparisonSignificance::barChartWhiskersAndPaleBars() {
    ComparisonSet set;
    addRunsAB(set);
    ComparisonBarChart chart;
    chart.setRuns(set.results(), set.labels());
    chart.setMetric(ComparisonMetric::Total);
    QVERIFY(!chart.whiskers(1));
    chart.setReports(handMadeReports());
    QCOMPARE(chart.regions(), QStringList({"solve", "io", "setup"}));
    QCPErrorBars* whiskers = chart.whiskers(1);
    QVERIFY(whiskers);
    QCOMPARE(whiskers->dataPlottable(), chart.bars(1));
    QCOMPARE(whiskers->dataCount(), 3);
    const auto errors = whiskers->data();
    QVERIFY(std::abs(errors->at(0).errorMinus - (2.1 - 2.084)) < 1e-9);
    QVERIFY(std::abs(errors->at(0).errorPlus - (2.12 - 2.1)) < 1e-9);
    // setup: 0.5 × (1 − 0.22) = 0.39 … 0.5 × (1 − 0.18) = 0.41 around 0.4 s.
    QVERIFY(std::abs(errors->at(2).errorMinus - 0.01) < 1e-9);
    QVERIFY(std::abs(errors->at(2).errorPlus - 0.01) < 1e-9);
    // The baseline has no interval.
    const auto baseline = chart.whiskers(0)->data();
    for (int i = 0; i < baseline->size(); ++i)
        QVERIFY(std::isnan(baseline->at(i).errorMinus) && std::isnan(baseline->at(i).errorPlus));
    // Only io did not really change: one pale bar, over B's io.
    QCPBars* pale = chart.unchangedBars(1);
    QVERIFY(pale);
    QCOMPARE(pale->dataCount(), 1);
    QCOMPARE(pale->data()->at(0)->key, 1.0);
    QVERIFY(std::abs(pale->data()->at(0)->value - 1.004) < 1e-9);
    QVERIFY(pale->brush().color().lightness() > chart.bars(1)->brush().color().lightness());
    QCOMPARE(chart.unchangedBars(0)->dataCount(), 0);
    // The tooltip of B's solve tells the interval.
    const QString tip = chart.toolTipFor(1, 0);
    QVERIFY2(tip.contains("+5.0 %, 95 % CI +4.2 … +6.0 %, p < 0.001, slower"), qPrintable(tip));
    QVERIFY2(chart.toolTipFor(1, 2).contains("no per-call data"),
             qPrintable(chart.toolTipFor(1, 2)));
    // On another statistic the reports do not apply.
    chart.setMetric(ComparisonMetric::Average);
    QVERIFY(!chart.whiskers(1));
}

QTEST_MAIN(TestComparisonSignificance)
#include "tst_ComparisonSignificance.moc"
