// SPDX-License-Identifier: GPL-3.0-or-later
#include "TimelineBands.h"

#include "analysis/LaneTable.h"

#include <QObject>

#include <algorithm>
#include <limits>

namespace {

// Long task labels ("Task-12 (fetch_page) on worker-2") keep both ends.
constexpr int kLabelChars = 32;

QString shortened(const QString& text) {
    if (text.size() <= kLabelChars)
        return text;
    const int keep = (kLabelChars - 1) / 2;
    return text.left(keep) + QStringLiteral("…") + text.right(kLabelChars - 1 - keep);
}

} // namespace

void TimelineBands::build(const scope::TimelineSource& source,
                          const scope::ProfilingResults& results, const scope::RankSelection& ranks,
                          const std::set<std::uint32_t>& collapsed) {
    clear();
    // Lanes come ordered by rank, then key, then depth.
    for (const scope::TimelineLane& lane : source.lanes())
        if (keys_.empty() || keys_.back() != std::pair(lane.rank, lane.key))
            keys_.emplace_back(lane.rank, lane.key);
    for (const std::uint32_t rank : source.ranks()) {
        if (!ranks.contains(rank))
            continue;
        const std::vector<std::int64_t> keys = keysOf(rank);
        if (keys.size() <= 1) {
            bands_.push_back({rank, keys.empty() ? -1 : keys.front(), false});
            labels_ << QObject::tr("rank %1").arg(rank);
            laneLabels_ << (keys.empty() || keys.front() == -1
                                ? QString()
                                : QString::fromStdString(
                                      scope::LaneTable::label(results, rank, keys.front())));
            continue;
        }
        if (collapsed.count(rank) > 0) {
            bands_.push_back({rank, keys.front(), true});
            labels_ << QObject::tr("rank %1 · %2 lanes").arg(rank).arg(keys.size());
            laneLabels_ << QObject::tr("%1 lanes").arg(keys.size());
            continue;
        }
        for (const std::int64_t key : keys) {
            const QString label =
                QString::fromStdString(scope::LaneTable::label(results, rank, key));
            bands_.push_back({rank, key, false});
            labels_ << QStringLiteral("%1 · %2").arg(rank).arg(shortened(label));
            laneLabels_ << label;
        }
    }
    for (const Band& band : bands_) {
        const bool sameRank = !ranks_.empty() && ranks_.back() == band.rank;
        positions_.push_back(positions_.empty() ? 0 : positions_.back() + (sameRank ? 0 : 1));
        ranks_.push_back(band.rank);
    }
}

void TimelineBands::clear() {
    bands_.clear();
    ranks_.clear();
    positions_.clear();
    labels_.clear();
    laneLabels_.clear();
    keys_.clear();
}

QString TimelineBands::laneLabel(int band) const {
    return laneLabels_.value(band);
}

std::vector<std::int64_t> TimelineBands::keysOf(std::uint32_t rank) const {
    std::vector<std::int64_t> keys;
    auto it = std::lower_bound(keys_.begin(), keys_.end(),
                               std::pair(rank, std::numeric_limits<std::int64_t>::min()));
    for (; it != keys_.end() && it->first == rank; ++it)
        keys.push_back(it->second);
    return keys;
}

bool TimelineBands::hasLanes(std::uint32_t rank) const {
    return keysOf(rank).size() > 1;
}

std::vector<std::size_t> TimelineBands::lanesAt(const scope::TimelineSource& source, int band,
                                                std::uint32_t depth) const {
    const Band& b = (*this)[band];
    std::vector<std::size_t> lanes;
    if (!b.collapsed) {
        if (const auto lane = source.laneOf(b.rank, b.key, depth))
            lanes.push_back(*lane);
        return lanes;
    }
    for (const std::int64_t key : keysOf(b.rank))
        if (const auto lane = source.laneOf(b.rank, key, depth))
            lanes.push_back(*lane);
    return lanes;
}
