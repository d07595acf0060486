// SPDX-License-Identifier: GPL-3.0-or-later
#include "WhatChanged.h"

#include "ChangeExplanation.h"
#include "ChangeFindings.h"
#include "PathShares.h"
#include "RenamedRegions.h"
#include "RunComparison.h"
#include "Significance.h"
#include "analysis/CallTree.h"
#include "analysis/ImbalancePattern.h"
#include "analysis/RegionCalls.h"
#include "analysis/TimelineIndex.h"
#include "base/ReadControl.h"
#include "model/Errors.h"
#include "model/ProfilingResults.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <numeric>
#include <set>
#include <stdexcept>

namespace scope {
namespace {

using Side = std::span<const ProfilingResults* const>;

// The regions of a side that made calls on the selected ranks in one of its runs.
std::set<std::string> regionsOf(Side side, const ExportSelection& selection) {
    std::set<std::string> names;
    for (const ProfilingResults* run : side)
        for (const std::size_t index : selection.regions(*run))
            if (run->pooled(index, selection.ranks()).count > 0)
                names.insert(run->regions[index]);
    return names;
}

// Its calls here, or on a host that answers for them.
bool holdsCalls(const ProfilingResults& run) {
    return run.eventsRead || run.onDemand != nullptr || run.callsElsewhere != nullptr;
}

// One side's view of one region: its factors in the runs that have it.
struct SideRegion {
    std::vector<std::size_t> runs; // indices into the side of the runs with calls
    std::vector<std::size_t> indices;
    std::vector<SideFactors> factors;
    bool perCallData = true;

    bool present() const { return !runs.empty(); }
    std::vector<double> values() const {
        std::vector<double> v;
        for (const SideFactors& f : factors)
            v.push_back(f.value);
        return v;
    }
    std::optional<SideFactors> mean() const {
        if (!present())
            return std::nullopt;
        return SideFactors::mean(factors);
    }
};

SideRegion sideRegion(Side side, const std::string& name, const WhatChangedOptions& options) {
    SideRegion region;
    for (std::size_t i = 0; i < side.size(); ++i) {
        const auto index = side[i]->regionIndex(name);
        if (!index)
            continue;
        const auto factors =
            SideFactors::of(*side[i], *index, options.selection.ranks(), options.statistic);
        if (!factors)
            continue;
        region.runs.push_back(i);
        region.indices.push_back(*index);
        region.factors.push_back(*factors);
        region.perCallData = region.perCallData && holdsCalls(*side[i]);
    }
    return region;
}

// The call trees of a side's runs, built the first time a region asks.
class SideTrees {
public:
    SideTrees(Side side, const RankSelection& ranks, const ReadControl* control)
        : side_(side), ranks_(ranks), control_(control), trees_(side.size()),
          built_(side.size(), false) {}

    const CallTree* tree(std::size_t run) {
        if (!built_[run]) {
            built_[run] = true;
            const ProfilingResults& results = *side_[run];
            if (results.eventsRead && !results.events.starts.empty()) {
                const TimelineIndex index(results);
                trees_[run] = CallTree::build(results, index, ranks_, 0,
                                              control_ ? control_->cancel : nullptr);
            }
        }
        return trees_[run] ? &*trees_[run] : nullptr;
    }

    // The side's mean exclusive time per path through the region; empty when
    // a run has no tree.
    std::optional<RelativePaths> paths(const SideRegion& region, const std::string& label) {
        std::vector<RelativePaths> runs;
        for (std::size_t i = 0; i < region.runs.size(); ++i) {
            const CallTree* t = tree(region.runs[i]);
            if (!t)
                return std::nullopt;
            runs.push_back(PathShares::below(*t, *side_[region.runs[i]], region.indices[i], label));
        }
        return PathShares::mean(runs);
    }

private:
    Side side_;
    const RankSelection& ranks_;
    const ReadControl* control_;
    std::vector<std::optional<CallTree>> trees_;
    std::vector<bool> built_;
};

std::string filesOf(Side side) {
    std::string files;
    for (const ProfilingResults* run : side)
        files += (files.empty() ? "" : ", ") + run->path;
    return files;
}

void checkCancel(const ReadControl* control, Side baseline, Side other) {
    if (control && control->cancel && control->cancel->load())
        throw ReadCancelled(filesOf(baseline) + " against " + filesOf(other), "comparing the runs",
                            "cancelled");
}

bool isChanged(Verdict v) {
    return v == Verdict::Slower || v == Verdict::Faster;
}

int group(Verdict v) {
    if (isChanged(v))
        return 0;
    return v == Verdict::Unchanged ? 2 : 1;
}

double absoluteChange(const RegionChange& r) {
    return std::abs(r.other.value_or(0.0) - r.baseline.value_or(0.0));
}

} // namespace

DiffReport WhatChanged::compute(Side baseline, Side other, const WhatChangedOptions& options,
                                const ReadControl* control) {
    if (baseline.empty() || other.empty())
        throw std::invalid_argument("comparing runs needs at least one run on each side");
    DiffReport report;
    for (const ProfilingResults* run : baseline)
        report.baselineFiles.push_back(run->path);
    for (const ProfilingResults* run : other)
        report.otherFiles.push_back(run->path);
    report.statistic = options.statistic;
    report.alpha = options.alpha;
    report.thresholdPercent = options.thresholdPercent;
    report.correction = "holm";

    const std::set<std::string> before = regionsOf(baseline, options.selection);
    const std::set<std::string> after = regionsOf(other, options.selection);
    std::vector<std::string> onlyBefore;
    std::vector<std::string> onlyAfter;
    std::set_difference(before.begin(), before.end(), after.begin(), after.end(),
                        std::back_inserter(onlyBefore));
    std::set_difference(after.begin(), after.end(), before.begin(), before.end(),
                        std::back_inserter(onlyAfter));
    std::map<std::string, std::string> renamedFrom; // new name -> old name
    std::set<std::string> renamedAway;
    for (auto& [oldName, newName] : RenamedRegions::match(baseline, other, onlyBefore, onlyAfter)) {
        renamedAway.insert(oldName);
        renamedFrom.emplace(newName, oldName);
    }
    std::set<std::string> names = before;
    names.insert(after.begin(), after.end());

    const bool severalRuns = baseline.size() > 1 || other.size() > 1;
    SignificanceOptions testOptions;
    testOptions.statistic = options.statistic;
    const RankSelection& ranks = options.selection.ranks();
    SideTrees baseTrees(baseline, ranks, control);
    SideTrees otherTrees(other, ranks, control);

    std::vector<RegionChange> changes;
    std::vector<std::optional<double>> raw;
    std::vector<std::pair<SideRegion, SideRegion>> sides;
    std::size_t done = 0;
    for (const std::string& name : names) {
        checkCancel(control, baseline, other);
        if (control && control->progress)
            control->progress(0.8 * static_cast<double>(done++) /
                                  static_cast<double>(std::max<std::size_t>(1, names.size())),
                              "testing regions");
        if (renamedAway.contains(name))
            continue;
        RegionChange change;
        change.name = name;
        std::string baseName = name;
        if (const auto it = renamedFrom.find(name); it != renamedFrom.end()) {
            change.renamedFrom = it->second;
            baseName = it->second;
        }
        SideRegion b = sideRegion(baseline, baseName, options);
        SideRegion o = sideRegion(other, name, options);
        std::optional<double> p;
        if (b.present()) {
            const std::vector<double> v = b.values();
            change.baseline = std::accumulate(v.begin(), v.end(), 0.0) / v.size();
        }
        if (o.present()) {
            const std::vector<double> v = o.values();
            change.other = std::accumulate(v.begin(), v.end(), 0.0) / v.size();
        }
        change.perCallData = (!b.present() || b.perCallData) && (!o.present() || o.perCallData);
        if (change.baseline && change.other) {
            if (*change.baseline != 0.0)
                change.changePercent =
                    (*change.other - *change.baseline) / *change.baseline * 100.0;
            RegionSignificance test;
            if (severalRuns) {
                // Run-level values: the noise between runs is what counts,
                // and the totals suffice for it.
                const std::vector<double> bv = b.values();
                const std::vector<double> ov = o.values();
                test = Significance::acrossRuns(bv, ov, testOptions);
                change.repeatsFor1Percent = Significance::repeatsFor(bv, ov, options.alpha);
            } else if (change.perCallData) {
                const RegionSample bs = RegionSample::of(*baseline[b.runs[0]], b.indices[0], ranks);
                const RegionSample os = RegionSample::of(*other[o.runs[0]], o.indices[0], ranks);
                change.perCallData = bs.perCallData && os.perCallData;
                if (change.perCallData)
                    test = Significance::test(bs, os, testOptions);
                if (test.pValue && test.smallestP >= options.alpha) {
                    change.tooFewCalls = true;
                    test = {};
                }
            }
            p = test.pValue;
            change.ciLowPercent = test.ciLowPercent;
            change.ciHighPercent = test.ciHighPercent;
        }
        change.explained = ChangeExplanation::split(options.statistic, b.mean(), o.mean());
        changes.push_back(std::move(change));
        raw.push_back(p);
        sides.emplace_back(std::move(b), std::move(o));
    }

    const std::vector<std::optional<double>> corrected = Significance::holm(raw);
    for (std::size_t i = 0; i < changes.size(); ++i) {
        checkCancel(control, baseline, other);
        if (control && control->progress)
            control->progress(0.8 + 0.2 * static_cast<double>(i) /
                                        static_cast<double>(changes.size()),
                              "explaining changes");
        RegionChange& change = changes[i];
        const auto& [b, o] = sides[i];
        change.pValue = corrected[i];
        if (!change.baseline)
            change.verdict = Verdict::New;
        else if (!change.other)
            change.verdict = Verdict::Removed;
        else if (change.changePercent) {
            const double pct = *change.changePercent;
            const double threshold = options.thresholdPercent;
            bool real = std::abs(pct) >= threshold;
            if (change.pValue)
                real = real && *change.pValue < options.alpha;
            else if ((change.perCallData && !change.tooFewCalls) || severalRuns)
                real = false; // a test that could not decide is no evidence
            if (change.ciLowPercent && change.ciHighPercent)
                real = real &&
                       (*change.ciLowPercent > threshold || *change.ciHighPercent < -threshold);
            if (real)
                change.verdict = pct > 0.0 ? Verdict::Slower : Verdict::Faster;
        }
        if (change.verdict != Verdict::Unchanged && change.perCallData) {
            const auto before = b.present() ? baseTrees.paths(b, change.name) : RelativePaths{};
            const auto after = o.present() ? otherTrees.paths(o, change.name) : RelativePaths{};
            if (before && after)
                change.paths = PathShares::shares(*before, *after);
        }
        // The pattern reads the calls over time: not asked of a host.
        if (o.present() && o.perCallData && hasCallData(*other[o.runs[0]])) {
            try {
                change.imbalancePattern = std::string(
                    ImbalancePattern::of(*other[o.runs[0]], o.indices[0], ranks).name());
            } catch (const EventsUnavailable&) {
                change.imbalancePattern.clear();
            }
        }
    }

    // A tree built while cancelling is empty: its paths must not be reported.
    checkCancel(control, baseline, other);
    std::sort(changes.begin(), changes.end(), [](const RegionChange& x, const RegionChange& y) {
        if (group(x.verdict) != group(y.verdict))
            return group(x.verdict) < group(y.verdict);
        if (absoluteChange(x) != absoluteChange(y))
            return absoluteChange(x) > absoluteChange(y);
        return x.name < y.name;
    });
    report.regions = std::move(changes);
    if (control && control->progress)
        control->progress(1.0, "compared");
    return report;
}

ComparisonMetric WhatChanged::defaultStatistic(Side runs) {
    for (const ProfilingResults* run : runs)
        if (run->numRanks != runs.front()->numRanks)
            return ComparisonMetric::SlowestRank;
    return ComparisonMetric::Total;
}

std::vector<std::string> WhatChanged::findings(const DiffReport& report, std::size_t most) {
    return ChangeFindings::sentences(report, most);
}

} // namespace scope
