// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <cstdint>
#include <span>
#include <vector>

namespace scope {

// Sorts durations in ns ascending. Least significant digit first, 11 bits a
// pass, on the values less their minimum, so only the passes the range needs
// run: durations below 8.6 s take three passes over the data whatever their
// number, where a comparison sort's work grows with log n. Millions of calls
// of a region sort in a few milliseconds.
class RadixSort {
public:
    // `scratch` is resized to the values' size and left with unspecified content.
    static void sort(std::span<std::int64_t> values, std::vector<std::int64_t>& scratch);
    static void sort(std::vector<std::int64_t>& values);
};

} // namespace scope
