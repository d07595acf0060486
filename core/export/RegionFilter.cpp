#include "RegionFilter.h"

#include <algorithm>
#include <stdexcept>

namespace scope {

namespace {

std::vector<std::regex> compile(const std::vector<std::string>& patterns) {
    std::vector<std::regex> compiled;
    compiled.reserve(patterns.size());
    for (const auto& pattern : patterns) {
        try {
            compiled.emplace_back(pattern, std::regex::ECMAScript);
        } catch (const std::regex_error& error) {
            throw std::invalid_argument("invalid regular expression '" + pattern +
                                        "': " + error.what());
        }
    }
    return compiled;
}

bool matchesAtStart(const std::regex& regex, std::string_view name) {
    return std::regex_search(name.begin(), name.end(), regex,
                             std::regex_constants::match_continuous);
}

} // namespace

RegionFilter::RegionFilter(std::vector<std::string> include, std::vector<std::string> exclude)
    : include_(std::move(include)), exclude_(std::move(exclude)), includeRegex_(compile(include_)),
      excludeRegex_(compile(exclude_)) {}

bool RegionFilter::matches(std::string_view region) const {
    const auto matchesName = [region](const std::regex& regex) {
        return matchesAtStart(regex, region);
    };
    if (!includeRegex_.empty() &&
        std::none_of(includeRegex_.begin(), includeRegex_.end(), matchesName))
        return false;
    return std::none_of(excludeRegex_.begin(), excludeRegex_.end(), matchesName);
}

} // namespace scope
