// SPDX-License-Identifier: GPL-3.0-or-later
// The Chrome trace and speedscope exports of a run with thread/task lanes
// (LaneSpecs::threadsAndTasks): a tid and a thread_name per lane, a speedscope
// profile per lane, worked out by hand; lane columns of -1 only export as
// files without them do.
#include "FixtureWriter.h"
#include "LaneSpecs.h"
#include "SampleSpecs.h"
#include "analysis/TimelineIndex.h"
#include "export/ChromeTraceWriter.h"
#include "export/SpeedscopeWriter.h"
#include "format/ProfileReader.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QtTest>

#include <map>
#include <set>
#include <sstream>

using namespace scope;
using namespace scope::fixtures;

namespace {

QJsonObject parse(const std::string& text) {
    return QJsonDocument::fromJson(QByteArray::fromStdString(text)).object();
}

} // namespace

class TestLaneExports : public QObject {
    Q_OBJECT
    QTemporaryDir dir_;
    std::string path(const QString& name) const { return dir_.filePath(name).toStdString(); }

    ProfilingResults lanesRun() {
        const std::string file = path(QStringLiteral("lanes.h5"));
        FixtureWriter::write(LaneSpecs::threadsAndTasks(3), file);
        return readH5(file);
    }

private slots:
    // Lane columns of -1 only (no thread known): one stack and one trace
    // thread per rank, as without them.
    void unknownLanesOnlyStayOneStack() {
        FixtureSpec spec = SampleSpecs::standard(3);
        spec.threadTaskColumns = true;
        const std::string file = path("unknown-lanes.h5");
        FixtureWriter::write(spec, file);
        const ProfilingResults results = readH5(file);
        QVERIFY(results.events.hasLanes());
        std::ostringstream chrome;
        ChromeTraceWriter().write(chrome, results);
        QVERIFY(chrome.str().find("thread_name") == std::string::npos);
        QVERIFY(chrome.str().find(R"("tid":1)") == std::string::npos);
        std::ostringstream speedscope;
        SpeedscopeWriter().write(speedscope, results);
        const QJsonArray profiles = parse(speedscope.str()).value("profiles").toArray();
        QCOMPARE(profiles[0].toObject().value("name").toString(), QStringLiteral("rank 0"));
        const TimelineIndex index(results);
        QCOMPARE(index.laneKeys(0), (std::vector<std::int64_t>{-1}));
    }

    void chromeTraceTidPerLane() {
        const ProfilingResults results = lanesRun();
        std::ostringstream out;
        ChromeTraceWriter().write(out, results);
        const QJsonArray events = parse(out.str()).value("traceEvents").toArray();
        std::map<std::pair<int, int>, QString> names;
        std::map<QString, std::set<int>> tidsOf; // region on rank 1 -> tids
        int complete = 0;
        for (const QJsonValue& value : events) {
            const QJsonObject e = value.toObject();
            const int pid = e.value("pid").toInt();
            const int tid = e.value("tid").toInt();
            if (e.value("name") == "thread_name")
                names[{pid, tid}] = e.value("args").toObject().value("name").toString();
            if (e.value("ph") == "X") {
                ++complete;
                if (pid == 1)
                    tidsOf[e.value("name").toString()].insert(tid);
            }
        }
        QCOMPARE(complete, 18);
        for (int rank = 0; rank < 2; ++rank) {
            QCOMPARE(names[std::pair(rank, 0)], QStringLiteral("worker-2"));
            QCOMPARE(names[std::pair(rank, 1)], QStringLiteral("worker-1"));
            QCOMPARE(names[std::pair(rank, 2)], QStringLiteral("MainThread"));
            QCOMPARE(names[std::pair(rank, 3)], QStringLiteral("Task-1 (crawl) on worker-2"));
            QCOMPARE(names[std::pair(rank, 4)], QStringLiteral("Task-2 (fetch_page) on worker-2"));
        }
        QCOMPARE(names.size(), std::size_t{10});
        QCOMPARE(tidsOf[QStringLiteral("compute")], (std::set<int>{0, 1}));
        QCOMPARE(tidsOf[QStringLiteral("Löser-ε")], (std::set<int>{1}));
        QCOMPARE(tidsOf[QStringLiteral("main")], (std::set<int>{2}));
        QCOMPARE(tidsOf[QStringLiteral("fetch")], (std::set<int>{3, 4}));
        QCOMPARE(tidsOf[QStringLiteral("parse")], (std::set<int>{4}));
    }

    void speedscopeProfilePerLane() {
        const ProfilingResults results = lanesRun();
        std::ostringstream out;
        const TraceExportResult written = SpeedscopeWriter().write(out, results);
        QCOMPARE(written.cut, std::uint64_t{0});
        const QJsonObject document = parse(out.str());
        const QJsonArray profiles = document.value("profiles").toArray();
        QCOMPARE(profiles.size(), 10);
        QCOMPARE(profiles[0].toObject().value("name").toString(),
                 QStringLiteral("rank 0: worker-2"));
        QCOMPARE(profiles[9].toObject().value("name").toString(),
                 QStringLiteral("rank 1: Task-2 (fetch_page) on worker-2"));
        const QJsonObject workerOne = profiles[1].toObject();
        QCOMPARE(workerOne.value("name").toString(), QStringLiteral("rank 0: worker-1"));
        QCOMPARE(workerOne.value("startValue").toInt(), 200);
        QCOMPARE(workerOne.value("endValue").toInt(), 950);
        const QJsonArray frames = document.value("shared").toObject().value("frames").toArray();
        QStringList got;
        for (const QJsonValue& value : workerOne.value("events").toArray()) {
            const QJsonObject e = value.toObject();
            got << QStringLiteral("%1 %2 %3")
                       .arg(e.value("type").toString(),
                            frames[e.value("frame").toInt()].toObject().value("name").toString())
                       .arg(e.value("at").toInt());
        }
        const QStringList expected{"O compute 200", "O Löser-ε 300", "C Löser-ε 600",
                                   "C compute 800", "O compute 850", "C compute 950"};
        QCOMPARE(got, expected);
    }
};

QTEST_GUILESS_MAIN(TestLaneExports)
#include "tst_LaneExports.moc"
