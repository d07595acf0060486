// SPDX-License-Identifier: GPL-3.0-or-later
#include "ReportOptions.h"

#include "base/MemoryBudget.h"
#include "model/RankSelection.h"
#include "model/RegionFilter.h"

#include <string>

namespace scope::report {

namespace {

// Walks the arguments; an option's value may follow it or be attached with "=".
class ArgumentCursor {
public:
    explicit ArgumentCursor(std::span<const std::string_view> arguments) : arguments_(arguments) {}

    bool atEnd() const { return index_ >= arguments_.size(); }
    std::string_view next() { return arguments_[index_++]; }
    std::string_view peek() const { return arguments_[index_]; }

    std::string requiredValue(std::string_view option, std::optional<std::string_view> attached) {
        if (attached)
            return std::string(*attached);
        if (atEnd())
            throw UsageError(std::string(option) + " needs a value");
        return std::string(next());
    }

    // One or more values, like argparse's nargs="+": every following argument
    // up to the next option, so files go before the option or after "--".
    std::vector<std::string> values(std::string_view option,
                                    std::optional<std::string_view> attached) {
        std::vector<std::string> values;
        if (attached)
            values.emplace_back(*attached);
        while (!atEnd() && !looksLikeOption(peek()))
            values.emplace_back(next());
        if (values.empty())
            throw UsageError(std::string(option) + " needs at least one regular expression");
        return values;
    }

    static bool looksLikeOption(std::string_view argument) {
        return argument.size() > 1 && argument.front() == '-';
    }

private:
    std::span<const std::string_view> arguments_;
    std::size_t index_ = 0;
};

double parseThreshold(const std::string& text) {
    try {
        std::size_t used = 0;
        const double value = std::stod(text, &used);
        if (used == text.size() && value >= 0.0)
            return value;
    } catch (const std::exception&) {
    }
    throw UsageError("invalid --threshold '" + text + "' (a percentage, e.g. 5)");
}

std::uint64_t parseMemoryBudget(const std::string& text) {
    try {
        return MemoryBudget::parse(text);
    } catch (const std::invalid_argument& error) {
        throw UsageError(std::string("--memory-budget: ") + error.what());
    }
}

// A trace holds the calls of one run, and needs them read.
void checkTraceOptions(const ReportOptions& options) {
    if (!options.chromeTracePath && !options.speedscopePath)
        return;
    if (options.diff)
        throw UsageError("--chrome-trace and --speedscope cannot be combined with --diff");
    if (options.files.size() != 1 && !options.combineRanks)
        throw UsageError("--chrome-trace and --speedscope export one run: one FILE, or the "
                         "rank files of --combine-ranks");
    if (options.summaryOnly)
        throw UsageError("--chrome-trace and --speedscope need the per-call events, "
                         "not --summary-only");
    const int onStdout = (options.jsonPath == "-") + (options.csvPath == "-") +
                         (options.chromeTracePath == "-") + (options.speedscopePath == "-");
    if (onStdout > 1)
        throw UsageError("only one export can write to standard output (\"-\")");
}

} // namespace

ReportOptions ReportOptions::parse(std::span<const std::string_view> arguments) {
    ReportOptions options;
    std::vector<std::string> include;
    std::vector<std::string> exclude;
    RankSelection ranks;
    bool noFallback = false;
    bool onlyFiles = false;
    std::vector<std::string> diffFiles;
    std::optional<ComparisonMetric> metric;

    ArgumentCursor cursor(arguments);
    while (!cursor.atEnd()) {
        const std::string_view argument = cursor.next();
        if (onlyFiles || !ArgumentCursor::looksLikeOption(argument)) {
            options.files.emplace_back(argument);
            continue;
        }
        if (argument == "--") {
            onlyFiles = true;
            continue;
        }
        std::string_view name = argument;
        std::optional<std::string_view> attached;
        if (const auto equals = argument.find('='); equals != std::string_view::npos) {
            name = argument.substr(0, equals);
            attached = argument.substr(equals + 1);
        }
        const auto noValue = [&]() {
            if (attached)
                throw UsageError(std::string(name) + " takes no value");
        };

        if (name == "--help" || name == "-h") {
            noValue();
            options.help = true;
        } else if (name == "--version") {
            noValue();
            options.version = true;
        } else if (name == "--summary-only") {
            noValue();
            options.summaryOnly = true;
        } else if (name == "--call-tree") {
            noValue();
            options.callTree = true;
        } else if (name == "--lanes") {
            noValue();
            options.lanes = true;
        } else if (name == "--likwid") {
            noValue();
            options.likwid = true;
        } else if (name == "--perf") {
            noValue();
            options.perf = true;
        } else if (name == "--line-profile") {
            noValue();
            options.lineProfile = true;
        } else if (name == "--mpi") {
            noValue();
            options.mpi = true;
        } else if (name == "--combine-ranks") {
            noValue();
            options.combineRanks = true;
        } else if (name == "--no-fallback") {
            noValue();
            noFallback = true;
        } else if (name == "--json") {
            options.jsonPath = cursor.requiredValue(name, attached);
        } else if (name == "--csv") {
            options.csvPath = cursor.requiredValue(name, attached);
        } else if (name == "--chrome-trace") {
            options.chromeTracePath = cursor.requiredValue(name, attached);
        } else if (name == "--speedscope") {
            options.speedscopePath = cursor.requiredValue(name, attached);
        } else if (name == "--include") {
            for (auto& pattern : cursor.values(name, attached))
                include.push_back(std::move(pattern));
        } else if (name == "--exclude") {
            for (auto& pattern : cursor.values(name, attached))
                exclude.push_back(std::move(pattern));
        } else if (name == "--diff") {
            noValue();
            options.diff = true;
            for (int i = 0; i < 2; ++i) {
                if (cursor.atEnd() || ArgumentCursor::looksLikeOption(cursor.peek()))
                    throw UsageError("--diff needs two files: BASELINE OTHER");
                diffFiles.emplace_back(cursor.next());
            }
        } else if (name == "--metric") {
            const std::string text = cursor.requiredValue(name, attached);
            metric = parseMetric(text);
            if (!metric)
                throw UsageError("invalid --metric '" + text +
                                 "' (choose from total, avg, min, max, calls)");
        } else if (name == "--threshold") {
            options.thresholdPercent = parseThreshold(cursor.requiredValue(name, attached));
        } else if (name == "--memory-budget") {
            options.memoryBudget = parseMemoryBudget(cursor.requiredValue(name, attached));
        } else if (name == "--ranks") {
            const std::string text = cursor.requiredValue(name, attached);
            try {
                ranks = RankSelection::parse(text);
            } catch (const std::exception& error) {
                throw UsageError("invalid --ranks '" + text + "': " + error.what());
            }
        } else {
            throw UsageError("unknown option " + std::string(argument));
        }
    }

    options.fallback = !noFallback;
    if (options.memoryBudget == 0)
        options.memoryBudget = MemoryBudget::defaultBytes();
    if (options.help || options.version)
        return options;
    if (options.diff) {
        if (!options.files.empty())
            throw UsageError("--diff compares exactly two files, given after it: "
                             "--diff BASELINE OTHER");
        if (options.jsonPath || options.csvPath)
            throw UsageError("--json and --csv cannot be combined with --diff");
        if (options.callTree)
            throw UsageError("--call-tree cannot be combined with --diff");
        if (options.lanes)
            throw UsageError("--lanes cannot be combined with --diff");
        if (options.likwid || options.perf || options.lineProfile)
            throw UsageError("--likwid, --perf and --line-profile cannot be combined with --diff");
        if (options.mpi)
            throw UsageError("--mpi cannot be combined with --diff");
        if (options.combineRanks)
            throw UsageError("--combine-ranks cannot be combined with --diff");
        options.files = std::move(diffFiles);
        options.metric = metric.value_or(ComparisonMetric::Total);
    } else if (metric || options.thresholdPercent) {
        throw UsageError("--metric and --threshold only apply to --diff");
    }
    if (options.files.empty()) {
        throw UsageError(include.empty() && exclude.empty()
                             ? "no input files"
                             : "no input files (--include and --exclude take every argument up "
                               "to the next option: put the files first, or after --)");
    }
    if (options.jsonPath == "-" && options.csvPath == "-")
        throw UsageError("--json - and --csv - cannot both write to standard output");
    checkTraceOptions(options);
    try {
        options.selection =
            ExportSelection(RegionFilter(std::move(include), std::move(exclude)), std::move(ranks));
    } catch (const std::invalid_argument& error) {
        throw UsageError(error.what());
    }
    return options;
}

std::string ReportOptions::usage() {
    return R"(Usage: scope-report [OPTIONS] FILE...
       scope-report --diff BASELINE OTHER [--metric M] [--threshold PCT] [OPTIONS]

Summarises scope-profiler HDF5 files and native .spt traces: metadata and per-region statistics
(ranks, calls, total, average, min, max, std) pooled over the selected ranks.

Options:
  --json PATH|-         write scope-profiler's region_statistics.json layout
  --csv PATH|-          write one CSV row per file, region and rank plus an "all" row
                        ("-" writes to standard output instead of the table)
  --chrome-trace PATH|- write the file's calls (selected ranks) as Chrome trace event
                        JSON for ui.perfetto.dev and chrome://tracing (one file only)
  --speedscope PATH|-   write the file's calls (selected ranks) as speedscope JSON,
                        one profile per rank, or per thread/task lane in runs
                        that tracked threads (one file only)
  --summary-only        read only the summary columns, never the per-call events;
                        files without them are read in full, with a warning
  --no-fallback         with --summary-only, fail (status 4) instead of reading events
  --include RE...       keep only regions whose name starts with a match of RE
  --exclude RE...       drop regions whose name starts with a match of RE
                        (both take every argument up to the next option; repeatable)
  --ranks LIST          only these ranks, e.g. 0-3,5; every file must have them all
  --call-tree           add each file's call tree: every call path (caller > ... >
                        region) with its calls, inclusive and exclusive time and
                        % of run, pooled over --ranks; an indented tree after the
                        table, a "call_tree" array per file in --json (null, with a
                        warning, for files without per-call data). --include and
                        --exclude choose which paths are listed, never cut them;
                        runs that tracked threads nest per thread/task lane
  --lanes               print each file's thread/task lanes per rank: label, calls,
                        time in top-level calls and their await time; a "lanes"
                        array per file in --json (null without per-call data)
  --memory-budget SIZE  memory a file's per-call events may take, e.g. 2G, 160M
                        (default: half of physical memory); a larger file is
                        streamed for exact statistics and its calls left on disk:
                        --call-tree is then built rank by rank from the file
                        (status 1, no tree, if one rank alone exceeds the budget);
                        --lanes, --chrome-trace and --speedscope fail (status 1)
  --likwid              print each file's LIKWID counters (metrics and events per
                        CPU, per region tag); a "likwid" array per file in --json
  --perf                print each file's perf counters per region with IPC,
                        cache-miss and branch-miss rates; "perf_events" in --json
  --line-profile        print each file's line profiles (hits and time per line);
                        "line_profile" in --json
  --mpi                 print each file's MPI call regions as communication: bytes
                        sent and received per rank and peer, seconds per collective
                        and per wait kind per rank; "mpi" per file in --json
  --combine-ranks       read the files (native .spt traces and per-rank .h5 files of
                        the C/Fortran API, mixed) as the ranks of one run: regions
                        matched by name, a rank in two files is an error (status 3)
  --diff BASELINE OTHER compare two files region by region, as scope-profiler diff:
                        OTHER - BASELINE and the change in percent of BASELINE,
                        largest change first; regions in one file only listed apart
  --metric M            with --diff: total (default), avg, min, max or calls
  --threshold PCT       with --diff: hide regions that changed by less than PCT percent
  -h, --help            show this help
  --version             show the version

Exit status: 0 ok (warnings on stderr), 1 usage error (or a rank of --ranks
that a file lacks; that file is skipped), 2 file not found,
3 corrupt or unreadable file, 4 summary data unavailable; with several
files the highest status of any file.
)";
}

} // namespace scope::report
