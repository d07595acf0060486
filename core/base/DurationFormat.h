// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <optional>
#include <string>

namespace scope {

// A duration for people: three significant digits in the largest of ns, µs,
// ms and s that keeps the number at or above 1 ("12.3 ms", "850 ns", "2.00 s");
// "0 s" for zero, and seconds without a larger unit beyond 1000 s ("3600 s",
// "86 400 s", grouped as formatGrouped does).
std::string formatDuration(double seconds);
// "n/a" when the value is unknown (no calls, std in the aggregate layout).
std::string formatDuration(std::optional<double> seconds);

// `value` with `decimals` decimals, its whole part of five digits or more in
// groups of three ("3600", "86 400.5"), as SI writes numbers: a run of hours
// has durations of 10 000 s and more, and nobody should count the digits of
// "86400". The groups are parted by a narrow no-break space (U+202F), which
// keeps a number on one line and reads the same in every language, unlike a
// comma or a point.
std::string formatGrouped(double value, int decimals);

} // namespace scope
