// SPDX-License-Identifier: GPL-3.0-or-later
#include "ScopeReport.h"

#include "CallTreePrinter.h"
#include "ControlEscaper.h"
#include "DiffJsonWriter.h"
#include "DiffPrinter.h"
#include "ImbalancePrinter.h"
#include "LanePrinter.h"
#include "LikwidPrinter.h"
#include "LineProfilePrinter.h"
#include "MpiPrinter.h"
#include "PerfPrinter.h"
#include "RegionTablePrinter.h"
#include "RegressionCheck.h"
#include "ReportIndexer.h"
#include "ScalingPrinter.h"
#include "analysis/ExclusiveTime.h"
#include "analysis/OnDemandTimeline.h"
#include "analysis/TimelineIndex.h"
#include "base/MemoryBudget.h"
#include "compare/WhatChanged.h"
#include "export/CallTreeJson.h"
#include "export/ChromeTraceWriter.h"
#include "export/RegionStatisticsCsv.h"
#include "export/RegionStatisticsJson.h"
#include "export/SpeedscopeWriter.h"
#include "load/ProfileFileReader.h"
#include "model/Errors.h"
#include "native/RankFileCombiner.h"

#include <algorithm>
#include <fstream>

namespace scope::report {

ScopeReport::ScopeReport(ReportOptions options, std::ostream& out, std::ostream& err)
    : options_(std::move(options)), out_(out), err_(err) {}

void ScopeReport::fail(ExitStatus status, const std::string& message) {
    err_ << "scope-report: error: " << message << '\n';
    status_ = worst(status_, status);
}

void ScopeReport::failOverBudget(const ProfilingResults& results, const std::string& what) {
    fail(ExitStatus::Usage, results.path +
                                ": its per-call events do not fit in the memory budget (" +
                                MemoryBudget::format(options_.memoryBudget) + "): no " + what +
                                "; raise --memory-budget");
}

std::optional<ProfilingResults> ScopeReport::load(const std::string& path) {
    // The most specific classes first: InvalidSchemaError is a CorruptProfileError,
    // and all of them are ProfileErrors whose message already names the file.
    try {
        // In a helper process, so a file that crashes libhdf5 is one failed file.
        ReadRequest request;
        request.summaryOnly = options_.summaryOnly;
        request.fallback = options_.fallback;
        request.includeLikwid = options_.likwid;
        request.includeLineProfile = options_.lineProfile;
        // The speedscope frames show them (source file and line); --diff
        // matches renamed regions by them.
        request.rowDetails = options_.speedscopePath.has_value() || options_.diff;
        // Rank files are combined from their calls in memory.
        request.memoryBudget = options_.combineRanks ? 0 : options_.memoryBudget;
        return readProfileFile(path, request);
    } catch (const FileNotFoundError& error) {
        fail(ExitStatus::FileNotFound, error.what());
    } catch (const SummaryDataUnavailable& error) {
        fail(ExitStatus::SummaryUnavailable, std::string(error.what()));
    } catch (const ProfileError& error) {
        fail(ExitStatus::Unreadable, error.what());
    } catch (const std::exception& error) {
        fail(ExitStatus::Unreadable, path + ": " + error.what());
    }
    return std::nullopt;
}

std::optional<ProfilingResults> ScopeReport::loadCombined() {
    // Like upstream's import-native: one unreadable rank spoils the run.
    std::vector<ProfilingResults> files;
    for (const std::string& path : options_.files)
        if (auto results = load(path))
            files.push_back(std::move(*results));
    if (files.size() != options_.files.size())
        return std::nullopt;
    try {
        return combineRankFiles(std::move(files));
    } catch (const ProfileError& error) {
        fail(ExitStatus::Unreadable, error.what());
    }
    return std::nullopt;
}

void ScopeReport::warnAbout(const ProfilingResults& results) {
    const std::string prefix = "scope-report: warning: " + results.path + ": ";
    for (const std::string& warning : results.warnings) {
        // Readers usually name the file themselves; name it once.
        const bool named = warning.starts_with(results.path + ":");
        err_ << (named ? "scope-report: warning: " : prefix) << warning << '\n';
    }
    if (results.summaryFallback)
        err_ << prefix << "no summary columns; read the per-call events instead\n";
    for (const DamagedRegion& damaged : results.damaged) {
        err_ << prefix << "skipped damaged region '" << damaged.region << "' on rank "
             << damaged.rank << ": " << damaged.reason << '\n';
    }
}

void ScopeReport::writeExport(const std::string& destination, const std::string& text,
                              const char* what) {
    if (destination == "-") {
        out_ << text;
        return;
    }
    std::ofstream file(destination, std::ios::binary | std::ios::trunc);
    file << text;
    file.close();
    if (!file)
        fail(ExitStatus::Usage, destination + ": cannot write the " + what + " export");
}

void ScopeReport::writeTraces(const ProfilingResults& results) {
    if (results.onDemand) {
        failOverBudget(results, "trace export");
        return;
    }
    if (!results.eventsRead) {
        fail(ExitStatus::Usage,
             results.path + " has no per-call data (aggregate layout): no trace");
        return;
    }
    TraceExportOptions traceOptions;
    traceOptions.ranks = options_.selection.ranks();
    const auto write = [&](const std::string& destination, const char* what, auto writer) {
        TraceExportResult written;
        try {
            if (destination == "-") {
                written = writer.write(out_, results);
            } else {
                std::ofstream file(destination, std::ios::binary | std::ios::trunc);
                if (!file)
                    throw std::runtime_error("cannot open it");
                written = writer.write(file, results);
            }
        } catch (const std::exception&) {
            fail(ExitStatus::Usage, destination + ": cannot write the " + what + " export");
            return;
        }
        // As --call-tree says of the same calls, so that no shortened call goes unmentioned.
        if (written.cut > 0)
            err_ << "scope-report: warning: " << results.path << ": " << written.cut
                 << (written.cut == 1 ? " call overlaps" : " calls overlap")
                 << " its caller without nesting; the " << what << " export cuts "
                 << (written.cut == 1 ? "it" : "them") << " at the caller's end\n";
    };
    if (options_.chromeTracePath)
        write(*options_.chromeTracePath, "Chrome trace", ChromeTraceWriter(traceOptions));
    if (options_.speedscopePath)
        write(*options_.speedscopePath, "speedscope", SpeedscopeWriter(traceOptions));
}

bool ScopeReport::hasSelectedRanks(const ProfilingResults& results) {
    const RankSelection& ranks = options_.selection.ranks();
    const std::string missing = ranks.missingFrom(RankSelection::ranksOf(results));
    if (missing.empty())
        return true;
    fail(ExitStatus::Usage, results.path + ": --ranks " + ranks.toString() + ": " + missing);
    return false;
}

std::optional<CallTree> ScopeReport::callTree(const ProfilingResults& results) {
    const std::string prefix = "scope-report: warning: " + results.path;
    if (results.onDemand) {
        // Built rank by rank from the calls on disk, as the viewer does.
        try {
            const auto timeline = OnDemandTimeline::build(
                std::make_shared<const ProfilingResults>(results), options_.memoryBudget, {});
            return reportOverlaps(results, timeline->callTree(options_.selection.ranks()));
        } catch (const ReadCancelled&) {
            throw;
        } catch (const ProfileError&) {
            failOverBudget(results, "call tree"); // a rank alone exceeds it
            return std::nullopt;
        }
    }
    if (!results.eventsRead) {
        err_ << prefix << " has no per-call data ("
             << (results.layout == StorageLayout::Aggregate ? "aggregate layout"
                                                            : "read with --summary-only")
             << "): no call tree\n";
        return std::nullopt;
    }
    const TimelineIndex index(results);
    return reportOverlaps(results, CallTree::build(results, index, options_.selection.ranks()));
}

std::optional<LaneTable> ScopeReport::laneTable(const ProfilingResults& results) {
    if (results.onDemand) {
        failOverBudget(results, "lanes");
        return std::nullopt;
    }
    if (!results.eventsRead) {
        err_ << "scope-report: warning: " << results.path << " has no per-call data ("
             << (results.layout == StorageLayout::Aggregate ? "aggregate layout"
                                                            : "read with --summary-only")
             << "): no lanes\n";
        return std::nullopt;
    }
    return LaneTable::build(results, options_.selection.ranks());
}

CallTree ScopeReport::reportOverlaps(const ProfilingResults& results, CallTree tree) {
    const auto deepest = std::max_element(tree.depth.begin(), tree.depth.end());
    if (deepest != tree.depth.end() && *deepest > CallTreeJson::kMaxDepth)
        err_ << "scope-report: warning: " << results.path << ": call paths reach " << *deepest
             << " levels; those below level " << CallTreeJson::kMaxDepth
             << " are folded into their level-" << CallTreeJson::kMaxDepth << " call\n";
    if (tree.firstOverlap)
        err_ << "scope-report: warning: " << results.path << ": " << tree.overlaps
             << (tree.overlaps == 1 ? " call overlaps" : " calls overlap")
             << " its caller without nesting (counted below it); the first: "
             << tree.firstOverlap->describe(results) << '\n';
    return tree;
}

void ScopeReport::compare(const std::vector<ProfilingResults>& loaded, std::ostream& text) {
    std::vector<const ProfilingResults*> baseline;
    std::vector<const ProfilingResults*> other;
    for (std::size_t i = 0; i < loaded.size(); ++i)
        (i < options_.baselineFiles ? baseline : other).push_back(&loaded[i]);
    WhatChangedOptions what;
    what.statistic = options_.metric;
    what.alpha = options_.alpha;
    what.thresholdPercent = options_.thresholdPercent.value_or(1.0);
    what.selection = options_.selection;
    const DiffReport report = WhatChanged::compute(baseline, other, what);
    if (options_.check) {
        if (RegressionCheck(*options_.maxRegressionPercent, options_.failOnNew).print(text, report))
            status_ = worst(status_, ExitStatus::Regression);
    } else {
        DiffPrinter(options_.metric).print(text, report, options_.thresholdPercent);
    }
    text.flush();
    if (options_.jsonPath)
        writeExport(*options_.jsonPath, DiffJsonWriter::json(report) + '\n', "JSON");
}

ExitStatus ScopeReport::run() {
    if (options_.keepIndex)
        status_ = worst(status_, ReportIndexer::keepAll(options_, err_));
    std::vector<ProfilingResults> loaded;
    std::vector<std::optional<ProfilingResults>> read;
    if (options_.combineRanks)
        read.push_back(loadCombined());
    else
        for (const std::string& path : options_.files)
            read.push_back(load(path));
    for (auto& results : read) {
        if (results) {
            warnAbout(*results);
            // Rows of ranks the file lacks would print as empty, not as an error.
            if (hasSelectedRanks(*results))
                loaded.push_back(std::move(*results));
        }
    }

    // The tables name regions and files: their control characters are
    // escaped, while exports to "-" below keep their bytes.
    ControlEscapingStream text(out_);
    if (options_.diff) {
        // Every file must be read to compare them; the errors are reported above.
        if (loaded.size() == options_.files.size())
            compare(loaded, text);
        text.flush();
        out_.flush();
        return status_;
    }
    if (options_.scaling) {
        std::vector<const ProfilingResults*> runs;
        for (ProfilingResults& results : loaded) {
            // Which region dominates is a question of exclusive time: a
            // caller's total holds its callees' time too.
            if (results.eventsRead)
                fillExclusiveTimes(results, TimelineIndex(results));
            runs.push_back(&results);
        }
        ScalingOptions scaling;
        const std::vector<std::string> axes = ScalingModel::availableAxes(runs);
        scaling.axis = options_.axis.value_or(axes.empty() ? "ranks" : axes.front());
        scaling.mode = options_.weakScaling ? ScalingMode::Weak : ScalingMode::Strong;
        scaling.metric = options_.metric;
        scaling.selection = options_.selection;
        try {
            const ScalingStudy study = ScalingModel::compute(runs, scaling);
            if (options_.tableOnStdout())
                ScalingPrinter::print(text, study);
            text.flush();
            if (options_.jsonPath)
                writeExport(*options_.jsonPath, ScalingPrinter::json(study) + '\n', "JSON");
        } catch (const std::invalid_argument& error) {
            fail(ExitStatus::Usage, std::string("--scaling: ") + error.what());
        }
        out_.flush();
        return status_;
    }

    std::vector<std::optional<CallTree>> trees;
    if (options_.callTree)
        for (const auto& results : loaded)
            trees.push_back(callTree(results));
    std::vector<std::optional<LaneTable>> lanes;
    if (options_.lanes)
        for (const auto& results : loaded)
            lanes.push_back(laneTable(results));

    if (options_.tableOnStdout()) {
        const RegionTablePrinter printer(options_.selection);
        const CallTreePrinter treePrinter(options_.selection.regionFilter());
        for (std::size_t i = 0; i < loaded.size(); ++i) {
            if (i > 0)
                text << '\n';
            printer.print(text, loaded[i]);
            if (options_.callTree) {
                if (trees[i])
                    treePrinter.print(text, *trees[i], loaded[i]);
                else
                    CallTreePrinter::printUnavailable(text, loaded[i]);
            }
            if (options_.lanes) {
                if (lanes[i])
                    LanePrinter::print(text, *lanes[i]);
                else
                    LanePrinter::printUnavailable(text, loaded[i]);
            }
            const RankSelection& ranks = options_.selection.ranks();
            if (options_.likwid)
                LikwidPrinter::print(text, loaded[i], ranks);
            if (options_.perf)
                PerfPrinter::print(text, loaded[i], ranks);
            if (options_.lineProfile)
                LineProfilePrinter::print(text, loaded[i], ranks);
            if (options_.mpi)
                MpiPrinter::print(text, loaded[i], ranks);
            if (options_.imbalance)
                ImbalancePrinter::print(text, loaded[i], options_.selection);
        }
        text.flush();
    }

    if (!loaded.empty()) {
        std::vector<const ProfilingResults*> files;
        for (const ProfilingResults& results : loaded)
            files.push_back(&results);
        // json.dumps ends without a newline; a text file and a terminal want one.
        if (options_.jsonPath) {
            RegionStatisticsJson json(options_.selection);
            json.setHardware(options_.likwid, options_.perf, options_.lineProfile);
            json.setMpi(options_.mpi);
            json.setImbalance(options_.imbalance);
            if (options_.callTree) {
                std::vector<const CallTree*> callTrees;
                for (const auto& tree : trees)
                    callTrees.push_back(tree ? &*tree : nullptr);
                json.setCallTrees(std::move(callTrees));
            }
            if (options_.lanes) {
                std::vector<const LaneTable*> laneTables;
                for (const auto& table : lanes)
                    laneTables.push_back(table ? &*table : nullptr);
                json.setLanes(std::move(laneTables));
            }
            writeExport(*options_.jsonPath, json.write(files) + '\n', "JSON");
        }
        if (options_.csvPath)
            writeExport(*options_.csvPath, RegionStatisticsCsv(options_.selection).write(files),
                        "CSV");
        if (options_.chromeTracePath || options_.speedscopePath)
            writeTraces(loaded.front());
    }
    out_.flush();
    return status_;
}

} // namespace scope::report
