// SPDX-License-Identifier: GPL-3.0-or-later
// RowStatistics on calls handed over in pieces: every cut gives one pass's
// bits, calls that run backwards or last 2^53 ns included, against figures
// worked out by hand and a plain loop.
#include "SummaryComparison.h"
#include "events/RowStatistics.h"

#include <QtTest>

#include <algorithm>
#include <initializer_list>
#include <span>
#include <vector>

using namespace scope;
using scope::testing::compareSummaries;

namespace {

// The statistics of calls handed to an Accumulator `piece` calls at a time,
// in both of its passes.
RowStatistics inPieces(std::span<const std::int64_t> starts, std::span<const std::int64_t> ends,
                       std::size_t piece, std::span<const std::int64_t> gpu = {}) {
    const auto cut = [&](std::span<const std::int64_t> v, std::size_t at) {
        return v.empty() ? v : v.subspan(at, std::min(piece, v.size() - at));
    };
    RowStatistics::Accumulator accumulator;
    for (std::size_t at = 0; at < starts.size(); at += piece)
        accumulator.add(cut(starts, at), cut(ends, at), cut(gpu, at));
    if (accumulator.needsSquares())
        for (std::size_t at = 0; at < starts.size(); at += piece)
            accumulator.addSquares(cut(starts, at), cut(ends, at));
    return accumulator.result();
}

// Empty when the calls cut into pieces of each size give `whole`'s bits.
QString piecesDiffer(std::span<const std::int64_t> starts, std::span<const std::int64_t> ends,
                     std::span<const std::int64_t> gpu, const RowStatistics& whole,
                     std::initializer_list<std::size_t> pieces) {
    for (const std::size_t piece : pieces) {
        const RowStatistics got = inPieces(starts, ends, piece, gpu);
        const QString where = QStringLiteral("pieces of %1").arg(piece);
        if (QString error = compareSummaries(got.summary, whole.summary, where); !error.isEmpty())
            return error;
        if (got.extent.low != whole.extent.low || got.extent.high != whole.extent.high ||
            got.extent.durationSum != whole.extent.durationSum)
            return where + QStringLiteral(": another extent");
    }
    return {};
}

} // namespace

class TestRowStatistics : public QObject {
    Q_OBJECT
private slots:
    // Calls that end before they start, or last 2^53 ns, take the general
    // path, the others a shorter one: together they give the hand-computed
    // figures, however the row is cut.
    void backwardAndLongCallsGiveTheSameFiguresAnyCut() {
        // [0, 10], [200, 150] (-50 ns), [5, 100]: total 55, shortest -50,
        // longest 95; the times span 0 to 200 (a start); magnitudes 155.
        const std::vector<std::int64_t> s{0, 200, 5}, e{10, 150, 100};
        for (const std::size_t piece : {std::size_t{1}, std::size_t{2}, std::size_t{3}}) {
            const RowStatistics got = inPieces(s, e, piece);
            QVERIFY(got.extent.fits);
            QCOMPARE(got.summary.total, std::int64_t{55});
            QCOMPARE(got.summary.minimum, std::int64_t{-50});
            QCOMPARE(got.summary.maximum, std::int64_t{95});
            QCOMPARE(got.summary.startMinimum, std::int64_t{0});
            QCOMPARE(got.summary.endMaximum, std::int64_t{150});
            QCOMPARE(got.extent.low, std::int64_t{0});
            QCOMPARE(got.extent.high, std::int64_t{200});
            QCOMPARE(got.extent.durationSum, std::int64_t{155});
        }
        // 3,000 calls of 1 to 1,000 ns, one of them backwards (-7 ns, call
        // 1,500) and one of 2^53 ns (call 2,500): against a plain loop.
        std::vector<std::int64_t> starts, ends;
        std::int64_t total = 0, magnitudes = 0, low = 0, high = 0;
        for (std::int64_t i = 0; i < 3000; ++i) {
            const std::int64_t d = i == 1500   ? -7
                                   : i == 2500 ? std::int64_t{1} << 53
                                               : 1 + i % 1000;
            starts.push_back(i * 2000);
            ends.push_back(starts.back() + d);
            total += d;
            magnitudes += d < 0 ? -d : d;
            high = std::max({high, starts.back(), ends.back()});
        }
        const RowStatistics whole = RowStatistics::measure(starts, ends);
        QCOMPARE(whole.summary.total, total);
        QCOMPARE(whole.summary.minimum, std::int64_t{-7});
        QCOMPARE(whole.summary.maximum, std::int64_t{1} << 53);
        QCOMPARE(whole.extent.low, low);
        QCOMPARE(whole.extent.high, high);
        QCOMPARE(whole.extent.durationSum, magnitudes);
        const QString error = piecesDiffer(starts, ends, {}, whole, {1, 7, 1000});
        QVERIFY2(error.isEmpty(), qPrintable(error));
    }

    // Pieces of any size give measure()'s bits exactly.
    void piecesGiveTheSameBits() {
        std::vector<std::int64_t> starts, ends, gpu;
        std::uint64_t x = 12345;
        for (int i = 0; i < 10'000; ++i) {
            x = x * 6364136223846793005ULL + 1442695040888963407ULL;
            starts.push_back(static_cast<std::int64_t>(i) * 1000);
            ends.push_back(starts.back() + static_cast<std::int64_t>(x >> 40));
            gpu.push_back(i % 3 == 0 ? -1 : static_cast<std::int64_t>(x >> 50));
        }
        const RowStatistics whole = RowStatistics::measure(starts, ends, gpu);
        const QString error = piecesDiffer(starts, ends, gpu, whole, {1, 7, 4096});
        QVERIFY2(error.isEmpty(), qPrintable(error));
        // A long row of long calls that differ little: d = 10^9 + r, r = i % 7,
        // whose m2 is that of the r, exactly (n sum(r^2) - (sum r)^2) / n: ten
        // digits, where a one-pass sum of squares would keep none.
        std::vector<std::int64_t> longStarts, longEnds;
        std::int64_t sum = 0, squares = 0;
        constexpr std::int64_t kLong = 1'000'003;
        for (std::int64_t i = 0; i < kLong; ++i) {
            const std::int64_t r = i % 7;
            longStarts.push_back(i * 2'000'000'000);
            longEnds.push_back(longStarts.back() + 1'000'000'000 + r);
            sum += r;
            squares += r * r;
        }
        const double exact = static_cast<double>(kLong * squares - sum * sum) / double(kLong);
        const double m2 = RowStatistics::measure(longStarts, longEnds).summary.m2;
        QVERIFY2(
            std::abs(m2 - exact) <= exact * 1e-10,
            qPrintable(
                QStringLiteral("m2 %1, exactly %2").arg(m2, 0, 'g', 17).arg(exact, 0, 'g', 17)));
        // Hand-computed: calls [0, 10] and [20, 50]: total 40, mean 20, m2 200.
        const std::vector<std::int64_t> s{0, 20}, e{10, 50};
        const RowStatistics two = RowStatistics::measure(s, e);
        QCOMPARE(two.summary.total, std::int64_t{40});
        QCOMPARE(two.summary.mean, 20.0);
        QCOMPARE(two.summary.m2, 200.0);
    }
};

QTEST_APPLESS_MAIN(TestRowStatistics)
#include "tst_RowStatistics.moc"
