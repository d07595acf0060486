// SPDX-License-Identifier: GPL-3.0-or-later
#include "RankFileNames.h"

#include <algorithm>
#include <filesystem>
#include <map>

namespace scope {

std::optional<RankFileName> parseRankFileName(std::string_view path) {
    std::string_view stem;
    if (path.ends_with(".spt"))
        stem = path.substr(0, path.size() - 4);
    else if (path.ends_with(".h5"))
        stem = path.substr(0, path.size() - 3);
    else
        return std::nullopt;
    std::size_t digits = stem.size();
    while (digits > 0 && stem[digits - 1] >= '0' && stem[digits - 1] <= '9')
        --digits;
    // Eighteen digits at most: the number has to fit.
    if (digits == stem.size() || stem.size() - digits > 18)
        return std::nullopt;
    const bool negative = digits > 0 && stem[digits - 1] == '-';
    const std::size_t marker = digits - (negative ? 1 : 0);
    constexpr std::string_view kRank = "_rank";
    if (marker < kRank.size() || stem.substr(marker - kRank.size(), kRank.size()) != kRank)
        return std::nullopt;
    RankFileName name;
    name.prefix = std::string(stem.substr(0, marker - kRank.size()));
    for (std::size_t i = digits; i < stem.size(); ++i)
        name.rank = name.rank * 10 + (stem[i] - '0');
    if (negative)
        name.rank = -name.rank;
    const std::size_t slash = name.prefix.find_last_of('/');
    if (name.prefix.size() == (slash == std::string::npos ? 0 : slash + 1))
        return std::nullopt; // "_rank0.spt" alone names no run
    return name;
}

std::string RankFileGroup::label() const {
    return std::filesystem::path(prefix).filename().string();
}

std::vector<RankFileGroup> groupRankFiles(std::span<const std::string> paths) {
    std::map<std::string, std::vector<std::pair<std::int64_t, std::string>>> byPrefix;
    for (const std::string& path : paths)
        if (const auto name = parseRankFileName(path))
            byPrefix[name->prefix].emplace_back(name->rank, path);
    std::vector<RankFileGroup> groups;
    for (auto& [prefix, files] : byPrefix) {
        std::sort(files.begin(), files.end());
        files.erase(std::unique(files.begin(), files.end()), files.end());
        RankFileGroup group{prefix, {}};
        for (auto& file : files)
            group.paths.push_back(std::move(file.second));
        groups.push_back(std::move(group));
    }
    return groups;
}

std::string commonRunLabel(std::span<const std::string> paths) {
    if (paths.empty())
        return "combined";
    std::vector<std::string> stems;
    for (const std::string& path : paths)
        stems.push_back(std::filesystem::path(path).stem().string());
    std::string common = stems.front();
    for (const std::string& stem : stems) {
        const auto mismatch = std::mismatch(common.begin(), common.end(), stem.begin(), stem.end());
        common.erase(mismatch.first, common.end());
    }
    // "run_rank000" of "run_rank0001" and "run_rank0002": the rank part goes.
    if (const std::size_t marker = common.rfind("_rank");
        marker != std::string::npos &&
        common.find_first_not_of("-0123456789", marker + 5) == std::string::npos)
        common.resize(marker);
    while (!common.empty() && (common.back() == '_' || common.back() == '-'))
        common.pop_back();
    return common.empty() ? "combined" : common;
}

} // namespace scope
