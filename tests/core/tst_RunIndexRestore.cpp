// SPDX-License-Identifier: GPL-3.0-or-later
// A run read on demand, kept as a RunIndex and opened again from it, must
// show what a fresh read and build show, on every fixture layout (delta
// rows with checkpoints, compressed chunks, thread lanes): the rows'
// statistics, the lanes and extent, the spans and hits at every zoom (those
// finer than the kept pyramid read from the file again), the exclusive
// times and the call tree. Parts that do not fit the run, checkpoints that
// do not fit its rows, and a file changed since are refused.
#include "FileDamage.h"
#include "FixtureWriter.h"
#include "LaneSpecs.h"
#include "LayoutRows.h"
#include "MemoryCallSource.h"
#include "SplitMix64.h"
#include "SyntheticRun.h"
#include "TestSupport.h"
#include "analysis/OnDemandTimeline.h"
#include "format/ProfileReader.h"
#include "index/RunIndex.h"
#include "model/Errors.h"

#include <QTemporaryDir>
#include <QtTest>

#include <algorithm>
#include <limits>

using namespace scope;
using namespace scope::fixtures;
using scope::testing::thrown;

namespace {

constexpr std::uint64_t kTimelineBudget = 64ull << 20;

std::shared_ptr<const ProfilingResults> readOnDemand(const std::string& file) {
    // Values only libhdf5 reads are held whatever the budget: the least
    // budget above them reads the rest on demand.
    ReadRequest options;
    options.memoryBudget =
        std::max<std::uint64_t>(planH5(file).events.inlineValues.size() * sizeof(std::int64_t), 1);
    return std::make_shared<const ProfilingResults>(readH5(file, options));
}

// The spans once any window they need has been read.
std::vector<TimelineSpan> settled(const OnDemandTimeline& t, std::size_t lane, std::int64_t t0,
                                  std::int64_t t1, double nsPerPixel) {
    std::vector<TimelineSpan> out;
    for (int attempt = 0; attempt < 4 && !t.query(lane, t0, t1, nsPerPixel, out); ++attempt)
        t.waitIdle();
    return out;
}

std::optional<TimelineSpan> settledHit(const OnDemandTimeline& t, std::size_t lane, std::int64_t at,
                                       double nsPerPixel) {
    const auto half = static_cast<std::int64_t>(nsPerPixel / 2);
    settled(t, lane, at - half, at + half + 1, nsPerPixel);
    return t.hitTest(lane, at, nsPerPixel);
}

QString spanText(const TimelineSpan& s) {
    return QStringLiteral("[%1, %2] region %3 event %4 count %5")
        .arg(s.startNs)
        .arg(s.endNs)
        .arg(s.region)
        .arg(s.event)
        .arg(s.count);
}

// "" when both give the same spans and hits at every zoom in `zooms`, over
// the whole run and over random windows of 2,000 pixels.
QString compareQueries(const OnDemandTimeline& got, const OnDemandTimeline& expected,
                       const std::vector<double>& zooms, std::uint64_t seed,
                       std::size_t* compared = nullptr) {
    SplitMix64 random(seed);
    const std::int64_t start = expected.startNs();
    const std::int64_t end = expected.endNs() + 1;
    for (const double zoom : zooms)
        for (std::size_t lane = 0; lane < expected.lanes().size(); ++lane) {
            for (int w = 0; w < 3; ++w) {
                std::int64_t t0 = start;
                std::int64_t t1 = end;
                if (w > 0) {
                    t0 = start + static_cast<std::int64_t>(
                                     random.below(static_cast<std::uint64_t>(end - start)));
                    t1 = std::min(end, t0 + static_cast<std::int64_t>(zoom * 2000) + 1);
                }
                const auto a = settled(got, lane, t0, t1, zoom);
                const auto b = settled(expected, lane, t0, t1, zoom);
                if (a != b)
                    return QStringLiteral("lane %1 at %2 ns/px over [%3, %4): %5 spans, expected "
                                          "%6%7")
                        .arg(lane)
                        .arg(zoom)
                        .arg(t0)
                        .arg(t1)
                        .arg(a.size())
                        .arg(b.size())
                        .arg(a.empty() || b.empty()
                                 ? QString()
                                 : QStringLiteral(", first %1 vs %2")
                                       .arg(spanText(a.front()), spanText(b.front())));
                if (compared)
                    *compared += b.size();
                const std::int64_t at = t0 + (t1 - t0) / 2;
                if (settledHit(got, lane, at, zoom) != settledHit(expected, lane, at, zoom))
                    return QStringLiteral("lane %1 at %2 ns/px: another hit at %3")
                        .arg(lane)
                        .arg(zoom)
                        .arg(at);
            }
        }
    return {};
}

QString compareTimelines(const OnDemandTimeline& got, const OnDemandTimeline& expected) {
    if (got.startNs() != expected.startNs() || got.endNs() != expected.endNs())
        return QStringLiteral("extent [%1, %2], expected [%3, %4]")
            .arg(got.startNs())
            .arg(got.endNs())
            .arg(expected.startNs())
            .arg(expected.endNs());
    if (got.lanes().size() != expected.lanes().size())
        return QStringLiteral("%1 lanes, expected %2")
            .arg(got.lanes().size())
            .arg(expected.lanes().size());
    for (std::size_t i = 0; i < got.lanes().size(); ++i) {
        const TimelineLane& a = got.lanes()[i];
        const TimelineLane& b = expected.lanes()[i];
        if (a.rank != b.rank || a.depth != b.depth || a.begin != b.begin || a.size != b.size ||
            a.key != b.key)
            return QStringLiteral("lane %1 differs").arg(i);
    }
    if (got.ranks() != expected.ranks() || got.maxDepth() != expected.maxDepth())
        return QStringLiteral("other ranks or depths");
    for (const std::uint32_t rank : expected.ranks())
        if (got.laneKeys(rank) != expected.laneKeys(rank) ||
            got.maxDepth(rank) != expected.maxDepth(rank))
            return QStringLiteral("rank %1 has other lanes").arg(rank);
    if (got.exclusiveByRow() != expected.exclusiveByRow())
        return QStringLiteral("other exclusive times");
    const CallTree a = got.callTree();
    const CallTree b = expected.callTree();
    if (a.parent != b.parent || a.region != b.region || a.calls != b.calls ||
        a.inclusiveNs != b.inclusiveNs || a.exclusiveNs != b.exclusiveNs ||
        a.maxRankInclusiveNs != b.maxRankInclusiveNs || a.ranksWithCalls != b.ranksWithCalls ||
        a.runNs != b.runNs || a.overlaps != b.overlaps || a.selectedRanks != b.selectedRanks)
        return QStringLiteral("another call tree");
    return {};
}

QString compareRows(const ProfilingResults& got, const ProfilingResults& fresh,
                    const OnDemandTimeline& freshTimeline) {
    if (got.regions != fresh.regions || got.rows.size() != fresh.rows.size() ||
        got.numRanks != fresh.numRanks)
        return QStringLiteral("other regions or rows");
    for (std::size_t i = 0; i < got.rows.size(); ++i) {
        const RankRegion& a = got.rows[i];
        const RankRegion& b = fresh.rows[i];
        const CallSummary& x = a.summary;
        const CallSummary& y = b.summary;
        const std::optional<std::int64_t> exclusive =
            b.exclusiveNs ? b.exclusiveNs : freshTimeline.exclusiveByRow()[i];
        if (a.rank != b.rank || a.region != b.region || a.offset != b.offset ||
            x.count != y.count || x.total != y.total || x.minimum != y.minimum ||
            x.maximum != y.maximum || x.first != y.first || x.last != y.last ||
            x.startMinimum != y.startMinimum || x.endMaximum != y.endMaximum ||
            a.exclusiveNs != exclusive)
            return QStringLiteral("row %1 (rank %2, %3) differs")
                .arg(i)
                .arg(b.rank)
                .arg(QString::fromStdString(fresh.regions[b.region]));
    }
    return {};
}

// Rows of several checkpoints (4,096 calls) and chunks, nesting on two ranks.
FixtureSpec longRows(Compression compression, EventEncoding encoding) {
    SyntheticRun::Shape shape;
    shape.ranks = 2;
    shape.regions = 3;
    shape.calls = 12'000;
    shape.withMain = true;
    FixtureSpec spec = SyntheticRun::generate(shape);
    spec.schema = 3;
    spec.compression = compression;
    spec.encoding = encoding;
    spec.chunkSize = 3'000;
    return spec;
}

} // namespace

class TestRunIndexRestore : public QObject {
    Q_OBJECT

    QTemporaryDir dir_;
    std::string path(const QString& name) const { return dir_.filePath(name).toStdString(); }

    struct Fresh {
        std::shared_ptr<const ProfilingResults> results;
        std::shared_ptr<const OnDemandTimeline> timeline;
    };
    Fresh fresh(const std::string& file) const {
        Fresh f;
        f.results = readOnDemand(file);
        if (!f.results->onDemand)
            throw std::logic_error("not read on demand");
        f.timeline = OnDemandTimeline::build(f.results, kTimelineBudget, {});
        return f;
    }

    // The whole pyramid kept: every zoom as in the fresh timeline, the
    // finest ones (0.5 ns a pixel, below every level) read from the file.
    void checkReopen(const std::string& file) const {
        const Fresh f = fresh(file);
        RunIndex index = RunIndex::of(*f.timeline, IndexKey::of(file), ~std::uint64_t{0});
        QVERIFY(index.results.onDemand == nullptr);
        QVERIFY(index.results.events.starts.empty());
        QCOMPARE(index.timeline.pyramid.levels(), f.timeline->pyramid().levels());
        // Coarser hulls, the same calls found in every window below.
        QCOMPARE(index.timeline.blockCalls,
                 std::max(f.timeline->parts().blockCalls, RunIndex::kBlockCalls));
        const auto reopened = std::move(index).open(file, kTimelineBudget);
        QVERIFY(reopened->results().onDemand != nullptr);
        QCOMPARE(reopened->results().path, file);

        QString error = compareRows(reopened->results(), *f.results, *f.timeline);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        error = compareTimelines(*reopened, *f.timeline);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        const double extent = double(f.timeline->endNs() + 1 - f.timeline->startNs());
        error = compareQueries(*reopened, *f.timeline,
                               {extent / 100, extent / TimelinePyramid::kTopColumns, extent / 1000,
                                extent / 20'000, 0.5},
                               1);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        QVERIFY(reopened->readError().empty());
    }

    static void addSpecs() {
        testing::addLayoutRows();
        QTest::newRow("threads and tasks") << LaneSpecs::threadsAndTasks(3);
        QTest::newRow("long rows, delta, zstd")
            << longRows(Compression::Zstd, EventEncoding::Delta);
        QTest::newRow("long rows, absolute, deflate")
            << longRows(Compression::Deflate, EventEncoding::Absolute);
    }

private slots:
    void reopenEqualsFreshRead_data() { addSpecs(); }
    void reopenEqualsFreshRead() {
        QFETCH(FixtureSpec, spec);
        const std::string file = path(QStringLiteral("run.h5"));
        FixtureWriter::write(spec, file);
        checkReopen(file);
    }

    // Rows dropped as damaged by the read: the plan's datasets of schema 1
    // named rows by their place before.
    void damagedRegionsStayOut() {
        const std::string file = path(QStringLiteral("damaged.h5"));
        FixtureWriter::write(SampleSpecs::standard(1), file);
        FileDamage::damageSchema1Region(file, 1, "rhs.eval",
                                        FileDamage::Schema1Damage::LengthMismatch);
        FileDamage::damageSchema1Region(file, 0, "Löser-ε",
                                        FileDamage::Schema1Damage::LengthMismatch);
        QCOMPARE(readOnDemand(file)->damaged.size(), std::size_t{2});
        checkReopen(file);
    }

    // The sample runs of scope-profiler and its C API (deep nesting, recursion).
    void samplesReopen_data() {
        QTest::addColumn<QString>("file");
        for (const char* name : {"run_serial.h5", "run_np3.h5", "run_cli_cg.h5", "v3_serial.h5",
                                 "c-api/capi_run_rank00000.h5"})
            QTest::newRow(name) << QStringLiteral(SCOPE_TEST_DATA_DIR "/") + QLatin1String(name);
    }
    void samplesReopen() {
        QFETCH(QString, file);
        checkReopen(file.toStdString());
    }

    // The pyramid cut to its coarsest level: that level as built, and every
    // finer zoom read from the file as exactly as the fresh timeline reads it.
    void trimmedPyramidReadsFinerZooms_data() { addSpecs(); }
    void trimmedPyramidReadsFinerZooms() {
        QFETCH(FixtureSpec, spec);
        const std::string file = path(QStringLiteral("trimmed.h5"));
        FixtureWriter::write(spec, file);
        const Fresh f = fresh(file);
        RunIndex index = RunIndex::of(*f.timeline, IndexKey::of(file), 0);
        QCOMPARE(index.timeline.pyramid.levels(), std::size_t{1});
        const auto reopened = std::move(index).open(file, kTimelineBudget);
        const TimelinePyramid& kept = reopened->pyramid();
        const TimelinePyramid& built = f.timeline->pyramid();
        QCOMPARE(kept.width(0), built.width(built.levels() - 1));
        for (std::size_t lane = 0; lane < built.lanes().size(); ++lane) {
            const auto a = kept.spans(0, lane);
            const auto b = built.spans(built.levels() - 1, lane);
            QVERIFY(std::equal(a.begin(), a.end(), b.begin(), b.end()));
        }
        std::size_t compared = 0;
        const QString error = compareQueries(*reopened, *f.timeline, {0.5}, 2, &compared);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        QVERIFY(compared > 0); // whole-run windows at least: calls were read
    }

    // The pyramid's stored form is the pyramid.
    void storedPyramidRoundTrips() {
        const std::string file = path(QStringLiteral("stored.h5"));
        FixtureWriter::write(longRows(Compression::None, EventEncoding::Delta), file);
        const Fresh f = fresh(file);
        const TimelinePyramid& p = f.timeline->pyramid();
        QVERIFY(p.levels() > 1);
        const std::vector<TimelineLane> lanes(p.lanes().begin(), p.lanes().end());
        const TimelinePyramid back = TimelinePyramid::fromStored(
            p.originNs(), p.endNs(), p.budgetBytes(), lanes, p.stored());
        QCOMPARE(back.levels(), p.levels());
        for (std::size_t level = 0; level < p.levels(); ++level) {
            QCOMPARE(back.width(level), p.width(level));
            for (std::size_t lane = 0; lane < lanes.size(); ++lane) {
                const auto a = back.spans(level, lane);
                const auto b = p.spans(level, lane);
                QVERIFY(std::equal(a.begin(), a.end(), b.begin(), b.end()));
            }
        }
        // Stored levels that are not this run's pyramid are refused.
        const auto refused =
            [&](const std::function<void(std::vector<TimelineLane>&,
                                         std::vector<TimelinePyramid::StoredLevel>&)>& change) {
                std::vector<TimelineLane> l = lanes;
                std::vector<TimelinePyramid::StoredLevel> s = p.stored();
                change(l, s);
                try {
                    TimelinePyramid::fromStored(p.originNs(), p.endNs(), p.budgetBytes(), l, s);
                } catch (const std::invalid_argument&) {
                    return true;
                }
                return false;
            };
        using Levels = std::vector<TimelinePyramid::StoredLevel>;
        using Lanes = std::vector<TimelineLane>;
        QVERIFY(refused([](Lanes&, Levels& s) { s[0].width *= 2; }));
        QVERIFY(refused([](Lanes&, Levels& s) { s[0].laneBegin.pop_back(); }));
        QVERIFY(refused([](Lanes&, Levels& s) { s[1].laneBegin[1] = s[1].spans.size() + 1; }));
        QVERIFY(refused([](Lanes&, Levels& s) { s[0].spans[0].count = 0; }));
        QVERIFY(refused([](Lanes&, Levels& s) { s[0].spans[0].region = -2; }));
        QVERIFY(refused([](Lanes& l, Levels&) { l[1].begin += 1; }));
        QVERIFY(refused([](Lanes& l, Levels&) { std::swap(l[0], l[1]); }));
        QVERIFY(refused([](Lanes& l, Levels&) {
            // A lane that holds fewer calls than its spans count.
            const auto wide = std::find_if(l.begin(), l.end(),
                                           [](const TimelineLane& lane) { return lane.size > 1; });
            wide->size -= 1;
            for (auto after = wide + 1; after != l.end(); ++after)
                after->begin -= 1;
        }));
        QVERIFY(refused([](Lanes&, Levels& s) { s.clear(); }));
        QVERIFY_THROWS_EXCEPTION(
            std::invalid_argument,
            TimelinePyramid::fromStored(std::numeric_limits<std::int64_t>::min(),
                                        std::numeric_limits<std::int64_t>::max() - 1, 0, {}, {}));
        QVERIFY(refused([&](Lanes&, Levels& s) {
            for (int i = 0; i < 40; ++i)
                s.push_back(s.back());
        }));
    }

    // Parts or checkpoints that do not fit the run are refused naming the file.
    void partsThatDoNotFitAreRefused() {
        const std::string file = path(QStringLiteral("misfit.h5"));
        FixtureWriter::write(longRows(Compression::Zstd, EventEncoding::Delta), file);
        const Fresh f = fresh(file);
        const IndexKey key = IndexKey::of(file);
        const auto refusal = [&](const std::function<void(RunIndex&)>& change) {
            RunIndex index = RunIndex::of(*f.timeline, key, ~std::uint64_t{0});
            change(index);
            return thrown([&] { std::move(index).open(file, kTimelineBudget); });
        };
        QCOMPARE(refusal([](RunIndex&) {}), QStringLiteral("no error"));
        const auto corrupt = [&](const QString& what) {
            return what.startsWith(QStringLiteral("CorruptProfileError: ") +
                                   QString::fromStdString(file));
        };
        QVERIFY(corrupt(refusal([](RunIndex& i) { i.timeline.exclusive.pop_back(); })));
        QVERIFY(corrupt(refusal([](RunIndex& i) { i.timeline.rowSorted.push_back(1); })));
        QVERIFY(corrupt(refusal([](RunIndex& i) { i.timeline.blockCalls = 48; })));
        QVERIFY(corrupt(refusal([](RunIndex& i) { i.timeline.rowBlockBegin.back() += 1; })));
        QVERIFY(corrupt(refusal([](RunIndex& i) { i.timeline.blockMaxReach.pop_back(); })));
        QVERIFY(corrupt(refusal([](RunIndex& i) { i.timeline.rowsByOffset[0] = 1'000; })));
        QVERIFY(corrupt(refusal([](RunIndex& i) { i.timeline.rowsByOffset.pop_back(); })));
        QVERIFY(corrupt(refusal([](RunIndex& i) { i.timeline.rankTrees.pop_back(); })));
        QVERIFY(corrupt(refusal([](RunIndex& i) { i.timeline.rankTrees[0].parent[1] = 5; })));
        QVERIFY(corrupt(refusal([](RunIndex& i) { i.timeline.rankLanes = RankLaneTable(); })));
        QVERIFY(corrupt(refusal([](RunIndex& i) { i.timeline.pyramid = TimelinePyramid(); })));
        QVERIFY(corrupt(refusal([](RunIndex& i) {
            // A span naming a region the run does not have.
            const TimelinePyramid& p = i.timeline.pyramid;
            auto levels = p.stored();
            levels[0].spans[0].region = static_cast<std::int32_t>(i.results.regions.size());
            i.timeline.pyramid = TimelinePyramid::fromStored(
                p.originNs(), p.endNs(), p.budgetBytes(),
                std::vector<TimelineLane>(p.lanes().begin(), p.lanes().end()), levels);
        })));
        QVERIFY(corrupt(refusal([](RunIndex& i) { i.results.rows.pop_back(); })));
        // The checkpoints of delta-encoded rows.
        QVERIFY(corrupt(refusal([](RunIndex& i) { i.checkpoints.pop_back(); })));
        QVERIFY(corrupt(refusal([](RunIndex& i) { i.checkpoints[0].push_back(0); })));
        QVERIFY(corrupt(refusal([](RunIndex& i) { i.checkpoints[1][0] = 7; })));
        QVERIFY(corrupt(refusal([](RunIndex& i) { i.results.rows[1].offset = 0; })));
    }

    // A file written again since it was indexed is not read through the index.
    void changedFileIsRefused() {
        const std::string file = path(QStringLiteral("changed.h5"));
        FixtureSpec spec = longRows(Compression::None, EventEncoding::Delta);
        FixtureWriter::write(spec, file);
        const Fresh f = fresh(file);
        RunIndex index = RunIndex::of(*f.timeline, IndexKey::of(file), ~std::uint64_t{0});
        spec.rows.push_back(FixtureRow::make(0, "late", {1}, {2}));
        FixtureWriter::write(spec, file);
        QVERIFY(IndexKey::of(file) != index.key);
        const QString error = thrown([&] { std::move(index).open(file, kTimelineBudget); });
        QVERIFY2(error.startsWith(QStringLiteral("CorruptProfileError: ") +
                                  QString::fromStdString(file)),
                 qPrintable(error));
    }

    // Only calls read through an event plan are indexed; a run that is gone
    // cannot be opened from its index.
    void onlyPlannedCallsAreIndexed() {
        const std::string file = path(QStringLiteral("planned.h5"));
        FixtureWriter::write(SampleSpecs::standard(3), file);
        const ProfilingResults memory = readH5(file);
        const auto inMemory =
            std::make_shared<const ProfilingResults>(testing::MemoryCallSource::onDemand(memory));
        const auto timeline = OnDemandTimeline::build(inMemory, kTimelineBudget, {});
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument,
                                 RunIndex::of(*timeline, IndexKey::of(file), 0));

        const Fresh f = fresh(file);
        RunIndex index = RunIndex::of(*f.timeline, IndexKey::of(file), 0);
        const std::string gone = path(QStringLiteral("gone.h5"));
        const QString error = thrown([&] { std::move(index).open(gone, 0); });
        QVERIFY2(
            error.startsWith(QStringLiteral("FileNotFoundError: ") + QString::fromStdString(gone)),
            qPrintable(error));
    }
};

QTEST_GUILESS_MAIN(TestRunIndexRestore)
#include "tst_RunIndexRestore.moc"
