// SPDX-License-Identifier: GPL-3.0-or-later
// The index file's encoding: a hand-made index comes back field by field;
// a truncated, damaged or other-version index throws CorruptIndexError.
#include "FixtureIndex.h"
#include "HandMadeIndex.h"
#include "index/IndexCodec.h"
#include "model/Errors.h"

#include <QTemporaryDir>
#include <QtTest>

#include <cstring>

using namespace scope;

namespace {

void compareRows(const ProfilingResults& a, const ProfilingResults& b) {
    QCOMPARE(a.rows.size(), b.rows.size());
    for (std::size_t i = 0; i < a.rows.size(); ++i) {
        const RankRegion& x = a.rows[i];
        const RankRegion& y = b.rows[i];
        QCOMPARE(x.rank, y.rank);
        QCOMPARE(x.region, y.region);
        QCOMPARE(x.offset, y.offset);
        QCOMPARE(x.exclusiveNs, y.exclusiveNs);
        QCOMPARE(x.details, y.details);
        const CallSummary& s = x.summary;
        const CallSummary& t = y.summary;
        QCOMPARE(s.count, t.count);
        QCOMPARE(s.total, t.total);
        QCOMPARE(s.minimum, t.minimum);
        QCOMPARE(s.maximum, t.maximum);
        QCOMPARE(s.first, t.first);
        QCOMPARE(s.last, t.last);
        QCOMPARE(s.startMinimum, t.startMinimum);
        QCOMPARE(s.endMaximum, t.endMaximum);
        QCOMPARE(s.gpuCount, t.gpuCount);
        QCOMPARE(s.gpuTotal, t.gpuTotal);
        QCOMPARE(s.mean, t.mean);
        QCOMPARE(s.m2, t.m2);
        QCOMPARE(s.hasSpread, t.hasSpread);
        QCOMPARE(s.hasTimes, t.hasTimes);
    }
}

void compareResults(const ProfilingResults& a, const ProfilingResults& b) {
    QCOMPARE(a.path, b.path);
    QCOMPARE(a.schemaVersion, b.schemaVersion);
    QCOMPARE(a.numRanks, b.numRanks);
    QCOMPARE(a.eventsRead, b.eventsRead);
    QCOMPARE(a.regions, b.regions);
    compareRows(a, b);
    QCOMPARE(a.metadata.entries.size(), b.metadata.entries.size());
    for (std::size_t i = 0; i < a.metadata.entries.size(); ++i) {
        QCOMPARE(a.metadata.entries[i].key, b.metadata.entries[i].key);
        QVERIFY(a.metadata.entries[i].value == b.metadata.entries[i].value);
    }
    QCOMPARE(a.rowDetails.size(), b.rowDetails.size());
    QCOMPARE(b.rowDetails[0].source.file, std::string("solver.cpp"));
    QCOMPARE(b.rowDetails[0].source.line, std::int64_t{17});
    QCOMPARE(b.rowDetails[0].tags, std::vector<std::string>{"hot"});
    QCOMPARE(b.rowDetails[0].eventMetadata, std::string("{\"k\":1}"));
    QCOMPARE(a.warnings, b.warnings);
    QCOMPARE(b.damaged.size(), std::size_t{1});
    QCOMPARE(b.damaged[0].reason, a.damaged[0].reason);
    QCOMPARE(b.threads.size(), std::size_t{1});
    QCOMPARE(b.threads[0].name, std::string("MainThread"));
    QCOMPARE(b.threads[0].cpuNs, std::int64_t{77});
    QCOMPARE(b.tasks.size(), std::size_t{1});
    QCOMPARE(b.tasks[0].coroName, std::string("fetch_coro"));
    QCOMPARE(b.tasks[0].suspendedNs, std::int64_t{25});
    QCOMPARE(b.perfEvents.size(), std::size_t{1});
    QCOMPARE(b.perfEvents[0].values, std::vector<std::uint64_t>{123456});
    // Finalized again: the region index and the first start.
    QCOMPARE(b.rowsOf(0).size(), std::size_t{2});
    QCOMPARE(b.row(1, 0)->summary.count, std::uint64_t{3});
    QCOMPARE(b.minimumStartNs, std::optional<std::int64_t>(0));
    QVERIFY(!b.onDemand);
}

void comparePlan(const EventPlan& a, const EventPlan& b) {
    QCOMPARE(a.readsEvents, b.readsEvents);
    QCOMPARE(a.deltaEncoded, b.deltaEncoded);
    QVERIFY(a.columnLengths == b.columnLengths);
    QCOMPARE(a.datasets.size(), b.datasets.size());
    for (std::size_t i = 0; i < a.datasets.size(); ++i) {
        const PlannedDataset& x = a.datasets[i];
        const PlannedDataset& y = b.datasets[i];
        QVERIFY(x.column == y.column);
        QCOMPARE(x.destination, y.destination);
        QCOMPARE(x.length, y.length);
        QCOMPARE(x.chunkElements, y.chunkElements);
        QCOMPARE(x.firstChunk, y.firstChunk);
        QCOMPARE(x.chunkCount, y.chunkCount);
        QCOMPARE(x.pipeline.shuffle, y.pipeline.shuffle);
        QVERIFY(x.pipeline.compression == y.pipeline.compression);
        QCOMPARE(x.pipeline.compressionBit, y.pipeline.compressionBit);
        QCOMPARE(x.isInline, y.isInline);
        QCOMPARE(x.row, y.row);
        QCOMPARE(x.name, y.name);
    }
    QVERIFY(a.chunks == b.chunks);
    QVERIFY(std::equal(a.inlineValues.begin(), a.inlineValues.end(), b.inlineValues.begin(),
                       b.inlineValues.end()));
    QVERIFY(a.file == b.file);
}

void compareTree(const CallTree& a, const CallTree& b) {
    QCOMPARE(a.parent, b.parent);
    QCOMPARE(a.region, b.region);
    QCOMPARE(a.depth, b.depth);
    QCOMPARE(a.calls, b.calls);
    QCOMPARE(a.inclusiveNs, b.inclusiveNs);
    QCOMPARE(a.exclusiveNs, b.exclusiveNs);
    QCOMPARE(a.maxRankInclusiveNs, b.maxRankInclusiveNs);
    QCOMPARE(a.ranksWithCalls, b.ranksWithCalls);
    QCOMPARE(a.selectedRanks, b.selectedRanks);
    QCOMPARE(a.childBegin, b.childBegin);
    QCOMPARE(a.childCount, b.childCount);
    QCOMPARE(a.children, b.children);
    QCOMPARE(a.runNs, b.runNs);
    QCOMPARE(a.overlaps, b.overlaps);
    QCOMPARE(a.firstOverlap.has_value(), b.firstOverlap.has_value());
    if (a.firstOverlap) {
        QCOMPARE(a.firstOverlap->innerRegion, b.firstOverlap->innerRegion);
        QCOMPARE(a.firstOverlap->innerEndNs, b.firstOverlap->innerEndNs);
        QCOMPARE(a.firstOverlap->outerStartNs, b.firstOverlap->outerStartNs);
    }
}

void compareParts(const OnDemandTimeline::Parts& a, const OnDemandTimeline::Parts& b) {
    QCOMPARE(a.pyramid.originNs(), b.pyramid.originNs());
    QCOMPARE(a.pyramid.endNs(), b.pyramid.endNs());
    QCOMPARE(a.pyramid.budgetBytes(), b.pyramid.budgetBytes());
    QCOMPARE(a.pyramid.lanes().size(), b.pyramid.lanes().size());
    for (std::size_t i = 0; i < a.pyramid.lanes().size(); ++i) {
        QCOMPARE(a.pyramid.lanes()[i].begin, b.pyramid.lanes()[i].begin);
        QCOMPARE(a.pyramid.lanes()[i].size, b.pyramid.lanes()[i].size);
        QCOMPARE(a.pyramid.lanes()[i].depth, b.pyramid.lanes()[i].depth);
        QCOMPARE(a.pyramid.lanes()[i].rank, b.pyramid.lanes()[i].rank);
    }
    QCOMPARE(b.pyramid.levels(), std::size_t{1});
    for (std::size_t lane = 0; lane < a.pyramid.lanes().size(); ++lane) {
        const auto x = a.pyramid.spans(0, lane);
        const auto y = b.pyramid.spans(0, lane);
        QVERIFY(std::equal(x.begin(), x.end(), y.begin(), y.end()));
    }
    QCOMPARE(b.pyramid.spans(0, 1).size(), std::size_t{2});
    QCOMPARE(a.rankLanes.size(), b.rankLanes.size());
    for (std::size_t i = 0; i < a.rankLanes.size(); ++i) {
        QCOMPARE(a.rankLanes[i].rank, b.rankLanes[i].rank);
        QCOMPARE(a.rankLanes[i].firstLane, b.rankLanes[i].firstLane);
        QCOMPARE(a.rankLanes[i].laneCount, b.rankLanes[i].laneCount);
        QCOMPARE(a.rankLanes[i].key, b.rankLanes[i].key);
    }
    QCOMPARE(a.startNs, b.startNs);
    QCOMPARE(a.endNs, b.endNs);
    QVERIFY(a.exclusive == b.exclusive);
    QCOMPARE(a.rankTrees.size(), b.rankTrees.size());
    for (std::size_t i = 0; i < a.rankTrees.size(); ++i)
        compareTree(a.rankTrees[i], b.rankTrees[i]);
    QCOMPARE(a.blockCalls, b.blockCalls);
    QCOMPARE(a.rowBlockBegin, b.rowBlockBegin);
    QCOMPARE(a.blockMinStart, b.blockMinStart);
    QCOMPARE(a.blockMaxReach, b.blockMaxReach);
    QCOMPARE(a.rowSorted, b.rowSorted);
    QCOMPARE(a.rowLongest, b.rowLongest);
    QCOMPARE(a.rowsByOffset, b.rowsByOffset);
}

bool throwsCorruptIndex(std::string_view bytes) {
    try {
        (void)IndexCodec::decode(bytes, "/cache/x.scopeindex");
    } catch (const CorruptIndexError&) {
        return true;
    }
    return false;
}

} // namespace

class TestIndexCodec : public QObject {
    Q_OBJECT

private slots:
    void roundTripsEveryField() {
        const RunIndex index = handMadeIndex();
        const std::string bytes = IndexCodec::encode(index);
        QCOMPARE(bytes.substr(0, 8), std::string("SCOPEIDX"));
        const RunIndex back = IndexCodec::decode(bytes, "/cache/x.scopeindex");
        QVERIFY(back.key == index.key);
        compareResults(index.results, back.results);
        comparePlan(index.plan, back.plan);
        QCOMPARE(back.checkpoints, index.checkpoints);
        compareParts(index.timeline, back.timeline);
        // Equal values, equal bytes (an index gathered over MPI equals the serial one).
        QCOMPARE(IndexCodec::encode(back), bytes);
    }

    // A real run's index: decoded, it encodes to the same bytes and opens
    // the run with the statistics and timeline extent a fresh read gives.
    void realIndexRoundTrips() {
        QTemporaryDir dir;
        const std::string file = dir.filePath("run.h5").toStdString();
        const RunIndex index = fixtureIndex(file);
        QVERIFY(index.plan.deltaEncoded);
        QVERIFY(!index.checkpoints.empty());
        QVERIFY(index.timeline.rankTrees.size() == 2);
        const std::string bytes = IndexCodec::encode(index);
        RunIndex back = IndexCodec::decode(bytes, "x");
        QCOMPARE(IndexCodec::encode(back), bytes);
        compareRows(index.results, back.results);
        QCOMPARE(back.checkpoints, index.checkpoints);
        const auto reopened = std::move(back).open(file, 64ull << 20);
        QCOMPARE(reopened->results().totalCalls(), index.results.totalCalls());
        QCOMPARE(reopened->startNs(), index.timeline.startNs);
        QCOMPARE(reopened->endNs(), index.timeline.endNs);
        QCOMPARE(reopened->lanes().size(), index.timeline.pyramid.lanes().size());
    }

    // A reopen shows the head before it reads the rest: the head alone
    // holds the results, the plan and the coarsest level of every lane; the
    // rest adds the finer levels and the other parts.
    void theHeadAloneHoldsTheWholeRunView() {
        QTemporaryDir dir;
        const RunIndex index = fixtureIndex(dir.filePath("run.h5").toStdString());
        const TimelinePyramid& pyramid = index.timeline.pyramid;
        QVERIFY(pyramid.levels() >= 2);
        const std::string bytes = IndexCodec::encode(index);
        const IndexCodec::Layout layout = IndexCodec::layout(bytes, bytes.size(), "x");
        QCOMPARE(IndexCodec::kHeaderBytes + layout.headBytes + layout.restBytes, bytes.size());
        const std::string_view head =
            std::string_view(bytes).substr(layout.headAt(), layout.headBytes);
        RunIndex back = IndexCodec::decodeHead(layout, head, "x");
        compareRows(index.results, back.results);
        comparePlan(index.plan, back.plan);
        QCOMPARE(back.timeline.pyramid.levels(), std::size_t{1});
        QCOMPARE(back.timeline.pyramid.width(0), pyramid.width(pyramid.levels() - 1));
        QCOMPARE(back.timeline.pyramid.lanes().size(), pyramid.lanes().size());
        for (std::size_t lane = 0; lane < pyramid.lanes().size(); ++lane) {
            const auto x = pyramid.spans(pyramid.levels() - 1, lane);
            const auto y = back.timeline.pyramid.spans(0, lane);
            QVERIFY(std::equal(x.begin(), x.end(), y.begin(), y.end()));
        }
        QCOMPARE(back.timeline.rankLanes.ranks(), index.timeline.rankLanes.ranks());
        QVERIFY(back.timeline.rankTrees.empty() && back.checkpoints.empty());
        // The finest level alone is more than the head.
        QVERIFY(layout.headBytes < layout.restBytes);

        IndexCodec::decodeRest(layout, std::string_view(bytes).substr(layout.restAt()), back, "x");
        QCOMPARE(back.timeline.pyramid.levels(), pyramid.levels());
        QCOMPARE(back.checkpoints, index.checkpoints);
        QCOMPARE(IndexCodec::encode(back), bytes);

        // Damage in the rest leaves the head readable and is caught by the rest.
        std::string damaged = bytes;
        damaged[layout.restAt() + layout.restBytes / 2] ^= 4;
        const std::string_view damagedView(damaged);
        RunIndex headOnly = IndexCodec::decodeHead(
            layout, damagedView.substr(layout.headAt(), layout.headBytes), "x");
        QVERIFY_THROWS_EXCEPTION(
            CorruptIndexError,
            IndexCodec::decodeRest(layout, damagedView.substr(layout.restAt()), headOnly, "x"));
    }

    void unfinishedCallTreesRoundTrip() {
        RunIndex index = handMadeIndex();
        CallTree tree = CallTree::rootOnly();
        const std::uint32_t main = tree.child(CallTree::kRoot, 0);
        tree.child(main, 1);
        tree.child(CallTree::kRoot, 1);
        index.timeline.rankTrees[0] = tree;
        const RunIndex back = IndexCodec::decode(IndexCodec::encode(index), "x");
        compareTree(tree, back.timeline.rankTrees[0]);
    }

    void everyTruncationThrows() {
        const std::string bytes = IndexCodec::encode(handMadeIndex());
        for (std::size_t size = 0; size < bytes.size(); ++size) {
            const std::string cut = bytes.substr(0, size);
            QVERIFY2(throwsCorruptIndex(cut), qPrintable(QString::number(size)));
            // The header made to match: the fields' own checks stop it.
            QVERIFY2(throwsCorruptIndex(IndexCodec::withChecksum(cut)),
                     qPrintable(QString::number(size)));
        }
    }

    void everyByteFlipThrows() {
        const std::string bytes = IndexCodec::encode(handMadeIndex());
        for (std::size_t i = 0; i < bytes.size(); ++i) {
            std::string damaged = bytes;
            damaged[i] = static_cast<char>(damaged[i] ^ 0x10);
            QVERIFY2(throwsCorruptIndex(damaged), qPrintable(QString::number(i)));
        }
    }

    void checksumNamesTheDamage() {
        std::string bytes = IndexCodec::encode(handMadeIndex());
        bytes[bytes.size() - 3] ^= 1;
        try {
            (void)IndexCodec::decode(bytes, "/cache/x.scopeindex");
            QFAIL("decoded a damaged index");
        } catch (const CorruptIndexError& error) {
            QCOMPARE(error.path(), std::string("/cache/x.scopeindex"));
            QVERIFY2(std::string(error.what()).find("checksum") != std::string::npos, error.what());
        }
    }

    void fieldChecksReachedBehindAValidChecksum() {
        const RunIndex index = handMadeIndex();
        const std::string bytes = IndexCodec::encode(index);
        // A row's region beyond the region table, with the checksum made right.
        RunIndex bad = index;
        bad.results.rows[2].region = 7;
        QVERIFY(throwsCorruptIndex(IndexCodec::encode(bad)));
        bad = index;
        bad.timeline.rowsByOffset[1] = 3;
        QVERIFY(throwsCorruptIndex(IndexCodec::encode(bad)));
        bad = index;
        bad.timeline.rankTrees.pop_back();
        QVERIFY(throwsCorruptIndex(IndexCodec::encode(bad)));
        bad = index;
        bad.checkpoints[1] = {0, 4096};
        QVERIFY(throwsCorruptIndex(IndexCodec::encode(bad)));
        bad = index;
        bad.plan.datasets[0].firstChunk = 1;
        QVERIFY(throwsCorruptIndex(IndexCodec::encode(bad)));
        bad = index;
        bad.timeline.rankTrees[0].parent[2] = 2;
        QVERIFY(throwsCorruptIndex(IndexCodec::encode(bad)));
    }

    void anotherVersionSaysWhich() {
        std::string bytes = IndexCodec::encode(handMadeIndex());
        const std::uint32_t other = RunIndex::kVersion + 1;
        std::memcpy(bytes.data() + 8, &other, sizeof other);
        try {
            (void)IndexCodec::decode(bytes, "/cache/x.scopeindex");
            QFAIL("decoded an index of another version");
        } catch (const CorruptIndexError& error) {
            const std::string expected = "/cache/x.scopeindex: reading the index: index version " +
                                         std::to_string(other) + ", this build reads " +
                                         std::to_string(RunIndex::kVersion);
            QCOMPARE(std::string(error.what()), expected);
        }
        QVERIFY_THROWS_EXCEPTION(CorruptIndexError, IndexCodec::peekKey(bytes, "x"));
    }

    void peekKeyReadsTheKeyAlone() {
        const RunIndex index = handMadeIndex();
        std::string bytes = IndexCodec::encode(index);
        QVERIFY(IndexCodec::peekKey(bytes, "x") == index.key);
        // The checksum is not its business.
        bytes.back() ^= 1;
        QVERIFY(IndexCodec::peekKey(bytes, "x") == index.key);
        QVERIFY_THROWS_EXCEPTION(CorruptIndexError, IndexCodec::peekKey(bytes.substr(0, 70), "x"));
        QVERIFY_THROWS_EXCEPTION(CorruptIndexError, IndexCodec::peekKey("SCOPERS2", "x"));
    }

    void checksumTellsEveryWordApart() {
        // An independent property: any single-bit change of a payload
        // changes the sum (here every bit of 100 bytes, and the length).
        std::string payload(100, '\0');
        for (std::size_t i = 0; i < payload.size(); ++i)
            payload[i] = static_cast<char>(i * 7);
        const std::uint64_t sum = IndexCodec::checksum(payload);
        for (std::size_t bit = 0; bit < payload.size() * 8; ++bit) {
            std::string changed = payload;
            changed[bit / 8] ^= static_cast<char>(1 << (bit % 8));
            QVERIFY(IndexCodec::checksum(changed) != sum);
        }
        QVERIFY(IndexCodec::checksum(payload + '\0') != sum);
        QVERIFY(IndexCodec::checksum("") != IndexCodec::checksum(std::string(1, '\0')));
    }
};

QTEST_APPLESS_MAIN(TestIndexCodec)
#include "tst_IndexCodec.moc"
