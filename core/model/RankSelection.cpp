#include "RankSelection.h"

#include <algorithm>
#include <charconv>
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

} // namespace

RankSelection::RankSelection(std::vector<std::uint32_t> ranks) {
    std::sort(ranks.begin(), ranks.end());
    ranks.erase(std::unique(ranks.begin(), ranks.end()), ranks.end());
    ranks_ = std::move(ranks);
}

RankSelection RankSelection::parse(std::string_view text) {
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
            if (last < first || last - first > 1'000'000)
                throw std::invalid_argument("invalid rank range '" + std::string(item) + "'");
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
    if (!ranks_)
        return "all";
    std::string out;
    const auto& r = *ranks_;
    for (std::size_t i = 0; i < r.size();) {
        std::size_t j = i;
        while (j + 1 < r.size() && r[j + 1] == r[j] + 1)
            ++j;
        if (!out.empty())
            out += ',';
        out += std::to_string(r[i]);
        if (j > i)
            out += '-' + std::to_string(r[j]);
        i = j + 1;
    }
    return out;
}

} // namespace scope
