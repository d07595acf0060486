// SPDX-License-Identifier: GPL-3.0-or-later
// scope-report --lanes and --call-tree on a run with thread/task lanes
// (LaneSpecs::threadsAndTasks), against values worked out by hand; and files
// without lane columns, whose output is unchanged.
#include "FixtureWriter.h"
#include "LaneSpecs.h"
#include "SampleSpecs.h"
#include "ScopeReportRunner.h"

#include <QtTest>

#include <map>
#include <tuple>

using namespace scope::fixtures;
using namespace scope::testing;

namespace {

// "  <label>  <rank>  <key>  <calls>  <top-level>  <await>" as printAligned lays it out.
QString laneLine(const QString& label, const QString& rank, const QString& key,
                 const QString& calls, const QString& top, const QString& await) {
    return "  " + label.leftJustified(31) + "  " + rank.rightJustified(4) + "  " +
           key.rightJustified(3) + "  " + calls.rightJustified(5) + "  " + top.rightJustified(9) +
           "  " + await.rightJustified(6);
}

} // namespace

class TestScopeReportLanes : public QObject {
    Q_OBJECT
    QTemporaryDir dir_;
    QString lanes_;
    QString plain_;

private slots:
    void initTestCase() {
        QVERIFY(dir_.isValid());
        lanes_ = dir_.filePath("lanes.h5");
        FixtureWriter::write(LaneSpecs::threadsAndTasks(3), lanes_.toStdString());
        plain_ = dir_.filePath("plain.h5");
        FixtureWriter::write(SampleSpecs::standard(3), plain_.toStdString());
    }

    void jsonLanes() {
        const Run run = runReport({"--lanes", "--json", "-", lanes_});
        QCOMPARE(run.exitCode, 0);
        QVERIFY2(run.err.isEmpty(), run.err.constData());
        const QJsonArray lanes = parseJson(run.out)["files"][0]["lanes"].toArray();
        QCOMPARE(lanes.size(), 10);
        // rank, lane -> label, calls, root ns, await ns
        const std::map<std::pair<int, int>, std::tuple<QString, int, int, int>> expected{
            {{0, -4}, {"worker-2", 1, 100, 0}},
            {{0, -3}, {"worker-1", 3, 700, 0}},
            {{0, -2}, {"MainThread", 2, 1000, 0}},
            {{0, 0}, {"Task-1 (crawl) on worker-2", 1, 190, 100}},
            {{0, 1}, {"Task-2 (fetch_page) on worker-2", 2, 350, 250}},
        };
        for (int i = 0; i < lanes.size(); ++i) {
            const QJsonObject lane = lanes[i].toObject();
            QCOMPARE(lane.keys(), (QStringList{"await_seconds", "calls", "label", "lane", "rank",
                                               "root_seconds"}));
            const int rank = lane["rank"].toInt();
            QCOMPARE(rank, i / 5);
            const auto& [label, calls, rootNs, awaitNs] = expected.at({0, lane["lane"].toInt()});
            QCOMPARE(lane["label"].toString(), label);
            QCOMPARE(lane["calls"].toInt(), calls);
            QVERIFY(nearlyEqual(lane["root_seconds"].toDouble(), rootNs * 1e-9));
            QVERIFY(nearlyEqual(lane["await_seconds"].toDouble(), awaitNs * 1e-9));
        }
        const Run one = runReport({"--lanes", "--ranks", "1", "--json", "-", lanes_});
        const QJsonArray rankOne = parseJson(one.out)["files"][0]["lanes"].toArray();
        QCOMPARE(rankOne.size(), 5);
        QCOMPARE(rankOne[0]["rank"].toInt(), 1);
    }

    void textLanes() {
        const Run run = runReport({"--lanes", "--ranks", "0", lanes_});
        QCOMPARE(run.exitCode, 0);
        const QStringList lines = nonEmptyLines(run.out);
        const auto heading = lines.indexOf("  thread/task lanes:");
        QVERIFY2(heading > 0, run.out.constData());
        const QStringList expected{
            laneLine("lane", "rank", "key", "calls", "top-level", "await"),
            laneLine("worker-2", "0", "-4", "1", "100 ns", "0 s"),
            laneLine("worker-1", "0", "-3", "3", "700 ns", "0 s"),
            laneLine("MainThread", "0", "-2", "2", "1.00 µs", "0 s"),
            laneLine("Task-1 (crawl) on worker-2", "0", "0", "1", "190 ns", "100 ns"),
            laneLine("Task-2 (fetch_page) on worker-2", "0", "1", "2", "350 ns", "250 ns"),
        };
        QCOMPARE(lines.mid(heading + 1), expected);
    }

    // Nested per lane: worker-2's compute is a root, no overlap is reported.
    void callTreePerLane() {
        const Run run = runReport({"--call-tree", "--json", "-", lanes_});
        QCOMPARE(run.exitCode, 0);
        QVERIFY2(run.err.isEmpty(), run.err.constData());
        // path -> calls, inclusive ns, exclusive ns (both ranks)
        const std::map<QString, std::tuple<int, int, int>> expected{
            {"main", {2, 2000, 200}},     {"main > join", {2, 1800, 1800}},
            {"compute", {6, 1600, 1000}}, {"compute > Löser-ε", {2, 600, 600}},
            {"fetch", {4, 1080, 960}},    {"fetch > parse", {2, 120, 120}},
        };
        const QJsonArray entries = parseJson(run.out)["files"][0]["call_tree"].toArray();
        QCOMPARE(entries.size(), static_cast<qsizetype>(expected.size()));
        for (const QJsonValue& value : entries) {
            QStringList path;
            for (const QJsonValue& name : value["path"].toArray())
                path << name.toString();
            const auto it = expected.find(path.join(" > "));
            QVERIFY2(it != expected.end(), qPrintable(path.join(" > ")));
            const auto& [calls, inclusive, exclusive] = it->second;
            QCOMPARE(value["calls"].toInt(), calls);
            QVERIFY(nearlyEqual(value["inclusive_seconds"].toDouble(), inclusive * 1e-9));
            QVERIFY(nearlyEqual(value["exclusive_seconds"].toDouble(), exclusive * 1e-9));
        }
    }

    void filesWithoutLanes() {
        const Run run = runReport({"--lanes", "--json", "-", plain_});
        QCOMPARE(run.exitCode, 0);
        QVERIFY(parseJson(run.out)["files"][0]["lanes"].toArray().isEmpty());
        QVERIFY(parseJson(run.out)["files"][0]["lanes"].isArray());
        const Run text = runReport({"--lanes", plain_});
        QVERIFY(text.out.contains("  none recorded (the run did not track threads"));
        // Without --lanes the layout is unchanged.
        const QJsonObject plainJson = parseJson(runReport({"--json", "-", lanes_}).out);
        QVERIFY(!plainJson["files"][0].toObject().contains("lanes"));
    }

    void withoutPerCallDataIsNull() {
        const Run run = runReport({"--lanes", "--json", "-", "v3_aggregate.h5"});
        QCOMPARE(run.exitCode, 0);
        QVERIFY(parseJson(run.out)["files"][0]["lanes"].isNull());
        QVERIFY(run.err.contains("no lanes"));
        const Run text = runReport({"--lanes", "v3_aggregate.h5"});
        QVERIFY(text.out.contains("thread/task lanes: not available"));
    }

    void rejectedWithDiff() {
        const Run run = runReport({"--lanes", "--diff", "run_serial.h5", "run_np3.h5"});
        QCOMPARE(run.exitCode, 1);
        QVERIFY(run.err.contains("--lanes cannot be combined with --diff"));
        QVERIFY(runReport({"--help"}).out.contains("--lanes"));
    }
};

QTEST_GUILESS_MAIN(TestScopeReportLanes)
#include "tst_ScopeReportLanes.moc"
