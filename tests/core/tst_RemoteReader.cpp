// SPDX-License-Identifier: GPL-3.0-or-later
// Reading a run over SSH: a throwaway sshd on 127.0.0.1 (SshServer.h), our
// read helper started through it, and what arrives compared with a read of
// the same file here.
#include "CallTreeDifference.h"
#include "FixtureWriter.h"
#include "SshServer.h"
#include "SyntheticRun.h"
#include "analysis/ExclusiveTime.h"
#include "analysis/OnDemandTimeline.h"
#include "analysis/PartialTimeline.h"
#include "analysis/Percentiles.h"
#include "analysis/TimelineIndex.h"
#include "index/IndexCache.h"
#include "index/RunIndex.h"
#include "isolate/WorkerMessage.h"
#include "load/ProfileFileReader.h"
#include "model/Errors.h"
#include "remote/RemoteReader.h"
#include "remote/RemoteTimeline.h"

#include <QtTest>

#include <algorithm>
#include <atomic>
#include <csignal>
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

// A zoom far finer than the coarse levels that cross (run / 8,192): a
// 200th of the run from its middle, at 1,000 pixels.
struct Zoom {
    std::int64_t t0 = 0;
    std::int64_t t1 = 0;
    double nsPerPixel = 0.0;
};

Zoom zoomInto(const TimelineSource& index) {
    const std::int64_t run = index.endNs() - index.startNs();
    Zoom zoom;
    zoom.t0 = index.startNs() + run / 2;
    zoom.t1 = zoom.t0 + run / 200;
    zoom.nsPerPixel = static_cast<double>(zoom.t1 - zoom.t0) / 1000.0;
    return zoom;
}

// The spans of a source here, waiting for a read on demand.
bool exactHere(const TimelineSource& source, std::size_t lane, const Zoom& zoom,
               std::vector<TimelineSpan>& out) {
    const auto* onDemand = dynamic_cast<const OnDemandTimeline*>(&source);
    if (source.query(lane, zoom.t0, zoom.t1, zoom.nsPerPixel, out))
        return true;
    if (onDemand == nullptr)
        return false;
    onDemand->waitIdle();
    return source.query(lane, zoom.t0, zoom.t1, zoom.nsPerPixel, out);
}

// Every lane zoomed: first the stand-in while the host is asked, then the
// host's spans, which must be those of `here`, the same run opened here
// the same way. Empty when they are; else what differs.
QString zoomMismatch(const RemoteTimeline& remote, const TimelineSource& here,
                     std::size_t atLeastCalls = 100) {
    const Zoom zoom = zoomInto(here);
    std::atomic<int> refined{0};
    remote.setRefinedCallback([&] { ++refined; });
    std::vector<TimelineSpan> ours;
    std::vector<TimelineSpan> expected;
    for (std::size_t lane = 0; lane < here.lanes().size(); ++lane)
        if (remote.query(lane, zoom.t0, zoom.t1, zoom.nsPerPixel, ours))
            return QStringLiteral("lane %1: exact before the host was asked").arg(lane);
    remote.waitIdle();
    std::size_t calls = 0;
    for (std::size_t lane = 0; lane < here.lanes().size(); ++lane) {
        if (!remote.query(lane, zoom.t0, zoom.t1, zoom.nsPerPixel, ours))
            return QStringLiteral("lane %1: still the stand-in (%2)")
                .arg(lane)
                .arg(QString::fromStdString(remote.readError()));
        if (!exactHere(here, lane, zoom, expected))
            return QStringLiteral("lane %1: no spans here").arg(lane);
        if (ours != expected)
            return QStringLiteral("lane %1: %2 spans, here %3 (%4)")
                .arg(lane)
                .arg(ours.size())
                .arg(expected.size())
                .arg(QString::fromStdString(remote.readError()));
        calls += expected.size();
        // Under the cursor, in the middle of the lane's first call shown.
        if (!expected.empty()) {
            const std::int64_t at =
                expected.front().startNs + (expected.front().endNs - expected.front().startNs) / 2;
            const auto hit = remote.hitTest(lane, std::max(at, zoom.t0), zoom.nsPerPixel);
            const auto want = here.hitTest(lane, std::max(at, zoom.t0), zoom.nsPerPixel);
            if (hit != want)
                return QStringLiteral("lane %1: another call under the cursor").arg(lane);
        }
    }
    remote.setRefinedCallback({});
    if (calls < atLeastCalls)
        return QStringLiteral("only %1 spans in the zoom: not a test").arg(calls);
    if (refined.load() < 1)
        return QStringLiteral("the view was never told to ask again");
    return {};
}

// The call tree merged from the trees the host sent against `expected`
// (built from the calls here) for all ranks and for rank 1 alone. Empty
// when they agree.
QString callTreeMismatch(const RemoteRun& remote,
                         const std::function<CallTree(const RankSelection&)>& expected,
                         const ProfilingResults& local) {
    const auto* timeline = dynamic_cast<const RemoteTimeline*>(remote.timeline.get());
    if (timeline == nullptr || !timeline->hasCallTrees())
        return QStringLiteral("no call trees came");
    for (const RankSelection& ranks : {RankSelection(), RankSelection({1})}) {
        const QString diff =
            testing::difference(timeline->callTree(remote.results, ranks), expected(ranks), local);
        if (!diff.isEmpty())
            return QStringLiteral("ranks %1: %2")
                .arg(QString::fromStdString(ranks.toString()), diff);
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
        const QString error = server_.start();
        QVERIFY2(error.isEmpty(), qPrintable(error));
        fixtures::SyntheticRun::Shape shape;
        shape.ranks = 3;
        shape.regions = 6;
        shape.calls = 3000;
        fixtures::FixtureSpec spec = fixtures::SyntheticRun::generate(shape);
        spec.schema = 3;
        path_ = server_.path("run.h5").toStdString();
        fixtures::FixtureWriter::write(spec, path_);
        url_ = *RemoteUrl::parse(server_.url(QString::fromStdString(path_)).toStdString());
    }

    void init() {
        qputenv("SCOPE_SSH_COMMAND", server_.sshCommand().toUtf8());
        // The helper keeps its indexes in a cache folder of the test's, not
        // in the home folder of whoever runs it.
        const QString helper = server_.path("helper.sh");
        QFile file(helper);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write("#!/bin/sh\nXDG_CACHE_HOME='" + server_.path("cache").toUtf8() +
                   "' exec '" SCOPE_READ_WORKER_EXE "' \"$@\"\n");
        file.close();
        file.setPermissions(file.permissions() | QFileDevice::ExeOwner);
        qputenv("SCOPE_REMOTE_HELPER", helper.toUtf8());
    }

    void statisticsAndTimelineEqualALocalRead() {
        ProfilingResults local = readProfileFile(path_, {});
        const TimelineIndex index(local);
        fillExclusiveTimes(local, index);

        const RemoteRun remote = readRemote(url_, {});
        QCOMPARE(remote.results.path, url_.text());
        QVERIFY(!remote.results.eventsRead);
        QVERIFY(remote.results.eventsOnHost);
        QCOMPARE(remote.results.regions, local.regions);
        QCOMPARE(remote.results.numRanks, local.numRanks);
        QCOMPARE(remote.results.rows.size(), local.rows.size());
        for (std::size_t i = 0; i < local.rows.size(); ++i)
            QCOMPARE(rowText(remote.results, remote.results.rows[i]),
                     rowText(local, local.rows[i]));
        QCOMPARE(percentilesMismatch(remote.results, local), QString());

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

    // Below the coarse levels the helper answers from the calls on the
    // host, over the connection kept open, and only what was asked crosses.
    void zoomReadsTheCallsOnTheHost() {
        ProfilingResults local = readProfileFile(path_, {});
        const TimelineIndex index(local);
        const RemoteRun remote = readRemote(url_, {});
        const auto* timeline = dynamic_cast<const RemoteTimeline*>(remote.timeline.get());
        QVERIFY(timeline);
        QCOMPARE(zoomMismatch(*timeline, index), QString());
        QCOMPARE(
            callTreeMismatch(
                remote,
                [&](const RankSelection& ranks) { return CallTree::build(local, index, ranks); },
                local),
            QString());
        const std::uint64_t zoomBytes = timeline->bytesReceived() - remote.bytesReceived;
        qInfo("a zoom of %zu lanes: %llu bytes", index.lanes().size(),
              static_cast<unsigned long long>(zoomBytes));
        QVERIFY(zoomBytes > 0);
        QVERIFY2(zoomBytes * 100 <
                     static_cast<std::uint64_t>(QFileInfo(server_.path("run.h5")).size()),
                 qPrintable(QString::number(zoomBytes)));
        // Asked again, it is answered here.
        std::vector<TimelineSpan> spans;
        const Zoom zoom = zoomInto(index);
        QVERIFY(timeline->query(0, zoom.t0, zoom.t1, zoom.nsPerPixel, spans));
        QCOMPARE(timeline->bytesReceived() - remote.bytesReceived, zoomBytes);
        QCOMPARE(timeline->readError(), std::string());
    }

    // The connection killed after the results: a zoom keeps the stand-in
    // and says why, naming host and file.
    void droppedConnectionDuringAZoomNamesHostAndFile() {
        const QString pidFile = server_.path("ssh.pid");
        qputenv("SCOPE_SSH_COMMAND", sshTellingItsPid(pidFile).toUtf8());
        ProfilingResults local = readProfileFile(path_, {});
        const TimelineIndex index(local);
        const RemoteRun remote = readRemote(url_, {});
        const auto* timeline = dynamic_cast<const RemoteTimeline*>(remote.timeline.get());
        QVERIFY(timeline);
        QFile pid(pidFile);
        QVERIFY(pid.open(QIODevice::ReadOnly));
        QCOMPARE(::kill(pid.readAll().trimmed().toInt(), SIGKILL), 0);
        const Zoom zoom = zoomInto(index);
        std::vector<TimelineSpan> spans;
        QVERIFY(!timeline->query(0, zoom.t0, zoom.t1, zoom.nsPerPixel, spans));
        timeline->waitIdle();
        const QString error = QString::fromStdString(timeline->readError());
        QVERIFY2(error.contains("connection to 127.0.0.1 dropped while reading " +
                                QString::fromStdString(path_)),
                 qPrintable(error));
        // Nothing better will come: the finest coarse level stays.
        QVERIFY(timeline->query(0, zoom.t0, zoom.t1, zoom.nsPerPixel, spans));
        QVERIFY(!spans.empty());
    }

    // Over the memory budget on the host: calls read on demand there, the
    // same statistics here; the host keeps the run's index, and the next
    // read comes from it with the same statistics and timeline.
    void readOnDemandOnTheHostThenFromItsIndex() {
        ProfilingResults local = readProfileFile(path_, {});
        const TimelineIndex index(local);
        fillExclusiveTimes(local, index);
        QDir(server_.path("cache")).removeRecursively();
        std::vector<std::string> steps;
        ReadRequest request;
        request.memoryBudget = 2u << 20;
        request.control.progress = [&](double, std::string_view step) { steps.emplace_back(step); };
        const RemoteRun first = readRemote(url_, request);
        QVERIFY(std::find(steps.begin(), steps.end(), "opening from its index") == steps.end());
        QCOMPARE(QDir(server_.path("cache/scope-viewer")).entryList(QDir::Files).size(), 1);
        steps.clear();
        const RemoteRun second = readRemote(url_, request);
        QVERIFY(std::find(steps.begin(), steps.end(), "opening from its index") != steps.end());
        for (const RemoteRun* remote : {&first, &second}) {
            QCOMPARE(remote->results.rows.size(), local.rows.size());
            for (std::size_t i = 0; i < local.rows.size(); ++i)
                QCOMPARE(rowText(remote->results, remote->results.rows[i]),
                         rowText(local, local.rows[i]));
            QCOMPARE(percentilesMismatch(remote->results, local), QString());
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
        // Zooms: from the calls read on demand there, as a read in memory
        // here gives them; after the reopen from its index, from the calls
        // it opens at the first zoom, as the same index opened here gives
        // them (with this budget its windows are too dense for the calls:
        // the finest level it keeps stands in, there as here).
        const auto* firstTimeline = dynamic_cast<const RemoteTimeline*>(first.timeline.get());
        QVERIFY(firstTimeline);
        QCOMPARE(zoomMismatch(*firstTimeline, index), QString());
        const auto built = [&](const RankSelection& ranks) {
            return CallTree::build(local, index, ranks);
        };
        QCOMPARE(callTreeMismatch(first, built, local), QString());
        QCOMPARE(callTreeMismatch(second, built, local), QString());
        const auto* secondTimeline = dynamic_cast<const RemoteTimeline*>(second.timeline.get());
        QVERIFY(secondTimeline);
        std::optional<RunIndex> kept =
            IndexCache(server_.path("cache/scope-viewer").toStdString()).find(path_);
        QVERIFY(kept);
        const auto reopened = std::move(*kept).open(path_, request.memoryBudget);
        QCOMPARE(zoomMismatch(*secondTimeline, *reopened, 1), QString());
    }

    void summaryOnlyMovesLittle() {
        ReadRequest request;
        request.summaryOnly = true;
        const RemoteRun remote = readRemote(url_, request);
        const std::size_t rows = remote.results.rows.size();
        QCOMPARE(rows, std::size_t(3 * 6));
        QVERIFY(!remote.timeline);
        // Hello, progress, heartbeats and the compressed rows (~150 bytes each raw).
        const std::uint64_t bound = 4096 + rows * 160;
        QVERIFY2(remote.bytesReceived < bound,
                 qPrintable(QString("%1 bytes >= %2").arg(remote.bytesReceived).arg(bound)));
        QVERIFY(remote.bytesReceived * 100 <
                static_cast<std::uint64_t>(QFileInfo(QString::fromStdString(path_)).size()));
        QVERIFY(!remote.results.eventsOnHost);
        QVERIFY(remote.results.keptPercentiles.empty());
    }

    void reportPrintsTheSameTable() {
        const QString path = QString::fromStdString(path_);
        const QString url = QString::fromStdString(url_.text());
        const QString localJson = server_.path("local.json");
        const QString remoteJson = server_.path("remote.json");
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
        RemoteUrl missing = url_;
        missing.path = server_.path("missing.h5").toStdString();
        const Thrown error = thrown([&] { readRemote(missing, {}); });
        QCOMPARE(error.type, QStringLiteral("FileNotFoundError"));
        QVERIFY2(error.what.startsWith(QString::fromStdString(missing.text()) + ": "),
                 qPrintable(error.what));
    }

    void missingHelperNamesHostAndHelper() {
        qputenv("SCOPE_REMOTE_HELPER", "/nonexistent/scope-read-worker");
        const Thrown error = thrown([&] { readRemote(url_, {}); });
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
        const QString script = server_.path("old-helper.sh");
        QFile file(script);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write("#!/bin/sh\nprintf '" + escaped + "'\nsleep 1\n");
        file.close();
        file.setPermissions(file.permissions() | QFileDevice::ExeOwner);
        qputenv("SCOPE_REMOTE_HELPER", script.toUtf8());
        const Thrown error = thrown([&] { readRemote(url_, {}); });
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
        const QString pidFile = server_.path("cut-ssh.pid");
        const QString script = executable(
            "cut-ssh.sh", "'" + sshTellingItsPid(pidFile) +
                              "' \"$@\" | { head -c 300; kill \"$(cat '" + pidFile + "')\"; }\n");
        qputenv("SCOPE_SSH_COMMAND", script.toUtf8());
        const Thrown error = thrown([&] { readRemote(url_, {}); });
        QCOMPARE(error.type, QStringLiteral("RemoteReadError"));
        QVERIFY2(error.what.contains("connection to 127.0.0.1 dropped while reading " +
                                     QString::fromStdString(path_)),
                 qPrintable(error.what));
    }

    void refusedConnectionSaysSo() {
        RemoteUrl nowhere = url_;
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
        QCOMPARE(thrown([&] { readRemote(url_, request); }).type, QStringLiteral("ReadCancelled"));
    }

private:
    // A shell script of the test's folder; its path.
    QString executable(const QString& name, const QString& body) const {
        const QString script = server_.path(name);
        QFile file(script);
        if (!file.open(QIODevice::WriteOnly))
            qFatal("cannot write %s", qPrintable(script));
        file.write(("#!/bin/sh\n" + body).toUtf8());
        file.close();
        file.setPermissions(file.permissions() | QFileDevice::ExeOwner);
        return script;
    }

    // The test's ssh, which writes its process id to `pidFile` first.
    QString sshTellingItsPid(const QString& pidFile) const {
        return executable(QFileInfo(pidFile).completeBaseName() + "-ssh.sh",
                          "echo $$ > '" + pidFile + "'\nexec " + server_.sshCommand() +
                              " \"$@\"\n");
    }

    testing::SshServer server_;
    std::string path_;
    RemoteUrl url_;
};

QTEST_GUILESS_MAIN(TestRemoteReader)
#include "tst_RemoteReader.moc"
