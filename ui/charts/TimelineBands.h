// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "analysis/TimelineSource.h"
#include "model/ProfilingResults.h"
#include "model/RankSelection.h"

#include <QString>
#include <QStringList>

#include <cstdint>
#include <set>
#include <vector>

// The horizontal bands of the timeline: one per shown rank, or in a run that
// tracked threads one per thread/task lane of the rank (threads-tasks-json.md
// §3), labelled as scope-profiler labels lanes. A rank's lanes can be
// collapsed into one band that draws them on top of each other.
class TimelineBands {
public:
    struct Band {
        std::uint32_t rank = 0;
        std::int64_t key = -1;  // the lane's laneKey(); -1 for a rank drawn whole
        bool collapsed = false; // every lane of the rank in this band
    };

    void build(const scope::TimelineSource& source, const scope::ProfilingResults& results,
               const scope::RankSelection& ranks, const std::set<std::uint32_t>& collapsed);
    void clear();

    int count() const { return static_cast<int>(bands_.size()); }
    bool empty() const { return bands_.empty(); }
    // The position of the band's rank among the shown ranks: alternate
    // stripes tell ranks apart, whatever their number of lanes.
    int rankPosition(int band) const { return positions_[static_cast<std::size_t>(band)]; }
    const Band& operator[](int band) const { return bands_[static_cast<std::size_t>(band)]; }
    // The rank of each band, in band order.
    const std::vector<std::uint32_t>& ranks() const { return ranks_; }
    // "rank 3", "3 · worker-1", "rank 3 · 4 lanes".
    const QStringList& labels() const { return labels_; }
    // The lane's own label, "" for a rank drawn whole.
    QString laneLabel(int band) const;
    // Whether the rank has more than one thread/task lane.
    bool hasLanes(std::uint32_t rank) const;
    // The source's lanes drawn at `depth` of a band: one, or each lane's of a
    // collapsed rank.
    std::vector<std::size_t> lanesAt(const scope::TimelineSource& source, int band,
                                     std::uint32_t depth) const;

private:
    std::vector<std::int64_t> keysOf(std::uint32_t rank) const;

    std::vector<Band> bands_;
    std::vector<std::uint32_t> ranks_;
    std::vector<int> positions_;
    QStringList labels_;
    QStringList laneLabels_;
    // (rank, key) of every thread/task lane with calls, ranks then keys ascending.
    std::vector<std::pair<std::uint32_t, std::int64_t>> keys_;
};
