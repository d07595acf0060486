// SPDX-License-Identifier: GPL-3.0-or-later
#include "IndexFields.h"

#include <algorithm>
#include <limits>
#include <stdexcept>
#include <string>

namespace scope {
namespace {

// Plain records without padding: their bytes are their values.
struct NodeRecord {
    std::uint32_t parent;
    std::int32_t region;
    std::uint32_t depth;
    std::uint32_t ranksWithCalls;
    std::uint64_t calls;
    std::int64_t inclusiveNs;
    std::int64_t exclusiveNs;
    std::int64_t maxRankInclusiveNs;
};
static_assert(sizeof(NodeRecord) == 48);

struct LaneRecord {
    std::uint32_t rank;
    std::uint32_t depth;
    std::uint32_t begin;
    std::uint32_t size;
    std::int64_t key;
};
static_assert(sizeof(LaneRecord) == 24);

struct SpanRecord {
    std::int64_t startNs;
    std::int64_t endNs;
    std::int32_t region;
    std::uint32_t event;
    std::uint32_t count;
    std::uint32_t zero;
};
static_assert(sizeof(SpanRecord) == 32);

struct RankLanesRecord {
    std::uint32_t rank;
    std::uint32_t firstLane;
    std::uint32_t laneCount;
    std::uint32_t zero;
    std::int64_t key;
};
static_assert(sizeof(RankLanesRecord) == 24);

void writeU32s(isolate::ByteWriter& out, std::span<const std::uint32_t> values) {
    out.u64(values.size());
    for (const std::uint32_t value : values)
        out.u32(value);
}

std::vector<std::uint32_t> readU32s(isolate::ByteReader& in) {
    std::vector<std::uint32_t> values(in.count(sizeof(std::uint32_t)));
    for (std::uint32_t& value : values)
        value = in.u32();
    return values;
}

bool regionFits(std::int32_t region, std::size_t regions) {
    return region >= -1 && (region < 0 || static_cast<std::size_t>(region) < regions);
}

// The child lists as finish() leaves them (ranges of `children`), or as
// child() keeps them before (first child and next sibling, `children`
// empty): either way every link leads to a later child or an earlier
// sibling of the same parent, so no walk over them can loop.
void checkChildren(isolate::ByteReader& in, const CallTree& tree) {
    const std::size_t n = tree.size();
    const auto& first = tree.childBegin;
    const auto& next = tree.childCount;
    if (first.size() != next.size() || first.size() > n)
        in.fail("call tree child lists of another size");
    const bool linked = tree.children.empty() && !next.empty() && next[0] == CallTree::kNone;
    if (linked) {
        for (std::size_t i = 0; i < first.size(); ++i) {
            const std::uint32_t child = first[i];
            const std::uint32_t sibling = next[i];
            if ((child != CallTree::kNone && (child >= n || tree.parent[child] != i)) ||
                (sibling != CallTree::kNone &&
                 (sibling >= i || tree.parent[sibling] != tree.parent[i])))
                in.fail("call tree child of another node");
        }
        return;
    }
    if (first.size() != n || tree.children.size() != (n > 0 ? n - 1 : 0))
        in.fail("call tree child lists of another size");
    for (std::size_t i = 0; i < n; ++i) {
        const std::uint64_t begin = first[i];
        const std::uint64_t count = next[i];
        if (begin > tree.children.size() || count > tree.children.size() - begin)
            in.fail("call tree children outside their list");
        for (std::uint64_t k = begin; k < begin + count; ++k) {
            const std::uint32_t child = tree.children[k];
            if (child >= n || child == CallTree::kRoot || tree.parent[child] != i)
                in.fail("call tree child of another node");
        }
    }
}

} // namespace

void IndexFields::writeCallTree(ByteWriter& out, const CallTree& tree) {
    out.u64(tree.size());
    for (std::size_t i = 0; i < tree.size(); ++i)
        out.record(NodeRecord{tree.parent[i], tree.region[i], tree.depth[i], tree.ranksWithCalls[i],
                              tree.calls[i], tree.inclusiveNs[i], tree.exclusiveNs[i],
                              tree.maxRankInclusiveNs[i]});
    out.u32(tree.selectedRanks);
    out.i64(tree.runNs);
    out.u64(tree.overlaps);
    out.flag(tree.firstOverlap.has_value());
    if (const std::optional<CallOverlap>& o = tree.firstOverlap) {
        out.u32(o->rank);
        out.i64(o->outerRegion);
        out.i64(o->outerStartNs);
        out.i64(o->outerEndNs);
        out.i64(o->innerRegion);
        out.i64(o->innerStartNs);
        out.i64(o->innerEndNs);
    }
    writeU32s(out, tree.childBegin);
    writeU32s(out, tree.childCount);
    writeU32s(out, tree.children);
}

CallTree IndexFields::readCallTree(ByteReader& in, std::size_t regions) {
    CallTree tree;
    const std::size_t n = in.count(sizeof(NodeRecord));
    for (std::vector<std::uint32_t>* v : {&tree.parent, &tree.depth, &tree.ranksWithCalls})
        v->resize(n);
    tree.region.resize(n);
    tree.calls.resize(n);
    for (std::vector<std::int64_t>* v :
         {&tree.inclusiveNs, &tree.exclusiveNs, &tree.maxRankInclusiveNs})
        v->resize(n);
    for (std::size_t i = 0; i < n; ++i) {
        const auto r = in.record<NodeRecord>();
        // Parents first: walking up a path always ends at the root.
        const bool root = i == CallTree::kRoot;
        if (root ? r.parent != CallTree::kNone || r.region != -1 || r.depth != 0
                 : r.parent >= i || r.region < 0 || static_cast<std::size_t>(r.region) >= regions ||
                       r.depth != tree.depth[r.parent] + 1)
            in.fail("call tree node out of place");
        tree.parent[i] = r.parent;
        tree.region[i] = r.region;
        tree.depth[i] = r.depth;
        tree.ranksWithCalls[i] = r.ranksWithCalls;
        tree.calls[i] = r.calls;
        tree.inclusiveNs[i] = r.inclusiveNs;
        tree.exclusiveNs[i] = r.exclusiveNs;
        tree.maxRankInclusiveNs[i] = r.maxRankInclusiveNs;
    }
    tree.selectedRanks = in.u32();
    tree.runNs = in.i64();
    tree.overlaps = in.u64();
    if (in.flag()) {
        CallOverlap o;
        o.rank = in.u32();
        const std::int64_t outer = in.i64();
        o.outerStartNs = in.i64();
        o.outerEndNs = in.i64();
        const std::int64_t inner = in.i64();
        o.innerStartNs = in.i64();
        o.innerEndNs = in.i64();
        for (const std::int64_t region : {outer, inner})
            if (region < -1 || (region >= 0 && static_cast<std::uint64_t>(region) >= regions))
                in.fail("call overlap outside the region table");
        o.outerRegion = static_cast<std::int32_t>(outer);
        o.innerRegion = static_cast<std::int32_t>(inner);
        tree.firstOverlap = o;
    }
    tree.childBegin = readU32s(in);
    tree.childCount = readU32s(in);
    tree.children = readU32s(in);
    checkChildren(in, tree);
    return tree;
}

void IndexFields::writeLanes(ByteWriter& out, std::span<const TimelineLane> lanes) {
    out.u64(lanes.size());
    for (const TimelineLane& lane : lanes)
        out.record(LaneRecord{lane.rank, lane.depth, lane.begin, lane.size, lane.key});
}

std::vector<TimelineLane> IndexFields::readLanes(ByteReader& in) {
    std::vector<TimelineLane> lanes(in.count(sizeof(LaneRecord)));
    for (TimelineLane& lane : lanes) {
        const auto r = in.record<LaneRecord>();
        lane = TimelineLane{r.rank, r.depth, r.begin, r.size, r.key};
    }
    return lanes;
}

void IndexFields::writeSpans(ByteWriter& out, std::span<const TimelineSpan> spans) {
    out.u64(spans.size());
    for (const TimelineSpan& s : spans)
        out.record(SpanRecord{s.startNs, s.endNs, s.region, s.event, s.count, 0});
}

std::vector<TimelineSpan> IndexFields::readSpans(ByteReader& in, std::size_t regions,
                                                 std::uint64_t calls, std::int64_t fromNs,
                                                 std::int64_t toNs) {
    std::vector<TimelineSpan> spans(in.count(sizeof(SpanRecord)));
    for (TimelineSpan& span : spans) {
        const auto r = in.record<SpanRecord>();
        if (r.zero != 0 || !regionFits(r.region, regions) || r.event >= calls || r.count == 0 ||
            r.startNs < fromNs || r.endNs < r.startNs || r.endNs > toNs)
            in.fail("timeline span outside the run");
        span = TimelineSpan{r.startNs, r.endNs, r.region, r.event, r.count};
    }
    return spans;
}

void IndexFields::writePyramidHead(ByteWriter& out, const TimelinePyramid& pyramid) {
    out.i64(pyramid.originNs());
    out.i64(pyramid.endNs());
    out.u64(pyramid.budgetBytes());
    writeLanes(out, pyramid.lanes());
    writeLevels(out, pyramid, 0, std::min<std::size_t>(1, pyramid.levels()));
}

void IndexFields::writeFinerLevels(ByteWriter& out, const TimelinePyramid& pyramid) {
    writeLevels(out, pyramid, std::min<std::size_t>(1, pyramid.levels()), pyramid.levels());
}

// Levels [first, last) counted from the coarsest, in TimelinePyramid::stored()'s
// form but written from the pyramid's own spans (a copy of them would be
// the size of the index).
void IndexFields::writeLevels(ByteWriter& out, const TimelinePyramid& pyramid, std::size_t first,
                              std::size_t last) {
    const std::size_t lanes = pyramid.lanes().size();
    out.u64(last - first);
    std::vector<std::uint64_t> laneBegin(lanes + 1, 0);
    for (std::size_t coarse = first; coarse < last; ++coarse) {
        const std::size_t l = pyramid.levels() - 1 - coarse;
        out.f64(pyramid.width(l));
        for (std::size_t lane = 0; lane < lanes; ++lane)
            laneBegin[lane + 1] = laneBegin[lane] + pyramid.spans(l, lane).size();
        out.u64(laneBegin[lanes]);
        for (std::size_t lane = 0; lane < lanes; ++lane)
            for (const TimelineSpan& s : pyramid.spans(l, lane))
                out.record(SpanRecord{s.startNs, s.endNs, s.region, s.event, s.count, 0});
        out.u64s(laneBegin);
    }
}

void IndexFields::readLevels(ByteReader& in, std::size_t regions, std::uint64_t calls,
                             std::int64_t originNs, std::int64_t endNs,
                             std::vector<TimelinePyramid::StoredLevel>& levels) {
    // A level takes at least its width and two counts.
    const std::size_t count = in.count(24);
    for (std::size_t i = 0; i < count; ++i) {
        TimelinePyramid::StoredLevel& level = levels.emplace_back();
        level.width = in.f64();
        level.spans = readSpans(in, regions, calls, originNs, endNs);
        level.laneBegin = in.u64s();
    }
}

TimelinePyramid IndexFields::restored(ByteReader& in, std::int64_t originNs, std::int64_t endNs,
                                      std::uint64_t budgetBytes, std::vector<TimelineLane> lanes,
                                      std::vector<TimelinePyramid::StoredLevel> levels) {
    TimelinePyramid pyramid;
    try {
        pyramid = TimelinePyramid::fromStored(originNs, endNs, budgetBytes, std::move(lanes),
                                              std::move(levels));
    } catch (const std::invalid_argument& error) {
        in.fail(error.what());
    }
    return pyramid;
}

TimelinePyramid IndexFields::readPyramidHead(ByteReader& in, std::size_t regions,
                                             std::uint64_t calls) {
    const std::int64_t originNs = in.i64();
    const std::int64_t endNs = in.i64();
    const std::uint64_t budgetBytes = in.u64();
    // The pyramid's widths come from its extent, endNs + 1 - originNs.
    std::int64_t extent = 0;
    if (endNs < originNs || __builtin_sub_overflow(endNs, originNs, &extent) ||
        extent == std::numeric_limits<std::int64_t>::max())
        in.fail("timeline of an impossible extent");
    std::vector<TimelineLane> lanes = readLanes(in);
    std::vector<TimelinePyramid::StoredLevel> levels;
    readLevels(in, regions, calls, originNs, endNs, levels);
    if (levels.size() > 1)
        in.fail("finer timeline levels before the rest of the index");
    return restored(in, originNs, endNs, budgetBytes, std::move(lanes), std::move(levels));
}

TimelinePyramid IndexFields::readFinerLevels(ByteReader& in, const TimelinePyramid& head,
                                             std::size_t regions, std::uint64_t calls) {
    std::vector<TimelinePyramid::StoredLevel> levels = head.stored();
    readLevels(in, regions, calls, head.originNs(), head.endNs(), levels);
    return restored(in, head.originNs(), head.endNs(), head.budgetBytes(),
                    std::vector<TimelineLane>(head.lanes().begin(), head.lanes().end()),
                    std::move(levels));
}

void IndexFields::writeRankPart(ByteWriter& out, const TimelinePyramid::RankPart& part) {
    writeLanes(out, part.lanes);
    out.u64(part.levels.size());
    for (std::size_t l = 0; l < part.levels.size(); ++l) {
        writeSpans(out, part.levels[l]);
        writeU32s(out, l < part.laneSizes.size() ? std::span<const std::uint32_t>(part.laneSizes[l])
                                                 : std::span<const std::uint32_t>());
    }
    out.u64(part.bytes);
}

TimelinePyramid::RankPart IndexFields::readRankPart(ByteReader& in, std::size_t regions,
                                                    std::uint64_t calls, std::int64_t fromNs,
                                                    std::int64_t toNs) {
    TimelinePyramid::RankPart part;
    part.lanes = readLanes(in);
    const std::size_t levels = in.count(16);
    part.levels.resize(levels);
    part.laneSizes.resize(levels);
    for (std::size_t l = 0; l < levels; ++l) {
        part.levels[l] = readSpans(in, regions, calls, fromNs, toNs);
        part.laneSizes[l] = readU32s(in);
        if (part.laneSizes[l].size() != part.lanes.size())
            in.fail("rank part level without its lanes");
        std::uint64_t spans = 0;
        for (const std::uint32_t size : part.laneSizes[l])
            spans += size;
        if (spans != part.levels[l].size())
            in.fail("rank part level whose lanes do not hold its spans");
    }
    part.bytes = in.u64();
    return part;
}

void IndexFields::writeRankLanes(ByteWriter& out, const RankLaneTable& table) {
    out.u64(table.size());
    for (std::size_t i = 0; i < table.size(); ++i)
        out.record(RankLanesRecord{table[i].rank, table[i].firstLane, table[i].laneCount, 0,
                                   table[i].key});
}

RankLaneTable IndexFields::readRankLanes(ByteReader& in, std::span<const TimelineLane> lanes) {
    RankLaneTable table;
    const std::size_t n = in.count(sizeof(RankLanesRecord));
    for (std::size_t i = 0; i < n; ++i) {
        const auto r = in.record<RankLanesRecord>();
        if (r.zero != 0 || r.firstLane > lanes.size() || r.laneCount > lanes.size() - r.firstLane)
            in.fail("rank lanes outside the timeline");
        if (i > 0 && (table[i - 1].rank > r.rank ||
                      (table[i - 1].rank == r.rank && table[i - 1].key >= r.key)))
            in.fail("rank lanes out of order");
        for (std::uint32_t d = 0; d < r.laneCount; ++d) {
            const TimelineLane& lane = lanes[r.firstLane + d];
            if (lane.rank != r.rank || lane.key != r.key || lane.depth != d)
                in.fail("rank lanes naming lanes of another rank");
        }
        table.push_back(RankLanes{r.rank, r.firstLane, r.laneCount, r.key});
    }
    return table;
}

void IndexFields::writeExclusive(ByteWriter& out,
                                 std::span<const std::optional<std::int64_t>> values) {
    out.u64(values.size());
    for (const std::optional<std::int64_t>& value : values) {
        out.flag(value.has_value());
        out.i64(value.value_or(0));
    }
}

std::vector<std::optional<std::int64_t>> IndexFields::readExclusive(ByteReader& in) {
    std::vector<std::optional<std::int64_t>> values(in.count(9));
    for (std::optional<std::int64_t>& value : values) {
        const bool has = in.flag();
        const std::int64_t ns = in.i64();
        if (has)
            value = ns;
    }
    return values;
}

void IndexFields::writeSizes(ByteWriter& out, std::span<const std::size_t> values) {
    out.u64(values.size());
    for (const std::size_t value : values)
        out.u64(value);
}

std::vector<std::size_t> IndexFields::readSizes(ByteReader& in) {
    std::vector<std::size_t> values(in.count(sizeof(std::uint64_t)));
    for (std::size_t& value : values)
        value = static_cast<std::size_t>(in.u64());
    return values;
}

void IndexFields::writeFlags(ByteWriter& out, std::span<const char> values) {
    out.text(std::string_view(values.data(), values.size()));
}

std::vector<char> IndexFields::readFlags(ByteReader& in) {
    const std::string bytes = in.text();
    for (const char value : bytes)
        if (value != 0 && value != 1)
            in.fail("invalid flag");
    return std::vector<char>(bytes.begin(), bytes.end());
}

} // namespace scope
