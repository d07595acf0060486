// SPDX-License-Identifier: GPL-3.0-or-later
// The imbalance pattern's line in the region table's tooltips, worked out
// at once for a small run and on a worker for calls read on demand.
#include "../core/HandMadeRun.h"
#include "../core/MemoryCallSource.h"
#include "analysis/RegionTable.h"
#include "common/ImbalanceLines.h"
#include "common/RunData.h"
#include "models/RegionTableModel.h"

#include <QSignalSpy>
#include <QtTest>

#include <memory>

using namespace scope;

namespace {

// Four ranks with main [0, 800] (16 windows of 50 ns); in every 100 ns
// work takes 20 ns on rank 2 and 10 on the others: 8 windows of max 20,
// mean 12.5, 7.5 ns each, 60 ns to recover, rank 2 slow in all of them.
ProfilingResults staticRun() {
    std::vector<Row> rows;
    for (std::uint32_t r = 0; r < 4; ++r) {
        rows.push_back({r, "main", {{0, 800}}});
        Calls calls;
        for (std::int64_t w = 0; w < 8; ++w)
            calls.push_back({100 * w, 100 * w + (r == 2 ? 20 : 10)});
        rows.push_back({r, "work", calls});
    }
    return makeResults(rows);
}

const QString kStaticLine = QStringLiteral(
    "Imbalance: static — rank 2 slow in every window; balancing would recover 60.0 ns");

std::shared_ptr<RunData> runOf(ProfilingResults results) {
    auto run = std::make_shared<RunData>();
    run->results = std::make_shared<const ProfilingResults>(std::move(results));
    return run;
}

QString tip(const RegionTableModel& model, const char* region, int column) {
    for (int row = 0; row < model.rowCount(); ++row) {
        const QModelIndex index = model.index(row, column);
        if (model.index(row, 0).data(RegionTableModel::SortRole).toString() == region)
            return index.data(Qt::ToolTipRole).toString();
    }
    return {};
}

} // namespace

class TestImbalanceTooltips : public QObject {
    Q_OBJECT
private slots:
    void regionTableTooltipsEndWithTheLine() {
        RegionTableModel model;
        const auto run = runOf(staticRun());
        model.setRows(run, RegionTable::compute(*run->results, {}));
        QVERIFY(tip(model, "work", RegionTableModel::Imbalance).endsWith('\n' + kStaticLine));
        QVERIFY(tip(model, "work", RegionTableModel::Region).endsWith('\n' + kStaticLine));
        // Every rank's main is [0, 800]: nothing to recover.
        QVERIFY(tip(model, "main", RegionTableModel::Imbalance)
                    .endsWith(QStringLiteral("\nImbalance: balanced — the slowest rank stays "
                                             "within 5 % of the mean; balancing would recover "
                                             "0 s")));
        // Other columns keep their tooltips as they were.
        QVERIFY(!tip(model, "work", RegionTableModel::Total).contains("Imbalance"));
    }

    // Without rank 2 the others are equal; rank 2 alone is one rank: no line.
    void followsTheRanksOfTheRows() {
        RegionTableModel model;
        const auto run = runOf(staticRun());
        const RankSelection others({0, 1, 3});
        model.setRanks(others);
        model.setRows(run, RegionTable::compute(*run->results, others));
        QVERIFY(tip(model, "work", RegionTableModel::Imbalance).contains("Imbalance: balanced"));
        const RankSelection two({2});
        model.setRanks(two);
        model.setRows(run, RegionTable::compute(*run->results, two));
        QVERIFY(!tip(model, "work", RegionTableModel::Imbalance).contains("Imbalance"));
    }

    void summaryOnlyHasNoLine() {
        ProfilingResults results = staticRun();
        results.events = EventColumns();
        results.eventsRead = false;
        RegionTableModel model;
        const auto run = runOf(std::move(results));
        model.setRows(run, RegionTable::compute(*run->results, {}));
        QVERIFY(!tip(model, "work", RegionTableModel::Imbalance).contains("Imbalance:"));
    }

    // Calls read on demand are read on a worker; the line says so until then.
    void callsOnDemandAreReadOnAWorker() {
        const auto results = std::make_shared<const ProfilingResults>(
            testing::MemoryCallSource::onDemand(staticRun()));
        ImbalanceLines lines;
        QSignalSpy ready(&lines, &ImbalanceLines::ready);
        lines.setRun(results, {});
        const std::size_t work = *results->regionIndex("work");
        QCOMPARE(lines.line(work), QStringLiteral("Imbalance: working it out…"));
        QVERIFY(ready.wait(10000));
        QCOMPARE(ready.at(0).at(0).toInt(), int(work));
        QCOMPARE(lines.line(work), kStaticLine);
        // Another selection forgets what was worked out.
        lines.setRun(results, RankSelection({0, 1, 3}));
        QVERIFY(!lines.known(work));
    }
};

QTEST_MAIN(TestImbalanceTooltips)
#include "tst_ImbalanceTooltips.moc"
