// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "ExitStatus.h"
#include "ReportOptions.h"

#include <ostream>

namespace scope::report {

// --index and --index-beside: each file's index built (IndexBuilder, the
// file read on demand within --memory-budget) and kept where scope-viewer
// looks for it (IndexCache), before the report reads the files as usual.
class ReportIndexer {
public:
    // Says on `err` where each index was kept. A file that cannot be read
    // (or not on demand) is a warning, the report saying more; an index that
    // cannot be built or written is an error (ExitStatus::Usage, as an output
    // not writable).
    static ExitStatus keepAll(const ReportOptions& options, std::ostream& err);
};

} // namespace scope::report
