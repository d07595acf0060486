#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace scope {

// All ranks, or an explicit sorted set of rank numbers.
class RankSelection {
public:
    RankSelection() = default;
    explicit RankSelection(std::vector<std::uint32_t> ranks);

    // "0-3,5" -> {0,1,2,3,5}; throws std::invalid_argument on bad syntax.
    static RankSelection parse(std::string_view text);

    bool isAll() const { return !ranks_.has_value(); }
    bool contains(std::uint32_t rank) const;
    const std::vector<std::uint32_t>& ranks() const; // only when !isAll()
    std::string toString() const;

private:
    std::optional<std::vector<std::uint32_t>> ranks_;
};

} // namespace scope
