// SPDX-License-Identifier: GPL-3.0-or-later
// The overview's ranking of a rank's regions in each bucket: depth d shows
// the region with the d-th most time there, ties going to the region first
// in the run's order, regions with no time not at all. Checked against a
// sort of every region of every bucket, for tables as wide as the
// billion-call run's (100 regions) and narrow ones, with many ties and
// empty cells.
#include "SplitMix64.h"
#include "analysis/OverviewCoverage.h"

#include <QtTest>

#include <algorithm>
#include <numeric>
#include <tuple>
#include <vector>

using namespace scope;
using scope::fixtures::SplitMix64;

class TestOverviewCoverage : public QObject {
    Q_OBJECT

private slots:
    void ranksAsASortOfEveryRegion_data() {
        QTest::addColumn<int>("width");
        QTest::addColumn<int>("depths");
        QTest::addColumn<int>("distinct"); // values a cell takes: few make ties
        for (const int width : {1, 7, 8, 9, 23, 100})
            for (const int depths : {1, 4, 9})
                for (const int distinct : {3, 1000}) {
                    const QByteArray name = QByteArray::number(width) + " regions, " +
                                            QByteArray::number(depths) + " depths, " +
                                            QByteArray::number(distinct) + " values";
                    QTest::newRow(name.constData()) << width << depths << distinct;
                }
    }

    void ranksAsASortOfEveryRegion() {
        QFETCH(int, width);
        QFETCH(int, depths);
        QFETCH(int, distinct);
        const std::size_t columns = std::size_t(width);
        const std::size_t n = 50;
        const OverviewBuckets buckets(1000, 5000, n);
        SplitMix64 random(std::uint64_t(width * 131 + depths * 7 + distinct));

        // Column c is region regions[c]; the run lists regions in `order`.
        std::vector<std::int32_t> regions(columns);
        std::iota(regions.begin(), regions.end(), 3);
        std::vector<std::uint32_t> order(columns + 3);
        std::iota(order.begin(), order.end(), 0u);
        for (std::size_t i = order.size(); i > 1; --i)
            std::swap(order[i - 1], order[random.next() % i]);

        OverviewCoverage coverage;
        std::int64_t* table = coverage.table(-1, n * columns);
        for (std::size_t cell = 0; cell < n * columns; ++cell) {
            // A quarter of the cells hold no time; some buckets none at all.
            const std::uint64_t r = random.next();
            table[cell] = r % 4 == 0 ? 0 : std::int64_t(r % std::uint64_t(distinct));
        }
        for (std::size_t c = 0; c < columns; ++c)
            table[7 * columns + c] = 0;

        const std::vector<OverviewKeyLanes> lanes =
            coverage.ranked(regions, order, buckets, std::uint32_t(depths));
        std::size_t deepest = 0;
        for (std::size_t b = 0; b < n; ++b) {
            std::vector<std::tuple<std::int64_t, std::uint32_t, std::int32_t>> sorted;
            for (std::size_t c = 0; c < columns; ++c)
                if (table[b * columns + c] > 0)
                    sorted.emplace_back(-table[b * columns + c], order[std::size_t(regions[c])],
                                        regions[c]);
            std::sort(sorted.begin(), sorted.end());
            deepest = std::max(deepest, std::min(sorted.size(), std::size_t(depths)));
            for (std::size_t d = 0; d < std::size_t(depths); ++d) {
                const std::int32_t expected = d < sorted.size() ? std::get<2>(sorted[d]) : -1;
                std::int32_t got = -1;
                if (!lanes.empty() && d < lanes[0].depths.size())
                    for (const TimelineSpan& s : lanes[0].depths[d])
                        if (s.startNs <= buckets.edge(b) && buckets.edge(b) < s.endNs)
                            got = s.region;
                QVERIFY2(got == expected, qPrintable(QString("bucket %1, depth %2: %3, not %4")
                                                         .arg(b)
                                                         .arg(d)
                                                         .arg(got)
                                                         .arg(expected)));
            }
        }
        QCOMPARE(lanes.size(), std::size_t(1));
        QCOMPARE(lanes[0].depths.size(), deepest);
    }
};

QTEST_APPLESS_MAIN(TestOverviewCoverage)
#include "tst_OverviewCoverage.moc"
