// SPDX-License-Identifier: GPL-3.0-or-later
#include "ImbalanceLines.h"

#include "analysis/RegionCalls.h"

#include <exception>

ImbalanceLines::ImbalanceLines(QObject* parent)
    : QObject(parent),
      job_(this, [this](int, std::pair<std::size_t, scope::ImbalancePattern> result) {
          known_[result.first] = std::move(result.second);
          if (working_ == result.first)
              working_.reset();
          emit ready(static_cast<int>(result.first));
      }) {}

void ImbalanceLines::setRun(std::shared_ptr<const scope::ProfilingResults> results,
                            const scope::RankSelection& ranks) {
    const bool sameRanks =
        ranks.isAll() == ranks_.isAll() && (ranks.isAll() || ranks.ranks() == ranks_.ranks());
    if (results == results_ && sameRanks)
        return;
    results_ = std::move(results);
    ranks_ = ranks;
    known_.clear();
    working_.reset();
    job_.cancel();
}

std::optional<scope::ImbalancePattern> ImbalanceLines::known(std::size_t region) const {
    const auto it = known_.find(region);
    return it == known_.end() ? std::nullopt : std::optional(it->second);
}

QString ImbalanceLines::lineFor(const scope::ImbalancePattern& pattern) {
    if (pattern.kind == scope::ImbalanceKind::Unknown)
        return {};
    return tr("Imbalance: %1").arg(QString::fromStdString(pattern.describe()));
}

QString ImbalanceLines::line(std::size_t region) {
    if (!results_ || region >= results_->regions.size() || !scope::hasCallData(*results_))
        return {};
    if (const auto it = known_.find(region); it != known_.end())
        return lineFor(it->second);
    if (working_ == region)
        return tr("Imbalance: working it out…");
    std::uint64_t calls = 0;
    for (const scope::RankRegion& row : results_->rowsOf(region))
        if (ranks_.contains(row.rank))
            calls += row.summary.count;
    if (results_->eventsRead && calls <= kCallsHere) {
        const scope::ImbalancePattern pattern =
            scope::ImbalancePattern::of(*results_, region, ranks_);
        known_[region] = pattern;
        return lineFor(pattern);
    }
    working_ = region;
    job_.startOne([results = results_, ranks = ranks_, region](const std::atomic<bool>& stop) {
        // A file that fails to read here fails in the views that read it too:
        // the tooltip just has no line.
        try {
            return std::make_pair(region,
                                  scope::ImbalancePattern::of(*results, region, ranks, 16, &stop));
        } catch (const std::exception&) {
            return std::make_pair(region, scope::ImbalancePattern());
        }
    });
    return tr("Imbalance: working it out…");
}
