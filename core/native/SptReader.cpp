// SPDX-License-Identifier: GPL-3.0-or-later
#include "SptReader.h"

#include "base/Utf8.h"
#include "events/RowStatistics.h"
#include "events/TimeRangeCheck.h"
#include "model/Errors.h"
#include "model/RankLimit.h"
#include "plan/EventBytes.h"
#include "plan/RegularFile.h"

#include <algorithm>
#include <bit>
#include <cstring>
#include <map>
#include <numeric>

namespace scope {
namespace {

constexpr const char* kStep = "reading the native trace";
constexpr std::size_t kHeaderSize = 24;

// std::byteswap is C++23.
template <typename T> T byteswap(T value) {
    if constexpr (sizeof(T) == 4)
        return static_cast<T>(__builtin_bswap32(static_cast<std::uint32_t>(value)));
    else
        return static_cast<T>(__builtin_bswap64(static_cast<std::uint64_t>(value)));
}

// The bytes of the trace, read front to back; every read is checked against
// what is left, and running out is the writer having died mid-file.
class Cursor {
public:
    Cursor(std::span<const std::byte> bytes, const std::string& name)
        : bytes_(bytes), name_(name) {}

    void setBigEndian(bool big) { swap_ = big != (std::endian::native == std::endian::big); }
    std::size_t offset() const { return offset_; }
    std::size_t left() const { return bytes_.size() - offset_; }
    // What is being read, for the message if the file ends inside it.
    void setContext(std::string context) { context_ = std::move(context); }

    template <typename T> T integer(const char* field) {
        need(sizeof(T), field);
        T value;
        std::memcpy(&value, bytes_.data() + offset_, sizeof(T));
        offset_ += sizeof(T);
        return swap_ ? byteswap(value) : value;
    }

    std::string_view text(std::size_t length, const char* field) {
        need(length, field);
        const std::string_view s(reinterpret_cast<const char*>(bytes_.data() + offset_), length);
        offset_ += length;
        return s;
    }

    // `count` int64 values appended to `column`, byte-swapped as needed.
    void integers(std::size_t count, EventColumn& column, const char* field) {
        need(count * sizeof(std::int64_t), field);
        const std::size_t old = column.size();
        column.resize(old + count);
        std::memcpy(column.data() + old, bytes_.data() + offset_, count * sizeof(std::int64_t));
        offset_ += count * sizeof(std::int64_t);
        if (swap_)
            for (std::size_t i = old; i < column.size(); ++i)
                column[i] = byteswap(column[i]);
    }

    [[noreturn]] void truncated(const char* field) const {
        throw CorruptProfileError(name_, kStep,
                                  "truncated trace file: it ends inside " + context_ + field +
                                      " (after " + std::to_string(bytes_.size()) +
                                      " bytes); the run probably died while writing it");
    }

private:
    void need(std::size_t n, const char* field) const {
        if (n > left())
            truncated(field);
    }

    std::span<const std::byte> bytes_;
    const std::string& name_;
    std::size_t offset_ = 0;
    bool swap_ = false;
    std::string context_;
};

std::int32_t versionIn(std::span<const std::byte> image, bool bigEndian) {
    std::int32_t v;
    std::memcpy(&v, image.data() + 8, sizeof v);
    const bool swap = bigEndian != (std::endian::native == std::endian::big);
    return swap ? byteswap(v) : v;
}

std::string quoted(std::string_view name) {
    return "'" + std::string(name) + "'";
}

// Calls of one rank must nest or be disjoint: the viewer derives the call
// tree from the times alone, and upstream raises NestingError on such a file.
void checkNesting(const ProfilingResults& results, const std::vector<std::uint32_t>& regionOf,
                  const std::string& name) {
    const EventColumn& starts = results.events.starts;
    const EventColumn& ends = results.events.ends;
    std::vector<std::size_t> order(starts.size());
    std::iota(order.begin(), order.end(), std::size_t{0});
    std::sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
        return starts[a] != starts[b] ? starts[a] < starts[b] : ends[a] > ends[b];
    });
    std::vector<std::size_t> open;
    for (const std::size_t call : order) {
        while (!open.empty() && ends[open.back()] <= starts[call])
            open.pop_back();
        if (!open.empty() && ends[call] > ends[open.back()]) {
            const std::size_t outer = open.back();
            throw CorruptProfileError(
                name, kStep,
                "calls overlap without nesting: " + quoted(results.regions[regionOf[outer]]) +
                    " [" + std::to_string(starts[outer]) + ", " + std::to_string(ends[outer]) +
                    "] and " + quoted(results.regions[regionOf[call]]) + " [" +
                    std::to_string(starts[call]) + ", " + std::to_string(ends[call]) + "] ns");
        }
        open.push_back(call);
    }
}

} // namespace

bool startsWithSptMagic(std::span<const std::byte> head) {
    return head.size() >= kSptMagic.size() &&
           std::memcmp(head.data(), kSptMagic.data(), kSptMagic.size()) == 0;
}

ProfilingResults readSptImage(std::span<const std::byte> image, const std::string& name,
                              const ReadControl& control) {
    // Upstream's checks in upstream's order: size, magic, version.
    if (image.size() < kHeaderSize) {
        const std::size_t shown = std::min(image.size(), kSptMagic.size());
        // An empty image may have no data pointer at all, which memcmp must not get.
        const bool magicSoFar =
            shown == 0 || std::memcmp(image.data(), kSptMagic.data(), shown) == 0;
        throw CorruptProfileError(name, kStep,
                                  "too short for a trace file (" + std::to_string(image.size()) +
                                      " of at least " + std::to_string(kHeaderSize) + " bytes)" +
                                      (magicSoFar ? "; the run probably died while writing it"
                                                  : ", and not a scope-profiler native trace"));
    }
    if (!startsWithSptMagic(image))
        throw CorruptProfileError(name, kStep,
                                  "not a scope-profiler native trace (no SCOPEPRF magic)");
    // The writer's byte order is the one in which the version reads 1 or 2.
    Cursor in(image, name);
    const std::int32_t little = versionIn(image, false);
    const std::int32_t big = versionIn(image, true);
    const bool bigEndian = !(little == 1 || little == 2) && (big == 1 || big == 2);
    if (!(little == 1 || little == 2) && !bigEndian)
        throw CorruptProfileError(name, kStep,
                                  "unsupported trace format version " + std::to_string(little));
    in.setBigEndian(bigEndian);
    in.text(8, "the magic");
    const std::int32_t version = in.integer<std::int32_t>("the version");
    const std::int32_t rank = in.integer<std::int32_t>("the rank");
    const std::int64_t recordCount = in.integer<std::int64_t>("the region count");
    if (rank < 0)
        throw CorruptProfileError(name, kStep, "negative rank " + std::to_string(rank));
    if (static_cast<std::uint64_t>(rank) >= kMaxRanks)
        throw CorruptProfileError(name, kStep,
                                  rankPastLimit("rank", static_cast<std::uint64_t>(rank)));
    if (recordCount < 0)
        throw CorruptProfileError(name, kStep,
                                  "negative region count " + std::to_string(recordCount));

    ProfilingResults results;
    results.path = name;
    // What the C API's HDF5 files (schema 2) hold, from the trace's fields.
    results.schemaVersion = 2;
    results.layout = StorageLayout::Columnar;
    results.eventsRead = true;
    results.numRanks = static_cast<std::uint32_t>(rank) + 1;

    std::map<std::string, std::int64_t, std::less<>> seen;
    std::vector<std::uint32_t> regionOf; // per call, for the nesting message
    TimeRangeCheck range;
    for (std::int64_t record = 0; record < recordCount; ++record) {
        if (control.cancel && control.cancel->load())
            throw ReadCancelled(name, kStep, "cancelled");
        if (control.progress)
            control.progress(double(in.offset()) / double(image.size()), "reading the trace");
        const std::string where = "region record " + std::to_string(record + 1) + " of " +
                                  std::to_string(recordCount) + ", ";
        in.setContext(where);
        const std::int32_t nameLength = in.integer<std::int32_t>("its name length");
        if (nameLength < 0)
            throw CorruptProfileError(name, kStep,
                                      where + "negative name length " + std::to_string(nameLength));
        const std::string_view region = in.text(std::size_t(nameLength), "its name");
        if (!utf8::isValid(region))
            throw CorruptProfileError(name, kStep, where + "the name is not valid UTF-8");
        if (const auto [it, added] = seen.emplace(std::string(region), record); !added)
            throw CorruptProfileError(name, kStep,
                                      where + "region " + quoted(region) +
                                          " repeats region record " +
                                          std::to_string(it->second + 1));
        in.setContext(where + "region " + quoted(region) + ", ");
        RowDetails details;
        if (version >= 2) {
            const std::int32_t sourceLength = in.integer<std::int32_t>("its source path length");
            if (sourceLength < 0)
                throw CorruptProfileError(name, kStep,
                                          where + "negative source path length " +
                                              std::to_string(sourceLength));
            const std::string_view source = in.text(std::size_t(sourceLength), "its source path");
            if (!utf8::isValid(source))
                throw CorruptProfileError(name, kStep,
                                          where + "the source path is not valid UTF-8");
            const std::int32_t line = in.integer<std::int32_t>("its source line");
            details.source.file = std::string(source);
            details.source.line = line < 0 ? -1 : line;
        }
        const std::int64_t calls = in.integer<std::int64_t>("its call count");
        if (calls < 0)
            throw CorruptProfileError(name, kStep,
                                      where + "negative call count " + std::to_string(calls));
        // Both columns must be there before either is allocated.
        if (std::uint64_t(calls) > in.left() / (2 * sizeof(std::int64_t)))
            in.truncated("its start and end times");
        const std::size_t offset = results.events.starts.size();
        in.integers(std::size_t(calls), results.events.starts, "its start times");
        in.integers(std::size_t(calls), results.events.ends, "its end times");

        const auto regionIndex = static_cast<std::uint32_t>(results.regions.size());
        results.regions.emplace_back(region);
        const std::span<const std::int64_t> starts(results.events.starts.data() + offset,
                                                   std::size_t(calls));
        const std::span<const std::int64_t> ends(results.events.ends.data() + offset,
                                                 std::size_t(calls));
        for (std::size_t i = 0; i < starts.size(); ++i)
            if (ends[i] < starts[i])
                throw CorruptProfileError(name, kStep,
                                          where + "call " + std::to_string(i + 1) + " of " +
                                              quoted(region) + " ends (" + std::to_string(ends[i]) +
                                              " ns) before it starts (" +
                                              std::to_string(starts[i]) + " ns)");
        regionOf.insert(regionOf.end(), starts.size(), regionIndex);
        if (calls == 0)
            continue; // writers leave such regions out; it has no row to show
        const RowStatistics statistics = RowStatistics::measure(starts, ends);
        if (!statistics.extent.fits || !range.add(statistics.extent))
            throw CorruptProfileError(name, kStep,
                                      where + "the times of " + quoted(region) +
                                          " are out of range (damaged)");
        RankRegion row;
        row.rank = static_cast<std::uint32_t>(rank);
        row.region = regionIndex;
        row.offset = offset;
        row.summary = statistics.summary;
        results.setDetails(row, std::move(details));
        results.rows.push_back(row);
    }
    if (in.left() > 0)
        throw CorruptProfileError(name, kStep,
                                  std::to_string(in.left()) +
                                      " trailing byte(s) after region record " +
                                      std::to_string(recordCount));
    checkNesting(results, regionOf, name);

    results.metadata.entries.push_back({"source", std::string("native")});
    results.metadata.entries.push_back({"trace_format_version", std::int64_t{version}});
    results.metadata.entries.push_back({"mpi_rank", std::int64_t{rank}});
    results.finalize();
    if (results.minimumStartNs)
        results.metadata.entries.push_back({"start_time_ns", *results.minimumStartNs});
    if (control.progress)
        control.progress(1.0, "reading the trace");
    return results;
}

ProfilingResults readSpt(const std::string& path, const ReadControl& control) {
    const RegularFile file = RegularFile::open(path, "opening the file");
    // A regular file's size is what is there to read: nothing keeps growing.
    std::vector<std::byte> bytes(file.size());
    if (!EventBytes::readFully(file.fd(), 0, bytes))
        throw CorruptProfileError(path, kStep, "cannot read it (it shrank while being read)");
    return readSptImage(bytes, path, control);
}

} // namespace scope
