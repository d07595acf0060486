// SPDX-License-Identifier: GPL-3.0-or-later
// A run whose calls are read on demand (results.onDemand, no events in
// memory): the region table still gets its percentile columns, equal to those
// of the same run read into memory, and the side pane's histogram shows the
// selected region once its worker has read the calls.
#include "../core/MemoryCallSource.h"
#include "common/RunContext.h"
#include "distributions/HistogramPage.h"
#include "distributions/HistogramView.h"
#include "format/ProfileReader.h"
#include "models/RegionTableModel.h"
#include "run/RunView.h"

#include <QSignalSpy>
#include <QtTest>

#include <numeric>

namespace {

std::shared_ptr<const RunData> runOf(scope::ProfilingResults results) {
    auto run = std::make_shared<RunData>();
    run->path = QString::fromStdString(results.path);
    run->results = std::make_shared<const scope::ProfilingResults>(std::move(results));
    return run;
}

} // namespace

class TestOnDemandPercentiles : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() {
        QStandardPaths::setTestModeEnabled(true);
        QSettings().clear();
    }

    void tableHasPercentilesOfCallsReadOnDemand() {
        const scope::ProfilingResults inMemory = scope::readH5(SCOPE_TEST_DATA_DIR "/run_np3.h5");
        RunView view;
        QSignalSpy ready(&view, &RunView::tableReady);
        view.setRun(runOf(scope::testing::MemoryCallSource::onDemand(inMemory)));
        QVERIFY(ready.wait(30000));
        const RegionTableModel& model = *view.tableModel();
        QCOMPARE(model.rowCount(), static_cast<int>(inMemory.regions.size()));
        for (int row = 0; row < model.rowCount(); ++row) {
            const QModelIndex p90 = model.index(row, RegionTableModel::P90);
            const int region = model.index(row, 0).data(RegionTableModel::RegionIndexRole).toInt();
            QVERIFY2(p90.data(RegionTableModel::AvailableRole).toBool(),
                     qPrintable(p90.data().toString()));
            QCOMPARE(p90.data(RegionTableModel::SortRole).toDouble(),
                     scope::Percentiles::of(inMemory, static_cast<std::size_t>(region)).p90);
        }

        // The histogram of the selected region, after its worker.
        view.sideTabs()->setCurrentWidget(view.page<HistogramPage>()->histogram());
        view.context()->setRegion(0);
        QTRY_VERIFY(view.page<HistogramPage>()->histogram()->available());
        const auto& counts = view.page<HistogramPage>()->histogram()->histogram().counts;
        QCOMPARE(std::accumulate(counts.begin(), counts.end(), std::uint64_t(0)),
                 inMemory.pooled(0).count);
    }
};

QTEST_MAIN(TestOnDemandPercentiles)
#include "tst_OnDemandPercentiles.moc"
