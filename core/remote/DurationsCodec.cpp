// SPDX-License-Identifier: GPL-3.0-or-later
#include "DurationsCodec.h"

#include "isolate/ByteReader.h"
#include "isolate/ByteWriter.h"

#include <cmath>
#include <limits>
#include <span>

namespace scope {
namespace {

using isolate::ByteReader;
using isolate::ByteWriter;

constexpr double kInfinity = std::numeric_limits<double>::infinity();

double finite(ByteReader& in) {
    const double value = in.f64();
    if (!std::isfinite(value))
        in.fail("a duration over time that is not finite");
    return value;
}

// Counts, then the low and high of each cell that has some.
void writeCells(ByteWriter& out, std::span<const std::uint32_t> counts, std::span<const double> low,
                std::span<const double> high) {
    out.u64(counts.size());
    for (const std::uint32_t count : counts)
        out.u32(count);
    for (std::size_t cell = 0; cell < counts.size(); ++cell)
        if (counts[cell] > 0) {
            out.f64(low[cell]);
            out.f64(high[cell]);
        }
}

void readCells(ByteReader& in, std::size_t cells, std::vector<std::uint32_t>& counts,
               std::vector<double>& low, std::vector<double>& high) {
    // Counted on the wire too, so that damage cannot make us allocate more
    // than the bytes hold.
    if (in.count(sizeof(std::uint32_t)) != cells)
        in.fail("durations over time with other columns");
    counts.resize(cells);
    for (std::uint32_t& count : counts)
        count = in.u32();
    low.assign(cells, kInfinity);
    high.assign(cells, -kInfinity);
    for (std::size_t cell = 0; cell < cells; ++cell)
        if (counts[cell] > 0) {
            low[cell] = finite(in);
            high[cell] = finite(in);
            if (high[cell] < low[cell])
                in.fail("a column whose longest call is shorter than its shortest");
        }
}

} // namespace

void DurationsCodec::writeOutline(ByteWriter& out, const DurationOutline& outline) {
    out.u64(outline.ranks.size());
    for (const std::uint32_t rank : outline.ranks)
        out.u32(rank);
    out.u64(outline.calls);
    out.f64(outline.firstStart);
    out.f64(outline.lastStart);
    out.f64(outline.shortest);
    out.f64(outline.longest);
    out.u64(outline.callsOverLimit);
}

DurationOutline DurationsCodec::readOutline(ByteReader& in) {
    DurationOutline outline;
    outline.ranks.resize(in.count(4));
    for (std::size_t i = 0; i < outline.ranks.size(); ++i) {
        outline.ranks[i] = in.u32();
        if (i > 0 && outline.ranks[i] <= outline.ranks[i - 1])
            in.fail("ranks out of order");
    }
    outline.calls = in.u64();
    outline.firstStart = finite(in);
    outline.lastStart = finite(in);
    outline.shortest = finite(in);
    outline.longest = finite(in);
    outline.callsOverLimit = in.u64();
    return outline;
}

void DurationsCodec::writeReduction(ByteWriter& out, const DurationReduction& r) {
    out.f64(r.t0);
    out.f64(r.t1);
    out.u64(r.columns);
    out.u64(r.series);
    writeCells(out, r.count, r.minimum, r.maximum);
    writeCells(out, r.medianCount, r.medianLow, r.medianHigh);
}

DurationReduction DurationsCodec::readReduction(ByteReader& in, const DurationReduction& expected) {
    DurationReduction r;
    r.t0 = in.f64();
    r.t1 = in.f64();
    r.columns = in.u64();
    r.series = in.u64();
    // Equal bit for bit: the host echoes what it was asked.
    if (r.t0 != expected.t0 || r.t1 != expected.t1 || r.columns != expected.columns ||
        r.series != expected.series)
        in.fail("durations over another window");
    readCells(in, r.series * r.columns, r.count, r.minimum, r.maximum);
    readCells(in, r.columns, r.medianCount, r.medianLow, r.medianHigh);
    return r;
}

} // namespace scope
