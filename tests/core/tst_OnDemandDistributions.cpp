// SPDX-License-Identifier: GPL-3.0-or-later
// Percentiles, the duration histogram and the durations over time of calls
// read on demand (results.onDemand, events not in memory): equal to those of
// the same calls in memory on every sample and fixture layout, also under a
// byte limit so small that the exact selection has to refine its histogram.
#include "FixtureWriter.h"
#include "HandMadeRun.h"
#include "MemoryCallSource.h"
#include "SyntheticRun.h"
#include "analysis/DurationHistogram.h"
#include "analysis/DurationSeries.h"
#include "analysis/OrderStatistics.h"
#include "analysis/Percentiles.h"
#include "analysis/RegionTable.h"
#include "format/ProfileReader.h"
#include "model/Errors.h"

#include <QTemporaryDir>
#include <QtTest>

#include <algorithm>
#include <cmath>
#include <functional>

Q_DECLARE_METATYPE(scope::fixtures::FixtureSpec)

using namespace scope;
using scope::testing::MemoryCallSource;

namespace {

// Small enough that no region of more than 256 calls fits: the refinement runs.
constexpr std::uint64_t kTinyLimit = 2048;
// Two durations: the small samples are refined too. What the selection holds
// then is its floor, 16 buckets for each of the 8 order statistics.
constexpr std::uint64_t kSmallestLimit = 16;
constexpr std::uint64_t kFloorBytes = 16 * 8 * sizeof(std::uint64_t);

// NumPy's default percentile of the sorted values, written out again here so
// that the reference does not share code with what it checks.
double numpyPercentile(const std::vector<std::int64_t>& sorted, double q) {
    const double h = q / 100.0 * (static_cast<double>(sorted.size()) - 1);
    const double lower = std::floor(h);
    const auto i = static_cast<std::size_t>(lower);
    const std::size_t j = std::min(i + 1, sorted.size() - 1);
    const auto a = static_cast<double>(sorted[i]);
    const auto b = static_cast<double>(sorted[j]);
    return a + (b - a) * (h - lower);
}

std::vector<std::int64_t> sortedDurations(const ProfilingResults& r, std::size_t region,
                                          const RankSelection& ranks) {
    std::vector<std::int64_t> d;
    for (const RankRegion& row : r.rowsOf(region)) {
        if (!ranks.contains(row.rank))
            continue;
        const auto s = r.starts(row);
        const auto e = r.ends(row);
        for (std::size_t k = 0; k < s.size(); ++k)
            d.push_back(e[k] - s[k]);
    }
    std::sort(d.begin(), d.end());
    return d;
}

// "" when the percentiles of every region and selection agree: in memory,
// on demand in one read, on demand under `limit`; otherwise the first
// difference. Counts the regions whose selection was refined.
QString comparePercentiles(const ProfilingResults& inMemory, std::uint64_t limit, int* refined) {
    const ProfilingResults onDemand = MemoryCallSource::onDemand(inMemory);
    std::vector<RankSelection> selections{RankSelection()};
    if (inMemory.numRanks > 1)
        selections.push_back(RankSelection({inMemory.numRanks - 1}));
    for (std::size_t region = 0; region < inMemory.regions.size(); ++region) {
        for (const RankSelection& ranks : selections) {
            const QString where = QStringLiteral("%1 %2 ranks %3")
                                      .arg(QString::fromStdString(inMemory.path))
                                      .arg(QString::fromStdString(inMemory.regions[region]))
                                      .arg(QString::fromStdString(ranks.toString()));
            const Percentiles memory = Percentiles::of(inMemory, region, ranks);
            const std::vector<std::int64_t> sorted = sortedDurations(inMemory, region, ranks);
            // NumPy interpolates from the upper neighbour past the midpoint:
            // equal up to the last bits.
            const double reference = sorted.empty() ? 0.0 : numpyPercentile(sorted, 95) / 1e9;
            if (std::fabs(memory.p95 - reference) > 1e-12 * std::fabs(reference))
                return where + QStringLiteral(": p95 in memory differs from the reference");
            Percentiles::Work one;
            Percentiles::Work tiny;
            const Percentiles whole = Percentiles::of(
                onDemand, region, ranks, Percentiles::kDefaultByteLimit, nullptr, &one);
            const Percentiles refinedP =
                Percentiles::of(onDemand, region, ranks, limit, nullptr, &tiny);
            for (const auto& [got, name] :
                 {std::pair{whole, "one read"}, std::pair{refinedP, "refined"}}) {
                if (got.p50 != memory.p50 || got.p90 != memory.p90 || got.p95 != memory.p95 ||
                    got.p99 != memory.p99)
                    return QStringLiteral("%1 (%2): %3 %4 %5 %6, in memory %7 %8 %9 %10")
                        .arg(where, QLatin1String(name))
                        .arg(got.p50, 0, 'g', 17)
                        .arg(got.p90, 0, 'g', 17)
                        .arg(got.p95, 0, 'g', 17)
                        .arg(got.p99, 0, 'g', 17)
                        .arg(memory.p50, 0, 'g', 17)
                        .arg(memory.p90, 0, 'g', 17)
                        .arg(memory.p95, 0, 'g', 17)
                        .arg(memory.p99, 0, 'g', 17);
            }
            if (!sorted.empty() && (one.passes != 1 || one.refined))
                return where + QStringLiteral(": more than one read of calls that fit");
            if (sorted.size() > limit / sizeof(std::int64_t) && !tiny.refined)
                return where + QStringLiteral(": not refined under the limit");
            if (tiny.peakBytes > std::max(limit, kFloorBytes + limit / 2))
                return where + QStringLiteral(": held %1 bytes").arg(tiny.peakBytes);
            *refined += tiny.refined ? 1 : 0;
        }
    }
    return {};
}

fixtures::FixtureSpec synthetic(int schema, std::uint64_t calls) {
    fixtures::SyntheticRun::Shape shape;
    shape.ranks = 3;
    shape.calls = calls;
    shape.withMain = true;
    fixtures::FixtureSpec spec = fixtures::SyntheticRun::generate(shape);
    spec.schema = schema;
    return spec;
}

} // namespace

class TestOnDemandDistributions : public QObject {
    Q_OBJECT

    QTemporaryDir dir_;

    ProfilingResults written(const fixtures::FixtureSpec& spec, const QString& name) {
        const std::string file = dir_.filePath(name).toStdString();
        fixtures::FixtureWriter::write(spec, file);
        return readH5(file);
    }

private slots:
    void percentilesOfEverySample_data() {
        QTest::addColumn<QString>("file");
        for (const char* name : {"run_serial.h5", "run_np3.h5", "run_cli_cg.h5", "v3_serial.h5",
                                 "c-api/capi_run_rank00000.h5", "c-api/capi_run_rank00001.h5"})
            QTest::newRow(name) << QStringLiteral(SCOPE_TEST_DATA_DIR "/%1").arg(name);
    }
    void percentilesOfEverySample() {
        QFETCH(QString, file);
        const ProfilingResults r = readH5(file.toStdString());
        QVERIFY(r.eventsRead);
        for (const std::uint64_t limit : {kTinyLimit, kSmallestLimit}) {
            int refined = 0;
            const QString error = comparePercentiles(r, limit, &refined);
            QVERIFY2(error.isEmpty(), qPrintable(error));
            QVERIFY(refined > 0 || limit == kTinyLimit);
        }
    }

    void percentilesOfEveryFixtureLayout_data() {
        QTest::addColumn<fixtures::FixtureSpec>("spec");
        QTest::newRow("schema 1") << synthetic(1, 3000);
        QTest::newRow("schema 2 absolute") << synthetic(2, 3000);
        fixtures::FixtureSpec delta = synthetic(2, 3000);
        delta.encoding = fixtures::EventEncoding::Delta;
        QTest::newRow("schema 2 delta") << delta;
        QTest::newRow("schema 3 delta") << synthetic(3, 3000);
        fixtures::FixtureSpec shuffled = synthetic(3, 3000);
        shuffled.shuffleRows = true;
        shuffled.chunkSize = 7;
        QTest::newRow("schema 3 shuffled, chunks of 7") << shuffled;
        // 60,000 calls per rank and region, 720,000 in all.
        QTest::newRow("schema 3 many calls") << synthetic(3, 60000);
    }
    void percentilesOfEveryFixtureLayout() {
        QFETCH(fixtures::FixtureSpec, spec);
        const ProfilingResults r =
            written(spec, QStringLiteral("%1.h5").arg(QTest::currentDataTag()));
        int refined = 0;
        const QString error = comparePercentiles(r, kTinyLimit, &refined);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        QVERIFY(refined > 0);
    }

    // Durations worked out by hand: 1000 calls of 7 ns, one of 3 ns, one of
    // 10^12 ns. Sorted, index 0 is 3 ns, 1..1000 are 7 ns, 1001 is 10^12 ns:
    // p50..p99 fall on 7 ns; each refinement narrows 10^12 by 128 buckets
    // until the bucket holding 7 ns fits (the tiny limit keeps 128 values).
    void tiesAcrossAWideRangeAreExact() {
        Calls calls;
        for (int i = 0; i < 1000; ++i)
            calls.push_back({i * 100, i * 100 + 7});
        calls.push_back({200000, 200003});
        calls.push_back({300000, 300000 + 1000000000000});
        const ProfilingResults r = MemoryCallSource::onDemand(makeResults({{0, "a", calls}}));
        Percentiles::Work work;
        const Percentiles p = Percentiles::of(r, 0, {}, kTinyLimit, nullptr, &work);
        QCOMPARE(p.p50, 7e-9);
        QCOMPARE(p.p99, 7e-9);
        QVERIFY(work.refined);
        QVERIFY2(work.passes > 2, qPrintable(QString::number(work.passes)));
        QVERIFY(work.peakBytes <= kTinyLimit);
    }

    // Rows whose summaries do not bound their calls (a file written by a
    // profiler whose summary disagrees): the first pass finds calls outside
    // the range and counts again over theirs; the result stays exact.
    void summariesThatDoNotBoundTheCallsStillGiveExactPercentiles() {
        Calls calls;
        for (int i = 0; i < 500; ++i)
            calls.push_back({i * 1000, i * 1000 + 1 + (i * 37) % 400}); // 1..400 ns
        const ProfilingResults inMemory = makeResults({{0, "a", calls}});
        ProfilingResults r = MemoryCallSource::onDemand(inMemory);
        r.rows[0].summary.minimum = 100;
        r.rows[0].summary.maximum = 200;
        Percentiles::Work work;
        const Percentiles p = Percentiles::of(r, 0, {}, kTinyLimit, nullptr, &work);
        const Percentiles expected = Percentiles::of(inMemory, 0);
        QCOMPARE(p.p50, expected.p50);
        QCOMPARE(p.p90, expected.p90);
        QCOMPARE(p.p99, expected.p99);
        QVERIFY(work.refined);
    }

    void cancelledPercentilesReachNoRow() {
        const ProfilingResults r =
            MemoryCallSource::onDemand(readH5(SCOPE_TEST_DATA_DIR "/run_cli_cg.h5"));
        std::atomic<bool> cancel{true};
        std::vector<RegionTableRow> rows = RegionTable::compute(r, {}, nullptr, false);
        RegionTable::addPercentiles(r, {}, rows, &cancel, kTinyLimit);
        for (const RegionTableRow& row : rows)
            QVERIFY(!row.percentiles);
    }

    void tablePercentilesOnDemand() {
        const ProfilingResults inMemory = readH5(SCOPE_TEST_DATA_DIR "/run_np3.h5");
        const ProfilingResults r = MemoryCallSource::onDemand(inMemory);
        QVERIFY(!r.eventsRead);
        const std::vector<RegionTableRow> rows = RegionTable::compute(r, {}, nullptr, true);
        const std::vector<RegionTableRow> expected = RegionTable::compute(inMemory, {});
        QCOMPARE(rows.size(), expected.size());
        for (std::size_t i = 0; i < rows.size(); ++i) {
            QVERIFY(rows[i].percentiles);
            QCOMPARE(rows[i].percentiles->p90, expected[i].percentiles->p90);
        }
    }

    void histogramCountsEqualInMemory_data() {
        QTest::addColumn<QString>("file");
        for (const char* name : {"run_np3.h5", "run_cli_cg.h5", "c-api/capi_run_rank00000.h5"})
            QTest::newRow(name) << QStringLiteral(SCOPE_TEST_DATA_DIR "/%1").arg(name);
    }
    void histogramCountsEqualInMemory() {
        QFETCH(QString, file);
        const ProfilingResults inMemory = readH5(file.toStdString());
        const ProfilingResults r = MemoryCallSource::onDemand(inMemory);
        for (std::size_t region = 0; region < r.regions.size(); ++region) {
            const DurationHistogram expected =
                DurationHistogram::detailed(inMemory, region, {}, 40);
            const DurationHistogram got =
                DurationHistogram::detailed(r, region, {}, 40, kTinyLimit);
            QCOMPARE(got.edges, expected.edges);
            QCOMPARE(got.counts, expected.counts);
            QCOMPARE(got.outlineRanks, expected.outlineRanks);
            QCOMPARE(got.rankCounts, expected.rankCounts);
            QCOMPARE(got.mean, expected.mean);
            QCOMPARE(got.percentiles.p90, expected.percentiles.p90);
            const DurationHistogram linear = DurationHistogram::of(r, region, {}, 10);
            QCOMPARE(linear.counts, DurationHistogram::of(inMemory, region, {}, 10).counts);
        }
    }

    // By hand: rank 0 calls of 2, 3, 20 ns, rank 1 of 4, 200, 500, 900 ns;
    // three linear bins of 299.33 ns from 2 ns: 5 calls, 1, 1.
    void histogramByHandOnDemand() {
        const ProfilingResults r = MemoryCallSource::onDemand(
            makeResults({{0, "a", {{0, 2}, {10, 13}, {20, 40}}},
                         {1, "a", {{0, 4}, {10, 210}, {300, 800}, {1000, 1900}}}}));
        const DurationHistogram h = DurationHistogram::of(r, 0, {}, 3);
        QCOMPARE(h.counts, (std::vector<std::uint64_t>{5, 1, 1}));
        QCOMPARE(h.edges.front(), 2e-9);
        QCOMPARE(h.edges.back(), 900e-9);
    }

    void seriesEqualsInMemoryOrReportsTheLimit() {
        const ProfilingResults inMemory = readH5(SCOPE_TEST_DATA_DIR "/run_np3.h5");
        const ProfilingResults r = MemoryCallSource::onDemand(inMemory);
        for (std::size_t region = 0; region < r.regions.size(); ++region) {
            const DurationSeries expected = DurationSeries::of(inMemory, region, {});
            const DurationSeries got = DurationSeries::of(r, region, {});
            QCOMPARE(got.callsOverLimit(), std::uint64_t(0));
            QCOMPARE(got.ranks(), expected.ranks());
            QCOMPARE(got.starts(), expected.starts());
            QCOMPARE(got.durations(), expected.durations());
            QCOMPARE(got.medians(), expected.medians());
            QCOMPARE(got.medianStarts(), expected.medianStarts());
        }
        // The costliest region's calls do not fit in 48 bytes per call less
        // one: nothing is read and the series says how many calls there are.
        const std::uint64_t calls = r.pooled(0).count;
        QVERIFY(calls > 1);
        const auto* source = static_cast<const MemoryCallSource*>(r.onDemand.get());
        const std::uint64_t before = source->callsRead();
        const DurationSeries over = DurationSeries::of(r, 0, {}, DurationSeries::kMedianWindow,
                                                       calls * DurationSeries::kBytesPerCall - 1);
        QVERIFY(over.empty());
        QCOMPARE(over.callsOverLimit(), calls);
        QCOMPARE(source->callsRead(), before);
        // Events in memory have no limit.
        QCOMPARE(DurationSeries::of(inMemory, 0, {}, DurationSeries::kMedianWindow, 1).size(),
                 calls);
    }

    void noCallDataStillThrows() {
        const ProfilingResults r = readH5Summary(SCOPE_TEST_DATA_DIR "/v3_aggregate.h5");
        QVERIFY_THROWS_EXCEPTION(EventsUnavailable, Percentiles::of(r, 0));
        QVERIFY_THROWS_EXCEPTION(EventsUnavailable, DurationHistogram::detailed(r, 0, {}, 10));
        QVERIFY_THROWS_EXCEPTION(EventsUnavailable, DurationSeries::of(r, 0, {}));
    }
};

QTEST_MAIN(TestOnDemandDistributions)
#include "tst_OnDemandDistributions.moc"
