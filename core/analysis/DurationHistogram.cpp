// SPDX-License-Identifier: GPL-3.0-or-later
#include "DurationHistogram.h"

#include "EventSelection.h"

#include <algorithm>
#include <cmath>

namespace scope {

DurationHistogram DurationHistogram::of(const ProfilingResults& results, std::size_t region,
                                        const RankSelection& ranks, std::size_t bins,
                                        bool logarithmic) {
    const std::vector<std::int64_t> durations = selectedDurations(results, region, ranks);
    DurationHistogram h;
    if (durations.empty() || bins == 0)
        return h;
    const auto [lowIt, highIt] = std::minmax_element(durations.begin(), durations.end());
    double low = static_cast<double>(*lowIt) / 1e9;
    double high = static_cast<double>(*highIt) / 1e9;
    logarithmic = logarithmic && low > 0.0;
    if (high <= low)
        high = low + (low > 0 ? low * 1e-6 : 1e-9); // one bin holding every call
    auto transform = [&](double v) { return logarithmic ? std::log10(v) : v; };
    const double a = transform(low);
    const double width = (transform(high) - a) / static_cast<double>(bins);
    h.edges.resize(bins + 1);
    for (std::size_t i = 0; i <= bins; ++i) {
        const double e = a + width * static_cast<double>(i);
        h.edges[i] = logarithmic ? std::pow(10.0, e) : e;
    }
    h.counts.assign(bins, 0);
    for (std::int64_t d : durations) {
        const double x = transform(static_cast<double>(d) / 1e9);
        auto bin = static_cast<std::size_t>(std::max(0.0, (x - a) / width));
        // NumPy's last bin is closed on the right.
        h.counts[std::min(bin, bins - 1)] += 1;
    }
    return h;
}

} // namespace scope
