// SPDX-License-Identifier: GPL-3.0-or-later
// The Chrome trace and speedscope exports, parsed back as JSON: per region the
// durations add up to the statistics, per rank the speedscope events are
// balanced and ordered, and --ranks and the time window pick the right calls.
#include "HandMadeRun.h"
#include "export/ChromeTraceWriter.h"
#include "export/SpeedscopeWriter.h"
#include "format/ProfileReader.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QtTest>

#include <cmath>
#include <map>
#include <sstream>

using namespace scope;

namespace {

QJsonObject parse(const std::string& text) {
    QJsonParseError error;
    const QJsonDocument document = QJsonDocument::fromJson(QByteArray::fromStdString(text), &error);
    if (error.error != QJsonParseError::NoError)
        qWarning() << "invalid JSON at" << error.offset << error.errorString();
    return document.object();
}

QJsonObject chrome(const ProfilingResults& results, TraceExportOptions options = {}) {
    std::ostringstream out;
    ChromeTraceWriter(std::move(options)).write(out, results);
    return parse(out.str());
}

QJsonObject speedscope(const ProfilingResults& results, TraceExportOptions options = {}) {
    std::ostringstream out;
    SpeedscopeWriter(std::move(options)).write(out, results);
    return parse(out.str());
}

// Sum of "dur" (µs) per region name over the complete events.
std::map<QString, double> chromeSums(const QJsonObject& trace) {
    std::map<QString, double> sums;
    for (const QJsonValue& event : trace["traceEvents"].toArray())
        if (event["ph"].toString() == QLatin1String("X"))
            sums[event["name"].toString()] += event["dur"].toDouble();
    return sums;
}

struct Replayed {
    QString error;                        // the first broken rule, "" when the events are valid
    std::map<QString, std::int64_t> sums; // per frame name, ns
    std::map<QString, int> calls;
};

Replayed broken(const QString& error) {
    Replayed result;
    result.error = error;
    return result;
}

// Replays every profile's events as speedscope does: `at` must not go back,
// each C closes the innermost open frame and nothing stays open.
Replayed replay(const QJsonObject& file) {
    Replayed result;
    const QJsonArray frames = file["shared"]["frames"].toArray();
    for (const QJsonValue& profile : file["profiles"].toArray()) {
        if (profile["type"].toString() != QLatin1String("evented") ||
            profile["unit"].toString() != QLatin1String("nanoseconds"))
            return broken(QStringLiteral("not an evented profile in ns"));
        std::vector<std::pair<int, std::int64_t>> open;
        std::int64_t last = profile["startValue"].toInteger();
        for (const QJsonValue& event : profile["events"].toArray()) {
            const int frame = event["frame"].toInt(-1);
            const std::int64_t at = event["at"].toInteger();
            if (frame < 0 || frame >= frames.size())
                return broken(QStringLiteral("frame %1 out of range").arg(frame));
            if (at < last)
                return broken(QStringLiteral("at goes back to %1").arg(at));
            last = at;
            if (event["type"].toString() == QLatin1String("O")) {
                open.emplace_back(frame, at);
            } else {
                if (open.empty() || open.back().first != frame)
                    return broken(
                        QStringLiteral("C of frame %1 at %2 does not close the innermost frame")
                            .arg(frame)
                            .arg(at));
                const QString name = frames[frame]["name"].toString();
                result.sums[name] += at - open.back().second;
                ++result.calls[name];
                open.pop_back();
            }
        }
        if (!open.empty())
            return broken(QStringLiteral("%1 frames left open").arg(open.size()));
        if (last != profile["endValue"].toInteger())
            return broken(QStringLiteral("endValue is not the last at"));
    }
    return result;
}

QJsonObject expectedStatistics(const QString& name,
                               const QString& suffix = QStringLiteral(".region_statistics.json")) {
    QFile file(QStringLiteral(SCOPE_TEST_DATA_DIR "/") + name + suffix);
    if (!file.open(QIODevice::ReadOnly))
        return {};
    return QJsonDocument::fromJson(file.readAll())["files"][0]["region_statistics"].toObject();
}

// rank 0: main [0,100] > solve [10,60] > rhs [20,30] [40,50]; solve [70,90];
// io [92,98]; two zero-length marks at 100 (the first encloses the second);
// rank 1: fib [0,50] > fib [5,45] > fib [10,20], recursion in one region.
ProfilingResults nestedRun() {
    return makeResults({{0, "main", {{0, 100}}},
                        {0, "solve", {{10, 60}, {70, 90}}},
                        {0, "rhs", {{20, 30}, {40, 50}}},
                        {0, "io", {{92, 98}}},
                        {0, "mark", {{100, 100}, {100, 100}}},
                        {1, "fib", {{0, 50}, {5, 45}, {10, 20}}}});
}

} // namespace

class TestTraceExport : public QObject {
    Q_OBJECT
private slots:
    void chromeTraceHasOneCompleteEventPerCallInMicroseconds() {
        ProfilingResults run = nestedRun();
        run.metadata.entries.push_back({"start_time_ns", std::int64_t{-2000}});
        run.metadata.entries.push_back({"label", std::string("cg")});
        const QJsonObject trace = chrome(run);
        QCOMPARE(trace["otherData"]["label"].toString(), QStringLiteral("cg"));
        QCOMPARE(trace["otherData"]["start_time_ns"].toInteger(), -2000);
        int complete = 0;
        QStringList processes;
        for (const QJsonValue& event : trace["traceEvents"].toArray()) {
            if (event["name"].toString() == QLatin1String("process_name")) {
                processes << event["args"]["name"].toString();
                QCOMPARE(event["pid"].toInt(), processes.size() - 1);
            }
            if (event["ph"].toString() != QLatin1String("X"))
                continue;
            ++complete;
            QCOMPARE(event["tid"].toInt(), 0);
            // rhs [40,50] on rank 0: 2 µs after the run's start at -2000 ns.
            if (event["name"].toString() == QLatin1String("rhs") &&
                event["args"]["call_index"].toInt() == 1) {
                QCOMPARE(event["ts"].toDouble(), 2.04);
                QCOMPARE(event["dur"].toDouble(), 0.01);
                QCOMPARE(event["pid"].toInt(), 0);
            }
        }
        QCOMPARE(complete, 11);
        QCOMPARE(processes, QStringList({"rank 0", "rank 1"}));
        const auto sums = chromeSums(trace);
        QCOMPARE(sums.at("main"), 0.1);
        QCOMPARE(sums.at("solve"), 0.07);
        QCOMPARE(sums.at("fib"), 0.1); // 50 + 40 + 10 ns
        QCOMPARE(sums.at("mark"), 0.0);
    }

    void speedscopeNestsRecursionAndZeroLengthCalls() {
        const QJsonObject file = speedscope(nestedRun());
        QCOMPARE(file["$schema"].toString(),
                 QStringLiteral("https://www.speedscope.app/file-format-schema.json"));
        const QJsonArray profiles = file["profiles"].toArray();
        QCOMPARE(profiles.size(), 2);
        QCOMPARE(profiles[1]["name"].toString(), QStringLiteral("rank 1"));
        const Replayed replayed = replay(file);
        QVERIFY2(replayed.error.isEmpty(), qPrintable(replayed.error));
        QCOMPARE(replayed.sums.at("main"), 100);
        QCOMPARE(replayed.sums.at("solve"), 70);
        QCOMPARE(replayed.sums.at("rhs"), 20);
        QCOMPARE(replayed.sums.at("fib"), 100);
        QCOMPARE(replayed.calls.at("mark"), 2);
        // rank 1 by hand: O fib 0, O fib 5, O fib 10, C 20, C 45, C 50.
        QStringList sequence;
        for (const QJsonValue& event : profiles[1]["events"].toArray())
            sequence << event["type"].toString() + QString::number(event["at"].toInteger());
        QCOMPARE(sequence, QStringList({"O0", "O5", "O10", "C20", "C45", "C50"}));
        // The marks: O mark 100, O mark 100, C 100, C 100 after main closed at 100.
        const QJsonArray rank0 = profiles[0]["events"].toArray();
        QCOMPARE(rank0.size(), 2 * 8);
        QCOMPARE(rank0[rank0.size() - 4]["type"].toString(), QStringLiteral("O"));
        QCOMPARE(rank0[rank0.size() - 3]["type"].toString(), QStringLiteral("O"));
    }

    // A call ending after its caller cannot nest: it is cut at the caller's end.
    void speedscopeCutsACallThatOutlivesItsCaller() {
        const ProfilingResults run = makeResults({{0, "a", {{0, 10}}}, {0, "b", {{5, 15}}}});
        const Replayed replayed = replay(speedscope(run));
        QVERIFY2(replayed.error.isEmpty(), qPrintable(replayed.error));
        QCOMPARE(replayed.sums.at("a"), 10);
        QCOMPARE(replayed.sums.at("b"), 5);
    }

    void framesCarryTheSourceLocation() {
        ProfilingResults run = nestedRun();
        RowDetails details;
        details.source = {"solver.py", 42, ""};
        for (RankRegion& row : run.rows)
            if (run.regions[row.region] == "solve")
                run.setDetails(row, details);
        const QJsonObject file = speedscope(run);
        const QJsonArray frames = file["shared"]["frames"].toArray();
        QCOMPARE(frames.size(), 6);
        for (const QJsonValue& frame : frames) {
            const bool solve = frame["name"].toString() == QLatin1String("solve");
            QCOMPARE(frame["file"].toString(), solve ? QStringLiteral("solver.py") : QString());
            QCOMPARE(frame["line"].toInt(-1), solve ? 42 : -1);
        }
    }

    void namesAreEscapedUtf8() {
        const ProfilingResults run =
            makeResults({{0, "Löser-ε \"x\"\n", {{0, 10}}}, {0, std::string("bad\xff"), {{1, 2}}}});
        const auto sums = chromeSums(chrome(run));
        QCOMPARE(sums.size(), std::size_t(2));
        QCOMPARE(sums.count(QStringLiteral("Löser-ε \"x\"\n")), std::size_t(1));
        QCOMPARE(sums.count(QStringLiteral("bad\uFFFD")), std::size_t(1));
        QVERIFY(replay(speedscope(run)).error.isEmpty());
    }

    void timeWindowKeepsTheCallsOverlappingIt() {
        TraceExportOptions options;
        options.windowStartNs = 65;
        options.windowEndNs = 91;
        options.ranks = RankSelection({0});
        // By hand: main [0,100] and solve [70,90]; solve [10,60] ends before, io starts after.
        const auto sums = chromeSums(chrome(nestedRun(), options));
        QCOMPARE(sums.size(), std::size_t(2));
        QCOMPARE(sums.at("main"), 0.1);
        QCOMPARE(sums.at("solve"), 0.02);
        const Replayed replayed = replay(speedscope(nestedRun(), options));
        QVERIFY2(replayed.error.isEmpty(), qPrintable(replayed.error));
        QCOMPARE(replayed.sums.size(), std::size_t(2));
        QCOMPARE(replayed.sums.at("solve"), 20);
    }

    void sumsEqualTheStatisticsOfTheSamples_data() {
        QTest::addColumn<QString>("name");
        QTest::addColumn<QString>("suffix");
        const QString statistics = QStringLiteral(".region_statistics.json");
        QTest::newRow("np3") << "run_np3" << statistics;
        QTest::newRow("recursion") << "run_cli_cg" << statistics;
        QTest::newRow("serial") << "run_serial" << statistics;
        QTest::newRow("C API, 4 deep")
            << "c-api/capi_run_rank00000" << QStringLiteral(".expected.json");
    }
    void sumsEqualTheStatisticsOfTheSamples() {
        QFETCH(QString, name);
        QFETCH(QString, suffix);
        const ProfilingResults run =
            readH5((QStringLiteral(SCOPE_TEST_DATA_DIR "/") + name + ".h5").toStdString());
        const QJsonObject expected = expectedStatistics(name, suffix);
        QVERIFY(!expected.isEmpty());
        const auto sums = chromeSums(chrome(run));
        const Replayed replayed = replay(speedscope(run));
        QVERIFY2(replayed.error.isEmpty(), qPrintable(replayed.error));
        for (auto it = expected.begin(); it != expected.end(); ++it) {
            const QJsonValue region = it.value();
            const double seconds = region["total_duration_seconds"].toDouble();
            QVERIFY2(std::abs(sums.at(it.key()) * 1e-6 - seconds) <= 1e-9 * seconds + 1e-12,
                     qPrintable(it.key()));
            QVERIFY2(std::abs(static_cast<double>(replayed.sums.at(it.key())) * 1e-9 - seconds) <=
                         1e-12 * seconds + 1e-12,
                     qPrintable(it.key()));
            QCOMPARE(replayed.calls.at(it.key()), region["count"].toInt());
        }
    }

    void selectedRanksOnly() {
        const ProfilingResults run = readH5(SCOPE_TEST_DATA_DIR "/run_np3.h5");
        const QJsonObject expected = expectedStatistics(QStringLiteral("run_np3"));
        TraceExportOptions options;
        options.ranks = RankSelection({1});
        const QJsonObject trace = chrome(run, options);
        for (const QJsonValue& event : trace["traceEvents"].toArray())
            QCOMPARE(event["pid"].toInt(), 1);
        const auto sums = chromeSums(trace);
        const QJsonArray profiles = speedscope(run, options)["profiles"].toArray();
        QCOMPARE(profiles.size(), 1);
        QCOMPARE(profiles[0]["name"].toString(), QStringLiteral("rank 1"));
        const Replayed replayed = replay(speedscope(run, options));
        for (auto it = expected.begin(); it != expected.end(); ++it) {
            const QJsonValue region = it.value();
            const double seconds = region["per_rank"]["1"]["total_duration_seconds"].toDouble();
            // A region without calls on rank 1 has no events at all.
            const double chromeUs = sums.contains(it.key()) ? sums.at(it.key()) : 0.0;
            const std::int64_t speedscopeNs =
                replayed.sums.contains(it.key()) ? replayed.sums.at(it.key()) : 0;
            QVERIFY2(std::abs(chromeUs * 1e-6 - seconds) <= 1e-9 * seconds + 1e-12,
                     qPrintable(it.key()));
            QCOMPARE(static_cast<double>(speedscopeNs) * 1e-9, seconds);
        }
    }

    void cancellingStopsAndSaysSo() {
        std::atomic<bool> cancel = true;
        TraceExportOptions options;
        options.cancel = &cancel;
        std::ostringstream out;
        QVERIFY(ChromeTraceWriter(options).write(out, nestedRun()).cancelled);
        QVERIFY(SpeedscopeWriter(options).write(out, nestedRun()).cancelled);
        cancel = false;
        double reported = 0;
        options.progress = [&](double fraction) { reported = fraction; };
        QVERIFY(!SpeedscopeWriter(options).write(out, nestedRun()).cancelled);
        QCOMPARE(reported, 1.0);
    }

    void aFailingStreamThrows() {
        std::ostringstream out;
        out.setstate(std::ios::badbit);
        QVERIFY_THROWS_EXCEPTION(std::runtime_error, ChromeTraceWriter().write(out, nestedRun()));
        QVERIFY_THROWS_EXCEPTION(std::runtime_error, SpeedscopeWriter().write(out, nestedRun()));
    }
};

QTEST_GUILESS_MAIN(TestTraceExport)
#include "tst_TraceExport.moc"
