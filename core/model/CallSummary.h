// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <cstdint>
#include <span>
#include <string>

namespace scope {

// The statistics of one (rank, region) row in nanoseconds: exactly the fields of
// the contract's summary_statistics record, so a summary-only read and a read of
// the events produce the same value type (events/RowStatistics computes it
// from the calls).
struct CallSummary {
    std::uint64_t count = 0;
    std::int64_t total = 0;
    std::int64_t minimum = 0;
    std::int64_t maximum = 0;
    std::int64_t first = 0;
    std::int64_t last = 0;
    std::int64_t startMinimum = 0;
    std::int64_t endMaximum = 0;
    std::uint64_t gpuCount = 0;
    std::int64_t gpuTotal = 0;
    double mean = 0.0;
    double m2 = 0.0;
    // The aggregate layout stores no mean/m2 and no start or end times.
    bool hasSpread = true;
    bool hasTimes = true;

    // The statistics of all calls of several rows taken together (the contract's
    // pooled formula: mean = sum(n_i mu_i) / N, m2 = sum(m2_i + n_i (mu_i - mean)^2)).
    static CallSummary pool(std::span<const CallSummary* const> parts);

    // What makes stored statistics impossible, or empty when nothing does:
    // every reader rejects such a row, which shown would be a plausible
    // wrong number.
    std::string impossibility() const;
};

} // namespace scope
