// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <span>
#include <string>

namespace scope::bench {

// The child side of scope-bench: one measurement of `kind` ("pread", "bare1", "bare3",
// "full", "summary", "summary-lean", "isolated", "isolated-helper",
// "isolated-summary", "timeline-build", "timeline-query",
// "timeline-query-parallel", "read-stage-copy", "pread-stream", "bare-summary",
// "budget-probe") on the file at `path`, printed on stdout as "seconds events peak_MiB";
// "budget-load" and "order-floor" (extra: the budget in bytes) and "report" (extra: the JSON
// output, optionally a --memory-budget SIZE) print what BudgetLoad.h says.
// Returns the process's exit status.
int measureInChild(const std::string& kind, const std::string& path,
                   std::span<const std::string> extra = {});

} // namespace scope::bench
