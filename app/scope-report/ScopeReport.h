// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "ExitStatus.h"
#include "ReportOptions.h"
#include "analysis/CallTree.h"
#include "analysis/LaneTable.h"
#include "model/ProfilingResults.h"

#include <optional>
#include <ostream>
#include <string>
#include <vector>

namespace scope::report {

// One run of scope-report: reads every file (a file that fails, or lacks a
// rank of --ranks, is reported and skipped), prints the tables and writes the exports for the files
// that were read. Errors and warnings go to `err`, each naming its file.
class ScopeReport {
public:
    ScopeReport(ReportOptions options, std::ostream& out, std::ostream& err);

    ExitStatus run();

private:
    std::optional<ProfilingResults> load(const std::string& path);
    // --combine-ranks: the files read as one run; nothing when any of them fails.
    std::optional<ProfilingResults> loadCombined();
    void warnAbout(const ProfilingResults& results);
    // False, and an error naming the file, when --ranks names a rank it lacks.
    bool hasSelectedRanks(const ProfilingResults& results);
    // --call-tree: the file's tree over --ranks, or nothing (with a warning)
    // for a file without per-call data.
    std::optional<CallTree> callTree(const ProfilingResults& results);
    // --lanes: the file's thread/task lanes over --ranks, or nothing (with a
    // warning) for a file without per-call data in memory.
    std::optional<LaneTable> laneTable(const ProfilingResults& results);
    // Warns of calls that overlap their caller without nesting.
    CallTree reportOverlaps(const ProfilingResults& results, CallTree tree);
    // --diff and --check: the comparison of the baseline's runs and the other's.
    void compare(const std::vector<ProfilingResults>& loaded, std::ostream& text);
    void writeExport(const std::string& destination, const std::string& text, const char* what);
    // --chrome-trace and --speedscope of the one file.
    void writeTraces(const ProfilingResults& results);
    void fail(ExitStatus status, const std::string& message);
    // Read over the memory budget: an error naming the file and the budget
    // for `what` (an option that needs every call in memory).
    void failOverBudget(const ProfilingResults& results, const std::string& what);

    ReportOptions options_;
    std::ostream& out_;
    std::ostream& err_;
    ExitStatus status_ = ExitStatus::Ok;
};

} // namespace scope::report
