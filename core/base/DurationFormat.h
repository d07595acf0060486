// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <optional>
#include <string>

namespace scope {

// A duration for people: three significant digits in the largest of ns, µs,
// ms and s that keeps the number at or above 1 ("12.3 ms", "850 ns", "2.00 s");
// "0 s" for zero, and seconds without a larger unit beyond 1000 s ("3600 s").
std::string formatDuration(double seconds);
// "n/a" when the value is unknown (no calls, std in the aggregate layout).
std::string formatDuration(std::optional<double> seconds);

} // namespace scope
