// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/DurationOutline.h"
#include "model/DurationReduction.h"

namespace scope {

namespace isolate {
class ByteReader;
class ByteWriter;
} // namespace isolate

// A region's durations over time as the host of a remote run answers them
// (RemoteQuestion::Kind::Durations): the outline, then the columns of a
// window, the shortest and longest call only where a column has calls.
class DurationsCodec {
public:
    static void writeOutline(isolate::ByteWriter& out, const DurationOutline& outline);
    // Fails `in` on ranks out of order or extents that are not finite.
    static DurationOutline readOutline(isolate::ByteReader& in);
    static void writeReduction(isolate::ByteWriter& out, const DurationReduction& reduction);
    // As DurationSeries::reduce gives it (empty cells ±infinity). Fails `in`
    // when the window, columns or series are not `expected`'s, or a value is
    // not finite.
    static DurationReduction readReduction(isolate::ByteReader& in,
                                           const DurationReduction& expected);
};

} // namespace scope
