// SPDX-License-Identifier: GPL-3.0-or-later
#include "ResultsHeader.h"

#include "ByteReader.h"
#include "ByteWriter.h"
#include "KeptCodec.h"

namespace scope::isolate {
namespace {

void writeMetadata(ByteWriter& out, const Metadata& metadata) {
    out.u64(metadata.entries.size());
    for (const MetadataEntry& entry : metadata.entries) {
        out.text(entry.key);
        out.u8(static_cast<std::uint8_t>(entry.value.index()));
        if (const auto* text = std::get_if<std::string>(&entry.value))
            out.text(*text);
        else if (const auto* integer = std::get_if<std::int64_t>(&entry.value))
            out.i64(*integer);
        else if (const auto* number = std::get_if<double>(&entry.value))
            out.f64(*number);
        else
            out.texts(std::get<std::vector<std::string>>(entry.value));
    }
}

Metadata readMetadata(ByteReader& in) {
    Metadata metadata;
    metadata.entries.resize(in.count(9));
    for (MetadataEntry& entry : metadata.entries) {
        entry.key = in.text();
        switch (in.u8()) {
        case 0:
            entry.value = in.text();
            break;
        case 1:
            entry.value = in.i64();
            break;
        case 2:
            entry.value = in.f64();
            break;
        case 3:
            entry.value = in.texts();
            break;
        default:
            in.fail("unknown metadata type");
        }
    }
    return metadata;
}

// One row as it crosses: plain scalars only, one copy each way (writing and
// reading 17 fields a row were a seventh of the CPU time of a 200,000-row
// summary-only open).
struct RowRecord {
    std::uint32_t rank;
    std::uint32_t region;
    std::uint64_t offset;
    std::uint64_t count;
    std::int64_t total;
    std::int64_t minimum;
    std::int64_t maximum;
    std::int64_t first;
    std::int64_t last;
    std::int64_t startMinimum;
    std::int64_t endMaximum;
    std::uint64_t gpuCount;
    std::int64_t gpuTotal;
    double mean;
    double m2;
    std::int64_t exclusive;
    std::uint32_t details;
    std::uint8_t hasSpread;
    std::uint8_t hasTimes;
    std::uint8_t hasExclusive;
    std::uint8_t unused;
};

RowRecord recordOf(const RankRegion& row) {
    const CallSummary& s = row.summary;
    return {row.rank,
            row.region,
            row.offset,
            s.count,
            s.total,
            s.minimum,
            s.maximum,
            s.first,
            s.last,
            s.startMinimum,
            s.endMaximum,
            s.gpuCount,
            s.gpuTotal,
            s.mean,
            s.m2,
            row.exclusiveNs.value_or(0),
            row.details,
            s.hasSpread,
            s.hasTimes,
            row.exclusiveNs.has_value(),
            0};
}

RankRegion rowOf(const RowRecord& r, const ByteReader& in) {
    if (r.hasSpread > 1 || r.hasTimes > 1 || r.hasExclusive > 1)
        in.fail("damaged row");
    RankRegion row;
    row.rank = r.rank;
    row.region = r.region;
    row.offset = r.offset;
    CallSummary& s = row.summary;
    s.count = r.count;
    s.total = r.total;
    s.minimum = r.minimum;
    s.maximum = r.maximum;
    s.first = r.first;
    s.last = r.last;
    s.startMinimum = r.startMinimum;
    s.endMaximum = r.endMaximum;
    s.gpuCount = r.gpuCount;
    s.gpuTotal = r.gpuTotal;
    s.mean = r.mean;
    s.m2 = r.m2;
    s.hasSpread = r.hasSpread != 0;
    s.hasTimes = r.hasTimes != 0;
    if (r.hasExclusive != 0)
        row.exclusiveNs = r.exclusive;
    row.details = r.details;
    return row;
}

void writeDetails(ByteWriter& out, const RowDetails& details) {
    out.text(details.source.file);
    out.i64(details.source.line);
    out.text(details.source.text);
    out.texts(details.tags);
    out.text(details.eventMetadata);
}

RowDetails readDetails(ByteReader& in) {
    RowDetails details;
    details.source.file = in.text();
    details.source.line = in.i64();
    details.source.text = in.text();
    details.tags = in.texts();
    details.eventMetadata = in.text();
    return details;
}

void writeLikwid(ByteWriter& out, const LikwidRegion& r) {
    out.u32(r.rank);
    out.text(r.tag);
    out.i64(r.groupId);
    out.text(r.groupName);
    out.text(r.source);
    out.texts(r.eventNames);
    out.texts(r.counterNames);
    out.texts(r.metricNames);
    out.i64s(r.cpus);
    out.f64s(r.times);
    out.i64s(r.callCounts);
    out.f64s(r.events);
    out.f64s(r.metrics);
}

LikwidRegion readLikwid(ByteReader& in) {
    LikwidRegion r;
    r.rank = in.u32();
    r.tag = in.text();
    r.groupId = in.i64();
    r.groupName = in.text();
    r.source = in.text();
    r.eventNames = in.texts();
    r.counterNames = in.texts();
    r.metricNames = in.texts();
    r.cpus = in.i64s();
    r.times = in.f64s();
    r.callCounts = in.i64s();
    r.events = in.f64s();
    r.metrics = in.f64s();
    return r;
}

void writeLineProfile(ByteWriter& out, const LineProfile& p) {
    out.u32(p.rank);
    out.text(p.region);
    out.text(p.filename);
    out.text(p.function);
    out.i64(p.firstLine);
    out.f64(p.unit);
    out.text(p.source);
    out.i64(p.sourceFirstLine);
    out.i64s(p.lineNumbers);
    out.i64s(p.hits);
    out.f64s(p.times);
}

LineProfile readLineProfile(ByteReader& in) {
    LineProfile p;
    p.rank = in.u32();
    p.region = in.text();
    p.filename = in.text();
    p.function = in.text();
    p.firstLine = in.i64();
    p.unit = in.f64();
    p.source = in.text();
    p.sourceFirstLine = in.i64();
    p.lineNumbers = in.i64s();
    p.hits = in.i64s();
    p.times = in.f64s();
    return p;
}

void writePerf(ByteWriter& out, const PerfEventSet& p) {
    out.u32(p.rank);
    out.text(p.region);
    out.i64(p.calls);
    out.texts(p.eventNames);
    out.u64s(p.values);
}

PerfEventSet readPerf(ByteReader& in) {
    PerfEventSet p;
    p.rank = in.u32();
    p.region = in.text();
    p.calls = in.i64();
    p.eventNames = in.texts();
    p.values = in.u64s();
    return p;
}

void writeThread(ByteWriter& out, const ThreadInfo& t) {
    out.u32(t.rank);
    for (std::int64_t value : {t.index, t.ident, t.nativeId, t.startNs, t.endNs, t.cpuNs})
        out.i64(value);
    out.flag(t.daemon);
    out.text(t.name);
}

ThreadInfo readThread(ByteReader& in) {
    ThreadInfo t;
    t.rank = in.u32();
    for (std::int64_t* value : {&t.index, &t.ident, &t.nativeId, &t.startNs, &t.endNs, &t.cpuNs})
        *value = in.i64();
    t.daemon = in.flag();
    t.name = in.text();
    return t;
}

void writeTask(ByteWriter& out, const TaskInfo& t) {
    out.u32(t.rank);
    for (std::int64_t value :
         {t.index, t.threadIndex, t.createdNs, t.doneNs, t.steps, t.runningNs, t.suspendedNs})
        out.i64(value);
    out.text(t.kind);
    out.text(t.name);
    out.text(t.coroName);
}

TaskInfo readTask(ByteReader& in) {
    TaskInfo t;
    t.rank = in.u32();
    for (std::int64_t* value : {&t.index, &t.threadIndex, &t.createdNs, &t.doneNs, &t.steps,
                                &t.runningNs, &t.suspendedNs})
        *value = in.i64();
    t.kind = in.text();
    t.name = in.text();
    t.coroName = in.text();
    return t;
}

void writePlan(ByteWriter& out, const EventPlan& plan) {
    out.flag(plan.readsEvents);
    out.flag(plan.deltaEncoded);
    for (std::uint64_t length : plan.columnLengths)
        out.u64(length);
    out.flag(plan.file.has_value());
    const FileIdentity file = plan.file.value_or(FileIdentity{});
    out.u64(file.device);
    out.u64(file.inode);
    out.u64(file.size);
    out.i64(file.modifiedNs);
    out.u64(plan.datasets.size());
    for (const PlannedDataset& d : plan.datasets) {
        out.u8(static_cast<std::uint8_t>(d.column));
        for (std::uint64_t value :
             {d.destination, d.length, d.chunkElements, d.firstChunk, d.chunkCount, d.inlineOffset})
            out.u64(value);
        out.flag(d.pipeline.shuffle);
        out.u8(d.pipeline.shuffleBit);
        out.u8(static_cast<std::uint8_t>(d.pipeline.compression));
        out.u8(d.pipeline.compressionBit);
        out.flag(d.isInline);
        out.i64(d.row);
        out.text(d.name);
    }
    out.u64(plan.chunks.size());
    for (const StoredChunk& chunk : plan.chunks) {
        out.u64(chunk.fileOffset);
        out.u64(chunk.storedBytes);
        out.u32(chunk.filterMask);
    }
}

void readPlan(ByteReader& in, EventPlan& plan) {
    plan.readsEvents = in.flag();
    plan.deltaEncoded = in.flag();
    for (std::uint64_t& length : plan.columnLengths)
        length = in.u64();
    const bool hasFile = in.flag();
    FileIdentity file;
    file.device = in.u64();
    file.inode = in.u64();
    file.size = in.u64();
    file.modifiedNs = in.i64();
    if (hasFile)
        plan.file = file;
    plan.datasets.resize(in.count(70));
    for (PlannedDataset& d : plan.datasets) {
        const std::uint8_t column = in.u8();
        if (column >= kEventColumnCount)
            in.fail("unknown event column");
        d.column = static_cast<EventColumnId>(column);
        for (std::uint64_t* value : {&d.destination, &d.length, &d.chunkElements, &d.firstChunk,
                                     &d.chunkCount, &d.inlineOffset})
            *value = in.u64();
        d.pipeline.shuffle = in.flag();
        d.pipeline.shuffleBit = in.u8();
        const std::uint8_t compression = in.u8();
        if (compression > static_cast<std::uint8_t>(ChunkCompression::Zstd))
            in.fail("unknown compression");
        d.pipeline.compression = static_cast<ChunkCompression>(compression);
        d.pipeline.compressionBit = in.u8();
        if (d.pipeline.shuffleBit >= 32 || d.pipeline.compressionBit >= 32)
            in.fail("impossible filter position");
        d.isInline = in.flag();
        d.row = in.i64();
        d.name = in.text();
    }
    plan.chunks.resize(in.count(20));
    for (StoredChunk& chunk : plan.chunks) {
        chunk.fileOffset = in.u64();
        chunk.storedBytes = in.u64();
        chunk.filterMask = in.u32();
    }
}

} // namespace

void ResultsHeader::encode(const ProfilingResults& r, const EventPlan& plan,
                           const ColumnPlace& inlineValues, ByteWriter& out) {
    out.text(r.path);
    out.i64(r.schemaVersion);
    out.u8(r.layout == StorageLayout::Aggregate ? 1 : 0);
    out.flag(r.summaryFallback);
    out.flag(r.rowDetailsSkipped);
    out.u32(r.numRanks);
    writeMetadata(out, r.metadata);
    out.texts(r.regions);
    out.u64(r.rows.size());
    for (const RankRegion& row : r.rows)
        out.record(recordOf(row));
    out.u64(r.rowDetails.size());
    for (const RowDetails& details : r.rowDetails)
        writeDetails(out, details);
    out.u64(r.damaged.size());
    for (const DamagedRegion& d : r.damaged) {
        out.u32(d.rank);
        out.text(d.region);
        out.text(d.reason);
    }
    out.texts(r.warnings);
    out.u64(r.likwidRanks.size());
    for (const LikwidRank& rank : r.likwidRanks) {
        out.u32(rank.rank);
        writeMetadata(out, rank.attributes);
    }
    out.u64(r.likwid.size());
    for (const LikwidRegion& region : r.likwid)
        writeLikwid(out, region);
    out.u64(r.lineProfiles.size());
    for (const LineProfile& profile : r.lineProfiles)
        writeLineProfile(out, profile);
    out.u64(r.perfEvents.size());
    for (const PerfEventSet& perf : r.perfEvents)
        writePerf(out, perf);
    out.u64(r.threads.size());
    for (const ThreadInfo& thread : r.threads)
        writeThread(out, thread);
    out.u64(r.tasks.size());
    for (const TaskInfo& task : r.tasks)
        writeTask(out, task);
    KeptCodec::encode(r, out);
    writePlan(out, plan);
    out.u64(inlineValues.offset);
    out.u64(inlineValues.count);
}

void ResultsHeader::decode(ByteReader& in, PlannedRead& read, ColumnPlace& inlineValues) {
    ProfilingResults& r = read.results;
    r.path = in.text();
    r.schemaVersion = static_cast<int>(in.i64());
    const std::uint8_t layout = in.u8();
    if (layout > 1)
        in.fail("unknown storage layout");
    r.layout = layout == 1 ? StorageLayout::Aggregate : StorageLayout::Columnar;
    r.summaryFallback = in.flag();
    r.rowDetailsSkipped = in.flag();
    r.numRanks = in.u32();
    r.metadata = readMetadata(in);
    r.regions = in.texts();
    const std::size_t rows = in.count(sizeof(RowRecord));
    r.rows.reserve(rows);
    for (std::size_t i = 0; i < rows; ++i)
        r.rows.push_back(rowOf(in.record<RowRecord>(), in));
    r.rowDetails.resize(in.count(40));
    for (RowDetails& details : r.rowDetails)
        details = readDetails(in);
    r.damaged.resize(in.count(20));
    for (DamagedRegion& d : r.damaged) {
        d.rank = in.u32();
        d.region = in.text();
        d.reason = in.text();
    }
    r.warnings = in.texts();
    r.likwidRanks.resize(in.count(12));
    for (LikwidRank& rank : r.likwidRanks) {
        rank.rank = in.u32();
        rank.attributes = readMetadata(in);
    }
    r.likwid.resize(in.count(64));
    for (LikwidRegion& region : r.likwid)
        region = readLikwid(in);
    r.lineProfiles.resize(in.count(64));
    for (LineProfile& profile : r.lineProfiles)
        profile = readLineProfile(in);
    r.perfEvents.resize(in.count(28));
    for (PerfEventSet& perf : r.perfEvents)
        perf = readPerf(in);
    r.threads.resize(in.count(61));
    for (ThreadInfo& thread : r.threads)
        thread = readThread(in);
    r.tasks.resize(in.count(84));
    for (TaskInfo& task : r.tasks)
        task = readTask(in);
    KeptCodec::decode(in, r);
    readPlan(in, read.events);
    inlineValues.offset = in.u64();
    inlineValues.count = in.u64();
    if (!in.atEnd())
        in.fail("bytes after the header");
    for (const RankRegion& row : r.rows) {
        if (row.region >= r.regions.size())
            in.fail("row outside the region table");
        if (row.details != RankRegion::kNoDetails && row.details >= r.rowDetails.size())
            in.fail("row with details that are not there");
    }
}

} // namespace scope::isolate
