#include "Percentiles.h"

#include "EventSelection.h"

#include <algorithm>
#include <cmath>

namespace scope {

double Percentiles::percentile(std::span<const std::int64_t> sorted, double q) {
    if (sorted.empty())
        return 0.0;
    const double position = q / 100.0 * static_cast<double>(sorted.size() - 1);
    const auto below = static_cast<std::size_t>(std::floor(position));
    const std::size_t above = std::min(below + 1, sorted.size() - 1);
    const double fraction = position - static_cast<double>(below);
    const auto lo = static_cast<double>(sorted[below]);
    const auto hi = static_cast<double>(sorted[above]);
    return lo + (hi - lo) * fraction;
}

Percentiles Percentiles::of(const ProfilingResults& results, std::size_t region,
                            const RankSelection& ranks) {
    std::vector<std::int64_t> durations = selectedDurations(results, region, ranks);
    std::sort(durations.begin(), durations.end());
    auto seconds = [&](double q) { return percentile(durations, q) / 1e9; };
    return {seconds(50), seconds(90), seconds(95), seconds(99)};
}

} // namespace scope
