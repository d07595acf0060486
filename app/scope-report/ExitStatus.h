// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

namespace scope::report {

// scope-report's exit statuses. With several files the worst (highest) one wins.
enum class ExitStatus : int {
    Ok = 0,
    Usage = 1,              // bad option, --ranks or regex; a rank a file lacks; no files;
                            // an output not writable
    FileNotFound = 2,       //
    Unreadable = 3,         // corrupt, invalid schema, missing filter plugin, other read errors
    SummaryUnavailable = 4, // --summary-only --no-fallback on a file without summary columns
    Regression = 5          // --check: a region is significantly slower by more than
                            // --max-regression (or new, with --fail-on-new)
};

inline ExitStatus worst(ExitStatus a, ExitStatus b) {
    return static_cast<int>(a) >= static_cast<int>(b) ? a : b;
}

} // namespace scope::report
