// SPDX-License-Identifier: GPL-3.0-or-later
#include "RemotePayload.h"

#include "analysis/PartialTimeline.h"
#include "index/IndexFields.h"
#include "isolate/ByteReader.h"
#include "isolate/ByteWriter.h"
#include "isolate/ResultsCodec.h"
#include "isolate/ResultsHeader.h"
#include "model/Errors.h"

#include <zstd.h>

#include <cstring>
#include <limits>

namespace scope {
namespace {

using isolate::ByteReader;
using isolate::ByteWriter;

constexpr char kMagic[8] = {'S', 'C', 'O', 'P', 'E', 'R', 'M', '1'};
constexpr const char* kStep = "receiving the results from the host";
constexpr int kCompressionLevel = 3;
constexpr std::size_t kMaxLevels = 64;

} // namespace

// Spans as columns (starts as deltas), which compress far better than records.
void RemotePayload::writeSpans(ByteWriter& out, std::span<const TimelineSpan> spans) {
    out.u64(spans.size());
    std::int64_t previous = 0;
    for (const TimelineSpan& s : spans) {
        out.i64(s.startNs - previous);
        previous = s.startNs;
    }
    for (const TimelineSpan& s : spans)
        out.i64(s.endNs - s.startNs);
    for (const TimelineSpan& s : spans)
        out.u32(static_cast<std::uint32_t>(s.region));
    for (const TimelineSpan& s : spans)
        out.u32(s.event);
    for (const TimelineSpan& s : spans)
        out.u32(s.count);
}

std::vector<TimelineSpan> RemotePayload::readSpans(ByteReader& in, std::size_t regions) {
    std::vector<TimelineSpan> spans(in.count(8 + 8 + 4 + 4 + 4));
    std::int64_t previous = 0;
    for (TimelineSpan& s : spans) {
        if (__builtin_add_overflow(previous, in.i64(), &previous))
            in.fail("a span that starts outside the time range");
        s.startNs = previous;
    }
    for (TimelineSpan& s : spans) {
        const std::int64_t length = in.i64();
        if (length < 0)
            in.fail("a span that ends before it starts");
        if (__builtin_add_overflow(s.startNs, length, &s.endNs))
            in.fail("a span that ends outside the time range");
    }
    for (TimelineSpan& s : spans) {
        s.region = static_cast<std::int32_t>(in.u32());
        if (s.region < -1 || (s.region >= 0 && static_cast<std::size_t>(s.region) >= regions))
            in.fail("a span of a region that is not there");
    }
    for (TimelineSpan& s : spans)
        s.event = in.u32();
    for (TimelineSpan& s : spans)
        s.count = in.u32();
    return spans;
}

namespace {

void writeTimeline(ByteWriter& out, const RemotePayload::Timeline& timeline) {
    out.i64(timeline.originNs);
    out.i64(timeline.endNs);
    out.u64(timeline.levels.lanes.size());
    for (const TimelineLane& lane : timeline.levels.lanes) {
        out.u32(lane.rank);
        out.u32(lane.depth);
        out.u32(lane.size);
        out.i64(lane.key);
    }
    out.u64(timeline.rankLanes.size());
    for (std::size_t i = 0; i < timeline.rankLanes.size(); ++i) {
        const RankLanes& r = timeline.rankLanes[i];
        out.u32(r.rank);
        out.u32(r.firstLane);
        out.u32(r.laneCount);
        out.i64(r.key);
    }
    out.u64(timeline.levels.levels.size());
    for (std::size_t l = 0; l < timeline.levels.levels.size(); ++l) {
        for (const std::uint32_t size : timeline.levels.laneSizes[l])
            out.u32(size);
        RemotePayload::writeSpans(out, timeline.levels.levels[l]);
    }
    out.u64(timeline.rankTrees.size());
    for (const CallTree& tree : timeline.rankTrees)
        IndexFields::writeCallTree(out, tree);
}

void readTimeline(ByteReader& in, std::size_t regions, RemotePayload::Decoded& decoded) {
    const std::int64_t originNs = in.i64();
    const std::int64_t endNs = in.i64();
    if (endNs < originNs)
        in.fail("a timeline that ends before it starts");
    TimelinePyramid::RankPart part;
    part.lanes.resize(in.count(20));
    for (TimelineLane& lane : part.lanes) {
        lane.rank = in.u32();
        lane.depth = in.u32();
        lane.size = in.u32();
        lane.key = in.i64();
    }
    RankLaneTable rankLanes;
    const std::size_t entries = in.count(20);
    for (std::size_t i = 0; i < entries; ++i) {
        RankLanes r{in.u32(), in.u32(), in.u32(), in.i64()};
        if (r.firstLane > part.lanes.size() || r.laneCount > part.lanes.size() - r.firstLane)
            in.fail("lanes of a rank that are not there");
        rankLanes.push_back(r);
    }
    const std::size_t levels = in.count(8);
    if (levels == 0 || levels > kMaxLevels)
        in.fail("impossible number of timeline levels");
    for (std::size_t l = 0; l < levels; ++l) {
        std::vector<std::uint32_t> sizes(part.lanes.size());
        std::uint64_t total = 0;
        for (std::uint32_t& size : sizes) {
            size = in.u32();
            total += size;
        }
        std::vector<TimelineSpan> spans = RemotePayload::readSpans(in, regions);
        if (total != spans.size())
            in.fail("lanes that do not add up to their level");
        part.levels.push_back(std::move(spans));
        part.laneSizes.push_back(std::move(sizes));
    }
    // Any budget: the host chose what to send, and it has arrived.
    TimelinePyramid pyramid(originNs, endNs, std::numeric_limits<std::uint64_t>::max());
    if (pyramid.levels() < levels)
        in.fail("more timeline levels than the run has");
    pyramid.addRank(std::move(part));
    const std::size_t ranks = rankLanes.ranks().size();
    const std::size_t trees = in.count(8);
    if (trees != 0 && trees != ranks)
        in.fail("call trees that are not one per rank");
    for (std::size_t i = 0; i < trees; ++i)
        decoded.rankTrees.push_back(IndexFields::readCallTree(in, regions));
    decoded.timeline =
        std::make_shared<const PartialTimeline>(std::move(pyramid), std::move(rankLanes), ranks);
}

} // namespace

RemotePayload::Timeline RemotePayload::timelineOf(const TimelinePyramid& pyramid,
                                                  RankLaneTable rankLanes,
                                                  std::vector<CallTree> rankTrees) {
    Timeline timeline;
    timeline.rankTrees = std::move(rankTrees);
    timeline.originNs = pyramid.originNs();
    timeline.endNs = pyramid.endNs();
    timeline.rankLanes = std::move(rankLanes);
    timeline.levels.lanes.assign(pyramid.lanes().begin(), pyramid.lanes().end());
    const double finest = static_cast<double>(pyramid.endNs() + 1 - pyramid.originNs()) / kColumns;
    for (std::size_t level = pyramid.levels(); level-- > 0;) {
        // The coarsest always goes: a whole-run view needs nothing else.
        if (!timeline.levels.levels.empty() && pyramid.width(level) < finest)
            break;
        std::vector<TimelineSpan> spans;
        std::vector<std::uint32_t> sizes;
        for (std::size_t lane = 0; lane < pyramid.lanes().size(); ++lane) {
            const std::span<const TimelineSpan> laneSpans = pyramid.spans(level, lane);
            sizes.push_back(static_cast<std::uint32_t>(laneSpans.size()));
            spans.insert(spans.end(), laneSpans.begin(), laneSpans.end());
        }
        timeline.levels.levels.push_back(std::move(spans));
        timeline.levels.laneSizes.push_back(std::move(sizes));
    }
    return timeline;
}

std::string RemotePayload::pack(std::string_view raw) {
    std::string packed(sizeof kMagic + sizeof(std::uint64_t) + ZSTD_compressBound(raw.size()),
                       '\0');
    std::memcpy(packed.data(), kMagic, sizeof kMagic);
    const std::uint64_t rawSize = raw.size();
    std::memcpy(packed.data() + sizeof kMagic, &rawSize, sizeof rawSize);
    const std::size_t header = sizeof kMagic + sizeof rawSize;
    const std::size_t size = ZSTD_compress(packed.data() + header, packed.size() - header,
                                           raw.data(), raw.size(), kCompressionLevel);
    if (ZSTD_isError(size))
        throw std::runtime_error(std::string("cannot compress the results: ") +
                                 ZSTD_getErrorName(size));
    packed.resize(header + size);
    return packed;
}

std::string RemotePayload::unpack(std::string_view bytes, const std::string& url,
                                  std::uint64_t maxBytes) {
    const std::uint64_t rawSize = unpackedSize(bytes, url);
    if (maxBytes > 0 && rawSize > maxBytes)
        throw RemoteReadError(url, kStep,
                              "the results (" + std::to_string(rawSize) +
                                  " bytes) exceed the memory budget here");
    return unpackChecked(bytes, url, rawSize);
}

std::string RemotePayload::unpackExactly(std::string_view bytes, const std::string& url,
                                         std::uint64_t size) {
    if (unpackedSize(bytes, url) != size)
        throw RemoteReadError(url, kStep, "damaged results (another size than expected)");
    return unpackChecked(bytes, url, size);
}

std::uint64_t RemotePayload::unpackedSize(std::string_view bytes, const std::string& url) {
    std::uint64_t rawSize = 0;
    if (bytes.size() < sizeof kMagic + sizeof rawSize ||
        std::memcmp(bytes.data(), kMagic, sizeof kMagic) != 0)
        throw RemoteReadError(url, kStep, "the host sent something else than results");
    std::memcpy(&rawSize, bytes.data() + sizeof kMagic, sizeof rawSize);
    bytes.remove_prefix(sizeof kMagic + sizeof rawSize);
    const unsigned long long declared = ZSTD_getFrameContentSize(bytes.data(), bytes.size());
    if (declared != rawSize || rawSize > std::numeric_limits<std::size_t>::max() / 2)
        throw RemoteReadError(url, kStep, "damaged results");
    return rawSize;
}

std::string RemotePayload::unpackChecked(std::string_view bytes, const std::string& url,
                                         std::uint64_t rawSize) {
    bytes.remove_prefix(sizeof kMagic + sizeof rawSize);
    std::string raw(rawSize, '\0');
    const std::size_t size = ZSTD_decompress(raw.data(), raw.size(), bytes.data(), bytes.size());
    if (ZSTD_isError(size) || size != rawSize)
        throw RemoteReadError(url, kStep, "damaged results");
    return raw;
}

std::string RemotePayload::encode(const ProfilingResults& results, bool eventsOnHost,
                                  const std::optional<Timeline>& timeline) {
    // No plan: the calls stay where they are.
    ByteWriter fields;
    isolate::ResultsHeader::encode(results, EventPlan(), {}, fields);
    ByteWriter out;
    out.flag(eventsOnHost);
    out.text(fields.bytes());
    out.flag(timeline.has_value());
    if (timeline)
        writeTimeline(out, *timeline);
    return pack(out.bytes());
}

RemotePayload::Decoded RemotePayload::decode(std::string_view bytes, const std::string& url,
                                             std::uint64_t maxBytes) {
    const std::string raw = unpack(bytes, url, maxBytes);
    Decoded decoded;
    try {
        ByteReader in(raw, url, kStep);
        decoded.eventsOnHost = in.flag();
        const std::string header = in.text();
        ByteReader headerIn(header, url, kStep);
        PlannedRead read = isolate::ResultsCodec::decodeSummaries(headerIn);
        ProfilingResults& results = read.results;
        if (in.flag())
            readTimeline(in, results.regions.size(), decoded);
        if (!in.atEnd())
            in.fail("bytes after the results");
        results.path = url;
        results.eventsRead = false;
        results.eventsOnHost = decoded.eventsOnHost;
        results.finalize();
        decoded.results = std::move(results);
    } catch (const CorruptProfileError& error) {
        damaged(error, url, kStep);
    }
    return decoded;
}

void RemotePayload::damaged(const CorruptProfileError& error, const std::string& url,
                            const std::string& step) {
    // The reader named the URL and the step already; they are said once.
    const bool ours = error.path() == url && error.step() == step;
    throw RemoteReadError(url, step, ours ? error.reason() : std::string(error.what()));
}

} // namespace scope
