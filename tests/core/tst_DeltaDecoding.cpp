// SPDX-License-Identifier: GPL-3.0-or-later
// Delta-encoded calls made absolute: each start the one before plus its
// delta, each end its start plus its duration, as a checked loop one call at
// a time gives them, for every length around the eight calls a vector block
// holds, across pieces, and with the first sum that leaves int64 anywhere
// in a block or its tail rejected.
#include "SplitMix64.h"
#include "events/DeltaDecoding.h"

#include <QtTest>

#include <limits>
#include <optional>
#include <vector>

using namespace scope;
using scope::fixtures::SplitMix64;

namespace {

using Limits = std::numeric_limits<std::int64_t>;

struct Calls {
    std::vector<std::int64_t> starts; // deltas before, absolute after
    std::vector<std::int64_t> ends;   // durations before, absolute after
};

// One call at a time with checked sums; nullopt where one overflows.
std::optional<Calls> checkedDecode(Calls calls, std::int64_t t) {
    for (std::size_t i = 0; i < calls.starts.size(); ++i) {
        if (__builtin_add_overflow(t, calls.starts[i], &t) ||
            __builtin_add_overflow(t, calls.ends[i], &calls.ends[i]))
            return std::nullopt;
        calls.starts[i] = t;
    }
    return calls;
}

Calls randomCalls(SplitMix64& random, std::size_t n) {
    Calls calls;
    for (std::size_t i = 0; i < n; ++i) {
        // Deltas of either sign (calls out of order), durations of any size.
        calls.starts.push_back(static_cast<std::int64_t>(random.below(2'000'000)) - 500'000);
        calls.ends.push_back(static_cast<std::int64_t>(random.below(1'000'000'000)));
    }
    return calls;
}

} // namespace

class TestDeltaDecoding : public QObject {
    Q_OBJECT

private slots:
    void everyLengthGivesTheCheckedSums() {
        SplitMix64 random(7);
        for (std::size_t n = 0; n <= 40; ++n) {
            const Calls encoded = randomCalls(random, n);
            const std::int64_t before = 1'700'000'000'000'000'000 + static_cast<std::int64_t>(n);
            const std::optional<Calls> expected = checkedDecode(encoded, before);
            QVERIFY(expected);
            Calls decoded = encoded;
            std::int64_t t = before;
            QVERIFY(decodeDeltas(decoded.starts, decoded.ends, t));
            QCOMPARE(decoded.starts, expected->starts);
            QCOMPARE(decoded.ends, expected->ends);
            QCOMPARE(t, n == 0 ? before : expected->starts.back());
        }
    }

    // Starts that cross zero back and forth: sums change sign without
    // leaving int64, which is no damage.
    void startsAroundZeroAreNoDamage() {
        SplitMix64 random(3);
        for (std::size_t n = 1; n <= 40; ++n) {
            Calls encoded;
            for (std::size_t i = 0; i < n; ++i) {
                encoded.starts.push_back(static_cast<std::int64_t>(random.below(21)) - 10);
                encoded.ends.push_back(static_cast<std::int64_t>(random.below(21)) - 10);
            }
            const std::optional<Calls> expected = checkedDecode(encoded, 0);
            QVERIFY(expected);
            Calls decoded = encoded;
            std::int64_t t = 0;
            QVERIFY2(decodeDeltas(decoded.starts, decoded.ends, t),
                     qPrintable(QStringLiteral("%1 calls").arg(n)));
            QCOMPARE(decoded.starts, expected->starts);
            QCOMPARE(decoded.ends, expected->ends);
        }
    }

    // A row read in pieces: `t` carries the start from piece to piece.
    void piecesContinueTheRunningStart() {
        SplitMix64 random(11);
        const Calls encoded = randomCalls(random, 1'000);
        const std::optional<Calls> expected = checkedDecode(encoded, 0);
        QVERIFY(expected);
        Calls decoded = encoded;
        std::int64_t t = 0;
        for (std::size_t at = 0; at < decoded.starts.size(); at += 13) {
            const std::size_t n = std::min<std::size_t>(13, decoded.starts.size() - at);
            QVERIFY(decodeDeltas(std::span(decoded.starts).subspan(at, n),
                                 std::span(decoded.ends).subspan(at, n), t));
        }
        QCOMPARE(decoded.starts, expected->starts);
        QCOMPARE(decoded.ends, expected->ends);
    }

    // Hand-worked: from 100, deltas 5, -3, 10 and durations 1, 2, 0.
    void aHandWorkedRow() {
        std::vector<std::int64_t> starts{5, -3, 10}, ends{1, 2, 0};
        std::int64_t t = 100;
        QVERIFY(decodeDeltas(starts, ends, t));
        QCOMPARE(starts, (std::vector<std::int64_t>{105, 102, 112}));
        QCOMPARE(ends, (std::vector<std::int64_t>{106, 104, 112}));
        QCOMPARE(t, std::int64_t{112});
    }

    // The first sum outside int64, a start or an end, at every place of two
    // blocks and a tail, up and down; the largest sums that fit are not.
    void aSumOutsideInt64IsDamage() {
        constexpr std::size_t n = 19;
        for (std::size_t at = 0; at < n; ++at) {
            for (const bool inEnd : {false, true}) {
                for (const bool up : {true, false}) {
                    Calls calls{std::vector<std::int64_t>(n, 1), std::vector<std::int64_t>(n, 1)};
                    const std::int64_t before = up ? Limits::max() - 100 : Limits::min() + 100;
                    // The delta to 10 from the limit for call `at`; its delta
                    // or its duration then crosses the limit by one.
                    const std::int64_t toEdge = (up ? Limits::max() - 10 : Limits::min() + 10) -
                                                before - static_cast<std::int64_t>(at);
                    calls.starts[at] = toEdge + (up ? 11 : -11);
                    if (inEnd) {
                        calls.starts[at] = toEdge;
                        calls.ends[at] = up ? 11 : -11;
                    }
                    QVERIFY(!checkedDecode(calls, before));
                    std::int64_t t = before;
                    QVERIFY2(!decodeDeltas(calls.starts, calls.ends, t),
                             qPrintable(QStringLiteral("call %1, %2, %3")
                                            .arg(at)
                                            .arg(inEnd ? "end" : "start")
                                            .arg(up ? "up" : "down")));
                    // One less reaches the limit exactly: no damage.
                    Calls fits{std::vector<std::int64_t>(n, 1), std::vector<std::int64_t>(n, 1)};
                    fits.starts[at] = toEdge;
                    fits.ends[at] = up ? 10 : -10;
                    for (std::size_t i = at + 1; i < n; ++i) {
                        fits.starts[i] = 0;
                        fits.ends[i] = 0;
                    }
                    QVERIFY(checkedDecode(fits, before));
                    t = before;
                    QVERIFY(decodeDeltas(fits.starts, fits.ends, t));
                    QCOMPARE(fits.ends[at], up ? Limits::max() : Limits::min());
                }
            }
        }
    }
};

QTEST_APPLESS_MAIN(TestDeltaDecoding)
#include "tst_DeltaDecoding.moc"
