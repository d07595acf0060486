// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "compare/RunComparison.h"
#include "model/ExportSelection.h"

#include <cstdint>
#include <optional>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace scope::report {

// A command line scope-report cannot run with; the message says what is wrong.
class UsageError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

// The parsed command line of scope-report.
class ReportOptions {
public:
    // Arguments without the program name. Throws UsageError. --help and
    // --version need no files; every other run needs at least one.
    static ReportOptions parse(std::span<const std::string_view> arguments);
    static std::string usage();
#ifdef SCOPE_REPORT_VERSION
    static constexpr std::string_view kVersion = SCOPE_REPORT_VERSION;
#else
    static constexpr std::string_view kVersion = "0.1.0"; // keep in step with project()
#endif

    std::vector<std::string> files;
    std::optional<std::string> jsonPath; // "-" = standard output
    std::optional<std::string> csvPath;  // "-" = standard output
    // Trace exports of the one file's calls (selected ranks); "-" = standard output.
    std::optional<std::string> chromeTracePath;
    std::optional<std::string> speedscopePath;
    bool summaryOnly = false;
    bool fallback = true;  // with --summary-only, read the events when there are no summaries
    bool callTree = false; // per file the call paths, in the table and in --json
    bool lanes = false;    // per file the thread/task lanes, in the table and in --json
    // Hardware data after each table and as arrays in --json (each only when asked for).
    bool likwid = false;
    bool perf = false;
    bool lineProfile = false;
    // MPI call regions as traffic, collective and wait times (MpiPrinter); "mpi" in --json.
    bool mpi = false;
    // Each region's imbalance pattern (ImbalancePattern) after each table;
    // "imbalance_pattern" and "imbalance_recoverable" per region in --json.
    bool imbalance = false;
    bool help = false;
    bool version = false;
    ExportSelection selection;
    // --diff BASELINE OTHER: compare two files (they are files[0] and files[1]);
    // --diff A1 A2 ... --against B1 B2 ...: several runs per side, the
    // baseline's first in `files` (baselineFiles of them), then the other's.
    bool diff = false;
    // --check: --diff's comparison as a CI gate (ExitStatus::Regression).
    bool check = false;
    std::size_t baselineFiles = 1;
    ComparisonMetric metric = ComparisonMetric::Total;
    std::optional<double> thresholdPercent;
    double alpha = 0.01;
    std::optional<double> maxRegressionPercent; // --check: required
    bool failOnNew = false;
    // --scaling FILE...: scaling models of the regions over three or more runs
    // along --axis (ranks, threads or a numeric metadata field; by default the
    // first one the runs differ in), --mode strong (default) or weak.
    bool scaling = false;
    std::optional<std::string> axis;
    bool weakScaling = false;
    // --combine-ranks: the files (.spt or per-rank .h5) are the ranks of one run.
    bool combineRanks = false;
    // --memory-budget: bytes a file's per-call events may take in memory;
    // beyond it they are streamed for the statistics and read on demand.
    std::uint64_t memoryBudget = 0; // 0 until parsed: MemoryBudget::defaultBytes()
    // --index: each file's index built and kept where scope-viewer looks
    // (IndexCache), before the report; --index-beside: beside the file.
    bool keepIndex = false;
    bool indexBeside = false;

    // An export to standard output replaces the table there.
    bool tableOnStdout() const {
        return jsonPath != "-" && csvPath != "-" && chromeTracePath != "-" && speedscopePath != "-";
    }
};

} // namespace scope::report
