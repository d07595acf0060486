// SPDX-License-Identifier: GPL-3.0-or-later
#include "IndexCodec.h"

#include "IndexFields.h"
#include "IndexReader.h"
#include "events/EventPlanCheck.h"
#include "events/PlannedCallSource.h"
#include "isolate/ByteWriter.h"
#include "isolate/ResultsHeader.h"
#include "model/Errors.h"

#include <algorithm>
#include <bit>
#include <cstring>

namespace scope {
namespace {

using isolate::ByteReader;
using isolate::ByteWriter;

constexpr char kMagic[8] = {'S', 'C', 'O', 'P', 'E', 'I', 'D', 'X'};
constexpr const char* kStep = "reading the index";
constexpr std::size_t kKeyBytes = 6 * sizeof(std::uint64_t);

struct Header {
    char magic[sizeof kMagic];
    std::uint32_t version;
    std::uint32_t reserved;
    std::uint64_t headBytes;
    std::uint64_t headChecksum;
    std::uint64_t restBytes;
    std::uint64_t restChecksum;
};
static_assert(sizeof(Header) == IndexCodec::kHeaderBytes);

// XXH64's rounds: four independent lanes keep the multipliers busy.
constexpr std::uint64_t kP1 = 0x9E3779B185EBCA87ull;
constexpr std::uint64_t kP2 = 0xC2B2AE3D27D4EB4Full;
constexpr std::uint64_t kP3 = 0x165667B19E3779F9ull;
constexpr std::uint64_t kP4 = 0x85EBCA77C2B2AE63ull;
constexpr std::uint64_t kP5 = 0x27D4EB2F165667C5ull;

std::uint64_t load64(const char* p) {
    std::uint64_t value;
    std::memcpy(&value, p, sizeof value);
    return value;
}

std::uint64_t round64(std::uint64_t acc, std::uint64_t input) {
    return std::rotl(acc + input * kP2, 31) * kP1;
}

std::uint64_t merge64(std::uint64_t acc, std::uint64_t lane) {
    return (acc ^ round64(0, lane)) * kP1 + kP4;
}

void writeKey(ByteWriter& out, const IndexKey& key) {
    out.u64(key.file.device);
    out.u64(key.file.inode);
    out.u64(key.file.size);
    out.i64(key.file.modifiedNs);
    out.u64(key.headHash);
    out.u64(key.tailHash);
}

IndexKey readKey(ByteReader& in) {
    IndexKey key;
    key.file.device = in.u64();
    key.file.inode = in.u64();
    key.file.size = in.u64();
    key.file.modifiedNs = in.i64();
    key.headHash = in.u64();
    key.tailHash = in.u64();
    return key;
}

// Magic and version; the sections are for IndexCodec::layout to check.
Header readHeader(std::string_view bytes, const std::string& indexPath) {
    const auto refuse = [&](const std::string& what) {
        throw CorruptIndexError(indexPath, kStep, what);
    };
    if (bytes.size() < sizeof(Header))
        refuse("truncated index: " + std::to_string(bytes.size()) + " bytes, no whole header");
    Header header;
    std::memcpy(&header, bytes.data(), sizeof header);
    if (std::memcmp(header.magic, kMagic, sizeof kMagic) != 0)
        refuse("not an index");
    if (header.version != RunIndex::kVersion)
        refuse("index version " + std::to_string(header.version) + ", this build reads " +
               std::to_string(RunIndex::kVersion));
    if (header.reserved != 0)
        refuse("damaged index (a reserved header field is set)");
    return header;
}

void checkSection(std::string_view bytes, std::uint64_t size, std::uint64_t sum,
                  const char* section, const std::string& indexPath) {
    if (bytes.size() != size || IndexCodec::checksum(bytes) != sum)
        throw CorruptIndexError(indexPath, kStep,
                                std::string("damaged index (the checksum of its ") + section +
                                    " does not match)");
}

// The head's part of the timeline: what a whole-run view draws.
void writeTimelineHead(ByteWriter& out, const OnDemandTimeline::Parts& parts) {
    IndexFields::writePyramidHead(out, parts.pyramid);
    IndexFields::writeRankLanes(out, parts.rankLanes);
    out.i64(parts.startNs);
    out.i64(parts.endNs);
}

void writeTimelineRest(ByteWriter& out, const OnDemandTimeline::Parts& parts) {
    IndexFields::writeFinerLevels(out, parts.pyramid);
    IndexFields::writeExclusive(out, parts.exclusive);
    out.u64(parts.rankTrees.size());
    for (const CallTree& tree : parts.rankTrees)
        IndexFields::writeCallTree(out, tree);
    out.u64(parts.blockCalls);
    IndexFields::writeSizes(out, parts.rowBlockBegin);
    out.i64s(parts.blockMinStart);
    out.i64s(parts.blockMaxReach);
    IndexFields::writeFlags(out, parts.rowSorted);
    out.i64s(parts.rowLongest);
    IndexFields::writeSizes(out, parts.rowsByOffset);
}

std::uint64_t blocksOf(std::uint64_t calls, std::uint64_t blockCalls) {
    return calls / blockCalls + (calls % blockCalls != 0 ? 1 : 0);
}

void readTimelineHead(ByteReader& in, const ProfilingResults& results,
                      OnDemandTimeline::Parts& parts) {
    parts.pyramid = IndexFields::readPyramidHead(in, results.regions.size(), results.totalCalls());
    parts.rankLanes = IndexFields::readRankLanes(in, parts.pyramid.lanes());
    parts.startNs = in.i64();
    parts.endNs = in.i64();
    if (parts.endNs < parts.startNs)
        in.fail("timeline ending before it starts");
}

void readTimelineRest(ByteReader& in, const ProfilingResults& results,
                      OnDemandTimeline::Parts& parts) {
    const std::size_t rows = results.rows.size();
    const std::size_t regions = results.regions.size();
    parts.pyramid = IndexFields::readFinerLevels(in, parts.pyramid, regions, results.totalCalls());
    parts.exclusive = IndexFields::readExclusive(in);
    if (parts.exclusive.size() != rows)
        in.fail("exclusive times of other rows");
    const std::size_t trees = in.count(8);
    if (trees != parts.rankLanes.ranks().size())
        in.fail("call trees of other ranks");
    parts.rankTrees.reserve(trees);
    for (std::size_t i = 0; i < trees; ++i)
        parts.rankTrees.push_back(IndexFields::readCallTree(in, regions));
    parts.blockCalls = in.u64();
    if (parts.blockCalls == 0 || parts.blockCalls > (std::uint64_t{1} << 30))
        in.fail("impossible block size");
    parts.rowBlockBegin = IndexFields::readSizes(in);
    if (parts.rowBlockBegin.size() != rows + 1 || parts.rowBlockBegin[0] != 0)
        in.fail("blocks of other rows");
    for (std::size_t i = 0; i < rows; ++i) {
        const std::size_t begin = parts.rowBlockBegin[i];
        const std::size_t end = parts.rowBlockBegin[i + 1];
        if (end < begin || end - begin != blocksOf(results.rows[i].summary.count, parts.blockCalls))
            in.fail("blocks of other calls");
    }
    parts.blockMinStart = in.i64s();
    parts.blockMaxReach = in.i64s();
    if (parts.blockMinStart.size() != parts.rowBlockBegin.back() ||
        parts.blockMaxReach.size() != parts.rowBlockBegin.back())
        in.fail("block hulls of other blocks");
    parts.rowSorted = IndexFields::readFlags(in);
    parts.rowLongest = in.i64s();
    if (parts.rowSorted.size() != rows || parts.rowLongest.size() != rows)
        in.fail("row measures of other rows");
    parts.rowsByOffset = IndexFields::readSizes(in);
    for (const std::size_t row : parts.rowsByOffset)
        if (row >= rows)
            in.fail("row outside the results");
}

// What the rest of the index and its users index with the results' fields;
// then finalize(), which must find the rows and regions in its order
// already (the plan, the parts and the checkpoints are in rows order).
void checkResults(ByteReader& in, ProfilingResults& r) {
    std::uint64_t before = 0;
    for (const RankRegion& row : r.rows) {
        const std::uint64_t key = (std::uint64_t{row.region} << 32) | row.rank;
        if (key < before)
            in.fail("rows out of order");
        before = key;
        if (!row.summary.impossibility().empty())
            in.fail("impossible row statistics");
    }
    const std::vector<std::string> regions = r.regions;
    r.finalize();
    if (r.regions != regions)
        in.fail("regions out of order");
}

void checkCheckpoints(ByteReader& in, const RunIndex& index) {
    if (index.checkpoints.empty())
        return;
    if (!index.plan.deltaEncoded)
        in.fail("checkpoints of a file without delta encoding");
    std::size_t k = 0;
    for (const RankRegion& row : index.results.rows) {
        if (row.summary.count == 0)
            continue;
        if (k >= index.checkpoints.size() ||
            index.checkpoints[k].size() !=
                blocksOf(row.summary.count, PlannedCallSource::kCheckpoint))
            in.fail("checkpoints of other rows");
        ++k;
    }
    if (k != index.checkpoints.size())
        in.fail("checkpoints of other rows");
}

} // namespace

std::uint64_t IndexCodec::checksum(std::string_view payload) {
    const char* p = payload.data();
    const std::size_t n = payload.size();
    const char* const end = p + n;
    std::uint64_t h;
    if (n >= 32) {
        std::uint64_t v1 = kP1 + kP2, v2 = kP2, v3 = 0, v4 = 0 - kP1;
        for (; end - p >= 32; p += 32) {
            v1 = round64(v1, load64(p));
            v2 = round64(v2, load64(p + 8));
            v3 = round64(v3, load64(p + 16));
            v4 = round64(v4, load64(p + 24));
        }
        h = std::rotl(v1, 1) + std::rotl(v2, 7) + std::rotl(v3, 12) + std::rotl(v4, 18);
        for (const std::uint64_t v : {v1, v2, v3, v4})
            h = merge64(h, v);
    } else {
        h = kP5;
    }
    h += n;
    for (; end - p >= 8; p += 8)
        h = std::rotl(h ^ round64(0, load64(p)), 27) * kP1 + kP4;
    for (; p < end; ++p)
        h = std::rotl(h ^ (static_cast<std::uint8_t>(*p) * kP5), 11) * kP1;
    h ^= h >> 33;
    h *= kP2;
    h ^= h >> 29;
    h *= kP3;
    h ^= h >> 32;
    return h;
}

std::string IndexCodec::withChecksum(std::string bytes) {
    if (bytes.size() < kHeaderBytes)
        return bytes;
    Header header;
    std::memcpy(&header, bytes.data(), sizeof header);
    const std::string_view sections = std::string_view(bytes).substr(kHeaderBytes);
    header.headBytes = std::min<std::uint64_t>(header.headBytes, sections.size());
    header.restBytes = sections.size() - header.headBytes;
    header.headChecksum = checksum(sections.substr(0, header.headBytes));
    header.restChecksum = checksum(sections.substr(header.headBytes));
    std::memcpy(bytes.data(), &header, sizeof header);
    return bytes;
}

void IndexCodec::encodeHead(const RunIndex& index, isolate::ByteWriter& out) {
    writeKey(out, index.key);
    // The results and plan as the read helper hands them back, their size
    // first (ResultsHeader reads to the end of what it is given), then the
    // plan's inline values.
    const isolate::ResultsHeader::ColumnPlace place{0, index.plan.inlineValues.size()};
    ByteWriter counter = ByteWriter::counting();
    isolate::ResultsHeader::encode(index.results, index.plan, place, counter);
    out.u64(counter.size());
    isolate::ResultsHeader::encode(index.results, index.plan, place, out);
    out.i64s(index.plan.inlineValues);
    out.flag(index.results.eventsRead);
    writeTimelineHead(out, index.timeline);
}

void IndexCodec::encodeRest(const RunIndex& index, isolate::ByteWriter& out) {
    writeTimelineRest(out, index.timeline);
    out.u64(index.checkpoints.size());
    for (const std::vector<std::int64_t>& row : index.checkpoints)
        out.i64s(row);
}

std::string IndexCodec::encode(const RunIndex& index) {
    // Sized first, then written in place: an index of hundreds of megabytes
    // grown by appending would be copied and faulted in several times.
    ByteWriter headSize = ByteWriter::counting();
    encodeHead(index, headSize);
    ByteWriter restSize = ByteWriter::counting();
    encodeRest(index, restSize);
    std::string bytes(kHeaderBytes + headSize.size() + restSize.size(), '\0');
    char* const head = bytes.data() + kHeaderBytes;
    char* const rest = head + headSize.size();
    ByteWriter headOut(std::span(head, headSize.size()));
    encodeHead(index, headOut);
    ByteWriter restOut(std::span(rest, restSize.size()));
    encodeRest(index, restOut);
    Header header{};
    std::memcpy(header.magic, kMagic, sizeof kMagic);
    header.version = RunIndex::kVersion;
    header.headBytes = headSize.size();
    header.headChecksum = checksum({head, headSize.size()});
    header.restBytes = restSize.size();
    header.restChecksum = checksum({rest, restSize.size()});
    std::memcpy(bytes.data(), &header, sizeof header);
    return bytes;
}

IndexCodec::Layout IndexCodec::layout(std::string_view header, std::uint64_t fileBytes,
                                      const std::string& indexPath) {
    const Header h = readHeader(header, indexPath);
    std::uint64_t expected = 0;
    if (__builtin_add_overflow(h.headBytes, h.restBytes, &expected) ||
        __builtin_add_overflow(expected, std::uint64_t{kHeaderBytes}, &expected))
        throw CorruptIndexError(indexPath, kStep, "damaged index (impossible section sizes)");
    if (expected != fileBytes)
        throw CorruptIndexError(indexPath, kStep,
                                (expected > fileBytes ? "truncated index: " : "index too long: ") +
                                    std::to_string(fileBytes) + " bytes where its header says " +
                                    std::to_string(expected));
    return Layout{h.headBytes, h.headChecksum, h.restBytes, h.restChecksum};
}

RunIndex IndexCodec::decode(std::string_view bytes, const std::string& indexPath) {
    const Layout sections = layout(bytes, bytes.size(), indexPath);
    RunIndex index =
        decodeHead(sections, bytes.substr(sections.headAt(), sections.headBytes), indexPath);
    decodeRest(sections, bytes.substr(sections.restAt()), index, indexPath);
    return index;
}

RunIndex IndexCodec::decodeHead(const Layout& layout, std::string_view head,
                                const std::string& indexPath) {
    checkSection(head, layout.headBytes, layout.headChecksum, "head", indexPath);
    RunIndex index;
    IndexReader keyIn(head, indexPath, kStep, layout.headAt());
    index.key = readKey(keyIn);
    const std::size_t resultsBytes = keyIn.count(1);
    const std::size_t resultsAt = kKeyBytes + sizeof(std::uint64_t);
    std::uint64_t inlineCount = 0;
    {
        IndexReader in(head.substr(resultsAt, resultsBytes), indexPath, kStep,
                       layout.headAt() + resultsAt);
        PlannedRead read;
        isolate::ResultsHeader::ColumnPlace place;
        isolate::ResultsHeader::decode(in, read, place);
        index.results = std::move(read.results);
        index.plan = std::move(read.events);
        if (place.offset != 0)
            in.fail("event values out of place");
        checkResults(in, index.results);
        inlineCount = place.count;
    }
    const std::size_t restAt = resultsAt + resultsBytes;
    IndexReader in(head.substr(restAt), indexPath, kStep, layout.headAt() + restAt);
    {
        const std::vector<std::int64_t> values = in.i64s();
        if (values.size() != inlineCount)
            in.fail("event values of another count");
        index.plan.inlineValues.assign(values.begin(), values.end());
    }
    // Kept results hold no calls: a reopen reads them through the plan.
    index.results.eventsRead = in.flag();
    if (index.results.eventsRead)
        in.fail("results claiming calls the index does not hold");
    try {
        const std::uint64_t fileBytes =
            index.plan.file ? index.plan.file->size : index.key.file.size;
        checkEventPlan(index.plan, index.results.rows, index.results.path, fileBytes);
    } catch (const CorruptProfileError& error) {
        in.fail(error.what());
    }
    readTimelineHead(in, index.results, index.timeline);
    if (!in.atEnd())
        in.fail("bytes after the index's head");
    return index;
}

void IndexCodec::decodeRest(const Layout& layout, std::string_view rest, RunIndex& index,
                            const std::string& indexPath) {
    checkSection(rest, layout.restBytes, layout.restChecksum, "rest", indexPath);
    IndexReader in(rest, indexPath, kStep, layout.restAt());
    readTimelineRest(in, index.results, index.timeline);
    index.checkpoints.resize(in.count(8));
    for (std::vector<std::int64_t>& row : index.checkpoints)
        row = in.i64s();
    checkCheckpoints(in, index);
    if (!in.atEnd())
        in.fail("bytes after the index");
}

IndexKey IndexCodec::peekKey(std::string_view bytes, const std::string& indexPath) {
    readHeader(bytes, indexPath);
    IndexReader in(bytes.substr(kHeaderBytes), indexPath, kStep, kHeaderBytes);
    return readKey(in);
}

} // namespace scope
