// SPDX-License-Identifier: GPL-3.0-or-later
#include "RegionFilter.h"

#include <re2/re2.h>

#include <algorithm>
#include <stdexcept>

namespace scope {

struct RegionFilter::Compiled {
    std::vector<std::unique_ptr<const re2::RE2>> include;
    std::vector<std::unique_ptr<const re2::RE2>> exclude;
};

namespace {

using Expressions = std::vector<std::unique_ptr<const re2::RE2>>;

Expressions compile(const std::vector<std::string>& patterns) {
    re2::RE2::Options options;
    // The error goes into our exception, not onto stderr.
    options.set_log_errors(false);
    Expressions compiled;
    compiled.reserve(patterns.size());
    for (const auto& pattern : patterns) {
        auto expression = std::make_unique<const re2::RE2>(pattern, options);
        if (!expression->ok())
            throw std::invalid_argument("invalid regular expression '" + pattern +
                                        "': " + expression->error());
        compiled.push_back(std::move(expression));
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
    const re2::StringPiece name(region.data(), region.size());
    // Python's re.match: the match must begin at the first character, not span the name.
    const auto matchesName = [&name](const std::unique_ptr<const re2::RE2>& regex) {
        return regex->Match(name, 0, name.size(), re2::RE2::ANCHOR_START, nullptr, 0);
    };
    const auto& include = compiled_->include;
    if (!include.empty() && std::none_of(include.begin(), include.end(), matchesName))
        return false;
    return std::none_of(compiled_->exclude.begin(), compiled_->exclude.end(), matchesName);
}

} // namespace scope
