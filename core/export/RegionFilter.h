// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace scope {

// Selects regions by name as scope-profiler's get_regions(include, exclude)
// does: patterns are regular expressions matched at the start of the name
// (Python's re.match, not a full match); a region is kept when there are no
// include patterns or one of them matches, and no exclude pattern matches.
// Patterns use ECMAScript syntax, which agrees with Python's for the usual
// prefixes, alternatives and character classes; names and patterns are
// matched as code points, so "." matches "ö" as in Python.
class RegionFilter {
public:
    RegionFilter() = default;
    // Throws std::invalid_argument naming the first pattern that does not compile.
    RegionFilter(std::vector<std::string> include, std::vector<std::string> exclude);

    bool matches(std::string_view region) const;
    bool isEmpty() const { return include_.empty() && exclude_.empty(); }
    const std::vector<std::string>& include() const { return include_; }
    const std::vector<std::string>& exclude() const { return exclude_; }

private:
    std::vector<std::string> include_;
    std::vector<std::string> exclude_;
    // The compiled expressions, immutable and shared by copies; <regex> stays
    // out of this header (see RegionFilter.cpp).
    struct Compiled;
    std::shared_ptr<const Compiled> compiled_;
};

} // namespace scope
