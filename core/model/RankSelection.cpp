// SPDX-License-Identifier: GPL-3.0-or-later
#include "RankSelection.h"

#include "ProfilingResults.h"

#include <algorithm>
#include <charconv>
#include <iterator>
#include <stdexcept>

namespace scope {
namespace {

std::uint32_t parseRank(std::string_view text, std::string_view whole) {
    std::uint32_t value = 0;
    const char* end = text.data() + text.size();
    auto [ptr, ec] = std::from_chars(text.data(), end, value);
    if (text.empty() || ec != std::errc() || ptr != end)
        throw std::invalid_argument("invalid rank list '" + std::string(whole) +
                                    "' (expected e.g. 0-3,5)");
    return value;
}

std::string_view trim(std::string_view s) {
    while (!s.empty() && s.front() == ' ')
        s.remove_prefix(1);
    while (!s.empty() && s.back() == ' ')
        s.remove_suffix(1);
    return s;
}

// missingFrom writes ranges with an en dash; accept it back as a hyphen.
constexpr std::string_view kEnDash = "\xE2\x80\x93"; // U+2013

// Sorted, distinct ranks as "0–3,5".
std::string compact(const std::vector<std::uint32_t>& r, std::string_view dash) {
    std::string out;
    for (std::size_t i = 0; i < r.size();) {
        std::size_t j = i;
        while (j + 1 < r.size() && r[j + 1] == r[j] + 1)
            ++j;
        if (!out.empty())
            out += ',';
        out += std::to_string(r[i]);
        if (j > i)
            out += std::string(dash) + std::to_string(r[j]);
        i = j + 1;
    }
    return out;
}

std::string ranksPhrase(const std::vector<std::uint32_t>& ranks) {
    return (ranks.size() == 1 ? "rank " : "ranks ") + compact(ranks, kEnDash);
}

} // namespace

RankSelection::RankSelection(std::vector<std::uint32_t> ranks) {
    std::sort(ranks.begin(), ranks.end());
    ranks.erase(std::unique(ranks.begin(), ranks.end()), ranks.end());
    ranks_ = std::move(ranks);
}

RankSelection RankSelection::parse(std::string_view input) {
    std::string normalized(input);
    for (std::size_t at; (at = normalized.find(kEnDash)) != std::string::npos;)
        normalized.replace(at, kEnDash.size(), "-");
    const std::string_view text = normalized;
    std::vector<std::uint32_t> ranks;
    std::size_t begin = 0;
    while (begin <= text.size()) {
        const std::size_t end = std::min(text.find(',', begin), text.size());
        const std::string_view item = trim(text.substr(begin, end - begin));
        const std::size_t dash = item.find('-');
        if (dash == std::string_view::npos) {
            ranks.push_back(parseRank(item, text));
        } else {
            const std::uint32_t first = parseRank(trim(item.substr(0, dash)), text);
            const std::uint32_t last = parseRank(trim(item.substr(dash + 1)), text);
            if (last < first)
                throw std::invalid_argument("invalid rank range '" + std::string(item) +
                                            "' (the first rank is larger than the last)");
            if (last - first > 1'000'000)
                throw std::invalid_argument("invalid rank range '" + std::string(item) +
                                            "' (more than a million ranks)");
            for (std::uint32_t r = first; r <= last; ++r)
                ranks.push_back(r);
        }
        begin = end + 1;
    }
    return RankSelection(std::move(ranks));
}

bool RankSelection::contains(std::uint32_t rank) const {
    return !ranks_ || std::binary_search(ranks_->begin(), ranks_->end(), rank);
}

const std::vector<std::uint32_t>& RankSelection::ranks() const {
    static const std::vector<std::uint32_t> none;
    return ranks_ ? *ranks_ : none;
}

std::string RankSelection::toString() const {
    return ranks_ ? compact(*ranks_, "-") : "all";
}

std::string RankSelection::phrase() const {
    return ranks_ ? ranksPhrase(*ranks_) : "all ranks";
}

std::string RankSelection::missingFrom(const std::vector<std::uint32_t>& available) const {
    if (!ranks_)
        return {};
    std::vector<std::uint32_t> missing;
    std::set_difference(ranks_->begin(), ranks_->end(), available.begin(), available.end(),
                        std::back_inserter(missing));
    if (missing.empty())
        return {};
    return ranksPhrase(missing) + " not in this run (it has " +
           (available.empty() ? std::string("no ranks") : ranksPhrase(available)) + ")";
}

std::vector<std::uint32_t> RankSelection::ranksOf(const ProfilingResults& results) {
    std::vector<std::uint32_t> ranks(results.numRanks);
    for (std::uint32_t r = 0; r < results.numRanks; ++r)
        ranks[r] = r;
    // Schema 1 counts its rank groups, whose numbers may have gaps.
    for (const RankRegion& row : results.rows)
        if (row.rank >= results.numRanks)
            ranks.push_back(row.rank);
    std::sort(ranks.begin(), ranks.end());
    ranks.erase(std::unique(ranks.begin(), ranks.end()), ranks.end());
    return ranks;
}

} // namespace scope
