// SPDX-License-Identifier: GPL-3.0-or-later
// The overview's buckets: each call adds to each bucket the nanoseconds it
// overlaps there, counted here one call and one bucket at a time, whatever
// the calls' order, for calls across edges or outside the extent, and for
// buckets narrower than a nanosecond (an extent shorter than their count).
#include "SplitMix64.h"
#include "analysis/OverviewBuckets.h"

#include <QtTest>

#include <algorithm>
#include <vector>

using namespace scope;
using scope::fixtures::SplitMix64;

namespace {

struct Calls {
    std::vector<std::int64_t> starts;
    std::vector<std::int64_t> ends;
};

// Each bucket's time counted by brute force from the edges' formula.
std::vector<std::int64_t> overlaps(const Calls& calls, std::int64_t origin, std::int64_t span,
                                   std::size_t n) {
    std::vector<std::int64_t> time(n, 0);
    for (std::size_t i = 0; i < calls.starts.size(); ++i)
        for (std::size_t b = 0; b < n; ++b) {
            const std::int64_t from = origin + span * std::int64_t(b) / std::int64_t(n);
            const std::int64_t to = origin + span * std::int64_t(b + 1) / std::int64_t(n);
            const std::int64_t overlap =
                std::min(calls.ends[i], to) - std::max(calls.starts[i], from);
            if (overlap > 0)
                time[b] += overlap;
        }
    return time;
}

// A row's calls: back to back in start order, short and long, with gaps.
Calls row(std::uint64_t seed, std::int64_t from, std::int64_t to, std::size_t count) {
    SplitMix64 random(seed);
    Calls calls;
    std::int64_t t = from;
    for (std::size_t i = 0; i < count && t < to; ++i) {
        const auto gap = std::int64_t(random.next() % 7);
        const auto length = std::int64_t(random.next() % (i % 50 == 0 ? 400 : 12));
        calls.starts.push_back(t + gap);
        calls.ends.push_back(t + gap + length);
        t += gap + length;
    }
    return calls;
}

} // namespace

class TestOverviewBuckets : public QObject {
    Q_OBJECT

    // coverAll() into a column of stride 3 (a rank's table of three regions).
    static std::vector<std::int64_t> covered(const OverviewBuckets& buckets, const Calls& calls) {
        const std::size_t stride = 3;
        std::vector<std::int64_t> table(buckets.size() * stride, 0);
        buckets.coverAll(calls.starts, calls.ends, table.data() + 1, stride);
        std::vector<std::int64_t> column(buckets.size());
        for (std::size_t b = 0; b < buckets.size(); ++b) {
            column[b] = table[b * stride + 1];
            if (table[b * stride] != 0 || table[b * stride + 2] != 0)
                throw std::logic_error("coverAll wrote outside its column");
        }
        return column;
    }

private slots:
    // Ten buckets of 10 ns. [5, 12) gives 5 to bucket 0 and 2 to bucket 1;
    // [12, 18) 6 to bucket 1; [18, 45) 2, 10, 10 and 5 to buckets 1-4;
    // [-20, 3) only its 3 ns inside; [95, 130) 5 to bucket 9; [60, 60) and
    // [70, 65) nothing.
    void callsCountWhereTheyLie() {
        const OverviewBuckets buckets(0, 100, 10);
        const Calls calls{{5, 12, 18, -20, 95, 60, 70}, {12, 18, 45, 3, 130, 60, 65}};
        const std::vector<std::int64_t> expected{8, 10, 10, 10, 5, 0, 0, 0, 0, 5};
        QCOMPARE(covered(buckets, calls), expected);
    }

    void rowsInStartOrder_data() {
        QTest::addColumn<std::int64_t>("span");
        QTest::addColumn<int>("n");
        QTest::newRow("wide buckets") << std::int64_t(100'000) << 64;
        QTest::newRow("uneven edges") << std::int64_t(99'991) << 1024;
        QTest::newRow("narrower than 1 ns") << std::int64_t(700) << 1024;
    }
    void rowsInStartOrder() {
        QFETCH(std::int64_t, span);
        QFETCH(int, n);
        const std::int64_t origin = 1'000'000;
        const OverviewBuckets buckets(origin, span, std::size_t(n));
        for (std::uint64_t seed = 1; seed <= 4; ++seed) {
            const Calls calls = row(seed, origin - 50, origin + span + 50, 20'000);
            QCOMPARE(covered(buckets, calls), overlaps(calls, origin, span, std::size_t(n)));
        }
    }

    // Calls out of order, overlapping, and across many buckets: the same
    // count as in order.
    void callsInAnyOrder() {
        const std::int64_t origin = -5'000;
        const std::int64_t span = 10'007;
        const OverviewBuckets buckets(origin, span, 97);
        SplitMix64 random(11);
        Calls calls;
        for (int i = 0; i < 3'000; ++i) {
            const std::int64_t start = origin - 100 + std::int64_t(random.next() % 10'300);
            calls.starts.push_back(start);
            calls.ends.push_back(start + std::int64_t(random.next() % (i % 10 == 0 ? 3'000 : 90)));
        }
        QCOMPARE(covered(buckets, calls), overlaps(calls, origin, span, 97));
    }
};

QTEST_GUILESS_MAIN(TestOverviewBuckets)
#include "tst_OverviewBuckets.moc"
