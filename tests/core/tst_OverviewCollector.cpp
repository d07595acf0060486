// SPDX-License-Identifier: GPL-3.0-or-later
// The whole-run overview gathered while the statistics' pass streams the
// calls: the same lanes and spans as the overview's own pass over the read
// run (rows in any order, delta-encoded or not, compressed), ties ranked by
// region name in both, and nothing (the pass's job) where the gathered
// calls cannot stand in for the run read: another extent, a row missing,
// thread lanes, or more coverage than it may hold. While the pass goes on,
// the ranks it has ranked show in place of their estimates.
#include "FixtureWriter.h"
#include "SyntheticRun.h"
#include "analysis/OverviewCollector.h"
#include "analysis/OverviewTimeline.h"
#include "format/ProfileReader.h"
#include "format/ReadRequest.h"

#include <QtTest>

#include <condition_variable>
#include <mutex>
#include <thread>

using namespace scope;

namespace {

constexpr std::size_t kBuckets = 64;

struct Gathered {
    ProfilingResults results;
    std::unique_ptr<OverviewCollector> collector;
};

// The file's summaries give the extent; its calls are streamed past a
// budget of one byte with the collector watching.
Gathered readGathering(const std::string& file, std::uint64_t maxBytes = 1 << 20) {
    ReadRequest summaries;
    summaries.summaryOnly = true;
    const ProfilingResults quick = readH5Summary(file, summaries);
    Gathered gathered;
    gathered.collector = OverviewCollector::forRun(quick, maxBytes, kBuckets);
    if (!gathered.collector)
        return gathered;
    ReadRequest read;
    read.memoryBudget = 1;
    read.control.streamed = gathered.collector.get();
    gathered.results = readH5(file, read);
    return gathered;
}

// What a lane shows: its rank, depth and key, then (from, to, region name) per span.
using Shown =
    std::vector<std::tuple<std::uint32_t, std::uint32_t, std::int64_t,
                           std::vector<std::tuple<std::int64_t, std::int64_t, std::string>>>>;

// Of every rank, or of one.
Shown shown(const ProfilingResults& results, const OverviewTimeline& overview,
            std::optional<std::uint32_t> rank = std::nullopt) {
    Shown out;
    for (std::size_t lane = 0; lane < overview.lanes().size(); ++lane) {
        const TimelineLane& l = overview.lanes()[lane];
        if (rank && l.rank != *rank)
            continue;
        std::vector<std::tuple<std::int64_t, std::int64_t, std::string>> spans;
        for (const TimelineSpan& s : overview.spans(lane))
            spans.emplace_back(s.startNs, s.endNs, results.regions.at(std::size_t(s.region)));
        out.emplace_back(l.rank, l.depth, l.key, std::move(spans));
    }
    return out;
}

// The calls passed on to a collector. When its first rank is ranked, the
// read is held until the collector's showFirstRanks, on a thread of its
// own, has shown what it has then.
class HeldAtFirstRank final : public StreamedCalls {
public:
    HeldAtFirstRank(OverviewCollector& collector, const OverviewTimeline& estimate)
        : collector_(collector), estimate_(estimate) {}

    void begin(std::span<const RankRegion> rows, std::span<const std::string> regions) override {
        collector_.begin(rows, regions);
    }
    void calls(std::size_t row, std::uint64_t first, std::span<const std::int64_t> starts,
               std::span<const std::int64_t> ends) override {
        collector_.calls(row, first, starts, ends);
        std::unique_lock lock(mutex_);
        if (held_ || !collector_.overviewSoFar(estimate_))
            return;
        held_ = true;
        changed_.wait_for(lock, std::chrono::seconds(30), [this] { return !shown_.empty(); });
    }
    void show(std::shared_ptr<const OverviewTimeline> overview) {
        {
            const std::lock_guard lock(mutex_);
            shown_.push_back(std::move(overview));
        }
        changed_.notify_all();
    }
    std::vector<std::shared_ptr<const OverviewTimeline>> shown() {
        const std::lock_guard lock(mutex_);
        return shown_;
    }

private:
    OverviewCollector& collector_;
    const OverviewTimeline& estimate_;
    std::mutex mutex_;
    std::condition_variable changed_;
    bool held_ = false;
    std::vector<std::shared_ptr<const OverviewTimeline>> shown_;
};

fixtures::FixtureSpec syntheticSpec(std::uint64_t seed) {
    fixtures::SyntheticRun::Shape shape;
    shape.ranks = 5;
    shape.regions = 5;
    shape.calls = 700;
    shape.seed = seed;
    shape.withMain = true;
    return fixtures::SyntheticRun::generate(shape);
}

std::string written(const QTemporaryDir& dir, const fixtures::FixtureSpec& spec) {
    const std::string file = dir.filePath(QStringLiteral("run.h5")).toStdString();
    fixtures::FixtureWriter::write(spec, file);
    return file;
}

} // namespace

class TestOverviewCollector : public QObject {
    Q_OBJECT
private slots:
    void gatheredIsThePassesOverview_data() {
        QTest::addColumn<int>("schema");
        QTest::addColumn<bool>("delta");
        QTest::addColumn<bool>("shuffled");
        QTest::addColumn<bool>("zstd");
        QTest::newRow("schema 3, delta") << 3 << true << false << false;
        QTest::newRow("schema 3, delta, rows shuffled") << 3 << true << true << false;
        QTest::newRow("schema 3, absolute, zstd") << 3 << false << false << true;
        QTest::newRow("schema 2, rows shuffled") << 2 << false << true << false;
    }
    void gatheredIsThePassesOverview() {
        QFETCH(int, schema);
        QFETCH(bool, delta);
        QFETCH(bool, shuffled);
        QFETCH(bool, zstd);
        fixtures::FixtureSpec spec = syntheticSpec(11);
        spec.schema = schema;
        spec.encoding = delta ? fixtures::EventEncoding::Delta : fixtures::EventEncoding::Absolute;
        spec.shuffleRows = shuffled;
        spec.compression = zstd ? fixtures::Compression::Zstd : fixtures::Compression::None;
        spec.chunkSize = 256;
        QTemporaryDir dir;
        const Gathered gathered = readGathering(written(dir, spec));
        QVERIFY(gathered.collector);
        QVERIFY(gathered.results.onDemand);
        const auto overview = gathered.collector->overview(gathered.results);
        QVERIFY(overview);
        QVERIFY(!overview->estimated());
        const auto pass = OverviewTimeline::build(gathered.results, {}, kBuckets);
        QCOMPARE(overview->startNs(), pass->startNs());
        QCOMPARE(overview->endNs(), pass->endNs());
        QCOMPARE(overview->ranks(), pass->ranks());
        QCOMPARE(shown(gathered.results, *overview), shown(gathered.results, *pass));
        QVERIFY(overview->lanes().size() >= 5);
    }

    // Rows by rank: the first rank is ranked while four are still to come.
    // It shows as the pass's overview will, the others as the estimate, once;
    // once all are ranked, the estimate is gone.
    void soFarTheRankedRanksReplaceTheirEstimates() {
        QTemporaryDir dir;
        const std::string file = written(dir, syntheticSpec(7));
        ReadRequest summaries;
        summaries.summaryOnly = true;
        const ProfilingResults quick = readH5Summary(file, summaries);
        const auto estimate = OverviewTimeline::fromSummaries(quick, kBuckets);
        QCOMPARE(estimate->ranksEstimated(), std::size_t(5));
        const auto collector = OverviewCollector::forRun(quick, 1 << 20, kBuckets);
        QVERIFY(collector);
        QVERIFY(!collector->overviewSoFar(*estimate));

        HeldAtFirstRank held(*collector, *estimate);
        std::thread showing([&] {
            collector->showFirstRanks(
                *estimate, [&](std::shared_ptr<const OverviewTimeline> o) { held.show(o); });
        });
        ReadRequest read;
        read.memoryBudget = 1;
        read.control.streamed = &held;
        const ProfilingResults results = readH5(file, read);
        collector->stop();
        showing.join();

        const auto pass = collector->overview(results);
        QVERIFY(pass);
        const auto soFar = held.shown();
        QCOMPARE(soFar.size(), std::size_t(1));
        const OverviewTimeline& first = *soFar.front();
        QVERIFY(!first.estimated());
        QCOMPARE(first.ranksEstimated(), std::size_t(4));
        QCOMPARE(first.ranks(), estimate->ranks());
        QCOMPARE(first.startNs(), estimate->startNs());
        QCOMPARE(first.endNs(), estimate->endNs());
        QVERIFY(!shown(quick, first, 0).empty());
        QCOMPARE(shown(quick, first, 0), shown(results, *pass, 0));
        QVERIFY(shown(quick, first, 0) != shown(quick, *estimate, 0));
        for (std::uint32_t rank = 1; rank < 5; ++rank)
            QCOMPARE(shown(quick, first, rank), shown(quick, *estimate, rank));

        const auto all = collector->overviewSoFar(*estimate);
        QVERIFY(all);
        QCOMPARE(all->ranksEstimated(), std::size_t(0));
        QCOMPARE(shown(quick, *all), shown(results, *pass));
    }

    // "zeta" and "alpha" cover the same 10 ns side by side in the first
    // bucket of 100 ns,
    // "zeta" met first in the file: the name that sorts first shows on top,
    // in the pass and gathered alike.
    void tiesRankByRegionName() {
        fixtures::FixtureSpec spec;
        spec.rows = {fixtures::FixtureRow::make(0, "zeta", {0}, {10}),
                     fixtures::FixtureRow::make(0, "alpha", {10}, {20}),
                     fixtures::FixtureRow::make(0, "late", {6000}, {6400})};
        QTemporaryDir dir;
        const Gathered gathered = readGathering(written(dir, spec));
        QVERIFY(gathered.collector);
        const auto overview = gathered.collector->overview(gathered.results);
        QVERIFY(overview);
        const auto pass = OverviewTimeline::build(gathered.results, {}, kBuckets);
        for (const auto* timeline : {overview.get(), pass.get()}) {
            const auto top = timeline->lane(0, 0);
            QVERIFY(top);
            const TimelineSpan first = timeline->spans(*top).front();
            QCOMPARE(gathered.results.regions.at(std::size_t(first.region)), std::string("zeta"));
            const auto second = timeline->lane(0, 1);
            QVERIFY(second);
            QCOMPARE(
                gathered.results.regions.at(std::size_t(timeline->spans(*second).front().region)),
                std::string("alpha"));
        }
    }

    void whatItCannotStandInForIsLeftToThePass() {
        QTemporaryDir dir;
        const std::string file = written(dir, syntheticSpec(5));
        {
            // 5 regions and main on a rank, 64 buckets: 3,072 bytes a rank.
            const Gathered small = readGathering(file, 3000);
            QVERIFY(small.collector);
            QVERIFY(!small.collector->overview(small.results));
        }
        Gathered gathered = readGathering(file);
        QVERIFY(gathered.collector->overview(gathered.results));
        {
            ProfilingResults oneRowLess = gathered.results;
            oneRowLess.rows.pop_back();
            QVERIFY(!gathered.collector->overview(oneRowLess));
        }
        {
            ProfilingResults later = gathered.results;
            for (RankRegion& row : later.rows)
                row.summary.endMaximum += 1;
            QVERIFY(!gathered.collector->overview(later));
        }
        {
            ProfilingResults inMemory = gathered.results;
            inMemory.onDemand = nullptr;
            QVERIFY(!gathered.collector->overview(inMemory));
        }
    }

    void threadLanesAreLeftToThePass() {
        fixtures::FixtureSpec spec = syntheticSpec(3);
        spec.threadTaskColumns = true;
        QTemporaryDir dir;
        const Gathered gathered = readGathering(written(dir, spec));
        QVERIFY(gathered.collector);
        QVERIFY(!gathered.collector->overview(gathered.results));
    }

    void summariesWithoutTimesGiveNoCollector() {
        ProfilingResults aggregate;
        aggregate.regions = {"main"};
        RankRegion row;
        row.summary.count = 3;
        row.summary.hasTimes = false;
        aggregate.rows.push_back(row);
        QVERIFY(!OverviewCollector::forRun(aggregate, 1 << 20));
    }
};

QTEST_GUILESS_MAIN(TestOverviewCollector)
#include "tst_OverviewCollector.moc"
