// SPDX-License-Identifier: GPL-3.0-or-later
#include "RegionFilter.h"

// GCC 12 reports false "may be used uninitialized" warnings inside libstdc++'s
// <regex> when optimizing with sanitizers; <regex> is included first and only
// here so that silencing them covers all of its code and nothing of ours.
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#endif
#include <regex>
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic pop
#endif

#include "Utf8.h"

#include <algorithm>
#include <stdexcept>

namespace scope {

struct RegionFilter::Compiled {
    std::vector<std::wregex> include;
    std::vector<std::wregex> exclude;
};

namespace {

std::vector<std::wregex> compile(const std::vector<std::string>& patterns) {
    std::vector<std::wregex> compiled;
    compiled.reserve(patterns.size());
    for (const auto& pattern : patterns) {
        try {
            compiled.emplace_back(utf8::toWide(pattern), std::regex::ECMAScript);
        } catch (const std::regex_error& error) {
            throw std::invalid_argument("invalid regular expression '" + pattern +
                                        "': " + error.what());
        }
    }
    return compiled;
}

} // namespace

RegionFilter::RegionFilter(std::vector<std::string> include, std::vector<std::string> exclude)
    : include_(std::move(include)), exclude_(std::move(exclude)),
      compiled_(std::make_shared<const Compiled>(Compiled{compile(include_), compile(exclude_)})) {}

bool RegionFilter::matches(std::string_view region) const {
    if (!compiled_)
        return true;
    const std::wstring name = utf8::toWide(region);
    // Python's re.match: the match must begin at the first character, not span the name.
    const auto matchesName = [&name](const std::wregex& regex) {
        return std::regex_search(name, regex, std::regex_constants::match_continuous);
    };
    const auto& include = compiled_->include;
    if (!include.empty() && std::none_of(include.begin(), include.end(), matchesName))
        return false;
    return std::none_of(compiled_->exclude.begin(), compiled_->exclude.end(), matchesName);
}

} // namespace scope
