// SPDX-License-Identifier: GPL-3.0-or-later
// The radix sort that orders a rank's calls for the timeline, against
// std::stable_sort on the same starts: ties keep their order, and any range
// of int64 starts (negative, a few ns, the whole type, either side of what
// packs with the position into one word) sorts right.
#include "SplitMix64.h"
#include "analysis/StartOrder.h"

#include <QtTest>

#include <algorithm>
#include <limits>
#include <numeric>

using namespace scope;

namespace {

std::vector<std::uint32_t> byStableSort(const std::vector<std::int64_t>& starts,
                                        std::vector<std::uint32_t> events) {
    std::stable_sort(events.begin(), events.end(),
                     [&](std::uint32_t a, std::uint32_t b) { return starts[a] < starts[b]; });
    return events;
}

std::vector<std::uint32_t> byRadix(const std::vector<std::int64_t>& starts,
                                   std::vector<std::uint32_t> events) {
    std::vector<std::uint32_t> spare(events.size());
    sortByStart(starts, events, spare);
    return events;
}

} // namespace

class TestStartOrder : public QObject {
    Q_OBJECT

private slots:
    void sortsLikeAStableSort_data() {
        QTest::addColumn<qint64>("low");
        QTest::addColumn<quint64>("span");
        QTest::newRow("a few ns: ties everywhere") << qint64(1'000) << quint64(5);
        QTest::newRow("seconds of ns, as a rank") << qint64(1'000'000'000'000) << quint64(3e9);
        // 20,000 events take 15 bits of position: 49 bits of offset still
        // pack into one word with it, 50 are sorted through the starts.
        QTest::newRow("the widest range that packs")
            << qint64(-7) << quint64((std::uint64_t{1} << 49) - 1);
        QTest::newRow("one bit wider") << qint64(-7) << quint64((std::uint64_t{1} << 50) - 1);
        QTest::newRow("negative starts") << qint64(-5'000'000) << quint64(10'000'000);
        QTest::newRow("the whole of int64")
            << std::numeric_limits<qint64>::min() << std::numeric_limits<quint64>::max();
    }

    void sortsLikeAStableSort() {
        QFETCH(qint64, low);
        QFETCH(quint64, span);
        fixtures::SplitMix64 random(17);
        std::vector<std::int64_t> starts(20'000);
        for (std::int64_t& s : starts) {
            const std::uint64_t offset = span == std::numeric_limits<quint64>::max()
                                             ? random.next()
                                             : random.below(span + 1);
            s = static_cast<std::int64_t>(static_cast<std::uint64_t>(low) + offset);
        }
        // Events in an order of their own (every third one first), as rows give them.
        std::vector<std::uint32_t> events(starts.size());
        std::iota(events.begin(), events.end(), 0u);
        std::stable_partition(events.begin(), events.end(),
                              [](std::uint32_t e) { return e % 3 == 0; });
        QCOMPARE(byRadix(starts, events), byStableSort(starts, events));
    }

    void sortsAPartOfTheStarts() {
        // Only the events asked for move; the others' starts do not matter.
        const std::vector<std::int64_t> starts{50, -7, 3, 3, 99, 0};
        QCOMPARE(byRadix(starts, {4, 3, 2, 0}), (std::vector<std::uint32_t>{3, 2, 0, 4}));
        QCOMPARE(byRadix(starts, {1}), (std::vector<std::uint32_t>{1}));
        QCOMPARE(byRadix(starts, {}), (std::vector<std::uint32_t>{}));
    }
};

QTEST_APPLESS_MAIN(TestStartOrder)
#include "tst_StartOrder.moc"
