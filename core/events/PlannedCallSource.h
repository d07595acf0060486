// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "ChunkDecoder.h"
#include "model/CallSource.h"
#include "plan/EventBytes.h"
#include "plan/EventPlan.h"

#include <array>
#include <cstdint>
#include <list>
#include <memory>
#include <mutex>
#include <optional>
#include <span>
#include <string>
#include <unordered_map>
#include <vector>

namespace scope {

// The calls of a file whose event columns stay on disk (a read over the
// memory budget): read through the file's EventPlan from the bytes, as
// EventAssembler would read them, whenever a view or an export asks. Decoded
// chunks of compressed columns are kept in an LRU cache of bounded size;
// uncompressed chunks are read straight from the file (the kernel caches
// them). Thread-safe.
class PlannedCallSource final : public CallSource {
public:
    // A delta-encoded row keeps the absolute start before every kCheckpoint-th
    // call (8 bytes per 4,096 calls), so that a read in the middle of a long
    // row decodes fewer than kCheckpoint deltas before its first call.
    static constexpr std::uint64_t kCheckpoint = 4096;

    // What went wrong reading some values: the message EventAssembler gives
    // ("chunk 3 of 'events/durations' does not decompress (damaged)") and the
    // dataset of the plan it is about.
    struct Damage {
        std::string what;
        std::size_t dataset = 0;
    };

    // One thread's state over many reads: the chunk it decoded last in each
    // column (reading a row in pieces decodes each chunk once, whatever the
    // cache holds) and scratch space.
    class Cursor {
    public:
        // Whether the chunks this cursor decodes go into the source's cache
        // for other reads. A pass that reads each chunk once turns this off:
        // its chunks are then decoded into the same buffer again and again,
        // which stays in the processor's cache, where fresh buffers cost a
        // page fault every 4 KiB.
        bool sharesChunks = true;

    private:
        friend class PlannedCallSource;
        struct Decoded {
            std::uint64_t chunk = ~std::uint64_t{0}; // index into EventPlan::chunks
            std::shared_ptr<const std::int64_t[]> values;
            // The cursor's own buffer of `elements` values, written again for
            // the next chunk when nobody else holds it.
            std::shared_ptr<std::int64_t[]> buffer;
            std::uint64_t elements = 0;
            // Whether `values` are still shuffled: a cursor that does not
            // share its chunks unshuffles only the values read, straight
            // into the reader's span.
            bool shuffled = false;
        };
        std::array<Decoded, kEventColumnCount> last;
        ChunkDecoder decoder;
        std::vector<std::byte> stored;
        std::vector<std::int64_t> deltas;
    };

    // `plan` must have passed checkEventPlan; throws CorruptProfileError when
    // its datasets of one column overlap (no planner writes that).
    PlannedCallSource(EventPlan plan, std::shared_ptr<const EventBytes> bytes,
                      std::uint64_t cacheLimitBytes);

    void read(const RankRegion& row, std::uint64_t first, std::span<std::int64_t> starts,
              std::span<std::int64_t> ends) const override;
    bool readLanes(const RankRegion& row, std::uint64_t first,
                   std::span<std::int64_t> lanes) const override;
    // Keeps a Cursor from read to read.
    std::unique_ptr<CallReader> reader() const override;
    std::uint64_t cacheLimitBytes() const override { return cacheLimit_; }
    // What the cache holds now (never more than cacheLimitBytes()).
    std::uint64_t cachedBytes() const;

    const std::string& path() const { return bytes_->path(); }
    const EventPlan& plan() const { return plan_; }

    // The values stored in `column` at [begin, begin + out.size()): deltas and
    // durations as they are in a delta-encoded file. Values that no dataset
    // gives read as missingValue(column), as in EventAssembler's columns. nullopt when all went
    // well.
    std::optional<Damage> readColumn(EventColumnId column, std::uint64_t begin,
                                     std::span<std::int64_t> out, Cursor& cursor) const;
    // The first damage of a dataset as EventAssembler finds and words it
    // (its chunks in the same groups), or "": for the message of a region or
    // file found damaged, whose first damage may lie before the one met.
    std::string firstDamage(std::size_t dataset) const;

    // Delta-encoded files. Before the source is shared: a place for the
    // checkpoints of these rows (rows without calls need none) ...
    void reserveCheckpoints(std::span<const RankRegion> rows);
    // ... that the streaming pass fills: the start before call k * kCheckpoint
    // of the row at `offset` is element k.
    std::span<std::int64_t> checkpoints(std::uint64_t offset);

    // For a kept index (core/index): the checkpoints of every row of `rows`
    // with calls, in their order; {} for a file that is not delta-encoded.
    // Throws std::out_of_range for a row the source has none for.
    std::vector<std::vector<std::int64_t>>
    storedCheckpoints(std::span<const RankRegion> rows) const;
    // Before the source is shared: what storedCheckpoints gave for the same
    // rows, put back instead of streaming the rows again. Trusts nothing:
    // throws CorruptProfileError naming the file unless there is one list
    // per row with calls (none at all without delta encoding), each of
    // ceil(calls / kCheckpoint) values starting with 0, and the rows lie
    // within the event columns without overlapping.
    void restoreCheckpoints(std::span<const RankRegion> rows,
                            std::vector<std::vector<std::int64_t>> checkpoints);

    // read() and readLanes() through a cursor that outlives them.
    void read(const RankRegion& row, std::uint64_t first, std::span<std::int64_t> starts,
              std::span<std::int64_t> ends, Cursor& cursor) const;
    bool readLanes(const RankRegion& row, std::uint64_t first, std::span<std::int64_t> lanes,
                   Cursor& cursor) const;

private:
    struct RowCheckpoints {
        std::uint64_t offset = 0;
        std::uint64_t count = 0;
        std::uint64_t begin = 0; // into checkpoints_
    };

    std::optional<Damage> readDataset(std::size_t dataset, std::uint64_t first,
                                      std::span<std::int64_t> out, Cursor& cursor) const;
    // The decoded values of a filtered chunk (from the cursor, the cache or
    // the file), or a damage message. Still shuffled when the cursor's
    // Decoded for the column says so afterwards.
    std::shared_ptr<const std::int64_t[]> decoded(std::size_t dataset, std::uint64_t k,
                                                  Cursor& cursor, std::string& damage) const;
    std::span<const std::int64_t> rowCheckpoints(const RankRegion& row) const;
    [[noreturn]] void corrupt(const std::string& what) const;

    EventPlan plan_;
    std::shared_ptr<const EventBytes> bytes_;
    std::uint64_t cacheLimit_;
    // Each column's datasets by destination.
    std::array<std::vector<std::size_t>, kEventColumnCount> byColumn_;
    std::vector<RowCheckpoints> rows_; // by offset
    std::vector<std::int64_t> checkpoints_;

    struct CachedChunk {
        std::uint64_t chunk;
        std::shared_ptr<const std::int64_t[]> values;
        std::uint64_t bytes;
    };
    mutable std::mutex mutex_;
    mutable std::list<CachedChunk> lru_; // most recently used first
    mutable std::unordered_map<std::uint64_t, std::list<CachedChunk>::iterator> cached_;
    mutable std::uint64_t cachedBytes_ = 0;
};

} // namespace scope
