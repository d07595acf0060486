// SPDX-License-Identifier: GPL-3.0-or-later
// Percentiles computed where the calls are and carried with the results: the
// kept values are those of the calls, they cross the read helper's, the
// index's and the SSH payload's encoding (ResultsHeader) unchanged, and the
// region table shows them without the calls, for all ranks only.
#include "HugeRunWriter.h"
#include "KeptHandRun.h"
#include "MemoryCallSource.h"
#include "analysis/KeptHistograms.h"
#include "analysis/KeptPercentiles.h"
#include "analysis/Percentiles.h"
#include "analysis/RegionCalls.h"
#include "analysis/RegionTable.h"
#include "format/ProfileReader.h"
#include "index/IndexBuilder.h"
#include "index/IndexCache.h"
#include "load/AsyncLoader.h"
#include "load/ProfileFileReader.h"
#include "model/Errors.h"

#include <QtTest>

#include <QTemporaryDir>

#include <limits>
#include <mutex>

using namespace scope;
using testing::keptHandRun;
using testing::roundTrip;

namespace {

constexpr RegionPercentiles kSolve{30e-9, 46e-9, 48e-9, 49.6e-9};
constexpr RegionPercentiles kIo{7e-9, 7e-9, 7e-9, 7e-9};

bool close(const RegionPercentiles& got, const RegionPercentiles& expected) {
    const auto near = [](double a, double b) { return std::abs(a - b) <= 1e-18; };
    return near(got.p50, expected.p50) && near(got.p90, expected.p90) &&
           near(got.p95, expected.p95) && near(got.p99, expected.p99);
}

// Empty when `kept` are the percentiles of `local`'s calls.
QString mismatch(const std::vector<RegionPercentiles>& kept, const ProfilingResults& local) {
    if (kept.size() != local.regions.size())
        return QStringLiteral("%1 kept for %2 regions").arg(kept.size()).arg(local.regions.size());
    for (std::size_t region = 0; region < kept.size(); ++region) {
        const Percentiles p = Percentiles::of(local, region);
        if (kept[region] != RegionPercentiles{p.p50, p.p90, p.p95, p.p99})
            return QStringLiteral("%1: p50 %2, from the calls %3")
                .arg(QString::fromStdString(local.regions[region]))
                .arg(kept[region].p50)
                .arg(p.p50);
    }
    return {};
}

// The viewer's load of `path` within `budget`, keeping its index.
LoadOutcome load(const std::string& path, std::uint64_t budget) {
    std::mutex mutex;
    LoadOutcome loaded;
    AsyncLoader::Callbacks callbacks;
    callbacks.finished = [&](const LoadOutcome& outcome) {
        std::lock_guard lock(mutex);
        loaded = outcome;
    };
    AsyncLoader loader(std::move(callbacks));
    LoadRequest request{path};
    request.memoryBudget = budget;
    request.useIndex = true;
    loader.start(request);
    loader.waitAll();
    return loaded;
}

} // namespace

class TestKeptPercentiles : public QObject {
    Q_OBJECT
private slots:
    void keptValuesAreThoseWorkedOutByHand() {
        const ProfilingResults run = keptHandRun();
        const std::vector<RegionPercentiles> kept = KeptPercentiles::compute(run);
        QCOMPARE(kept.size(), run.regions.size());
        QVERIFY(close(kept[*run.regionIndex("solve")], kSolve));
        QVERIFY(close(kept[*run.regionIndex("io")], kIo));
        for (std::size_t region = 0; region < run.regions.size(); ++region) {
            const Percentiles p = Percentiles::of(run, region);
            QCOMPARE(kept[region], (RegionPercentiles{p.p50, p.p90, p.p95, p.p99}));
        }
    }

    void callsReadOnDemandGiveTheSame() {
        const ProfilingResults inMemory = keptHandRun();
        const ProfilingResults onDemand = testing::MemoryCallSource::onDemand(keptHandRun());
        QCOMPARE(KeptPercentiles::compute(onDemand), KeptPercentiles::compute(inMemory));
        // A limit of a few durations: the selection refines over several reads.
        QCOMPARE(KeptPercentiles::compute(onDemand, nullptr, 16),
                 KeptPercentiles::compute(inMemory));
    }

    void cancelledKeepsNothing() {
        ProfilingResults run = keptHandRun();
        const std::atomic<bool> cancel{true};
        QVERIFY(KeptPercentiles::compute(run, &cancel).empty());
        QVERIFY(!KeptPercentiles::keep(run, &cancel));
        QVERIFY(run.keptPercentiles.empty());
    }

    void theyFollowTheirRegionsThroughFinalize() {
        ProfilingResults run = keptHandRun();
        QVERIFY(KeptPercentiles::keep(run));
        const std::size_t solve = *run.regionIndex("solve");
        const std::size_t io = *run.regionIndex("io");
        // The regions in another order, as a reader hands them to finalize().
        std::swap(run.regions[solve], run.regions[io]);
        std::swap(run.keptPercentiles[solve], run.keptPercentiles[io]);
        for (RankRegion& row : run.rows)
            row.region = row.region == solve ? static_cast<std::uint32_t>(io)
                                             : static_cast<std::uint32_t>(solve);
        run.finalize();
        QVERIFY(close(run.keptPercentiles[*run.regionIndex("solve")], kSolve));
        QVERIFY(close(run.keptPercentiles[*run.regionIndex("io")], kIo));
    }

    void theyCrossTheResultsEncodingUnchanged() {
        ProfilingResults run = keptHandRun();
        QVERIFY(KeptPercentiles::keep(run));
        const ProfilingResults decoded = roundTrip(run);
        QCOMPARE(decoded.regions, run.regions);
        QCOMPARE(decoded.keptPercentiles, run.keptPercentiles);
        // Results not kept stay not kept.
        QVERIFY(roundTrip(keptHandRun()).keptPercentiles.empty());
    }

    void theTableShowsThemWithoutCallsForAllRanksOnly() {
        ProfilingResults run = keptHandRun();
        QVERIFY(KeptPercentiles::keep(run));
        ProfilingResults remote = roundTrip(run); // no calls, as over SSH
        remote.eventsOnHost = true;
        QVERIFY(!hasCallData(remote));
        const std::size_t solve = *remote.regionIndex("solve");
        for (const RankSelection& all : {RankSelection(), RankSelection({0, 1})}) {
            const std::vector<RegionTableRow> rows = RegionTable::compute(remote, all);
            QCOMPARE(rows.size(), remote.regions.size());
            QVERIFY(rows[solve].percentiles);
            QVERIFY(
                close(RegionPercentiles{rows[solve].percentiles->p50, rows[solve].percentiles->p90,
                                        rows[solve].percentiles->p95, rows[solve].percentiles->p99},
                      kSolve));
            // The summaries-first stage too: they cost nothing.
            QVERIFY(RegionTable::compute(remote, all, nullptr, false)[solve].percentiles);
        }
        // Rank 0 alone: its calls are on the host; no percentiles.
        QVERIFY(!RegionTable::compute(remote, RankSelection({0}))[solve].percentiles);
        // With the calls here, a rank selection is computed from them:
        // rank 0's 10, 20, 30, 40 ns have their median at 25 ns.
        const std::vector<RegionTableRow> rank0 = RegionTable::compute(run, RankSelection({0}));
        QVERIFY(rank0[solve].percentiles);
        QCOMPARE(rank0[solve].percentiles->p50, 25e-9);
    }

    void aDamagedCountIsRefused() {
        ProfilingResults run = keptHandRun();
        QVERIFY(KeptPercentiles::keep(run));
        run.keptPercentiles.push_back({}); // one more than the regions
        QVERIFY_THROWS_EXCEPTION(CorruptProfileError, roundTrip(run));
    }

    // A run read on demand (16 ranks, 38,400 calls, within 3.2 MB): the
    // viewer keeps its percentiles and histograms in the index, a reopen
    // shows them, and scope-index's index holds the same; all those of a
    // read into memory.
    void theIndexKeepsThePercentilesOfTheCalls() {
        QTemporaryDir dir;
        QTemporaryDir cache;
        QVERIFY(dir.isValid() && cache.isValid());
        qputenv("XDG_CACHE_HOME", cache.path().toUtf8());
        const std::string run = dir.filePath("run.h5").toStdString();
        fixtures::HugeRunWriter::Shape shape;
        shape.ranks = 16;
        shape.regions = 4;
        shape.calls = 600;
        shape.chunkElements = 1024;
        fixtures::HugeRunWriter::write(shape, run);
        const ProfilingResults local = readProfileFile(run, {});
        QVERIFY(local.eventsRead);

        const LoadOutcome first = load(run, 3'200'000);
        QVERIFY(!first.error);
        QVERIFY(first.results && first.results->onDemand);
        QVERIFY2(first.indexNote.starts_with("index kept"), first.indexNote.c_str());
        QCOMPARE(mismatch(first.results->keptPercentiles, local), QString());
        const std::optional<RunIndex> kept = IndexCache::standard().find(run);
        QVERIFY(kept);
        QCOMPARE(mismatch(kept->results.keptPercentiles, local), QString());

        const LoadOutcome second = load(run, 3'200'000);
        QCOMPARE(second.indexNote, std::string("opened from its index"));
        QCOMPARE(mismatch(second.results->keptPercentiles, local), QString());

        const RunIndex built = IndexBuilder(run, 3'200'000, {}).buildAll();
        QCOMPARE(built.results.keptPercentiles, kept->results.keptPercentiles);

        // The histograms too (tst_KeptHistograms has their values).
        const std::vector<RegionHistogram> histograms = KeptHistograms::compute(local);
        QCOMPARE(kept->results.keptHistograms, histograms);
        QCOMPARE(second.results->keptHistograms, histograms);
        QCOMPARE(built.results.keptHistograms, histograms);
        qunsetenv("XDG_CACHE_HOME");
    }

    void anImpossibleValueIsRefused() {
        ProfilingResults run = keptHandRun();
        QVERIFY(KeptPercentiles::keep(run));
        run.keptPercentiles[0].p90 = std::numeric_limits<double>::quiet_NaN();
        QVERIFY_THROWS_EXCEPTION(CorruptProfileError, roundTrip(run));
        run.keptPercentiles[0].p90 = std::numeric_limits<double>::infinity();
        QVERIFY_THROWS_EXCEPTION(CorruptProfileError, roundTrip(run));
    }
};

QTEST_GUILESS_MAIN(TestKeptPercentiles)
#include "tst_KeptPercentiles.moc"
