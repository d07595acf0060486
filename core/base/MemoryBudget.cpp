// SPDX-License-Identifier: GPL-3.0-or-later
#include "MemoryBudget.h"

#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <stdexcept>

namespace scope {
namespace {

std::string lower(std::string_view text) {
    std::string out(text);
    for (char& c : out)
        c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return out;
}

[[noreturn]] void reject(std::string_view text, const char* why) {
    throw std::invalid_argument("invalid memory budget '" + std::string(text) + "': " + why +
                                " (examples: 2G, 160M, 512K)");
}

} // namespace

std::uint64_t MemoryBudget::parse(std::string_view text) {
    std::string s = lower(text);
    while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back())))
        s.pop_back();
    while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front())))
        s.erase(s.begin());
    if (s.ends_with("ib"))
        s.erase(s.size() - 2);
    else if (s.ends_with("b"))
        s.pop_back();
    int shift = 0;
    if (!s.empty()) {
        switch (s.back()) {
        case 'k':
            shift = 10;
            break;
        case 'm':
            shift = 20;
            break;
        case 'g':
            shift = 30;
            break;
        case 't':
            shift = 40;
            break;
        default:
            break;
        }
        if (shift != 0)
            s.pop_back();
    }
    while (!s.empty() && s.back() == ' ')
        s.pop_back();
    if (s.empty())
        reject(text, "no number");
    double value = 0;
    const auto [end, error] = std::from_chars(s.data(), s.data() + s.size(), value);
    if (error != std::errc() || end != s.data() + s.size() || !std::isfinite(value))
        reject(text, "not a size");
    const double bytes = std::floor(value * std::ldexp(1.0, shift));
    if (!(bytes >= 1))
        reject(text, "it must be at least one byte");
    if (bytes >= std::ldexp(1.0, 63))
        reject(text, "too large");
    return static_cast<std::uint64_t>(bytes);
}

std::uint64_t MemoryBudget::defaultBytes() {
    const long pages = sysconf(_SC_PHYS_PAGES);
    const long pageSize = sysconf(_SC_PAGESIZE);
    if (pages <= 0 || pageSize <= 0)
        return std::uint64_t{4} << 30; // unknown: assume an 8 GiB machine
    return static_cast<std::uint64_t>(pages) * static_cast<std::uint64_t>(pageSize) / 2;
}

std::uint64_t MemoryBudget::residentBytes() {
    std::FILE* statm = std::fopen("/proc/self/statm", "r");
    if (statm == nullptr)
        return 0;
    unsigned long long pages = 0, resident = 0;
    const bool read = std::fscanf(statm, "%llu %llu", &pages, &resident) == 2;
    std::fclose(statm);
    const long pageSize = sysconf(_SC_PAGESIZE);
    return read && pageSize > 0 ? resident * static_cast<std::uint64_t>(pageSize) : 0;
}

std::uint64_t MemoryBudget::forData(std::uint64_t budget) {
    if (budget == 0)
        return 0;
    const std::uint64_t held = residentBytes();
    const std::uint64_t left = budget > held ? budget - held : 0;
    return std::max({left, budget / 4, std::uint64_t{1}});
}

std::string MemoryBudget::format(std::uint64_t bytes) {
    static constexpr const char* kUnits[] = {"bytes", "KiB", "MiB", "GiB", "TiB"};
    double value = static_cast<double>(bytes);
    std::size_t unit = 0;
    while (value >= 1024 && unit + 1 < std::size(kUnits)) {
        value /= 1024;
        ++unit;
    }
    char text[32];
    if (unit == 0 || value == std::floor(value))
        std::snprintf(text, sizeof text, "%.0f %s", value, kUnits[unit]);
    else
        std::snprintf(text, sizeof text, "%.1f %s", value, kUnits[unit]);
    return text;
}

} // namespace scope
