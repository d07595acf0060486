// SPDX-License-Identifier: GPL-3.0-or-later
#include "StreamingAssembler.h"

#include "DeltaDecoding.h"
#include "EventPlanCheck.h"
#include "PlannedCallSource.h"
#include "RowStatistics.h"
#include "SoundRows.h"
#include "TimeRangeCheck.h"
#include "base/ParallelFor.h"
#include "model/Errors.h"
#include "model/StreamedCalls.h"

#include <algorithm>
#include <atomic>
#include <thread>

namespace scope {
namespace {

constexpr const char* kStep = "reading the event columns";
// Calls a thread holds of a row at a time: large enough that reads are
// efficient, small enough that a few threads' pieces are nothing beside the
// budget (three columns of 64 Ki calls: 1.5 MiB).
constexpr std::uint64_t kPiece = std::uint64_t{1} << 16;
// Each block of a piece is read, decoded and passed over before the next:
// a block's two columns (16 KiB) stay in the processor's first-level cache
// through all of it.
constexpr std::size_t kBlock = 1024;
// Rows are shared out in items of about this many calls. A chunk that two
// items share is decoded by both: the larger the items, the fewer such
// chunks; items of 2 Mi calls still share out a large run evenly.
constexpr std::uint64_t kItemCalls = std::uint64_t{1} << 21;

struct RowItem {
    std::size_t firstRow;
    std::size_t endRow;
};

// Scratch space of one thread.
struct Worker {
    PlannedCallSource::Cursor cursor;
    std::vector<std::int64_t> starts = std::vector<std::int64_t>(kPiece);
    std::vector<std::int64_t> ends = std::vector<std::int64_t>(kPiece);
    std::vector<std::int64_t> gpu;
};

class Streaming {
public:
    Streaming(ProfilingResults& results, std::shared_ptr<PlannedCallSource> source,
              const ReadControl& control, unsigned threads)
        : results_(results), source_(std::move(source)), plan_(source_->plan()), control_(control),
          threads_(threads) {}

    void run() {
        if (plan_.deltaEncoded)
            source_->reserveCheckpoints(results_.rows);
        std::vector<RowOutcome> outcomes(results_.rows.size());
        if (control_.streamed)
            control_.streamed->begin(results_.rows, results_.regions);
        stream(outcomes);
        verifyUnreadColumns(outcomes);
        settleDamage(outcomes);
        keepSoundRows(results_, plan_, outcomes, source_->path());
    }

private:
    [[noreturn]] void corrupt(const std::string& what) const {
        throw CorruptProfileError(source_->path(), kStep, what);
    }

    void checkCancelled() const {
        if (control_.cancel != nullptr && control_.cancel->load())
            throw ReadCancelled(source_->path(), kStep, "cancelled");
    }

    void stream(std::vector<RowOutcome>& outcomes) {
        const std::vector<RankRegion>& rows = results_.rows;
        std::vector<RowItem> items;
        std::uint64_t totalCalls = 0;
        for (std::size_t first = 0; first < rows.size();) {
            std::size_t end = first;
            std::uint64_t calls = 0;
            while (end < rows.size() && (end == first || calls < kItemCalls))
                calls += rows[end++].summary.count;
            items.push_back({first, end});
            totalCalls += calls;
            first = end;
        }
        std::vector<Worker> workers(threads_);
        parallelFor(
            items.size(), threads_, control_.cancel,
            [&](std::size_t i, unsigned worker) {
                for (std::size_t r = items[i].firstRow; r < items[i].endRow; ++r)
                    streamRow(r, outcomes[r], workers[worker]);
            },
            [&] {
                if (control_.progress && totalCalls > 0)
                    control_.progress(0.05 + 0.9 * static_cast<double>(done_.load()) /
                                                 static_cast<double>(totalCalls),
                                      kStep);
            });
        checkCancelled();
    }

    // True when the calls [first, first + n) of the row are in the worker's
    // buffers from `into` on (absolute times; `t` carries the start across
    // pieces of a delta-encoded row), else false with the damage in outcome.
    bool readPiece(const RankRegion& row, std::uint64_t first, std::size_t n, std::size_t into,
                   Worker& w, std::int64_t& t, bool firstPass, RowOutcome& outcome) const {
        const std::uint64_t at = row.offset + first;
        const auto starts = std::span(w.starts).subspan(into, n);
        const auto ends = std::span(w.ends).subspan(into, n);
        auto damage = source_->readColumn(EventColumnId::Starts, at, starts, w.cursor);
        if (!damage)
            damage = source_->readColumn(EventColumnId::Ends, at, ends, w.cursor);
        if (!damage && firstPass && !w.gpu.empty())
            damage = source_->readColumn(EventColumnId::GpuDurations, at,
                                         std::span(w.gpu).subspan(into, n), w.cursor);
        if (damage) {
            outcome.damage = std::move(damage->what);
            outcome.fileDamaged = plan_.datasets[damage->dataset].row < 0;
            return false;
        }
        if (!plan_.deltaEncoded)
            return true;
        const std::int64_t before = t;
        if (!decodeDeltas(starts, ends, t)) {
            outcome.damage = kDeltaDamage;
            return false;
        }
        if (firstPass) {
            // The running start before every kCheckpoint-th call of the row.
            constexpr std::uint64_t k = PlannedCallSource::kCheckpoint;
            const std::span<std::int64_t> checkpoints = source_->checkpoints(row.offset);
            for (std::uint64_t call = (first + k - 1) / k * k; call < first + n; call += k)
                checkpoints[call / k] = call == first ? before : starts[call - first - 1];
        }
        return true;
    }

    void streamRow(std::size_t r, RowOutcome& outcome, Worker& w) {
        RankRegion& row = results_.rows[r];
        const std::uint64_t n = row.summary.count;
        if (n == 0) {
            row.summary = CallSummary{};
            return;
        }
        if (plan_.columnLengths[static_cast<std::size_t>(EventColumnId::GpuDurations)] > 0)
            w.gpu.resize(kPiece);
        // A row of more than one piece is read twice (the second time around
        // its mean) and finds its chunks in the cache then; a row of one
        // piece is read once, and its chunks would only push others out.
        w.cursor.sharesChunks = n > kPiece;
        RowStatistics::Accumulator accumulator;
        std::int64_t t = 0;
        for (std::uint64_t first = 0; first < n; first += kPiece) {
            checkCancelled();
            const auto m = static_cast<std::size_t>(std::min(kPiece, n - first));
            for (std::size_t b = 0; b < m; b += kBlock) {
                const std::size_t calls = std::min(kBlock, m - b);
                if (!readPiece(row, first + b, calls, b, w, t, true, outcome))
                    return;
                const auto starts = std::span(w.starts).subspan(b, calls);
                const auto ends = std::span(w.ends).subspan(b, calls);
                const auto gpu = w.gpu.empty() ? std::span<const std::int64_t>()
                                               : std::span(w.gpu).subspan(b, calls);
                accumulator.add(starts, ends, gpu);
                if (control_.streamed)
                    control_.streamed->calls(r, first + b, starts, ends);
            }
            done_ += m;
        }
        if (accumulator.needsSquares()) {
            if (n <= kPiece) {
                accumulator.addSquares(std::span(w.starts).first(n), std::span(w.ends).first(n));
            } else {
                // The row is read again (through the cache) around its mean.
                t = 0;
                for (std::uint64_t first = 0; first < n; first += kPiece) {
                    checkCancelled();
                    const auto m = static_cast<std::size_t>(std::min(kPiece, n - first));
                    if (!readPiece(row, first, m, 0, w, t, false, outcome))
                        return;
                    accumulator.addSquares(std::span(w.starts).first(m),
                                           std::span(w.ends).first(m));
                }
            }
        }
        // Calls that do not fit are rejected by the file's range check after.
        const RowStatistics statistics = accumulator.result();
        outcome.extent = statistics.extent;
        row.summary = statistics.summary;
    }

    // The columns the statistics do not need (call and parent ids, lanes) are read
    // through too: damage there makes the file corrupt, or its region
    // damaged, as in a read into memory.
    void verifyUnreadColumns(std::vector<RowOutcome>& outcomes) {
        std::vector<std::size_t> unread;
        for (std::size_t d = 0; d < plan_.datasets.size(); ++d)
            if (const EventColumnId column = plan_.datasets[d].column;
                column != EventColumnId::Starts && column != EventColumnId::Ends &&
                column != EventColumnId::GpuDurations)
                unread.push_back(d);
        std::vector<std::string> damage(unread.size());
        parallelFor(
            unread.size(), threads_, control_.cancel,
            [&](std::size_t i, unsigned) { damage[i] = source_->firstDamage(unread[i]); }, [] {});
        checkCancelled();
        for (std::size_t i = 0; i < unread.size(); ++i) {
            if (damage[i].empty())
                continue;
            const PlannedDataset& d = plan_.datasets[unread[i]];
            if (d.row < 0) {
                fileDamage_ = true;
            } else if (RowOutcome& outcome = outcomes[static_cast<std::size_t>(d.row)];
                       outcome.damage.empty()) {
                outcome.damage = damage[i];
            }
        }
    }

    // The message of a damaged file or region is the first damage of its
    // datasets in the plan's order, as EventAssembler reports it, not the
    // first one this pass met.
    void settleDamage(std::vector<RowOutcome>& outcomes) {
        for (const RowOutcome& outcome : outcomes)
            fileDamage_ = fileDamage_ || outcome.fileDamaged;
        if (fileDamage_) {
            for (std::size_t d = 0; d < plan_.datasets.size(); ++d)
                if (plan_.datasets[d].row < 0)
                    if (std::string damage = source_->firstDamage(d); !damage.empty())
                        corrupt(damage);
            for (const RowOutcome& outcome : outcomes)
                if (outcome.fileDamaged)
                    corrupt(outcome.damage);
        }
        // A region's first damaged dataset in the plan's order names its damage.
        std::vector<bool> settled(outcomes.size(), false);
        for (std::size_t d = 0; d < plan_.datasets.size(); ++d) {
            const std::int64_t row = plan_.datasets[d].row;
            if (row < 0)
                continue;
            RowOutcome& outcome = outcomes[static_cast<std::size_t>(row)];
            if (outcome.damage.empty() || settled[static_cast<std::size_t>(row)])
                continue;
            // Chunk damage comes before times out of range, as in a read into
            // memory, which reads every chunk before it decodes any row.
            if (std::string damage = source_->firstDamage(d); !damage.empty()) {
                outcome.damage = std::move(damage);
                settled[static_cast<std::size_t>(row)] = true;
            }
        }
    }

    ProfilingResults& results_;
    std::shared_ptr<PlannedCallSource> source_;
    const EventPlan& plan_;
    const ReadControl& control_;
    unsigned threads_;
    std::atomic<std::uint64_t> done_{0};
    bool fileDamage_ = false;
};

} // namespace

void StreamingAssembler::assemble(ProfilingResults& results, EventPlan&& plan,
                                  std::shared_ptr<const EventBytes> bytes,
                                  std::uint64_t cacheLimitBytes, const ReadControl& control,
                                  unsigned threads) {
    if (!plan.readsEvents)
        return;
    if (threads == 0)
        threads = std::clamp(std::thread::hardware_concurrency(), 1u, 8u);
    checkEventPlan(plan, results.rows, bytes->path(), bytes->size());
    auto source =
        std::make_shared<PlannedCallSource>(std::move(plan), std::move(bytes), cacheLimitBytes);
    Streaming(results, source, control, threads).run();
    results.events = EventColumns();
    results.eventsRead = false;
    results.onDemand = std::move(source);
}

} // namespace scope
