// SPDX-License-Identifier: GPL-3.0-or-later
#include "PlannedCallSource.h"

#include "DeltaDecoding.h"
#include "StoredChunks.h"
#include "model/Errors.h"

#include <algorithm>
#include <cstring>
#include <stdexcept>

namespace scope {
namespace {

constexpr const char* kStep = "reading the event columns";
// EventAssembler's items: its first damage of a dataset depends on them.
constexpr std::uint64_t kItemBytes = std::uint64_t{4} << 20;

using stored_chunks::isFiltered;
using stored_chunks::lastOfStoredRun;
using stored_chunks::maxStoredBytes;

std::string chunkDamage(std::uint64_t k, const PlannedDataset& d, const char* what) {
    return "chunk " + std::to_string(k) + " of '" + d.name + "' " + what;
}

class Reader final : public CallReader {
public:
    explicit Reader(const PlannedCallSource& source) : source_(source) {}

    void read(const RankRegion& row, std::uint64_t first, std::span<std::int64_t> starts,
              std::span<std::int64_t> ends) override {
        source_.read(row, first, starts, ends, cursor_);
    }
    bool readLanes(const RankRegion& row, std::uint64_t first,
                   std::span<std::int64_t> lanes) override {
        return source_.readLanes(row, first, lanes, cursor_);
    }

private:
    const PlannedCallSource& source_;
    PlannedCallSource::Cursor cursor_;
};

} // namespace

PlannedCallSource::PlannedCallSource(EventPlan plan, std::shared_ptr<const EventBytes> bytes,
                                     std::uint64_t cacheLimitBytes)
    : plan_(std::move(plan)), bytes_(std::move(bytes)), cacheLimit_(cacheLimitBytes) {
    for (std::size_t d = 0; d < plan_.datasets.size(); ++d)
        if (plan_.datasets[d].length > 0)
            byColumn_[static_cast<std::size_t>(plan_.datasets[d].column)].push_back(d);
    for (std::vector<std::size_t>& datasets : byColumn_) {
        std::sort(datasets.begin(), datasets.end(), [&](std::size_t a, std::size_t b) {
            return plan_.datasets[a].destination < plan_.datasets[b].destination;
        });
        for (std::size_t i = 1; i < datasets.size(); ++i) {
            const PlannedDataset& before = plan_.datasets[datasets[i - 1]];
            if (before.destination + before.length > plan_.datasets[datasets[i]].destination)
                corrupt("inconsistent event plan: '" + before.name + "' overlaps '" +
                        plan_.datasets[datasets[i]].name + "'");
        }
    }
}

void PlannedCallSource::corrupt(const std::string& what) const {
    throw CorruptProfileError(bytes_->path(), kStep, what);
}

std::uint64_t PlannedCallSource::cachedBytes() const {
    std::lock_guard lock(mutex_);
    return cachedBytes_;
}

void PlannedCallSource::read(const RankRegion& row, std::uint64_t first,
                             std::span<std::int64_t> starts, std::span<std::int64_t> ends) const {
    Cursor cursor;
    read(row, first, starts, ends, cursor);
}

bool PlannedCallSource::readLanes(const RankRegion& row, std::uint64_t first,
                                  std::span<std::int64_t> lanes) const {
    Cursor cursor;
    return readLanes(row, first, lanes, cursor);
}

std::unique_ptr<CallReader> PlannedCallSource::reader() const {
    return std::make_unique<Reader>(*this);
}

void PlannedCallSource::read(const RankRegion& row, std::uint64_t first,
                             std::span<std::int64_t> starts, std::span<std::int64_t> ends,
                             Cursor& cursor) const {
    if (starts.size() != ends.size() || first > row.summary.count ||
        starts.size() > row.summary.count - first)
        throw std::out_of_range(bytes_->path() + ": calls outside the row's " +
                                std::to_string(row.summary.count));
    if (starts.empty())
        return;
    const auto check = [&](std::optional<Damage> damage) {
        if (damage)
            corrupt(damage->what);
    };
    const std::uint64_t at = row.offset + first;
    if (!plan_.deltaEncoded) {
        check(readColumn(EventColumnId::Starts, at, starts, cursor));
        check(readColumn(EventColumnId::Ends, at, ends, cursor));
        return;
    }
    // Starts are running sums of start_deltas from the nearest checkpoint;
    // ends are durations after their start. The sum up to `first` wraps
    // unsigned where a damaged row would overflow (such rows are never
    // handed out); the calls read are checked all the same.
    const std::span<const std::int64_t> checkpoints = rowCheckpoints(row);
    const std::uint64_t k = first / kCheckpoint;
    auto t = static_cast<std::uint64_t>(checkpoints[k]);
    if (const std::uint64_t skip = first - k * kCheckpoint; skip > 0) {
        cursor.deltas.resize(skip);
        check(
            readColumn(EventColumnId::Starts, row.offset + k * kCheckpoint, cursor.deltas, cursor));
        for (std::int64_t delta : cursor.deltas)
            t += static_cast<std::uint64_t>(delta);
    }
    check(readColumn(EventColumnId::Starts, at, starts, cursor));
    check(readColumn(EventColumnId::Ends, at, ends, cursor));
    auto start = static_cast<std::int64_t>(t);
    if (!decodeDeltas(starts, ends, start))
        corrupt(kDeltaDamage);
}

bool PlannedCallSource::readLanes(const RankRegion& row, std::uint64_t first,
                                  std::span<std::int64_t> lanes, Cursor& cursor) const {
    if (plan_.columnLengths[static_cast<std::size_t>(EventColumnId::ThreadIds)] == 0)
        return false;
    if (first > row.summary.count || lanes.size() > row.summary.count - first)
        throw std::out_of_range(bytes_->path() + ": calls outside the row's " +
                                std::to_string(row.summary.count));
    const std::uint64_t at = row.offset + first;
    if (auto damage = readColumn(EventColumnId::ThreadIds, at, lanes, cursor))
        corrupt(damage->what);
    if (plan_.columnLengths[static_cast<std::size_t>(EventColumnId::TaskIds)] == 0) {
        for (std::int64_t& lane : lanes)
            lane = laneKey(-1, lane);
        return true;
    }
    std::vector<std::int64_t>& tasks = cursor.deltas;
    tasks.resize(lanes.size());
    if (auto damage = readColumn(EventColumnId::TaskIds, at, tasks, cursor))
        corrupt(damage->what);
    for (std::size_t i = 0; i < lanes.size(); ++i)
        lanes[i] = laneKey(tasks[i], lanes[i]);
    return true;
}

std::span<const std::int64_t> PlannedCallSource::rowCheckpoints(const RankRegion& row) const {
    const auto it = std::lower_bound(
        rows_.begin(), rows_.end(), row.offset,
        [](const RowCheckpoints& r, std::uint64_t offset) { return r.offset < offset; });
    if (it == rows_.end() || it->offset != row.offset || it->count < row.summary.count)
        throw std::out_of_range(bytes_->path() + ": no row of the file starts at call " +
                                std::to_string(row.offset));
    return std::span<const std::int64_t>(checkpoints_)
        .subspan(it->begin, (it->count + kCheckpoint - 1) / kCheckpoint);
}

void PlannedCallSource::reserveCheckpoints(std::span<const RankRegion> rows) {
    rows_.clear();
    std::uint64_t total = 0;
    for (const RankRegion& row : rows)
        if (row.summary.count > 0) {
            rows_.push_back({row.offset, row.summary.count, total});
            total += (row.summary.count + kCheckpoint - 1) / kCheckpoint;
        }
    std::sort(rows_.begin(), rows_.end(),
              [](const RowCheckpoints& a, const RowCheckpoints& b) { return a.offset < b.offset; });
    checkpoints_.assign(total, 0);
}

std::span<std::int64_t> PlannedCallSource::checkpoints(std::uint64_t offset) {
    const auto it = std::lower_bound(
        rows_.begin(), rows_.end(), offset,
        [](const RowCheckpoints& r, std::uint64_t value) { return r.offset < value; });
    if (it == rows_.end() || it->offset != offset)
        return {};
    return std::span<std::int64_t>(checkpoints_)
        .subspan(it->begin, (it->count + kCheckpoint - 1) / kCheckpoint);
}

std::vector<std::vector<std::int64_t>>
PlannedCallSource::storedCheckpoints(std::span<const RankRegion> rows) const {
    std::vector<std::vector<std::int64_t>> result;
    if (!plan_.deltaEncoded)
        return result;
    for (const RankRegion& row : rows)
        if (row.summary.count > 0) {
            const std::span<const std::int64_t> kept = rowCheckpoints(row);
            result.emplace_back(kept.begin(), kept.end());
        }
    return result;
}

void PlannedCallSource::restoreCheckpoints(std::span<const RankRegion> rows,
                                           std::vector<std::vector<std::int64_t>> checkpoints) {
    const auto reject = [&](const std::string& what) {
        throw CorruptProfileError(bytes_->path(), "restoring the calls' checkpoints", what);
    };
    if (!plan_.deltaEncoded) {
        if (!checkpoints.empty())
            reject("checkpoints for a file that is not delta-encoded");
        return;
    }
    std::size_t next = 0;
    for (const RankRegion& row : rows) {
        if (row.summary.count == 0)
            continue;
        if (next == checkpoints.size())
            reject("fewer checkpoint lists than rows with calls");
        const std::vector<std::int64_t>& kept = checkpoints[next++];
        if (kept.size() != (row.summary.count + kCheckpoint - 1) / kCheckpoint || kept[0] != 0)
            reject("the checkpoints of a row do not fit its " + std::to_string(row.summary.count) +
                   " calls");
    }
    if (next != checkpoints.size())
        reject("more checkpoint lists than rows with calls");
    reserveCheckpoints(rows);
    const std::uint64_t calls =
        plan_.columnLengths[static_cast<std::size_t>(EventColumnId::Starts)];
    for (std::size_t i = 0; i < rows_.size(); ++i) {
        const RowCheckpoints& row = rows_[i];
        if (row.offset > calls || row.count > calls - row.offset ||
            (i + 1 < rows_.size() && row.offset + row.count > rows_[i + 1].offset))
            reject("rows overlap or lie outside the event columns");
    }
    next = 0;
    for (const RankRegion& row : rows)
        if (row.summary.count > 0) {
            const std::vector<std::int64_t>& kept = checkpoints[next++];
            std::copy(kept.begin(), kept.end(), this->checkpoints(row.offset).begin());
        }
}

std::optional<PlannedCallSource::Damage> PlannedCallSource::readColumn(EventColumnId column,
                                                                       std::uint64_t begin,
                                                                       std::span<std::int64_t> out,
                                                                       Cursor& cursor) const {
    const std::vector<std::size_t>& datasets = byColumn_[static_cast<std::size_t>(column)];
    const std::int64_t missing = missingValue(column);
    // The last dataset starting at or before `begin`.
    auto it = std::upper_bound(
        datasets.begin(), datasets.end(), begin,
        [&](std::uint64_t value, std::size_t d) { return value < plan_.datasets[d].destination; });
    if (it != datasets.begin())
        --it;
    std::uint64_t position = begin;
    const std::uint64_t end = begin + out.size();
    while (position < end) {
        while (it != datasets.end() &&
               plan_.datasets[*it].destination + plan_.datasets[*it].length <= position)
            ++it;
        const std::size_t at = position - begin;
        if (it == datasets.end() || plan_.datasets[*it].destination > position) {
            const std::uint64_t gapEnd =
                it == datasets.end() ? end : std::min(end, plan_.datasets[*it].destination);
            std::fill(out.begin() + static_cast<std::ptrdiff_t>(at),
                      out.begin() + static_cast<std::ptrdiff_t>(gapEnd - begin), missing);
            position = gapEnd;
            continue;
        }
        const PlannedDataset& d = plan_.datasets[*it];
        const std::uint64_t through = std::min(end, d.destination + d.length);
        if (auto damage = readDataset(*it, position - d.destination,
                                      out.subspan(at, through - position), cursor))
            return damage;
        position = through;
    }
    return std::nullopt;
}

std::optional<PlannedCallSource::Damage> PlannedCallSource::readDataset(std::size_t dataset,
                                                                        std::uint64_t first,
                                                                        std::span<std::int64_t> out,
                                                                        Cursor& cursor) const {
    const PlannedDataset& d = plan_.datasets[dataset];
    if (d.isInline) {
        std::memcpy(out.data(), plan_.inlineValues.data() + d.inlineOffset + first,
                    out.size_bytes());
        return std::nullopt;
    }
    const std::uint64_t per = d.chunkElements;
    const std::uint64_t end = first + out.size();
    std::uint64_t position = first;
    while (position < end) {
        const std::uint64_t k = position / per;
        const std::uint64_t chunkBegin = k * per;
        const std::uint64_t count = std::min(per, d.length - chunkBegin);
        const StoredChunk& chunk = plan_.chunks[d.firstChunk + k];
        std::int64_t* target = out.data() + (position - first);
        if (!isFiltered(d.pipeline, chunk)) {
            if (chunk.storedBytes < count * sizeof(std::int64_t))
                return Damage{chunkDamage(k, d, "is shorter than its values (damaged)"), dataset};
            // The whole chunk must lie in the file, as it must for
            // EventAssembler, which reads all of it.
            if (chunk.fileOffset > bytes_->size() ||
                count * sizeof(std::int64_t) > bytes_->size() - chunk.fileOffset)
                return Damage{
                    chunkDamage(k, d, "lies past the end of the file (truncated or damaged)"),
                    dataset};
            // Whole chunks stored one after the other are read in one go.
            std::uint64_t last = k;
            const std::uint64_t wanted = (end - 1) / per;
            while (last < wanted) {
                const StoredChunk& before = plan_.chunks[d.firstChunk + last];
                const StoredChunk& next = plan_.chunks[d.firstChunk + last + 1];
                const std::uint64_t nextCount = std::min(per, d.length - (last + 1) * per);
                if (isFiltered(d.pipeline, next) ||
                    before.storedBytes != per * sizeof(std::int64_t) ||
                    next.storedBytes < nextCount * sizeof(std::int64_t) ||
                    next.fileOffset != before.fileOffset + before.storedBytes ||
                    next.fileOffset > bytes_->size() ||
                    nextCount * sizeof(std::int64_t) > bytes_->size() - next.fileOffset)
                    break;
                ++last;
            }
            const std::uint64_t through = std::min(end, (last + 1) * per);
            const auto run = std::as_writable_bytes(std::span(target, through - position));
            if (!bytes_->read(chunk.fileOffset + (position - chunkBegin) * sizeof(std::int64_t),
                              run))
                return Damage{
                    chunkDamage(k, d, "lies past the end of the file (truncated or damaged)"),
                    dataset};
            position = through;
            continue;
        }
        std::string damage;
        const auto values = decoded(dataset, k, cursor, damage);
        if (!values)
            return Damage{std::move(damage), dataset};
        const std::uint64_t through = std::min(end, chunkBegin + count);
        if (cursor.last[static_cast<std::size_t>(d.column)].shuffled)
            ChunkDecoder::unshuffleValues(std::as_bytes(std::span(values.get(), per)),
                                          position - chunkBegin,
                                          std::span(target, through - position));
        else
            std::memcpy(target, values.get() + (position - chunkBegin),
                        (through - position) * sizeof(std::int64_t));
        position = through;
    }
    return std::nullopt;
}

std::shared_ptr<const std::int64_t[]> PlannedCallSource::decoded(std::size_t dataset,
                                                                 std::uint64_t k, Cursor& cursor,
                                                                 std::string& damage) const {
    const PlannedDataset& d = plan_.datasets[dataset];
    const std::uint64_t index = d.firstChunk + k;
    Cursor::Decoded& last = cursor.last[static_cast<std::size_t>(d.column)];
    if (last.chunk == index)
        return last.values;
    const std::uint64_t chunkBytes = d.chunkElements * sizeof(std::int64_t);
    {
        std::lock_guard lock(mutex_);
        if (auto it = cached_.find(index); it != cached_.end()) {
            lru_.splice(lru_.begin(), lru_, it->second);
            last.chunk = index;
            last.values = it->second->values;
            last.shuffled = false;
            return last.values;
        }
    }
    // Decoded outside the lock: other threads keep reading meanwhile.
    const StoredChunk& chunk = plan_.chunks[index];
    if (chunk.storedBytes > maxStoredBytes(chunkBytes)) {
        damage = chunkDamage(k, d, "claims an impossible size (damaged)");
        return nullptr;
    }
    // Copied out of the page cache, not mapped: where page faults trap to a
    // hypervisor, mapping a pass's windows costs far more than the copy.
    cursor.stored.resize(chunk.storedBytes);
    if (!bytes_->read(chunk.fileOffset, cursor.stored)) {
        damage = chunkDamage(k, d, "lies past the end of the file (truncated or damaged)");
        return nullptr;
    }
    // The cursor's own buffer unless the cache or a caller holds it (its one
    // owner is then this thread, so the count cannot rise meanwhile).
    last.chunk = ~std::uint64_t{0};
    last.values.reset();
    if (!last.buffer || last.buffer.use_count() != 1 || last.elements != d.chunkElements) {
        // Not zeroed first: decode writes every byte or fails.
        last.buffer = std::make_shared_for_overwrite<std::int64_t[]>(d.chunkElements);
        last.elements = d.chunkElements;
    }
    const auto into = std::as_writable_bytes(std::span(last.buffer.get(), d.chunkElements));
    const bool ok = cursor.sharesChunks
                        ? cursor.decoder.decode(d.pipeline, chunk.filterMask, cursor.stored, into)
                        : cursor.decoder.decodeLeavingShuffled(d.pipeline, chunk.filterMask,
                                                               cursor.stored, into, last.shuffled);
    if (!ok) {
        damage = chunkDamage(k, d, "does not decompress (damaged)");
        return nullptr;
    }
    if (cursor.sharesChunks)
        last.shuffled = false;
    last.chunk = index;
    last.values = last.buffer;
    const std::shared_ptr<const std::int64_t[]>& values = last.values;
    if (cursor.sharesChunks && chunkBytes <= cacheLimit_) {
        std::lock_guard lock(mutex_);
        if (!cached_.contains(index)) {
            lru_.push_front({index, values, chunkBytes});
            cached_.emplace(index, lru_.begin());
            cachedBytes_ += chunkBytes;
            while (cachedBytes_ > cacheLimit_) {
                const CachedChunk& oldest = lru_.back();
                cachedBytes_ -= oldest.bytes;
                cached_.erase(oldest.chunk);
                lru_.pop_back();
            }
        }
    }
    return values;
}

std::string PlannedCallSource::firstDamage(std::size_t dataset) const {
    const PlannedDataset& d = plan_.datasets[dataset];
    if (d.isInline || d.length == 0)
        return {};
    // As EventAssembler::fillItem: items of whole chunks, and within them
    // runs of unfiltered chunks stored back to back, named by their first.
    const std::uint64_t per = d.chunkElements;
    const std::uint64_t perItem =
        std::max<std::uint64_t>(1, kItemBytes / (per * sizeof(std::int64_t)));
    Cursor cursor;
    cursor.sharesChunks = false; // each chunk is checked once
    std::vector<std::byte> run;
    for (std::uint64_t item = 0; item < d.chunkCount; item += perItem) {
        const std::uint64_t itemEnd = std::min(d.chunkCount, item + perItem);
        for (std::uint64_t k = item; k < itemEnd; ++k) {
            const std::uint64_t count = std::min(per, d.length - k * per);
            const StoredChunk& chunk = plan_.chunks[d.firstChunk + k];
            if (isFiltered(d.pipeline, chunk)) {
                std::string damage;
                if (!decoded(dataset, k, cursor, damage))
                    return damage;
                continue;
            }
            if (chunk.storedBytes < count * sizeof(std::int64_t))
                return chunkDamage(k, d, "is shorter than its values (damaged)");
            const std::uint64_t last = lastOfStoredRun(plan_, d, k, itemEnd);
            run.resize((std::min(d.length, (last + 1) * per) - k * per) * sizeof(std::int64_t));
            if (!bytes_->read(chunk.fileOffset, run))
                return chunkDamage(k, d, "lies past the end of the file (truncated or damaged)");
            k = last;
        }
    }
    return {};
}

} // namespace scope
