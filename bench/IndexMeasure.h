// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <span>
#include <string>

namespace scope::bench {

// The child side of the "Index" section: one step of a run's life with an
// index, timed alone in a fresh process, printed as "seconds events
// peak_MiB". `kind`: "index-first-open" (the read on demand to the table),
// "index-overview" (the overview pass alone), "index-timeline" (the exact
// timeline alone), "index-write" (keeping the index; events = its bytes),
// "index-reopen" (finding the index and reading its head to the table and
// a whole-run timeline, what a reopen shows first), "index-reopen-whole"
// (the whole index, opened for every zoom). extra[0] the memory budget in bytes, extra[1] the
// index folder.
int measureIndexStep(const std::string& kind, const std::string& path,
                     std::span<const std::string> extra);

} // namespace scope::bench
