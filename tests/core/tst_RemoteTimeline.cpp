// SPDX-License-Identifier: GPL-3.0-or-later
// The timeline and the call tree of a run over SSH (RemoteTestHost.h): zooms
// below the coarse levels answered by the helper from the calls on the host,
// and the per-rank call trees it sends, compared with the same run read here;
// a connection killed after the results.
#include "CallTreeDifference.h"
#include "RemoteTestHost.h"
#include "analysis/OnDemandTimeline.h"
#include "analysis/TimelineIndex.h"
#include "index/IndexCache.h"
#include "index/RunIndex.h"
#include "load/ProfileFileReader.h"
#include "remote/RemoteReader.h"
#include "remote/RemoteTimeline.h"

#include <QtTest>

#include <atomic>
#include <csignal>
#include <functional>

using namespace scope;

namespace {

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

} // namespace

class TestRemoteTimeline : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() {
        if (!testing::SshServer::available())
            QSKIP("no /usr/sbin/sshd (Debian openssh-server)");
        QCOMPARE(host_.start(), QString());
    }

    void init() { host_.useOurHelper(); }

    // Below the coarse levels the helper answers from the calls on the
    // host, over the connection kept open, and only what was asked crosses.
    void zoomReadsTheCallsOnTheHost() {
        ProfilingResults local = readProfileFile(host_.path(), {});
        const TimelineIndex index(local);
        const RemoteRun remote = readRemote(host_.url(), {});
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
                     static_cast<std::uint64_t>(QFileInfo(host_.server().path("run.h5")).size()),
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
        const QString pidFile = host_.server().path("ssh.pid");
        qputenv("SCOPE_SSH_COMMAND", host_.sshTellingItsPid(pidFile).toUtf8());
        ProfilingResults local = readProfileFile(host_.path(), {});
        const TimelineIndex index(local);
        const RemoteRun remote = readRemote(host_.url(), {});
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
                                QString::fromStdString(host_.path())),
                 qPrintable(error));
        // Nothing better will come: the finest coarse level stays.
        QVERIFY(timeline->query(0, zoom.t0, zoom.t1, zoom.nsPerPixel, spans));
        QVERIFY(!spans.empty());
    }

    // Over the memory budget on the host: zooms from the calls read on
    // demand there, as a read in memory here gives them; after the reopen
    // from its index, from the calls it opens at the first zoom, as the same
    // index opened here gives them (with this budget its windows are too
    // dense for the calls: the finest level it keeps stands in, there as
    // here). The call trees, both times, as built from the calls here.
    void zoomsAndCallTreesOnDemandThenFromTheIndex() {
        const ProfilingResults local = readProfileFile(host_.path(), {});
        const TimelineIndex index(local);
        QDir(host_.server().path("cache")).removeRecursively();
        ReadRequest request;
        request.memoryBudget = 2u << 20;
        const RemoteRun first = readRemote(host_.url(), request);
        const RemoteRun second = readRemote(host_.url(), request);
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
            IndexCache(host_.server().path("cache/scope-viewer").toStdString()).find(host_.path());
        QVERIFY(kept);
        const auto reopened = std::move(*kept).open(host_.path(), request.memoryBudget);
        QCOMPARE(zoomMismatch(*secondTimeline, *reopened, 1), QString());
    }

private:
    testing::RemoteTestHost host_;
};

QTEST_GUILESS_MAIN(TestRemoteTimeline)
#include "tst_RemoteTimeline.moc"
