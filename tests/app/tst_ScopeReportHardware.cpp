// SPDX-License-Identifier: GPL-3.0-or-later
// scope-report's GPU columns and keys, and --likwid / --perf / --line-profile:
// the JSON equals what the fixture writer stored (and what h5dump shows of
// v3_serial.h5), the table and the printers show it, and files without such
// data keep scope-profiler's layout.
#include "FixtureWriter.h"
#include "SampleSpecs.h"
#include "ScopeReportRunner.h"

#include <QtTest>

using namespace scope::fixtures;
using namespace scope::testing;

namespace {

QJsonObject firstFile(const QByteArray& out) {
    return parseJson(out)["files"].toArray()[0].toObject();
}

// The entry of `array` with this rank and this value of `key`.
QJsonObject find(const QJsonArray& array, std::uint32_t rank, const char* key,
                 const std::string& value) {
    for (const QJsonValue& item : array) {
        const QJsonObject object = item.toObject();
        if (object["rank"].toInt() == static_cast<int>(rank) &&
            object[key].toString() == QString::fromStdString(value))
            return object;
    }
    return {};
}

template <typename T> QJsonArray numbers(const std::vector<T>& values) {
    QJsonArray array;
    for (const T value : values)
        array.append(static_cast<double>(value));
    return array;
}

// {name: [per cpu]} from a row-major [names][cpus] matrix.
QJsonObject matrix(const std::vector<std::string>& names, const std::vector<double>& values,
                   std::size_t cpus) {
    QJsonObject object;
    for (std::size_t row = 0; row < names.size(); ++row)
        object[QString::fromStdString(names[row])] = numbers(
            std::vector<double>(values.begin() + static_cast<std::ptrdiff_t>(row * cpus),
                                values.begin() + static_cast<std::ptrdiff_t>((row + 1) * cpus)));
    return object;
}

bool containsKey(const QJsonValue& value, const QString& key) {
    if (value.isObject()) {
        const QJsonObject object = value.toObject();
        if (object.contains(key))
            return true;
        for (const QJsonValue& child : object)
            if (containsKey(child, key))
                return true;
    } else if (value.isArray()) {
        for (const QJsonValue& child : value.toArray())
            if (containsKey(child, key))
                return true;
    }
    return false;
}

} // namespace

class TestScopeReportHardware : public QObject {
    Q_OBJECT

    QTemporaryDir dir_;
    QString gpuPath_;
    QString auxPath_;
    FixtureSpec aux_;

private slots:
    void initTestCase() {
        QVERIFY(dir_.isValid());
        gpuPath_ = dir_.filePath("gpu.h5");
        FixtureWriter::write(SampleSpecs::gpuRun(), gpuPath_.toStdString());
        aux_ = SampleSpecs::standard(3);
        SampleSpecs::addAuxiliary(aux_);
        auxPath_ = dir_.filePath("aux.h5");
        FixtureWriter::write(aux_, auxPath_.toStdString());
    }

    void jsonHasGpuTimeForGpuRuns() {
        const Run run = runReport({"--json", "-", gpuPath_});
        QCOMPARE(run.exitCode, 0);
        const QJsonObject regions = firstFile(run.out)["region_statistics"].toObject();
        // SampleSpecs::gpuRun: 20 + 30 ns on rank 0, 70 ns on rank 1, -1 left out.
        const QJsonObject kernel = regions["kernel"].toObject();
        QCOMPARE(kernel["gpu_count"].toInt(), 3);
        QVERIFY(nearlyEqual(kernel["gpu_total_seconds"].toDouble(), 120e-9));
        const QJsonObject perRank = kernel["per_rank"].toObject();
        QCOMPARE(perRank["0"].toObject()["gpu_count"].toInt(), 2);
        QVERIFY(nearlyEqual(perRank["0"].toObject()["gpu_total_seconds"].toDouble(), 50e-9));
        QCOMPARE(perRank["1"].toObject()["gpu_count"].toInt(), 1);
        QVERIFY(nearlyEqual(perRank["1"].toObject()["gpu_total_seconds"].toDouble(), 70e-9));
        QCOMPARE(regions["host"].toObject()["gpu_count"].toInt(), 0);
        QCOMPARE(regions["host"].toObject()["gpu_total_seconds"].toDouble(), 0.0);

        const Run rank1 = runReport({"--json", "-", "--ranks", "1", gpuPath_});
        const QJsonObject pooled =
            firstFile(rank1.out)["region_statistics"].toObject()["kernel"].toObject();
        QCOMPARE(pooled["gpu_count"].toInt(), 1);
        QVERIFY(nearlyEqual(pooled["gpu_total_seconds"].toDouble(), 70e-9));
    }

    void tableHasGpuColumnsForGpuRuns() {
        const Run run = runReport({gpuPath_});
        QCOMPARE(run.exitCode, 0);
        const QStringList lines = nonEmptyLines(run.out);
        const auto header = std::find_if(lines.begin(), lines.end(), [](const QString& line) {
            return line.trimmed().startsWith("region");
        });
        QVERIFY(header != lines.end());
        QVERIFY(header->endsWith("gpu calls  gpu total  gpu avg"));
        const auto kernel = std::find_if(lines.begin(), lines.end(), [](const QString& line) {
            return line.trimmed().startsWith("kernel");
        });
        QVERIFY(kernel != lines.end());
        QVERIFY2(kernel->simplified().endsWith("3 120 ns 40.0 ns"), qPrintable(*kernel));
        const auto host = std::find_if(lines.begin(), lines.end(), [](const QString& line) {
            return line.trimmed().startsWith("host");
        });
        QVERIFY2(host->simplified().endsWith("0 n/a n/a"), qPrintable(*host));
    }

    // The CSV has the same two GPU figures as the JSON, per rank and pooled;
    // a file without GPU data beside it leaves them empty.
    void csvHasGpuColumnsForGpuRuns() {
        const Run run = runReport({"--csv", "-", gpuPath_, "run_serial.h5"});
        QCOMPARE(run.exitCode, 0);
        QStringList lines = nonEmptyLines(run.out);
        for (QString& line : lines)
            line = line.trimmed(); // CSV lines end in CRLF
        QCOMPARE(lines.value(0), QStringLiteral("file,region,rank,count,total_s,average_s,min_s,"
                                                "max_s,std_s,gpu_count,gpu_total_s"));
        const auto row = [&lines](const QString& prefix) {
            for (const QString& line : lines)
                if (line.contains(prefix))
                    return line.split(',');
            return QStringList();
        };
        // SampleSpecs::gpuRun: 20 + 30 ns on rank 0, 70 ns on rank 1.
        const QStringList rank0 = row(QStringLiteral(",kernel,0,"));
        QCOMPARE(rank0.size(), 11);
        QCOMPARE(rank0[9], QStringLiteral("2"));
        QVERIFY(nearlyEqual(rank0[10].toDouble(), 50e-9));
        const QStringList all = row(QStringLiteral(",kernel,all,"));
        QCOMPARE(all[9], QStringLiteral("3"));
        QVERIFY(nearlyEqual(all[10].toDouble(), 120e-9));
        const QStringList serial = row(QStringLiteral("run_serial,main,all,"));
        QCOMPARE(serial.size(), 11);
        QCOMPARE(serial[9], QString());
        QCOMPARE(serial[10], QString());
        // Alone, a file without GPU data keeps scope-profiler's nine columns.
        QCOMPARE(nonEmptyLines(runReport({"--csv", "-", "run_serial.h5"}).out).value(0).trimmed(),
                 QStringLiteral("file,region,rank,count,total_s,average_s,min_s,max_s,std_s"));
    }

    void noGpuOrHardwareKeysUnlessThere() {
        // No GPU durations, no options: scope-profiler's keys only.
        const Run plain = runReport({"--json", "-", "run_serial.h5"});
        QCOMPARE(plain.exitCode, 0);
        const QJsonObject file = firstFile(plain.out);
        QVERIFY(!containsKey(file, "gpu_count"));
        QVERIFY(!containsKey(file, "gpu_total_seconds"));
        const Run aux = runReport({"--json", "-", auxPath_});
        for (const char* key : {"likwid", "perf_events", "line_profile"})
            QVERIFY(!firstFile(aux.out).contains(key));
        QVERIFY(!runReport({"run_serial.h5"}).out.contains("gpu"));
    }

    void likwidJsonEqualsTheFixture() {
        const Run run = runReport({"--json", "-", "--likwid", auxPath_});
        QCOMPARE(run.exitCode, 0);
        const QJsonArray likwid = firstFile(run.out)["likwid"].toArray();
        qsizetype regions = 0;
        for (const LikwidRankSpec& rank : aux_.likwid) {
            for (const LikwidRegionSpec& spec : rank.regions) {
                ++regions;
                const QJsonObject entry = find(likwid, rank.rank, "tag", spec.tag);
                QVERIFY2(!entry.isEmpty(), spec.tag.c_str());
                QCOMPARE(entry["group_name"].toString(), QString::fromStdString(spec.groupName));
                QCOMPARE(entry["source"].toString(), QString::fromStdString(spec.source));
                QCOMPARE(entry["cpus"].toArray(), numbers(spec.cpus));
                QCOMPARE(entry["times_seconds"].toArray(), numbers(spec.times));
                QCOMPARE(entry["call_counts"].toArray(), numbers(spec.callCounts));
                QCOMPARE(entry["events"].toObject(),
                         matrix(spec.eventNames, spec.events, spec.cpus.size()));
                QCOMPARE(entry["metrics"].toObject(),
                         matrix(spec.metricNames, spec.metrics, spec.cpus.size()));
            }
        }
        QCOMPARE(likwid.size(), regions);
        // --ranks applies: rank 2's region goes.
        const Run rank0 = runReport({"--json", "-", "--likwid", "--ranks", "0", auxPath_});
        QCOMPARE(firstFile(rank0.out)["likwid"].toArray().size(), regions - 1);
    }

    void perfJsonEqualsTheFixture() {
        const Run run = runReport({"--json", "-", "--perf", auxPath_});
        QCOMPARE(run.exitCode, 0);
        const QJsonArray perf = firstFile(run.out)["perf_events"].toArray();
        QCOMPARE(perf.size(), qsizetype(aux_.perfEvents.size()));
        for (const PerfEventSpec& spec : aux_.perfEvents) {
            const QJsonObject entry = find(perf, spec.rank, "region", spec.region);
            QVERIFY2(!entry.isEmpty(), spec.region.c_str());
            QCOMPARE(entry["calls"].toInt(), spec.calls);
            const QJsonObject events = entry["events"].toObject();
            QCOMPARE(events.size(), qsizetype(spec.eventNames.size()));
            for (std::size_t i = 0; i < spec.eventNames.size(); ++i)
                QCOMPARE(events[QString::fromStdString(spec.eventNames[i])].toDouble(),
                         static_cast<double>(spec.values[i]));
        }
        // IPC of "solve" on rank 0: 987654321 instructions / 123456789 cycles.
        const QJsonObject ratios = find(perf, 0, "region", "solve")["ratios"].toObject();
        QCOMPARE(ratios.keys(), QStringList{"IPC"});
        QVERIFY(nearlyEqual(ratios["IPC"].toDouble(), 987654321.0 / 123456789.0));
        QVERIFY(find(perf, 1, "region", "Löser-ε")["ratios"].toObject().isEmpty());
    }

    void lineProfileJsonEqualsTheFixture() {
        const Run run = runReport({"--json", "-", "--line-profile", auxPath_});
        QCOMPARE(run.exitCode, 0);
        const QJsonArray profiles = firstFile(run.out)["line_profile"].toArray();
        QCOMPARE(profiles.size(), qsizetype(aux_.lineProfiles.size()));
        for (const LineProfileSpec& spec : aux_.lineProfiles) {
            const QJsonObject entry = find(profiles, spec.rank, "function", spec.function);
            QVERIFY2(!entry.isEmpty(), spec.function.c_str());
            QCOMPARE(entry["region"].toString(), QString::fromStdString(spec.region));
            QCOMPARE(entry["filename"].toString(), QString::fromStdString(spec.filename));
            const QJsonArray lines = entry["lines"].toArray();
            QCOMPARE(lines.size(), qsizetype(spec.lineNumbers.size()));
            for (std::size_t i = 0; i < spec.lineNumbers.size(); ++i) {
                const QJsonObject line = lines[qsizetype(i)].toObject();
                QCOMPARE(line["line"].toInt(), spec.lineNumbers[i]);
                QCOMPARE(line["hits"].toInt(), spec.hits[i]);
                QVERIFY(nearlyEqual(line["time_seconds"].toDouble(), spec.times[i] * spec.unit));
            }
        }
    }

    void v3SerialHardwareAsH5dumpShowsIt_data() {
        QTest::addColumn<bool>("summaryOnly");
        QTest::newRow("events") << false;
        QTest::newRow("summary only") << true;
    }

    void v3SerialHardwareAsH5dumpShowsIt() {
        QFETCH(bool, summaryOnly);
        QStringList arguments{"--json", "-", "--likwid", "--line-profile", "v3_serial.h5"};
        if (summaryOnly)
            arguments << "--summary-only";
        const Run run = runReport(arguments);
        QCOMPARE(run.exitCode, 0);
        const QJsonObject file = firstFile(run.out);
        // h5dump -g /rank0/likwid/regions/solve tests/data/v3_serial.h5
        const QJsonObject solve = find(file["likwid"].toArray(), 0, "tag", "solve");
        QCOMPARE(solve["group_name"].toString(), QStringLiteral("CLOCK"));
        QCOMPARE(solve["cpus"].toArray(), (QJsonArray{0, 1}));
        QCOMPARE(solve["call_counts"].toArray(), (QJsonArray{6, 6}));
        QCOMPARE(solve["times_seconds"].toArray(), (QJsonArray{0.0012, 0.0011}));
        const QJsonObject events = solve["events"].toObject();
        QCOMPARE(events["INSTR_RETIRED_ANY"].toArray(), (QJsonArray{1e6, 1.1e6}));
        QCOMPARE(events["CPU_CLK_UNHALTED_CORE"].toArray(), (QJsonArray{2e6, 2.1e6}));
        const QJsonObject metrics = solve["metrics"].toObject();
        QCOMPARE(metrics["Runtime (RDTSC) [s]"].toArray(), (QJsonArray{0.0012, 0.0011}));
        QCOMPARE(metrics["CPI"].toArray(), (QJsonArray{2.0, 1.9}));
        // The tag with '/', stored as "a|b": one event, 0 x 0 metrics.
        const QJsonObject slash = find(file["likwid"].toArray(), 0, "tag", "a/b");
        QCOMPARE(slash["events"].toObject()["event_0"].toArray(), (QJsonArray{42.0}));
        QVERIFY(slash["metrics"].toObject().isEmpty());

        // /rank0/line_profile/0: unit 1e-9, times 1500, 250000, 900.
        const QJsonArray profiles = file["line_profile"].toArray();
        QCOMPARE(profiles.size(), 1);
        const QJsonObject kernel = profiles[0].toObject();
        QCOMPARE(kernel["region"].toString(), QStringLiteral("solve"));
        QCOMPARE(kernel["function"].toString(), QStringLiteral("kernel"));
        QCOMPARE(kernel["filename"].toString(), QStringLiteral("examples/solver.py"));
        const QJsonArray lines = kernel["lines"].toArray();
        QCOMPARE(lines.size(), 3);
        const double hits[] = {6, 600, 6};
        const double seconds[] = {1.5e-6, 250e-6, 0.9e-6};
        for (int i = 0; i < 3; ++i) {
            QCOMPARE(lines[i].toObject()["line"].toInt(), 21 + i);
            QCOMPARE(lines[i].toObject()["hits"].toDouble(), hits[i]);
            QVERIFY(nearlyEqual(lines[i].toObject()["time_seconds"].toDouble(), seconds[i]));
        }
    }

    void printersShowTheData() {
        const Run run = runReport({"--likwid", "--perf", "--line-profile", auxPath_});
        QCOMPARE(run.exitCode, 0);
        const QString out = QString::fromUtf8(run.out);
        QVERIFY(out.contains("LIKWID counters:"));
        QVERIFY(out.contains("perf events:"));
        QVERIFY(out.contains("line profiles:"));
        // 987654321 / 123456789 = 8.00000007.
        QVERIFY(out.contains(QRegularExpression("\\n  IPC +8\\.000\\n")));
        QVERIFY(out.contains(QRegularExpression("\\n  instructions +987654321\\n")));
        // Line 52 of "solve": 5678.25 µs (unit 1e-6) in 40 hits, 142 µs each.
        QVERIFY2(out.contains(QRegularExpression("\\n  52 +40 +5\\.68 ms +142 µs +82\\.1\\n")),
                 qPrintable(out));

        const Run none = runReport({"--likwid", "--perf", "--line-profile", "run_serial.h5"});
        QCOMPARE(QString::fromUtf8(none.out).count("none recorded"), 3);
    }

    void hardwareOptionsAreNotForDiff() {
        const Run run = runReport({"--diff", "run_serial.h5", "run_np3.h5", "--perf"});
        QCOMPARE(run.exitCode, 1);
    }
};

QTEST_GUILESS_MAIN(TestScopeReportHardware)
#include "tst_ScopeReportHardware.moc"
