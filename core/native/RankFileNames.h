// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace scope {

// A file the C or Fortran API wrote for one process: `<prefix>_rank<N>.spt`
// or `.h5` (N of at least one digit; the C API writes rank -1 as `-0001`).
struct RankFileName {
    std::string prefix; // with the directory: files of one run share it
    std::int64_t rank = 0;
};

std::optional<RankFileName> parseRankFileName(std::string_view path);

// Rank files of one run, in rank order (then by path, so that the same rank
// twice stays visible to the combiner, which rejects it).
struct RankFileGroup {
    std::string prefix;
    std::vector<std::string> paths;
    // The prefix's last component: the run's label.
    std::string label() const;
};

// The rank files among `paths` grouped by prefix, groups in order of their
// prefixes; other paths are left out. For drops and folders of such files.
std::vector<RankFileGroup> groupRankFiles(std::span<const std::string> paths);

// The label of a run made of these files: the common part of their names
// without a trailing `_rank…`, `_` or `-`; "combined" when nothing is common.
std::string commonRunLabel(std::span<const std::string> paths);

} // namespace scope
