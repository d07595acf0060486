// SPDX-License-Identifier: GPL-3.0-or-later
// Reading a run over SSH: a throwaway sshd on 127.0.0.1 (RemoteTestHost.h),
// our read helper started through it, and what arrives compared with a read
// of the same file here; the errors naming host and file.
#include "RemoteTestHost.h"
#include "analysis/DurationHistogram.h"
#include "analysis/ExclusiveTime.h"
#include "analysis/KeptHistograms.h"
#include "analysis/PartialTimeline.h"
#include "analysis/Percentiles.h"
#include "analysis/TimelineIndex.h"
#include "isolate/WorkerMessage.h"
#include "load/ProfileFileReader.h"
#include "model/Errors.h"
#include "remote/RemoteReader.h"
#include "remote/RemoteTimeline.h"

#include <QtTest>

#include <algorithm>
#include <atomic>
#include <functional>

using namespace scope;

namespace {

struct Thrown {
    QString type;
    QString what;
};

Thrown thrown(const std::function<void()>& read) {
    try {
        read();
    } catch (const RemoteReadError& e) {
        return {"RemoteReadError", e.what()};
    } catch (const FileNotFoundError& e) {
        return {"FileNotFoundError", e.what()};
    } catch (const ReadCancelled& e) {
        return {"ReadCancelled", e.what()};
    } catch (const std::exception& e) {
        return {"other", e.what()};
    }
    return {"none", {}};
}

// What the statistics table shows of a row, and what it is computed from.
QString rowText(const ProfilingResults& results, const RankRegion& row) {
    const CallSummary& s = row.summary;
    return QStringLiteral("%1/%2: %3 %4 %5 %6 %7 %8 %9")
        .arg(QString::fromStdString(results.regions[row.region]))
        .arg(row.rank)
        .arg(s.count)
        .arg(s.total)
        .arg(s.minimum)
        .arg(s.maximum)
        .arg(s.mean, 0, 'g', 17)
        .arg(s.m2, 0, 'g', 17)
        .arg(row.exclusiveNs ? QString::number(*row.exclusiveNs) : QStringLiteral("-"));
}

// The percentiles computed on the host equal those of the calls here.
QString percentilesMismatch(const ProfilingResults& remote, const ProfilingResults& local) {
    if (remote.keptPercentiles.size() != local.regions.size())
        return QStringLiteral("%1 percentiles for %2 regions")
            .arg(remote.keptPercentiles.size())
            .arg(local.regions.size());
    for (std::size_t region = 0; region < local.regions.size(); ++region) {
        const Percentiles p = Percentiles::of(local, region);
        const RegionPercentiles& kept = remote.keptPercentiles[region];
        if (kept != RegionPercentiles{p.p50, p.p90, p.p95, p.p99})
            return QStringLiteral("%1: p50 %2, here %3")
                .arg(QString::fromStdString(local.regions[region]))
                .arg(kept.p50)
                .arg(p.p50);
    }
    return {};
}

// The histograms computed on the host equal those of the calls here, and
// are drawn for all ranks without a call here.
QString histogramsMismatch(const ProfilingResults& remote, const ProfilingResults& local) {
    if (remote.keptHistograms.size() != local.regions.size())
        return QStringLiteral("%1 histograms for %2 regions")
            .arg(remote.keptHistograms.size())
            .arg(local.regions.size());
    constexpr std::size_t bins = DurationHistogram::kBins;
    for (std::size_t region = 0; region < local.regions.size(); ++region) {
        const RegionHistogram here =
            KeptHistograms::keptOf(DurationHistogram::detailed(local, region, {}, bins));
        const RegionHistogram drawn =
            KeptHistograms::keptOf(DurationHistogram::detailed(remote, region, {}, bins));
        if (drawn != here || remote.keptHistograms[region] != here)
            return QStringLiteral("%1: the host's histogram differs from the calls here")
                .arg(QString::fromStdString(local.regions[region]));
    }
    return {};
}

QByteArray withoutFirstLine(const QByteArray& text) {
    return text.mid(text.indexOf('\n') + 1);
}

} // namespace

class TestRemoteReader : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() {
        if (!testing::SshServer::available())
            QSKIP("no /usr/sbin/sshd (Debian openssh-server)");
        QCOMPARE(host_.start(), QString());
    }

    void init() { host_.useOurHelper(); }

    void statisticsAndTimelineEqualALocalRead() {
        ProfilingResults local = readProfileFile(host_.path(), {});
        const TimelineIndex index(local);
        fillExclusiveTimes(local, index);

        const RemoteRun remote = readRemote(host_.url(), {});
        QCOMPARE(remote.results.path, host_.url().text());
        QVERIFY(!remote.results.eventsRead);
        QVERIFY(remote.results.eventsOnHost);
        QCOMPARE(remote.results.regions, local.regions);
        QCOMPARE(remote.results.numRanks, local.numRanks);
        QCOMPARE(remote.results.rows.size(), local.rows.size());
        for (std::size_t i = 0; i < local.rows.size(); ++i)
            QCOMPARE(rowText(remote.results, remote.results.rows[i]),
                     rowText(local, local.rows[i]));
        QCOMPARE(percentilesMismatch(remote.results, local), QString());
        QCOMPARE(histogramsMismatch(remote.results, local), QString());

        // The whole run at the coarsest level: exactly the spans of the
        // index over the calls here.
        QVERIFY(remote.timeline);
        const auto* timeline = dynamic_cast<const RemoteTimeline*>(remote.timeline.get());
        QVERIFY(timeline);
        QCOMPARE(timeline->coarse().ranksBuilt(), timeline->coarse().ranksTotal());
        QCOMPARE(timeline->ranks(), index.ranks());
        QCOMPARE(timeline->lanes().size(), index.lanes().size());
        QCOMPARE(timeline->startNs(), index.startNs());
        QCOMPARE(timeline->endNs(), index.endNs());
        const double width = static_cast<double>(index.endNs() + 1 - index.startNs()) / 256.0;
        std::vector<TimelineSpan> ours;
        std::vector<TimelineSpan> expected;
        for (std::size_t lane = 0; lane < index.lanes().size(); ++lane) {
            QCOMPARE(timeline->lanes()[lane].rank, index.lanes()[lane].rank);
            QCOMPARE(timeline->lanes()[lane].depth, index.lanes()[lane].depth);
            QCOMPARE(timeline->lane(index.lanes()[lane].rank, index.lanes()[lane].depth),
                     index.lane(index.lanes()[lane].rank, index.lanes()[lane].depth));
            timeline->query(lane, index.startNs(), index.endNs() + 1, width, ours);
            index.query(lane, index.startNs(), index.endNs() + 1, width, expected);
            QVERIFY(!expected.empty());
            QVERIFY2(ours == expected, qPrintable(QString("lane %1").arg(lane)));
        }
    }

    // Over the memory budget on the host: calls read on demand there, the
    // same statistics here; the host keeps the run's index, and the next
    // read comes from it with the same statistics and timeline (their zooms
    // and call trees: tst_RemoteTimeline).
    void readOnDemandOnTheHostThenFromItsIndex() {
        ProfilingResults local = readProfileFile(host_.path(), {});
        const TimelineIndex index(local);
        fillExclusiveTimes(local, index);
        QDir(host_.server().path("cache")).removeRecursively();
        std::vector<std::string> steps;
        ReadRequest request;
        request.memoryBudget = 2u << 20;
        request.control.progress = [&](double, std::string_view step) { steps.emplace_back(step); };
        const RemoteRun first = readRemote(host_.url(), request);
        QVERIFY(std::find(steps.begin(), steps.end(), "opening from its index") == steps.end());
        QCOMPARE(QDir(host_.server().path("cache/scope-viewer")).entryList(QDir::Files).size(), 1);
        steps.clear();
        const RemoteRun second = readRemote(host_.url(), request);
        QVERIFY(std::find(steps.begin(), steps.end(), "opening from its index") != steps.end());
        for (const RemoteRun* remote : {&first, &second}) {
            QCOMPARE(remote->results.rows.size(), local.rows.size());
            for (std::size_t i = 0; i < local.rows.size(); ++i)
                QCOMPARE(rowText(remote->results, remote->results.rows[i]),
                         rowText(local, local.rows[i]));
            QCOMPARE(percentilesMismatch(remote->results, local), QString());
            QCOMPARE(histogramsMismatch(remote->results, local), QString());
            QVERIFY(remote->timeline);
            QCOMPARE(remote->timeline->ranks(), index.ranks());
            QCOMPARE(remote->timeline->lanes().size(), index.lanes().size());
        }
        const double width = static_cast<double>(index.endNs() + 1 - index.startNs()) / 256.0;
        std::vector<TimelineSpan> a;
        std::vector<TimelineSpan> b;
        for (std::size_t lane = 0; lane < index.lanes().size(); ++lane) {
            first.timeline->query(lane, index.startNs(), index.endNs() + 1, width, a);
            second.timeline->query(lane, index.startNs(), index.endNs() + 1, width, b);
            QVERIFY(a == b);
        }
    }

    void summaryOnlyMovesLittle() {
        ReadRequest request;
        request.summaryOnly = true;
        const RemoteRun remote = readRemote(host_.url(), request);
        const std::size_t rows = remote.results.rows.size();
        QCOMPARE(rows, std::size_t(3 * 6));
        QVERIFY(!remote.timeline);
        // Hello, progress, heartbeats and the compressed rows (~150 bytes each raw).
        const std::uint64_t bound = 4096 + rows * 160;
        QVERIFY2(remote.bytesReceived < bound,
                 qPrintable(QString("%1 bytes >= %2").arg(remote.bytesReceived).arg(bound)));
        QVERIFY(remote.bytesReceived * 100 <
                static_cast<std::uint64_t>(QFileInfo(QString::fromStdString(host_.path())).size()));
        QVERIFY(!remote.results.eventsOnHost);
        QVERIFY(remote.results.keptPercentiles.empty());
        QVERIFY(remote.results.keptHistograms.empty());
    }

    void reportPrintsTheSameTable() {
        const QString path = QString::fromStdString(host_.path());
        const QString url = QString::fromStdString(host_.url().text());
        const QString localJson = host_.server().path("local.json");
        const QString remoteJson = host_.server().path("remote.json");
        QProcess local;
        local.start(SCOPE_REPORT_EXE, {path, "--json", localJson});
        QProcess remote;
        remote.start(SCOPE_REPORT_EXE, {url, "--json", remoteJson});
        QVERIFY(local.waitForFinished(60000) && remote.waitForFinished(60000));
        QCOMPARE(remote.exitCode(), 0);
        QCOMPARE(local.exitCode(), 0);
        const QByteArray ours = remote.readAllStandardOutput();
        QVERIFY(ours.startsWith(url.toUtf8() + '\n'));
        QCOMPARE(withoutFirstLine(ours), withoutFirstLine(local.readAllStandardOutput()));
        QCOMPARE(QString::fromUtf8(remote.readAllStandardError()), QString());
        QFile a(localJson);
        QFile b(remoteJson);
        QVERIFY(a.open(QIODevice::ReadOnly) && b.open(QIODevice::ReadOnly));
        QCOMPARE(b.readAll().replace(url.toUtf8(), path.toUtf8()), a.readAll());
    }

    void missingFileNamesTheUrl() {
        RemoteUrl missing = host_.url();
        missing.path = host_.server().path("missing.h5").toStdString();
        const Thrown error = thrown([&] { readRemote(missing, {}); });
        QCOMPARE(error.type, QStringLiteral("FileNotFoundError"));
        QVERIFY2(error.what.startsWith(QString::fromStdString(missing.text()) + ": "),
                 qPrintable(error.what));
    }

    void missingHelperNamesHostAndHelper() {
        qputenv("SCOPE_REMOTE_HELPER", "/nonexistent/scope-read-worker");
        const Thrown error = thrown([&] { readRemote(host_.url(), {}); });
        QCOMPARE(error.type, QStringLiteral("RemoteReadError"));
        QVERIFY2(error.what.contains("not found on 127.0.0.1"), qPrintable(error.what));
        QVERIFY2(error.what.contains("/nonexistent/scope-read-worker"), qPrintable(error.what));
        QVERIFY2(error.what.contains("SCOPE_REMOTE_HELPER"), qPrintable(error.what));
    }

    void helperOfAnotherVersionNamesBoth() {
        // A helper that says hello as another version, byte for byte.
        isolate::WorkerMessage hello;
        hello.kind = isolate::WorkerMessage::Kind::Hello;
        hello.text = "0.0.7-other";
        QByteArray escaped;
        for (const char c : hello.frame())
            escaped += "\\" + QByteArray::number(static_cast<unsigned char>(c), 8);
        const QString script = host_.server().path("old-helper.sh");
        QFile file(script);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write("#!/bin/sh\nprintf '" + escaped + "'\nsleep 1\n");
        file.close();
        file.setPermissions(file.permissions() | QFileDevice::ExeOwner);
        qputenv("SCOPE_REMOTE_HELPER", script.toUtf8());
        const Thrown error = thrown([&] { readRemote(host_.url(), {}); });
        QCOMPARE(error.type, QStringLiteral("RemoteReadError"));
        QVERIFY2(error.what.contains("is version 0.0.7-other"), qPrintable(error.what));
        QVERIFY2(error.what.contains(QString::fromStdString(remoteProtocolVersion())),
                 qPrintable(error.what));
        QVERIFY2(error.what.contains("127.0.0.1"), qPrintable(error.what));
    }

    // The connection cut after its first bytes (ssh's output through head -c).
    void droppedConnectionNamesHostAndFile() {
        // Killed too, as a dropped connection ends it: the helper, having
        // sent its results, would wait for zooms.
        const QString pidFile = host_.server().path("cut-ssh.pid");
        const QString script = host_.executable(
            "cut-ssh.sh", "'" + host_.sshTellingItsPid(pidFile) +
                              "' \"$@\" | { head -c 300; kill \"$(cat '" + pidFile + "')\"; }\n");
        qputenv("SCOPE_SSH_COMMAND", script.toUtf8());
        const Thrown error = thrown([&] { readRemote(host_.url(), {}); });
        QCOMPARE(error.type, QStringLiteral("RemoteReadError"));
        QVERIFY2(error.what.contains("connection to 127.0.0.1 dropped while reading " +
                                     QString::fromStdString(host_.path())),
                 qPrintable(error.what));
    }

    void refusedConnectionSaysSo() {
        RemoteUrl nowhere = host_.url();
        nowhere.port = 1;
        const Thrown error = thrown([&] { readRemote(nowhere, {}); });
        QCOMPARE(error.type, QStringLiteral("RemoteReadError"));
        QVERIFY2(error.what.startsWith(QString::fromStdString(nowhere.text()) + ": connecting: "),
                 qPrintable(error.what));
        QVERIFY2(error.what.contains("refused"), qPrintable(error.what));
    }

    void cancelStopsTheRead() {
        std::atomic<bool> cancel{true};
        ReadRequest request;
        request.control.cancel = &cancel;
        QCOMPARE(thrown([&] { readRemote(host_.url(), request); }).type,
                 QStringLiteral("ReadCancelled"));
    }

private:
    testing::RemoteTestHost host_;
};

QTEST_GUILESS_MAIN(TestRemoteReader)
#include "tst_RemoteReader.moc"
