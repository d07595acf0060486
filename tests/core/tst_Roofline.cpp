// SPDX-License-Identifier: GPL-3.0-or-later
// The roofline's points and roofs from LIKWID metrics, worked out by hand.
#include "analysis/Roofline.h"

#include <QtTest>

using namespace scope;

namespace {

// Two threads; LIKWID measures memory on the first thread of a socket only.
LikwidRegion region(std::uint32_t rank, const std::string& tag, double flops0, double flops1,
                    double bandwidth0) {
    LikwidRegion r;
    r.rank = rank;
    r.tag = tag;
    r.groupName = "MEM_DP";
    r.metricNames = {"Runtime (RDTSC) [s]", "AVX DP [MFLOP/s]", "DP [MFLOP/s]",
                     "Memory bandwidth [MBytes/s]"};
    r.cpus = {0, 1};
    r.metrics = {1.0, 1.0, 0.0, 0.0, flops0, flops1, bandwidth0, 0.0};
    return r;
}

} // namespace

class TestRoofline : public QObject {
    Q_OBJECT
private slots:
    void findsMetricsByLikwidNames() {
        QCOMPARE(flopRateMetric({"Runtime", "AVX DP [MFLOP/s]", "DP [MFLOP/s]"}), 2);
        QCOMPARE(flopRateMetric({"CPI", "SP [MFLOP/s]"}), 1);
        QCOMPARE(flopRateMetric({"CPI", "Vectorized [GFLOP/s]"}), 1);
        QCOMPARE(flopRateMetric({"CPI", "Runtime (RDTSC) [s]"}), -1);
        QCOMPARE(memoryBandwidthMetric({"L2 bandwidth [MBytes/s]", "Memory bandwidth [MBytes/s]"}),
                 1);
        QCOMPARE(memoryBandwidthMetric({"Memory bandwidth [GBytes/s]"}), 0);
        // A cache's bandwidth is no memory roof.
        QCOMPARE(memoryBandwidthMetric({"L3 bandwidth [MBytes/s]"}), -1);
        QCOMPARE(toGiga("DP [MFLOP/s]"), 1e-3);
        QCOMPARE(toGiga("Memory bandwidth [GBytes/s]"), 1.0);
    }

    void pointsAndRoofs() {
        std::vector<LikwidRegion> regions = {
            region(0, "stream", 1000, 1000, 8000),  // 2 GFLOP/s over 8 GB/s
            region(0, "dgemm", 20000, 18000, 1900), // 38 GFLOP/s over 1.9 GB/s
            region(0, "idle", 5, 5, 0),             // no traffic: no intensity
            region(1, "stream", 3000, 3000, 10000), // rank 1: 6 GFLOP/s, 10 GB/s
        };
        LikwidRegion clock;
        clock.rank = 0;
        clock.tag = "clock";
        clock.groupName = "CLOCK";
        clock.metricNames = {"CPI"};
        clock.cpus = {0};
        clock.metrics = {2.0};
        regions.push_back(clock);
        QVERIFY(!hasRoofline(clock));
        QVERIFY(hasRoofline(regions[0]));

        const Roofline r = computeRoofline(regions, 0, "MEM_DP");
        QCOMPARE(r.flopMetric, std::string("DP [MFLOP/s]"));
        QCOMPARE(r.bandwidthMetric, std::string("Memory bandwidth [MBytes/s]"));
        QCOMPARE(r.points.size(), std::size_t(2));
        QCOMPARE(r.points[0].region, std::string("stream"));
        QCOMPARE(r.points[0].gflops, 2.0);
        QCOMPARE(r.points[0].bandwidth, 8.0);
        QCOMPARE(r.points[0].intensity, 0.25);
        QCOMPARE(r.points[1].region, std::string("dgemm"));
        QCOMPARE(r.points[1].gflops, 38.0);
        QCOMPARE(r.points[1].bandwidth, 1.9);
        QVERIFY(qFuzzyCompare(r.points[1].intensity, 20.0));
        QCOMPARE(r.skipped, std::vector<std::string>{"idle"});
        // Roofs over the whole run: rank 1's stream has the highest bandwidth.
        QCOMPARE(r.peakGflops, 38.0);
        QCOMPARE(r.peakBandwidth, 10.0);
        QCOMPARE(r.ridge(), 3.8);

        const Roofline none = computeRoofline(regions, 0, "CLOCK");
        QVERIFY(none.points.empty());
        QCOMPARE(computeRoofline({clock}, 0, "CLOCK").ridge(), 0.0);
    }
};

QTEST_GUILESS_MAIN(TestRoofline)
#include "tst_Roofline.moc"
