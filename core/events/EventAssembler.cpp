// SPDX-License-Identifier: GPL-3.0-or-later
#include "EventAssembler.h"

#include "ChunkDecoder.h"
#include "DeltaDecoding.h"
#include "EventPlanCheck.h"
#include "RowStatistics.h"
#include "SoundRows.h"
#include "StoredChunks.h"
#include "TimeRangeCheck.h"
#include "base/ParallelFor.h"
#include "base/Prefault.h"
#include "model/Errors.h"

#include <unistd.h>

#include <algorithm>
#include <array>
#include <cstring>
#include <optional>
#include <span>

namespace scope {
namespace {

using stored_chunks::isFiltered;
using stored_chunks::lastOfStoredRun;
using stored_chunks::maxStoredBytes;

constexpr const char* kStep = "reading the event columns";
constexpr const char* kStatisticsStep = "computing statistics";
// Work is handed out in items of about this many bytes of values: large
// enough that threads rarely meet, small enough to share out a few columns
// evenly and to notice a cancel within milliseconds.
constexpr std::uint64_t kItemBytes = std::uint64_t{4} << 20;
constexpr std::uint64_t kItemCalls = std::uint64_t{1} << 19;

struct FillItem {
    std::size_t dataset;
    std::uint64_t firstChunk; // of the dataset's chunks (or inline pieces)
    std::uint64_t endChunk;
};

struct RowItem {
    std::size_t firstRow;
    std::size_t endRow;
};

// Scratch space of one thread.
struct Worker {
    ChunkDecoder decoder;
    std::vector<std::byte> stored;
    std::vector<std::byte> chunk;
};

std::array<EventColumn*, kEventColumnCount> columnsOf(EventColumns& events) {
    return {&events.starts,    &events.ends,      &events.gpuDurations, &events.callIds,
            &events.parentIds, &events.threadIds, &events.taskIds,      &events.awaitNs};
}

bool isOptional(EventColumnId column) {
    return column != EventColumnId::Starts && column != EventColumnId::Ends;
}

// Elements an inline dataset's piece covers, so that inline values are shared
// out in items like chunks.
constexpr std::uint64_t kInlinePiece = kItemBytes / sizeof(std::int64_t);

std::uint64_t pieceElements(const PlannedDataset& dataset) {
    return dataset.isInline ? kInlinePiece : dataset.chunkElements;
}

std::uint64_t pieceCount(const PlannedDataset& dataset) {
    const std::uint64_t per = pieceElements(dataset);
    return per == 0 ? 0 : (dataset.length + per - 1) / per;
}

class Assembly {
public:
    Assembly(ProfilingResults& results, EventPlan& plan, const EventBytes& bytes,
             const ReadControl& control, unsigned threads)
        : results_(results), plan_(plan), bytes_(bytes), control_(control), threads_(threads) {}

    void run() {
        validate();
        allocate();
        fill();
        summarize();
        results_.eventsRead = true;
    }

private:
    [[noreturn]] void corrupt(const std::string& what) const {
        throw CorruptProfileError(bytes_.path(), kStep, what);
    }

    // The plan may come from another process: nothing in it is trusted before
    // it is checked against itself and the rows.
    void validate() {
        covered_ = checkEventPlan(plan_, results_.rows, bytes_.path(), bytes_.size());
    }

    void allocate() {
        results_.events = EventColumns();
        const auto columns = columnsOf(results_.events);
        for (std::size_t c = 0; c < kEventColumnCount; ++c) {
            columns[c]->resize(plan_.columnLengths[c]);
            // Values of the optional columns that no dataset gives are missing.
            if (isOptional(static_cast<EventColumnId>(c)) && covered_[c] < plan_.columnLengths[c])
                std::fill(columns[c]->begin(), columns[c]->end(),
                          missingValue(static_cast<EventColumnId>(c)));
        }
    }

    void fill() {
        std::vector<FillItem> items;
        std::uint64_t totalBytes = 0;
        for (std::size_t d = 0; d < plan_.datasets.size(); ++d) {
            const PlannedDataset& dataset = plan_.datasets[d];
            const std::uint64_t pieces = pieceCount(dataset);
            const std::uint64_t pieceBytes = pieceElements(dataset) * sizeof(std::int64_t);
            const std::uint64_t perItem = std::max<std::uint64_t>(1, kItemBytes / pieceBytes);
            for (std::uint64_t first = 0; first < pieces; first += perItem)
                items.push_back({d, first, std::min(pieces, first + perItem)});
            totalBytes += dataset.length * sizeof(std::int64_t);
        }
        std::vector<Worker> workers(threads_);
        std::vector<std::string> itemDamage(items.size());
        std::atomic<std::uint64_t> done{0};
        parallelFor(
            items.size(), threads_, control_.cancel,
            [&](std::size_t i, unsigned worker) {
                const FillItem& item = items[i];
                itemDamage[i] = fillItem(item, workers[worker]);
                const PlannedDataset& dataset = plan_.datasets[item.dataset];
                done += std::min(dataset.length,
                                 (item.endChunk - item.firstChunk) * pieceElements(dataset)) *
                        sizeof(std::int64_t);
            },
            [&] {
                if (control_.progress && totalBytes > 0)
                    control_.progress(0.05 + 0.8 * static_cast<double>(done) /
                                                 static_cast<double>(totalBytes),
                                      kStep);
            });
        checkCancelled(kStep);
        // The first damage of each dataset, in the order of its chunks.
        datasetDamage_.assign(plan_.datasets.size(), {});
        for (std::size_t i = items.size(); i-- > 0;)
            if (!itemDamage[i].empty())
                datasetDamage_[items[i].dataset] = std::move(itemDamage[i]);
        for (std::size_t d = 0; d < plan_.datasets.size(); ++d)
            if (!datasetDamage_[d].empty() && plan_.datasets[d].row < 0)
                corrupt(datasetDamage_[d]);
    }

    // "" when the item's values are in place, else what is wrong with them.
    std::string fillItem(const FillItem& item, Worker& worker) {
        const PlannedDataset& d = plan_.datasets[item.dataset];
        EventColumn& column = *columnsOf(results_.events)[static_cast<std::size_t>(d.column)];
        std::int64_t* values = column.data() + d.destination;
        const std::uint64_t per = pieceElements(d);
        prefault(values + item.firstChunk * per, values + std::min(d.length, item.endChunk * per));
        for (std::uint64_t k = item.firstChunk; k < item.endChunk; ++k) {
            const std::uint64_t first = k * per;
            const std::uint64_t count = std::min(per, d.length - first);
            auto out = std::as_writable_bytes(std::span(values + first, count));
            if (d.isInline) {
                std::memcpy(out.data(), plan_.inlineValues.data() + d.inlineOffset + first,
                            out.size());
                continue;
            }
            const StoredChunk& chunk = plan_.chunks[d.firstChunk + k];
            const auto damage = [&](const char* what) {
                return "chunk " + std::to_string(k) + " of '" + d.name + "' " + what;
            };
            if (!isFiltered(d.pipeline, chunk)) {
                if (chunk.storedBytes < out.size())
                    return damage("is shorter than its values (damaged)");
                const std::uint64_t last = lastOfStoredRun(plan_, d, k, item.endChunk);
                const std::uint64_t through = std::min(d.length, (last + 1) * per);
                const auto run = std::as_writable_bytes(std::span(values + first, through - first));
                if (!bytes_.read(chunk.fileOffset, run))
                    return damage("lies past the end of the file (truncated or damaged)");
                k = last;
                continue;
            }
            const std::uint64_t chunkBytes = per * sizeof(std::int64_t);
            if (chunk.storedBytes > maxStoredBytes(chunkBytes))
                return damage("claims an impossible size (damaged)");
            worker.stored.resize(chunk.storedBytes);
            if (!bytes_.read(chunk.fileOffset, worker.stored))
                return damage("lies past the end of the file (truncated or damaged)");
            // A whole chunk decodes straight into the column; the last one,
            // stored full size, through scratch space.
            std::span<std::byte> target = out;
            if (count < per) {
                worker.chunk.resize(chunkBytes);
                target = worker.chunk;
            }
            if (!worker.decoder.decode(d.pipeline, chunk.filterMask, worker.stored, target))
                return damage("does not decompress (damaged)");
            if (count < per)
                std::memcpy(out.data(), worker.chunk.data(), out.size());
        }
        return {};
    }

    void summarize() {
        std::vector<RankRegion>& rows = results_.rows;
        std::vector<RowOutcome> outcomes(rows.size());
        for (std::size_t d = 0; d < plan_.datasets.size(); ++d)
            if (const PlannedDataset& dataset = plan_.datasets[d];
                dataset.row >= 0 && !datasetDamage_[d].empty() &&
                outcomes[static_cast<std::size_t>(dataset.row)].damage.empty())
                outcomes[static_cast<std::size_t>(dataset.row)].damage = datasetDamage_[d];

        std::vector<RowItem> items;
        for (std::size_t first = 0; first < rows.size();) {
            std::size_t end = first;
            std::uint64_t calls = 0;
            while (end < rows.size() && (end == first || calls < kItemCalls))
                calls += rows[end++].summary.count;
            items.push_back({first, end});
            first = end;
        }
        std::atomic<std::size_t> done{0};
        parallelFor(
            items.size(), threads_, control_.cancel,
            [&](std::size_t i, unsigned) {
                for (std::size_t r = items[i].firstRow; r < items[i].endRow; ++r)
                    if (outcomes[r].damage.empty())
                        summarizeRow(rows[r], outcomes[r]);
                done += items[i].endRow - items[i].firstRow;
            },
            [&] {
                if (control_.progress && !rows.empty())
                    control_.progress(0.85 + 0.15 * static_cast<double>(done) /
                                                 static_cast<double>(rows.size()),
                                      kStatisticsStep);
            });
        checkCancelled(kStatisticsStep);
        keepSoundRows(results_, plan_, outcomes, bytes_.path());
    }

    void summarizeRow(RankRegion& row, RowOutcome& outcome) const {
        const std::uint64_t n = row.summary.count;
        if (n == 0) {
            row.summary = CallSummary{};
            return;
        }
        EventColumns& events = results_.events;
        const auto starts = std::span(events.starts).subspan(row.offset, n);
        const auto ends = std::span(events.ends).subspan(row.offset, n);
        if (plan_.deltaEncoded) {
            std::int64_t t = 0;
            if (!decodeDeltas(starts, ends, t)) {
                outcome.damage = kDeltaDamage;
                return;
            }
        }
        std::span<const std::int64_t> gpu;
        if (!events.gpuDurations.empty())
            gpu = std::span<const std::int64_t>(events.gpuDurations).subspan(row.offset, n);
        // Calls that do not fit are rejected by the file's range check after.
        const RowStatistics statistics = RowStatistics::measure(starts, ends, gpu);
        outcome.extent = statistics.extent;
        row.summary = statistics.summary;
    }

    void checkCancelled(const char* step) const {
        if (control_.cancel != nullptr && control_.cancel->load())
            throw ReadCancelled(bytes_.path(), step, "cancelled");
    }

    ProfilingResults& results_;
    EventPlan& plan_;
    const EventBytes& bytes_;
    const ReadControl& control_;
    unsigned threads_;
    std::array<std::uint64_t, kEventColumnCount> covered_{};
    std::vector<std::string> datasetDamage_;
};

} // namespace

void EventAssembler::assemble(ProfilingResults& results, EventPlan& plan, const EventBytes& bytes,
                              const ReadControl& control, unsigned threads) {
    if (!plan.readsEvents)
        return;
    if (threads == 0)
        threads = std::clamp(std::thread::hardware_concurrency(), 1u, 8u);
    Assembly(results, plan, bytes, control, threads).run();
}

} // namespace scope
