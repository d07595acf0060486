// SPDX-License-Identifier: GPL-3.0-or-later
// The histograms and percentiles of a rank selection of a run over SSH, its
// durations over time and the samples of its significance tests
// (RemoteTestHost.h): asked of the helper, which
// answers from the calls on the host (in memory, read on demand, or opened
// from its index), equal to those of the same run read here; a connection
// killed after the results.
#include "RemoteTestHost.h"
#include "analysis/DurationHistogram.h"
#include "analysis/DurationSeries.h"
#include "analysis/KeptHistograms.h"
#include "analysis/Percentiles.h"
#include "analysis/RegionCalls.h"
#include "analysis/RegionTable.h"
#include "compare/Significance.h"
#include "compare/WhatChanged.h"
#include "load/ProfileFileReader.h"
#include "model/Errors.h"
#include "remote/RemoteReader.h"
#include "remote/RemoteTimeline.h"

#include <QtTest>

#include <csignal>

using namespace scope;

namespace {

const std::vector<RankSelection> kSelections{RankSelection({1}), RankSelection({0, 2}),
                                             RankSelection()};

// Empty when the durations over time of every region, asked of the host,
// are those of the calls here: the outline, and the columns of the whole
// run, of a window inside it and of all ranks pooled.
QString durationsMismatch(const ProfilingResults& remote, const ProfilingResults& local,
                          const RankSelection& ranks) {
    for (std::size_t region = 0; region < local.regions.size(); ++region) {
        const DurationSeries here = DurationSeries::of(local, region, ranks);
        const CallsElsewhere& host = *remote.callsElsewhere;
        if (host.durations(region, ranks, 0, 0, 0, false).outline != here.outline())
            return QStringLiteral("region %1: another outline").arg(region);
        const double first = here.firstStart();
        const double last = here.lastStart();
        const double middle = (first + last) / 2;
        for (const auto& [t0, t1, pooled] :
             {std::tuple{first, last, false},
              std::tuple{middle, middle + (last - first) / 50, false},
              std::tuple{first, last, true}})
            if (host.durations(region, ranks, t0, t1, 300, pooled).reduction !=
                here.reduce(t0, t1, 300, pooled))
                return QStringLiteral("region %1: other columns over [%2, %3]")
                    .arg(region)
                    .arg(t0)
                    .arg(t1);
        // The same region on other ranks right after: not the series kept for these.
        const RankSelection others = ranks.isAll() ? RankSelection({1}) : RankSelection();
        if (host.durations(region, others, 0, 0, 0, false).outline !=
            DurationSeries::of(local, region, others).outline())
            return QStringLiteral("region %1: the outline of the ranks asked before").arg(region);
    }
    return {};
}

// Empty when every region's histogram and the table's percentiles, durations
// over time and every call's duration of each selection, asked of the host,
// are those of the calls here.
QString answerMismatch(const ProfilingResults& remote, const ProfilingResults& local) {
    constexpr std::size_t bins = DurationHistogram::kBins;
    for (const RankSelection& ranks : kSelections) {
        const QString selection = QString::fromStdString(ranks.toString());
        for (std::size_t region = 0; region < local.regions.size(); ++region)
            if (KeptHistograms::keptOf(DurationHistogram::detailed(remote, region, ranks, bins)) !=
                KeptHistograms::keptOf(DurationHistogram::detailed(local, region, ranks, bins)))
                return QStringLiteral("ranks %1, region %2: another histogram")
                    .arg(selection)
                    .arg(region);
        if (const QString durations = durationsMismatch(remote, local, ranks); !durations.isEmpty())
            return QStringLiteral("ranks %1: %2").arg(selection, durations);
        for (std::size_t region = 0; region < local.regions.size(); ++region) {
            const RegionSample there = RegionSample::of(remote, region, ranks);
            const RegionSample here = RegionSample::of(local, region, ranks);
            if (!there.perCallData || there.durationsNs != here.durationsNs ||
                there.ranks != here.ranks || there.rankBegin != here.rankBegin ||
                there.selectedRanks != here.selectedRanks)
                return QStringLiteral("ranks %1, region %2: another sample of calls")
                    .arg(selection)
                    .arg(region);
        }
        std::vector<RegionTableRow> rows = RegionTable::compute(remote, ranks, nullptr, false);
        RegionTable::addPercentiles(remote, ranks, rows);
        for (const RegionTableRow& row : rows) {
            const Percentiles here = Percentiles::of(local, row.region, ranks);
            if (!row.percentiles || row.percentiles->p50 != here.p50 ||
                row.percentiles->p90 != here.p90 || row.percentiles->p99 != here.p99)
                return QStringLiteral("ranks %1, region %2: other percentiles")
                    .arg(selection)
                    .arg(row.region);
        }
    }
    return {};
}

std::uint64_t bytesSoFar(const RemoteRun& remote) {
    return dynamic_cast<const RemoteTimeline&>(*remote.timeline).bytesReceived();
}

} // namespace

class TestRemoteCalls : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() {
        if (!testing::SshServer::available())
            QSKIP("no /usr/sbin/sshd (Debian openssh-server)");
        QCOMPARE(host_.start(), QString());
    }

    void init() { host_.useOurHelper(); }

    // The calls in memory on the host. What crosses is the answer: a few
    // hundred bytes, not the calls.
    void rankSelectionsAreAnsweredOnTheHost() {
        const ProfilingResults local = readProfileFile(host_.path(), {});
        const RemoteRun remote = readRemote(host_.url(), {});
        QVERIFY(remote.results.callsElsewhere);
        QVERIFY(!hasCallData(remote.results));
        const std::uint64_t before = bytesSoFar(remote);
        const RegionHistogram one =
            remote.results.callsElsewhere->histogram(0, RankSelection({1}), 40);
        const std::uint64_t histogramBytes = bytesSoFar(remote) - before;
        qInfo("a histogram of one rank: %llu bytes",
              static_cast<unsigned long long>(histogramBytes));
        QVERIFY(!one.counts.empty());
        QVERIFY2(histogramBytes < 2048, qPrintable(QString::number(histogramBytes)));
        QCOMPARE(answerMismatch(remote.results, local), QString());
        // All ranks: the histogram kept with the results; nothing is asked.
        const std::uint64_t after = bytesSoFar(remote);
        DurationHistogram::detailed(remote.results, 0, {}, DurationHistogram::kBins);
        QCOMPARE(bytesSoFar(remote), after);
    }

    // Over the memory budget on the host (2 MiB): answered from the calls
    // read on demand there, then, reopened, from those its index opens.
    void answeredFromCallsOnDemandThenFromTheIndex() {
        const ProfilingResults local = readProfileFile(host_.path(), {});
        QDir(host_.server().path("cache")).removeRecursively();
        ReadRequest request;
        request.memoryBudget = 2u << 20;
        const RemoteRun first = readRemote(host_.url(), request);
        QCOMPARE(answerMismatch(first.results, local), QString());
        std::vector<std::string> steps;
        request.control.progress = [&](double, std::string_view step) { steps.emplace_back(step); };
        const RemoteRun second = readRemote(host_.url(), request);
        QVERIFY(std::find(steps.begin(), steps.end(), "opening from its index") != steps.end());
        QCOMPARE(answerMismatch(second.results, local), QString());
    }

    // What changed from another run here to the run on the host: its tests
    // draw on every call's duration, asked of the host, and give what the
    // same run read here gives.
    void whatChangedTestsTheCallsOnTheHost() {
        const ProfilingResults local = readProfileFile(host_.path(), {});
        const RemoteRun remote = readRemote(host_.url(), {});
        fixtures::SyntheticRun::Shape shape;
        shape.ranks = 3;
        shape.regions = 6;
        shape.calls = 3000;
        shape.seed = 7;
        fixtures::FixtureSpec spec = fixtures::SyntheticRun::generate(shape);
        spec.schema = 3;
        const std::string otherPath = host_.server().path("before.h5").toStdString();
        fixtures::FixtureWriter::write(spec, otherPath);
        const ProfilingResults before = readProfileFile(otherPath, {});
        const ProfilingResults* baseline[] = {&before};
        const ProfilingResults* here[] = {&local};
        const ProfilingResults* there[] = {&remote.results};
        const DiffReport expected = WhatChanged::compute(baseline, here, {});
        const DiffReport got = WhatChanged::compute(baseline, there, {});
        QCOMPARE(got.regions.size(), expected.regions.size());
        int tested = 0;
        for (std::size_t i = 0; i < got.regions.size(); ++i) {
            const RegionChange& g = got.regions[i];
            const RegionChange& e = expected.regions[i];
            QCOMPARE(g.name, e.name);
            QVERIFY2(g.perCallData, g.name.c_str());
            QCOMPARE(g.pValue, e.pValue);
            QCOMPARE(g.ciLowPercent, e.ciLowPercent);
            QCOMPARE(g.ciHighPercent, e.ciHighPercent);
            QCOMPARE(g.verdict, e.verdict);
            tested += g.pValue ? 1 : 0;
        }
        QCOMPARE(tested, static_cast<int>(got.regions.size()));
    }

    // The connection killed after the results: a question is an error naming
    // host and file; the table's percentiles stay unknown, nothing throws.
    void droppedConnectionNamesHostAndFile() {
        const QString pidFile = host_.server().path("ssh.pid");
        qputenv("SCOPE_SSH_COMMAND", host_.sshTellingItsPid(pidFile).toUtf8());
        const RemoteRun remote = readRemote(host_.url(), {});
        QFile pid(pidFile);
        QVERIFY(pid.open(QIODevice::ReadOnly));
        QCOMPARE(::kill(pid.readAll().trimmed().toInt(), SIGKILL), 0);
        const RankSelection rank1({1});
        QString error;
        try {
            DurationHistogram::detailed(remote.results, 0, rank1, DurationHistogram::kBins);
        } catch (const RemoteReadError& failure) {
            error = failure.what();
        }
        QVERIFY2(error.contains("connection to 127.0.0.1 dropped while reading " +
                                QString::fromStdString(host_.path())),
                 qPrintable(error));
        // What was being done: asking, not the read's last step.
        QVERIFY2(error.contains(": asking the host about the calls: "), qPrintable(error));
        std::vector<RegionTableRow> rows =
            RegionTable::compute(remote.results, rank1, nullptr, false);
        RegionTable::addPercentiles(remote.results, rank1, rows);
        for (const RegionTableRow& row : rows)
            QVERIFY(!row.percentiles);
    }

private:
    testing::RemoteTestHost host_;
};

QTEST_GUILESS_MAIN(TestRemoteCalls)
#include "tst_RemoteCalls.moc"
