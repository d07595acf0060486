// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "Significance.h"

#include <cstdint>
#include <optional>
#include <span>
#include <utility>

namespace scope {

// The percentile bootstrap interval of the relative change of a mean between
// two samples, each resampled on its own (Significance.h says when a side's
// resampled mean is drawn from its normal limit instead). Resamples run in
// blocks on several threads, each block with a generator seeded from the
// options' seed and its index, so the interval does not depend on the threads.
class BootstrapInterval {
public:
    // The interval, in percent, of factor x mean(other) / mean(base) - 1 at
    // options.confidence over max(options.resamples, 1000) resamples. Empty
    // when a side is empty, the base's mean is not positive or a resample's
    // ratio is not finite.
    static std::optional<std::pair<double, double>> ofMeanRatio(std::span<const std::int64_t> base,
                                                                std::span<const std::int64_t> other,
                                                                double factor,
                                                                const SignificanceOptions& options);

    // The q-quantile (0 <= q <= 1) of sorted values, interpolated between
    // neighbouring order statistics (the "type 7" definition of R and NumPy).
    static double quantile(std::span<const double> sorted, double q);
};

} // namespace scope
