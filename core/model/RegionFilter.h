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
// Patterns use RE2's syntax, which is Python's for everything but
// backreferences and lookaround; matching takes time linear in the name,
// whatever the pattern, because names come from files we do not trust.
// Names and patterns are UTF-8, so "." matches "ö" as in Python.
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
    // The compiled expressions, immutable and shared by copies (RE2 objects
    // are safe to use from several threads at once).
    struct Compiled;
    std::shared_ptr<const Compiled> compiled_;
};

} // namespace scope
