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

// The number of option `name`, which `valid` accepts; else a usage error
// naming the option and what it wants (`wanted`, e.g. "a percentage, e.g. 5").
template <typename Valid>
double parseNumber(std::string_view name, const std::string& text, Valid valid,
                   std::string_view wanted) {
    try {
        std::size_t used = 0;
        const double value = std::stod(text, &used);
        if (used == text.size() && valid(value))
            return value;
    } catch (const std::exception&) {
    }
    throw UsageError("invalid " + std::string(name) + " '" + text + "' (" + std::string(wanted) +
                     ")");
}

double parsePercentage(std::string_view name, const std::string& text) {
    return parseNumber(
        name, text, [](double v) { return v >= 0.0; }, "a percentage, e.g. 5");
}

// --alpha: a probability strictly between 0 and 1.
double parseAlpha(const std::string& text) {
    return parseNumber(
        "--alpha", text, [](double v) { return v > 0.0 && v < 1.0; }, "a probability, e.g. 0.01");
}

// --diff and --check: BASELINE OTHER, or the runs of each side with --against.
void checkDiffFiles(const ReportOptions& options, const std::vector<std::string>& baseline,
                    const std::optional<std::vector<std::string>>& against) {
    const std::string mode = options.check ? "--check" : "--diff";
    if (!options.files.empty())
        throw UsageError(mode + " compares the files given after it: " + mode +
                         " BASELINE OTHER, or " + mode + " A1 A2 ... --against B1 B2 ...");
    if (against) {
        if (baseline.empty() || against->empty())
            throw UsageError(mode + " A1 A2 ... --against B1 B2 ... needs files on both sides");
    } else if (baseline.size() != 2) {
        throw UsageError(mode + " compares exactly two files, given after it: " + mode +
                         " BASELINE OTHER (several runs per side: " + mode +
                         " A1 A2 ... --against B1 B2 ...)");
    }
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

// A scaling study is its own report: one table over all the files.
void checkScalingOptions(const ReportOptions& options) {
    if (options.csvPath || options.chromeTracePath || options.speedscopePath)
        throw UsageError(
            "--csv, --chrome-trace and --speedscope cannot be combined with --scaling");
    if (options.callTree || options.lanes || options.likwid || options.perf ||
        options.lineProfile || options.mpi || options.combineRanks)
        throw UsageError("--scaling takes only --axis, --mode, --metric, --json, --include, "
                         "--exclude, --ranks, --summary-only and --memory-budget");
    if (options.thresholdPercent)
        throw UsageError("--threshold only applies to --diff");
    if (options.files.size() < 3)
        throw UsageError("--scaling needs three or more files, got " +
                         std::to_string(options.files.size()));
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
    std::optional<std::vector<std::string>> againstFiles;
    std::optional<double> alpha;
    std::optional<ComparisonMetric> metric;
    std::optional<std::string> scalingMode;

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
        } else if (name == "--imbalance") {
            noValue();
            options.imbalance = true;
        } else if (name == "--combine-ranks") {
            noValue();
            options.combineRanks = true;
        } else if (name == "--index" || name == "--index-beside") {
            noValue();
            options.keepIndex = true;
            options.indexBeside = options.indexBeside || name == "--index-beside";
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
        } else if (name == "--diff" || name == "--check") {
            noValue();
            if (options.diff)
                throw UsageError("--diff and --check are given once");
            options.diff = true;
            options.check = name == "--check";
            while (!cursor.atEnd() && !ArgumentCursor::looksLikeOption(cursor.peek()))
                diffFiles.emplace_back(cursor.next());
            if (diffFiles.size() < 2 && (cursor.atEnd() || cursor.peek() != "--against"))
                throw UsageError(std::string(name) + " needs two files: BASELINE OTHER");
        } else if (name == "--against") {
            noValue();
            againstFiles.emplace();
            while (!cursor.atEnd() && !ArgumentCursor::looksLikeOption(cursor.peek()))
                againstFiles->emplace_back(cursor.next());
        } else if (name == "--alpha") {
            alpha = parseAlpha(cursor.requiredValue(name, attached));
        } else if (name == "--max-regression") {
            options.maxRegressionPercent =
                parsePercentage("--max-regression", cursor.requiredValue(name, attached));
        } else if (name == "--fail-on-new") {
            noValue();
            options.failOnNew = true;
        } else if (name == "--scaling") {
            noValue();
            options.scaling = true;
        } else if (name == "--axis") {
            options.axis = cursor.requiredValue(name, attached);
        } else if (name == "--mode") {
            const std::string text = cursor.requiredValue(name, attached);
            if (text != "strong" && text != "weak")
                throw UsageError("invalid --mode '" + text + "' (choose from strong, weak)");
            scalingMode = text;
        } else if (name == "--metric") {
            const std::string text = cursor.requiredValue(name, attached);
            metric = parseMetric(text);
            if (!metric)
                throw UsageError("invalid --metric '" + text +
                                 "' (choose from total, avg, min, max, calls, rank_mean, "
                                 "slowest_rank)");
        } else if (name == "--threshold") {
            options.thresholdPercent =
                parsePercentage("--threshold", cursor.requiredValue(name, attached));
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
    if (options.scaling && options.diff)
        throw UsageError("--scaling cannot be combined with --diff");
    if (againstFiles && !options.diff)
        throw UsageError("--against only applies to --diff and --check");
    if (!options.check && (options.maxRegressionPercent || options.failOnNew))
        throw UsageError("--max-regression and --fail-on-new only apply to --check");
    if (!options.diff && alpha)
        throw UsageError("--alpha only applies to --diff and --check");
    if (options.diff) {
        checkDiffFiles(options, diffFiles, againstFiles);
        if (options.check && !options.maxRegressionPercent)
            throw UsageError("--check needs --max-regression PCT");
        if (options.jsonPath == "-")
            throw UsageError("--json with --diff and --check writes to a file, not \"-\"");
        if (options.csvPath)
            throw UsageError("--csv cannot be combined with --diff");
        if (options.callTree)
            throw UsageError("--call-tree cannot be combined with --diff");
        if (options.lanes)
            throw UsageError("--lanes cannot be combined with --diff");
        if (options.likwid || options.perf || options.lineProfile)
            throw UsageError("--likwid, --perf and --line-profile cannot be combined with --diff");
        if (options.mpi)
            throw UsageError("--mpi cannot be combined with --diff");
        if (options.imbalance)
            throw UsageError("--imbalance cannot be combined with --diff");
        if (options.combineRanks)
            throw UsageError("--combine-ranks cannot be combined with --diff");
        options.baselineFiles = againstFiles ? diffFiles.size() : 1;
        options.files = std::move(diffFiles);
        if (againstFiles)
            options.files.insert(options.files.end(), againstFiles->begin(), againstFiles->end());
        options.metric = metric.value_or(ComparisonMetric::Total);
        options.alpha = alpha.value_or(0.01);
    } else if (options.scaling) {
        checkScalingOptions(options);
        options.metric = metric.value_or(ComparisonMetric::SlowestRank);
        options.weakScaling = scalingMode == "weak";
    } else if (metric || options.thresholdPercent) {
        throw UsageError("--metric and --threshold only apply to --diff");
    }
    if (!options.scaling && (options.axis || scalingMode))
        throw UsageError("--axis and --mode only apply to --scaling");
    if (options.files.empty()) {
        throw UsageError(include.empty() && exclude.empty()
                             ? "no input files"
                             : "no input files (--include and --exclude take every argument up "
                               "to the next option: put the files first, or after --)");
    }
    if (options.jsonPath == "-" && options.csvPath == "-")
        throw UsageError("--json - and --csv - cannot both write to standard output");
    checkTraceOptions(options);
    if (options.keepIndex && options.combineRanks)
        throw UsageError("--index keeps the index of one run file, not of --combine-ranks");
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
       scope-report --diff BASELINE OTHER [--metric M] [--threshold PCT] [--json PATH]
       scope-report --diff A1 A2 ... --against B1 B2 ... [OPTIONS]
       scope-report --check BASELINE OTHER --max-regression PCT [--fail-on-new]
       scope-report --scaling FILE... [--axis ranks|threads|FIELD] [--json PATH]

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
  --index               first build each file's index and keep it where scope-viewer
                        looks ($XDG_CACHE_HOME/scope-viewer), so that the viewer
                        reopens the run at once; then report as usual
  --index-beside        as --index, but keep it beside the file (FILE.scopeindex)
  --likwid              print each file's LIKWID counters (metrics and events per
                        CPU, per region tag); a "likwid" array per file in --json
  --perf                print each file's perf counters per region with IPC,
                        cache-miss and branch-miss rates; "perf_events" in --json
  --line-profile        print each file's line profiles (hits and time per line);
                        "line_profile" in --json
  --mpi                 print each file's MPI call regions as communication: bytes
                        sent and received per rank and peer, seconds per collective
                        and per wait kind per rank; "mpi" per file in --json
  --imbalance           print each region's imbalance pattern over --ranks (balanced,
                        static, rotating, growing or serialising, from 16 time
                        windows) and the time balancing would recover;
                        "imbalance_pattern" and "imbalance_recoverable" per region
                        in --json (null without per-call data)
  --combine-ranks       read the files (native .spt traces and per-rank .h5 files of
                        the C/Fortran API, mixed) as the ranks of one run: regions
                        matched by name, a rank in two files is an error (status 3)
  --diff BASELINE OTHER compare two files region by region, as scope-profiler diff:
                        OTHER - BASELINE and the change in percent of BASELINE,
                        largest change first; regions in one file only listed apart;
                        per region a verdict (slower, faster, unchanged, new,
                        removed), the 95 % interval of the change and its p-value
                        (Mann-Whitney U, Holm-corrected across regions), then the
                        findings as sentences; --json PATH writes them as "diff"
  --against B1 B2 ...   with --diff A1 A2 ... or --check: several runs per side;
                        the test is then across the runs' values (Welch's t on logs)
  --check BASELINE OTHER  the comparison of --diff as a CI gate: status 5 when a
                        region is significantly slower by more than --max-regression
                        percent (they are listed), 0 otherwise
  --max-regression PCT  with --check: the slowdown that fails it
  --fail-on-new         with --check: a region only in OTHER fails it too
  --metric M            with --diff/--check: total (default), avg, min, max, calls,
                        rank_mean or slowest_rank (for runs on different rank counts)
  --threshold PCT       with --diff/--check: a change below PCT percent is unchanged
                        (default 1); --diff hides those regions from the table
  --alpha A             with --diff/--check: the significance level (default 0.01)
  --scaling FILE...     fit scaling models per region over three or more runs: Amdahl's
                        serial fraction, a power law t ~ p^a (and its growth per doubling),
                        R² of both, parallel efficiency per run, and the smallest p at
                        which the region would take over half of the run's time;
                        "scaling" in --json
  --axis AXIS           with --scaling: ranks, threads, total_cores or a numeric metadata
                        field (default: the first of these the runs differ in)
  --mode strong|weak    with --scaling: same total work (default) or work growing with p
  --metric M            with --scaling: the region's time per run, slowest_rank (default),
                        rank_mean or total
  -h, --help            show this help
  --version             show the version

Exit status: 0 ok (warnings on stderr), 1 usage error (or a rank of --ranks
that a file lacks; that file is skipped), 2 file not found,
3 corrupt or unreadable file, 4 summary data unavailable, 5 --check found a
regression; with several files the highest status of any file.
)";
}

} // namespace scope::report
