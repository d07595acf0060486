// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <string>

namespace scope::report {

// A hardware counter or metric for people: whole numbers in full (counters
// up to 2^53), others to six significant digits.
std::string formatCount(double value);

} // namespace scope::report
