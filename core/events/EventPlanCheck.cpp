// SPDX-License-Identifier: GPL-3.0-or-later
#include "EventPlanCheck.h"

#include "model/Errors.h"

#include <algorithm>

namespace scope {

std::array<std::uint64_t, kEventColumnCount> checkEventPlan(const EventPlan& plan,
                                                            std::span<const RankRegion> rows,
                                                            const std::string& path,
                                                            std::uint64_t fileBytes) {
    const auto corrupt = [&](const std::string& what) {
        throw CorruptProfileError(path, "reading the event columns", what);
    };
    fileBytes = std::max<std::uint64_t>(fileBytes, 1);
    for (std::uint64_t length : plan.columnLengths)
        if (length > fileBytes / sizeof(std::int64_t) * 4096 + 1024)
            corrupt("the event columns claim more values than the file can hold");
    const auto starts = plan.columnLengths[0];
    if (plan.columnLengths[1] != starts)
        corrupt("inconsistent event plan: start and end columns differ in length");
    for (const RankRegion& row : rows)
        if (row.summary.count > 0 &&
            (row.offset > starts || row.summary.count > starts - row.offset))
            corrupt("inconsistent event plan: a row lies outside the event columns");
    std::array<std::uint64_t, kEventColumnCount> covered{};
    for (const PlannedDataset& d : plan.datasets) {
        const auto column = static_cast<std::size_t>(d.column);
        if (column >= kEventColumnCount)
            corrupt("inconsistent event plan: unknown column");
        const std::uint64_t length = plan.columnLengths[column];
        if (d.destination > length || d.length > length - d.destination)
            corrupt("inconsistent event plan: '" + d.name + "' lies outside its column");
        if (d.row >= 0 && static_cast<std::uint64_t>(d.row) >= rows.size())
            corrupt("inconsistent event plan: '" + d.name + "' names no row");
        if (d.isInline) {
            if (d.inlineOffset > plan.inlineValues.size() ||
                d.length > plan.inlineValues.size() - d.inlineOffset)
                corrupt("inconsistent event plan: '" + d.name + "' lies outside its values");
        } else if (d.length > 0) {
            const std::uint64_t pieces =
                d.chunkElements == 0 ? 0 : (d.length + d.chunkElements - 1) / d.chunkElements;
            if (d.chunkElements == 0 ||
                d.chunkElements > kMaxPlannedChunkBytes / sizeof(std::int64_t) ||
                d.chunkCount != pieces || d.firstChunk > plan.chunks.size() ||
                d.chunkCount > plan.chunks.size() - d.firstChunk)
                corrupt("inconsistent event plan: the chunks of '" + d.name + "'");
        }
        covered[column] += d.length;
    }
    return covered;
}

} // namespace scope
