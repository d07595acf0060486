// SPDX-License-Identifier: GPL-3.0-or-later
// The questions a viewer asks about the calls of a run on another host
// (RemoteQuestion): they cross unchanged, the helper refuses damaged ones,
// its answers are those of the calls (histograms, percentiles, durations
// over time and every call's duration worked out by hand), and damaged or
// mismatched answers are errors naming the address.
#include "HandMadeRun.h"
#include "KeptHandRun.h"
#include "analysis/DurationHistogram.h"
#include "analysis/DurationSeries.h"
#include "analysis/KeptHistograms.h"
#include "analysis/Percentiles.h"
#include "isolate/ByteWriter.h"
#include "model/Errors.h"
#include "remote/RemotePayload.h"
#include "remote/RemoteQuestion.h"

#include <QtTest>

#include <cmath>

using namespace scope;
using testing::keptHandRun;

namespace {

const std::string kUrl = "ssh://cluster/runs/run.h5";

RemoteQuestion histogramOf(std::uint32_t region, RankSelection ranks) {
    RemoteQuestion question;
    question.kind = RemoteQuestion::Kind::Histogram;
    question.region = region;
    question.bins = 40;
    question.ranks = std::move(ranks);
    return question;
}

RemoteQuestion percentilesOf(RankSelection ranks) {
    RemoteQuestion question;
    question.kind = RemoteQuestion::Kind::Percentiles;
    question.ranks = std::move(ranks);
    return question;
}

RemoteQuestion durationsOf(std::uint32_t region, RankSelection ranks, double t0, double t1,
                           std::uint32_t columns, bool pooled = false) {
    RemoteQuestion question;
    question.kind = RemoteQuestion::Kind::Durations;
    question.region = region;
    question.ranks = std::move(ranks);
    question.t0 = t0;
    question.t1 = t1;
    question.columns = columns;
    question.pooled = pooled;
    return question;
}

RemoteQuestion callDurationsOf(std::uint32_t region, RankSelection ranks) {
    RemoteQuestion question;
    question.kind = RemoteQuestion::Kind::CallDurations;
    question.region = region;
    question.ranks = std::move(ranks);
    return question;
}

// A question written field by field, as a damaged or hostile viewer might.
std::string questionBytes(std::uint8_t kind, std::uint32_t region, std::uint32_t bins,
                          std::vector<std::uint32_t> ranks) {
    isolate::ByteWriter out;
    out.u8(kind);
    out.u32(region);
    out.u32(bins);
    out.flag(false);
    out.u64(ranks.size());
    for (const std::uint32_t rank : ranks)
        out.u32(rank);
    return out.take();
}

// A durations question of all ranks, its window written field by field.
std::string durationsBytes(std::uint32_t region, double t0, double t1, std::uint32_t columns) {
    isolate::ByteWriter out;
    out.u8(3);
    out.u32(region);
    out.u32(0);
    out.flag(true);
    out.f64(t0);
    out.f64(t1);
    out.u32(columns);
    out.flag(false);
    return out.take();
}

bool refused(const std::string& bytes, std::size_t regions = 2) {
    try {
        RemoteQuestion::decode(bytes, "the viewer", regions);
    } catch (const CorruptProfileError&) {
        return true;
    }
    return false;
}

} // namespace

class TestRemoteQuestion : public QObject {
    Q_OBJECT
private slots:
    void questionsCrossUnchanged() {
        for (const RemoteQuestion& asked :
             {histogramOf(1, {}), histogramOf(0, RankSelection({0, 5})), percentilesOf({}),
              percentilesOf(RankSelection({2})),
              durationsOf(1, RankSelection({3}), 0.5, 2.25, 1200), durationsOf(0, {}, 0, 0, 0),
              durationsOf(1, {}, -1, 7, 64, true), callDurationsOf(1, RankSelection({0, 4})),
              callDurationsOf(0, {})}) {
            const RemoteQuestion read = RemoteQuestion::decode(asked.encode(), "the viewer", 2);
            QCOMPARE(read.kind, asked.kind);
            QCOMPARE(read.region, asked.region);
            QCOMPARE(read.bins, asked.bins);
            QCOMPARE(read.ranks.toString(), asked.ranks.toString());
            QCOMPARE(read.t0, asked.t0);
            QCOMPARE(read.t1, asked.t1);
            QCOMPARE(read.columns, asked.columns);
            QCOMPARE(read.pooled, asked.pooled);
        }
    }

    void damagedQuestionsAreRefused() {
        QVERIFY(!refused(questionBytes(1, 1, 40, {0, 2})));
        QVERIFY(refused(questionBytes(9, 0, 40, {})));      // no such question
        QVERIFY(refused(questionBytes(1, 2, 40, {})));      // a region past the run's
        QVERIFY(refused(questionBytes(1, 0, 0, {})));       // no bins
        QVERIFY(refused(questionBytes(1, 0, 5000, {})));    // more than any view draws
        QVERIFY(refused(questionBytes(2, 0, 0, {2, 1})));   // ranks out of order
        QVERIFY(refused(questionBytes(2, 0, 0, {1, 1})));   // or repeated
        QVERIFY(refused(questionBytes(2, 0, 0, {}) + "x")); // bytes after it
        QVERIFY(!refused(questionBytes(4, 1, 0, {1})));
        QVERIFY(refused(questionBytes(4, 2, 0, {1}))); // the calls of a region past the run's
        const std::string whole = questionBytes(1, 0, 40, {0, 1});
        for (std::size_t cut = 0; cut < whole.size(); ++cut)
            QVERIFY2(refused(whole.substr(0, cut)), qPrintable(QString::number(cut)));

        QVERIFY(!refused(durationsBytes(1, 0, 2, 1200)));
        QVERIFY(!refused(durationsBytes(1, NAN, NAN, 0))); // the outline alone: no window
        QVERIFY(refused(durationsBytes(2, 0, 2, 1200)));   // a region past the run's
        QVERIFY(refused(durationsBytes(1, 2, 0, 1200)));   // a window ending before it starts
        QVERIFY(refused(durationsBytes(1, NAN, 2, 1200))); // or not a number
        QVERIFY(refused(durationsBytes(1, 0, INFINITY, 1200)));
        QVERIFY(refused(durationsBytes(1, 0, 2, RemoteQuestion::kMostColumns + 1)));
        const std::string window = durationsBytes(1, 0, 2, 1200);
        for (std::size_t cut = 0; cut < window.size(); ++cut)
            QVERIFY2(refused(window.substr(0, cut)), qPrintable(QString::number(cut)));
    }

    // Rank 0's calls of solve start at 0, 10, 30 and 60 ns and take 10, 20,
    // 30 and 40 ns. Over [-5, 75] ns in four columns of 20 ns: 10–20 ns (2
    // calls), 30 ns (1), none, 40 ns (1). The rolling median of 101 calls is
    // clipped to the four there are: 25 ns at each.
    void durationsOverTimeAreThoseOfTheCalls() {
        const ProfilingResults run = keptHandRun();
        const auto solve = static_cast<std::uint32_t>(*run.regionIndex("solve"));
        const RemoteQuestion outlineOnly = durationsOf(solve, RankSelection({0}), 0, 0, 0);
        const CallsElsewhere::Durations outlined = outlineOnly.durationsFrom(
            outlineOnly.answer(run, Percentiles::kDefaultByteLimit), kUrl);
        QCOMPARE(outlined.outline.ranks, std::vector<std::uint32_t>{0});
        QCOMPARE(outlined.outline.calls, std::uint64_t{4});
        QCOMPARE(outlined.outline.firstStart, 0.0);
        QCOMPARE(outlined.outline.lastStart, 60e-9);
        QCOMPARE(outlined.outline.shortest, 10e-9);
        QCOMPARE(outlined.outline.longest, 40e-9);
        QCOMPARE(outlined.reduction.columns, std::size_t{0});

        const RemoteQuestion window = durationsOf(solve, RankSelection({0}), -5e-9, 75e-9, 4);
        const DurationReduction r =
            window.durationsFrom(window.answer(run, Percentiles::kDefaultByteLimit), kUrl)
                .reduction;
        QCOMPARE(r.series, std::size_t{1});
        QCOMPARE(r.count, (std::vector<std::uint32_t>{2, 1, 0, 1}));
        QCOMPARE(r.minimum[0], 10e-9);
        QCOMPARE(r.maximum[0], 20e-9);
        QCOMPARE(r.minimum[1], 30e-9);
        QCOMPARE(r.maximum[3], 40e-9);
        QCOMPARE(r.medianCount, (std::vector<std::uint32_t>{2, 1, 0, 1}));
        QCOMPARE(r.medianLow[3], 25e-9);
        QCOMPARE(r.medianHigh[0], 25e-9);
        // The same as the series here gives, empty columns included.
        const DurationSeries here = DurationSeries::of(run, solve, RankSelection({0}));
        QVERIFY(r == here.reduce(-5e-9, 75e-9, 4));

        // All ranks pooled: rank 1's call of 50 ns starting at 5 ns joins column 0.
        const RemoteQuestion pooled = durationsOf(solve, {}, -5e-9, 75e-9, 4, true);
        const DurationReduction all =
            pooled.durationsFrom(pooled.answer(run, Percentiles::kDefaultByteLimit), kUrl)
                .reduction;
        QCOMPARE(all.series, std::size_t{1});
        QCOMPARE(all.count, (std::vector<std::uint32_t>{3, 1, 0, 1}));
        QCOMPARE(all.maximum[0], 50e-9);
    }

    void damagedOrMismatchedDurationsNameTheAddress() {
        const ProfilingResults run = keptHandRun();
        const RemoteQuestion asked = durationsOf(0, {}, 0, 80e-9, 4);
        const std::string answer = asked.answer(run, Percentiles::kDefaultByteLimit);
        auto fails = [&](const RemoteQuestion& question, const std::string& bytes) {
            try {
                question.durationsFrom(bytes, kUrl);
            } catch (const RemoteReadError& error) {
                return QString(error.what()).contains(QString::fromStdString(kUrl));
            }
            return false;
        };
        QVERIFY(!fails(asked, answer));
        QVERIFY(fails(durationsOf(0, {}, 0, 80e-9, 5), answer)); // another window
        QVERIFY(fails(durationsOf(0, {}, 0, 80e-9, 4, true), answer));
        QVERIFY(fails(asked, answer + "x"));
        for (std::size_t cut = 0; cut < answer.size(); ++cut)
            QVERIFY2(fails(asked, answer.substr(0, cut)), qPrintable(QString::number(cut)));
    }

    // Rank 0's calls of solve: 10, 20, 30 and 40 ns; their median is 25 ns,
    // their mean 25 ns. Rank 0 has no io.
    void answersAreThoseOfTheCalls() {
        const ProfilingResults run = keptHandRun();
        const std::size_t solve = *run.regionIndex("solve");
        const std::size_t io = *run.regionIndex("io");
        const RankSelection rank0({0});

        const RemoteQuestion histogram = histogramOf(static_cast<std::uint32_t>(solve), rank0);
        const RegionHistogram got =
            histogram.histogramFrom(histogram.answer(run, Percentiles::kDefaultByteLimit), kUrl);
        QCOMPARE(got, KeptHistograms::keptOf(DurationHistogram::detailed(run, solve, rank0, 40)));
        QCOMPARE(std::accumulate(got.counts.begin(), got.counts.end(), std::uint64_t{0}),
                 std::uint64_t{4});
        QCOMPARE(got.mean, 25e-9);
        QCOMPARE(got.percentiles.p50, 25e-9);
        QCOMPARE(got.outlineRanks, std::vector<std::uint32_t>{0});

        const RemoteQuestion percentiles = percentilesOf(rank0);
        const std::vector<RegionPercentiles> all = percentiles.percentilesFrom(
            percentiles.answer(run, Percentiles::kDefaultByteLimit), kUrl, run.regions.size());
        QCOMPARE(all.size(), run.regions.size());
        QCOMPARE(all[solve].p50, 25e-9);
        QCOMPARE(all[io], RegionPercentiles{}); // no calls of io on rank 0
    }

    // Every call's duration, rank by rank: rank 0's solve takes 10, 20, 30
    // and 40 ns, rank 1's 50 ns; rank 0 has no io.
    void callDurationsAreThoseOfTheCalls() {
        const ProfilingResults run = keptHandRun();
        const auto solve = static_cast<std::uint32_t>(*run.regionIndex("solve"));
        const auto io = static_cast<std::uint32_t>(*run.regionIndex("io"));
        const RemoteQuestion all = callDurationsOf(solve, {});
        const CallsElsewhere::CallDurations got =
            all.callDurationsFrom(all.answer(run, Percentiles::kDefaultByteLimit), kUrl, 0);
        QCOMPARE(got.ranks, (std::vector<std::uint32_t>{0, 1}));
        QCOMPARE(got.counts, (std::vector<std::uint64_t>{4, 1}));
        QCOMPARE(got.durationsNs, (std::vector<std::int64_t>{10, 20, 30, 40, 50}));

        const RemoteQuestion rank1 = callDurationsOf(solve, RankSelection({1}));
        QCOMPARE(rank1.callDurationsFrom(rank1.answer(run, Percentiles::kDefaultByteLimit), kUrl, 0)
                     .durationsNs,
                 std::vector<std::int64_t>{50});
        const RemoteQuestion none = callDurationsOf(io, RankSelection({0}));
        const CallsElsewhere::CallDurations empty =
            none.callDurationsFrom(none.answer(run, Percentiles::kDefaultByteLimit), kUrl, 0);
        QVERIFY(empty.ranks.empty());
        QVERIFY(empty.durationsNs.empty());
    }

    // 10,000 calls of 1,000 to 1,255 ns: one random byte a call, the others
    // alike. Sent byte plane by byte plane they take 1.16 bytes a call; as
    // values, zstd left 1.36.
    void callDurationsCrossInFewBytes() {
        std::vector<std::pair<std::int64_t, std::int64_t>> calls;
        std::vector<std::int64_t> durations;
        std::uint64_t x = 7;
        for (std::int64_t i = 0; i < 10'000; ++i) {
            x = x * 6364136223846793005ULL + 1442695040888963407ULL;
            durations.push_back(1000 + static_cast<std::int64_t>(x >> 56));
            calls.emplace_back(i * 2000, i * 2000 + durations.back());
        }
        const ProfilingResults run = makeResults({{0, "solve", calls}});
        const RemoteQuestion question = callDurationsOf(0, {});
        const std::string answer = question.answer(run, Percentiles::kDefaultByteLimit);
        QCOMPARE(question.callDurationsFrom(answer, kUrl, 0).durationsNs, durations);
        QVERIFY2(answer.size() < 12'500, qPrintable(QString::number(answer.size())));
    }

    void damagedOrMismatchedCallDurationsNameTheAddress() {
        const ProfilingResults run = keptHandRun();
        const RemoteQuestion asked = callDurationsOf(0, {});
        const std::string answer = asked.answer(run, Percentiles::kDefaultByteLimit);
        auto fails = [&](const RemoteQuestion& question, const std::string& bytes) {
            try {
                question.callDurationsFrom(bytes, kUrl, 1024);
            } catch (const RemoteReadError& error) {
                return QString(error.what()).contains(QString::fromStdString(kUrl));
            }
            return false;
        };
        QVERIFY(!fails(asked, answer));
        QVERIFY(fails(callDurationsOf(0, RankSelection({0})), answer)); // another question
        QVERIFY(fails(asked, answer + "x"));
        for (std::size_t cut = 0; cut < answer.size(); ++cut)
            QVERIFY2(fails(asked, answer.substr(0, cut)), qPrintable(QString::number(cut)));

        // Written field by field: the question, then the ranks with their counts
        // and the packed durations.
        const auto answerWith = [](const RemoteQuestion& question,
                                   std::vector<std::pair<std::uint32_t, std::uint64_t>> slices,
                                   std::vector<std::int64_t> durations) {
            isolate::ByteWriter out;
            out.u64(slices.size());
            for (const auto& [rank, count] : slices) {
                out.u32(rank);
                out.u64(count);
            }
            out.text(RemotePayload::pack(
                std::string_view(reinterpret_cast<const char*>(durations.data()),
                                 durations.size() * sizeof(std::int64_t))));
            return question.encode() + out.take();
        };
        QVERIFY(!fails(asked, answerWith(asked, {{0, 2}, {3, 1}}, {1, 2, 3})));
        QVERIFY(fails(asked, answerWith(asked, {{3, 1}, {0, 2}}, {1, 2, 3}))); // ranks out of order
        QVERIFY(fails(asked, answerWith(asked, {{0, 2}, {0, 1}}, {1, 2, 3}))); // or repeated
        QVERIFY(fails(asked, answerWith(asked, {{0, 0}}, {})));             // a rank without calls
        QVERIFY(fails(asked, answerWith(asked, {{0, 2}, {3, 1}}, {1, 2}))); // fewer durations
        QVERIFY(fails(asked, answerWith(asked, {{0, 2}, {3, 1}}, {1, 2, 3, 4}))); // or more
        QVERIFY(fails(asked, answerWith(asked, {{0, std::uint64_t{1} << 62}}, {1})));
        QVERIFY(fails(asked, answerWith(asked, {{0, 129}}, std::vector<std::int64_t>(129))));
        const RemoteQuestion rank0 = callDurationsOf(0, RankSelection({0}));
        QVERIFY(!fails(rank0, answerWith(rank0, {{0, 1}}, {1})));
        QVERIFY(fails(rank0, answerWith(rank0, {{3, 1}}, {1}))); // a rank not asked for
    }

    void damagedOrMismatchedAnswersNameTheAddress() {
        const ProfilingResults run = keptHandRun();
        const RemoteQuestion asked = histogramOf(0, RankSelection({0}));
        const std::string answer = asked.answer(run, Percentiles::kDefaultByteLimit);
        auto fails = [&](const RemoteQuestion& question, const std::string& bytes) {
            try {
                question.histogramFrom(bytes, kUrl);
            } catch (const RemoteReadError& error) {
                return QString(error.what()).contains(QString::fromStdString(kUrl));
            }
            return false;
        };
        QVERIFY(!fails(asked, answer));
        QVERIFY(fails(histogramOf(0, RankSelection({1})), answer)); // an answer to another
        QVERIFY(fails(histogramOf(0, {}), answer));
        QVERIFY(fails(asked, answer + "x"));
        for (std::size_t cut = 0; cut < answer.size(); ++cut)
            QVERIFY2(fails(asked, answer.substr(0, cut)), qPrintable(QString::number(cut)));

        const RemoteQuestion percentiles = percentilesOf({});
        const std::string all = percentiles.answer(run, Percentiles::kDefaultByteLimit);
        QVERIFY_THROWS_EXCEPTION(RemoteReadError, percentiles.percentilesFrom(all, kUrl, 3));
        QCOMPARE(percentiles.percentilesFrom(all, kUrl, 2).size(), std::size_t{2});
    }
};

QTEST_GUILESS_MAIN(TestRemoteQuestion)
#include "tst_RemoteQuestion.moc"
