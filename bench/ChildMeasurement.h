// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <string>

namespace scope::bench {

// The child side of scope-bench: one measurement of `kind` ("pread", "bare1", "bare3",
// "full", "summary", "summary-lean", "isolated", "isolated-helper",
// "isolated-summary", "timeline-build", "timeline-query",
// "timeline-query-parallel", "read-stage-copy") on the file at `path`, printed on stdout as
// "seconds events peak_MiB". Returns the process's exit status.
int measureInChild(const std::string& kind, const std::string& path);

} // namespace scope::bench
