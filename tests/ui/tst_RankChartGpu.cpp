// SPDX-License-Identifier: GPL-3.0-or-later
// The per-rank chart's "GPU total time": offered only for runs with GPU data,
// one bar per rank with GPU durations, valued as worked out by hand.
#include "FixtureWriter.h"
#include "SampleSpecs.h"
#include "analysis/RegionTable.h"
#include "charts/RankBarChart.h"
#include "format/ProfileReader.h"
#include <qcustomplot.h>

#include <QTemporaryDir>
#include <QtTest>

class TestRankChartGpu : public QObject {
    Q_OBJECT
private slots:
    void gpuTotalOnlyForGpuRuns() {
        QCOMPARE(allStatistics().size(), 5);
        QVERIFY(!allStatistics().contains(kGpuTotal));
        QCOMPARE(allStatistics(true).last(), kGpuTotal);
        QCOMPARE(label(kGpuTotal), QStringLiteral("GPU total time"));
        QVERIFY(isDuration(kGpuTotal));
    }

    void barsShowEachRanksGpuTotal() {
        QTemporaryDir dir;
        const QString path = dir.filePath("gpu.h5");
        scope::fixtures::FixtureWriter::write(scope::fixtures::SampleSpecs::gpuRun(),
                                              path.toStdString());
        auto results =
            std::make_shared<const scope::ProfilingResults>(scope::readH5(path.toStdString()));
        QVERIFY(scope::RegionTable::hasGpuData(*results));
        RankBarChart chart;
        chart.resize(600, 400);
        chart.setRun(results);
        chart.setStatistic(kGpuTotal);
        chart.setRegion(static_cast<int>(*results->regionIndex("kernel")));
        // SampleSpecs::gpuRun: rank 0 20 + 30 ns, rank 1 70 ns; mean 60 ns.
        QCOMPARE(chart.bars()->data()->size(), 2);
        QCOMPARE(chart.bars()->data()->at(0)->value, 50e-9);
        QCOMPARE(chart.bars()->data()->at(1)->value, 70e-9);
        QVERIFY(chart.mean().has_value());
        QVERIFY(qAbs(*chart.mean() - 60e-9) < 1e-18);
        QCOMPARE(chart.slowestRank(), std::optional<std::uint32_t>(1));

        // "host" has a call but no GPU duration: no bar, and the chart says why.
        chart.setRegion(static_cast<int>(*results->regionIndex("host")));
        QVERIFY(!chart.hasBars());
        QCOMPARE(chart.message(), QStringLiteral("host recorded no GPU durations"));
    }
};

QTEST_MAIN(TestRankChartGpu)
#include "tst_RankChartGpu.moc"
