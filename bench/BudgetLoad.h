// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <span>
#include <string>

// The child side of scope-bench's memory-budget section; each prints on
// stdout what bench/BudgetBench reads back.
namespace scope::bench {

// Whether this build leaves the calls on disk under a budget: readH5 of a
// small file with a budget of 1 byte. Prints "0 1 peak" when the results
// come back on demand, "0 0 peak" when every call was read.
int measureBudgetProbe(const std::string& path);

// The viewer's load (AsyncLoader) under `budgetBytes`, then its timeline
// source queried over every lane at 1,200 px: the whole run and a few zooms,
// each timed once its exact spans are read. Prints one line per zoom and
// "BUDGET table_s timeline_s redraw_ms peak_MiB calls on_demand
// first_ranks_s" (the first snapshot of the timeline being built; -1: none).
int measureBudgetLoad(const std::string& path, const std::string& budgetBytes);

// The least any exact timeline of a run read on demand costs beyond
// decompression: read back every call of each rank, as the timeline's build
// does, and order the rank by start (sortByStart), on every core; no nesting,
// no spans, nothing kept. The read with its statistics under `budgetBytes`
// is not timed. Prints "seconds calls peak_MiB".
int measureOrderFloor(const std::string& path, const std::string& budgetBytes);

// scope-report [--memory-budget budget] --json jsonPath path, run as a child
// of this (small) process so that its peak resident memory is its own.
// Prints "seconds 0 peak_MiB".
int measureReport(const std::string& path, std::span<const std::string> jsonPathAndBudget);

} // namespace scope::bench
