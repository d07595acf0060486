// SPDX-License-Identifier: GPL-3.0-or-later
// The questions a viewer asks about the calls of a run on another host
// (RemoteQuestion): they cross unchanged, the helper refuses damaged ones,
// its answers are those of the calls, and damaged or mismatched answers are
// errors naming the address.
#include "KeptHandRun.h"
#include "analysis/DurationHistogram.h"
#include "analysis/KeptHistograms.h"
#include "analysis/Percentiles.h"
#include "isolate/ByteWriter.h"
#include "model/Errors.h"
#include "remote/RemoteQuestion.h"

#include <QtTest>

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
              percentilesOf(RankSelection({2}))}) {
            const RemoteQuestion read = RemoteQuestion::decode(asked.encode(), "the viewer", 2);
            QCOMPARE(read.kind, asked.kind);
            QCOMPARE(read.region, asked.region);
            QCOMPARE(read.bins, asked.bins);
            QCOMPARE(read.ranks.toString(), asked.ranks.toString());
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
        const std::string whole = questionBytes(1, 0, 40, {0, 1});
        for (std::size_t cut = 0; cut < whole.size(); ++cut)
            QVERIFY2(refused(whole.substr(0, cut)), qPrintable(QString::number(cut)));
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
