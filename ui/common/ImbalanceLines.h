// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "LatestJob.h"
#include "analysis/ImbalancePattern.h"
#include "model/ProfilingResults.h"

#include <QObject>
#include <QString>

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <utility>

// The tooltips' line on a region's imbalance pattern ("Imbalance: static —
// rank 2 slow in every window; balancing would recover 60.0 ns"), for the
// region hovered only, remembered per region until the run or the ranks
// change. A pattern reads every call of the region: up to kCallsHere calls
// in memory that is a millisecond or two, done at once; more calls, or calls
// read on demand, are left to a worker thread (the newest request wins) and
// ready() says when the line is there.
class ImbalanceLines : public QObject {
    Q_OBJECT
public:
    static constexpr std::uint64_t kCallsHere = std::uint64_t(1) << 18;

    explicit ImbalanceLines(QObject* parent = nullptr);

    void setRun(std::shared_ptr<const scope::ProfilingResults> results,
                const scope::RankSelection& ranks);
    // The line for `region` (an index into ProfilingResults::regions):
    // "Imbalance: working it out…" while a worker computes it; empty when
    // the pattern is unknown (no per-call data, fewer than two ranks).
    QString line(std::size_t region);
    // The pattern if known already (computed or cached), without starting work.
    std::optional<scope::ImbalancePattern> known(std::size_t region) const;
    // Waits for the worker and takes its result: for tests.
    void finishNow() { job_.finishNow(); }

    static QString lineFor(const scope::ImbalancePattern& pattern);

signals:
    void ready(int region);

private:
    std::shared_ptr<const scope::ProfilingResults> results_;
    scope::RankSelection ranks_;
    std::map<std::size_t, scope::ImbalancePattern> known_;
    std::optional<std::size_t> working_;
    LatestJob<std::pair<std::size_t, scope::ImbalancePattern>> job_;
};
