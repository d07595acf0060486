// SPDX-License-Identifier: GPL-3.0-or-later
// `scope-viewer --export-dir` as a batch job runs it: the real binary, no
// display, exactly the promised files, and scope-report's exit statuses.
#include "../core/SptImage.h"
#include "FixtureWriter.h"
#include "SyntheticRun.h"

#include <QDir>
#include <QFile>
#include <QImage>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

namespace {

const QString kData = QStringLiteral(SCOPE_TEST_DATA_DIR);

struct Result {
    int exitCode = -1;
    QString out;
    QString err;
    QStringList files; // names in the export directory, sorted
};

QString sample(const QString& name) {
    return kData + QLatin1Char('/') + name;
}

// Share of an image's pixels (every second in each direction) that differ from its corner.
double drawnShare(const QString& path) {
    const QImage image(path);
    if (image.isNull())
        return 0.0;
    const QColor background = image.pixelColor(0, 0);
    qint64 drawn = 0;
    qint64 all = 0;
    for (int y = 0; y < image.height(); y += 2)
        for (int x = 0; x < image.width(); x += 2, ++all)
            drawn += image.pixelColor(x, y) != background ? 1 : 0;
    return static_cast<double>(drawn) / static_cast<double>(all);
}

} // namespace

class TestHeadlessExport : public QObject {
    Q_OBJECT
private slots:
    void oneFileWritesItsCharts();
    void twoFilesAddTheComparison();
    void runsOfTheSameNameKeepTheirCharts();
    void combineRanksMakesOneRun();
    void tenThousandRegions();
    void perRegionChartsShowTheHeaviestRegion();
    void summaryOnlySkipsTheTimeline();
    void svgFormat();
    void missingFileExitsWithTwo();
    void corruptFileExitsWithThree();
    void badFormatIsAUsageError();
    void aRunReadOnDemandIsExportedFromItsIndexTheSecondTime();

private:
    Result exportTo(const QString& directory, const QStringList& arguments,
                    const QString& cacheFolder = {});
    QTemporaryDir dir_;
};

Result TestHeadlessExport::exportTo(const QString& directory, const QStringList& arguments,
                                    const QString& cacheFolder) {
    QProcess process;
    // No display on purpose: the export must not need one.
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    // Indexes are kept in the test's folder, not in the user's cache.
    environment.insert(QStringLiteral("XDG_CACHE_HOME"),
                       cacheFolder.isEmpty() ? dir_.filePath(QStringLiteral("cache"))
                                             : cacheFolder);
    environment.remove(QStringLiteral("QT_QPA_PLATFORM"));
    environment.remove(QStringLiteral("DISPLAY"));
    environment.remove(QStringLiteral("WAYLAND_DISPLAY"));
    process.setProcessEnvironment(environment);
    process.start(QStringLiteral(SCOPE_VIEWER_EXE),
                  QStringList{QStringLiteral("--export-dir"), directory} + arguments);
    Result result;
    if (!process.waitForFinished(120000))
        return result;
    result.exitCode = process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1;
    result.out = QString::fromUtf8(process.readAllStandardOutput());
    result.err = QString::fromUtf8(process.readAllStandardError());
    result.files = QDir(directory).entryList(QDir::Files, QDir::Name);
    return result;
}

void TestHeadlessExport::oneFileWritesItsCharts() {
    const QString out = dir_.filePath(QStringLiteral("one"));
    const Result result = exportTo(out, {sample("run_np3.h5")});
    QVERIFY2(result.exitCode == 0, qPrintable(result.err));
    QCOMPARE(result.files,
             QStringList({"duration_over_time.png", "flame.png", "heatmap.png", "histogram.png",
                          "ranks.png", "region_statistics.json", "regions.png", "timeline.png"}));
    // One line per written file.
    QCOMPARE(result.out.trimmed().split('\n').size(), 8);
    for (const QString& name : result.files.filter(QStringLiteral(".png"))) {
        const QSize size = QImage(QDir(out).filePath(name)).size();
        // The regions chart and the flame graph are as tall as their content:
        // 8 bars, a tree 4 deep.
        if (name == QStringLiteral("regions.png") || name == QStringLiteral("flame.png")) {
            QCOMPARE(size.width(), 1600);
            QVERIFY2(size.height() > 80 && size.height() < 450,
                     qPrintable(QStringLiteral("%1: %2").arg(name).arg(size.height())));
        } else {
            QCOMPARE(size, QSize(1600, 900));
        }
        QVERIFY2(drawnShare(QDir(out).filePath(name)) > 0.01, qPrintable(name));
    }
    QFile json(QDir(out).filePath("region_statistics.json"));
    QVERIFY(json.open(QIODevice::ReadOnly));
    const QJsonObject root = QJsonDocument::fromJson(json.readAll()).object();
    QCOMPARE(root["files"].toArray().size(), 1);
    QCOMPARE(root["files"].toArray()[0].toObject()["num_ranks"].toInt(), 3);
}

void TestHeadlessExport::twoFilesAddTheComparison() {
    const QString out = dir_.filePath(QStringLiteral("two"));
    const Result result = exportTo(out, {sample("run_serial.h5"), sample("run_np3.h5")});
    QVERIFY2(result.exitCode == 0, qPrintable(result.err));
    // Every run gets its charts, named after it.
    QCOMPARE(result.files,
             QStringList({"comparison.png", "duration_over_time-run_np3.png",
                          "duration_over_time-run_serial.png", "flame-run_np3.png",
                          "flame-run_serial.png", "heatmap-run_np3.png", "heatmap-run_serial.png",
                          "histogram-run_np3.png", "histogram-run_serial.png", "ranks-run_np3.png",
                          "ranks-run_serial.png", "region_statistics.json", "regions-run_np3.png",
                          "regions-run_serial.png", "speedup.png", "timeline-run_np3.png",
                          "timeline-run_serial.png", "what_changed.md", "what_changed.png"}));
    QCOMPARE(result.out.trimmed().split('\n').size(), 19);
    for (const QString& name : result.files.filter(QStringLiteral(".png"))) {
        const QSize size = QImage(QDir(out).filePath(name)).size();
        if (name.startsWith(QStringLiteral("regions-")) ||
            name.startsWith(QStringLiteral("flame-")) || name == QStringLiteral("what_changed.png"))
            QVERIFY2(size.width() == 1600 && size.height() < 900, qPrintable(name));
        else
            QCOMPARE(size, QSize(1600, 900));
        // run_serial's costliest region, main, has one call: one thin bar.
        const double least = name == QStringLiteral("histogram-run_serial.png") ? 0.001 : 0.01;
        QVERIFY2(drawnShare(QDir(out).filePath(name)) > least, qPrintable(name));
    }
    // Not one run's charts twice.
    for (const QString& chart : {QStringLiteral("regions"), QStringLiteral("ranks"),
                                 QStringLiteral("timeline"), QStringLiteral("histogram"),
                                 QStringLiteral("duration_over_time"), QStringLiteral("heatmap")})
        QVERIFY2(QImage(QDir(out).filePath(chart + "-run_np3.png")) !=
                     QImage(QDir(out).filePath(chart + "-run_serial.png")),
                 qPrintable(chart));
    QFile json(QDir(out).filePath("region_statistics.json"));
    QVERIFY(json.open(QIODevice::ReadOnly));
    const QJsonArray files = QJsonDocument::fromJson(json.readAll()).object()["files"].toArray();
    QCOMPARE(files.size(), 2);
    QCOMPARE(files[0].toObject()["label"].toString(), QStringLiteral("run_serial"));
}

void TestHeadlessExport::combineRanksMakesOneRun() {
    // A trace of rank 1 and an HDF5 file of rank 0, whose names do not pair:
    // one run when asked, as in the window.
    const QString out = dir_.filePath(QStringLiteral("combined"));
    const Result result =
        exportTo(out, {QStringLiteral("--combine-ranks"), sample("c-api/capi_trace_rank00001.spt"),
                       sample("c-api/capi_run_rank00000.h5")});
    QVERIFY2(result.exitCode == 0, qPrintable(result.err));
    QVERIFY2(!result.files.contains(QStringLiteral("comparison.png")),
             qPrintable(result.files.join(' ')));
    QVERIFY(result.files.contains(QStringLiteral("timeline.png")));
    QFile json(QDir(out).filePath("region_statistics.json"));
    QVERIFY(json.open(QIODevice::ReadOnly));
    const QJsonArray files = QJsonDocument::fromJson(json.readAll()).object()["files"].toArray();
    QCOMPARE(files.size(), 1);
    QCOMPARE(files[0].toObject()["num_ranks"].toInt(), 2);
}

void TestHeadlessExport::tenThousandRegions() {
    // Took over 200 s: a bar, and a legend entry, per region, which
    // QCustomPlot tears down in quadratic time. Now the 30 costliest and one
    // bar for the rest.
    scope::testing::SptImage trace;
    for (int i = 0; i < 10'000; ++i)
        trace.add(scope::testing::SptRecord(QStringLiteral("region%1").arg(i).toStdString(),
                                            {100 * i}, {100 * i + 5 + i % 7}));
    const QString file = dir_.filePath(QStringLiteral("many.spt"));
    QVERIFY(trace.save(file));
    const QString out = dir_.filePath(QStringLiteral("many"));
    const Result result = exportTo(out, {file});
    QVERIFY2(result.exitCode == 0, qPrintable(result.err));
    QVERIFY(result.files.contains(QStringLiteral("regions.png")));
    // Thirty bars and one for the other 9,970 regions: taller than a chart
    // of eight (run_np3), no taller than the others.
    const int height = QImage(QDir(out).filePath("regions.png")).height();
    const Result few = exportTo(dir_.filePath(QStringLiteral("few")), {sample("run_np3.h5")});
    QVERIFY2(few.exitCode == 0, qPrintable(few.err));
    const int fewHeight = QImage(dir_.filePath(QStringLiteral("few/regions.png"))).height();
    QVERIFY2(fewHeight + 23 * 20 <= height,
             qPrintable(QStringLiteral("%1 vs %2").arg(fewHeight).arg(height)));
    QVERIFY(height <= 900);
}

void TestHeadlessExport::perRegionChartsShowTheHeaviestRegion() {
    // main contains the run (100 µs) but has 30 µs of its own; "hot" has
    // 60 µs in one call, "chatty" 10 µs in 100. By total time the charts
    // showed main; by exclusive time they show hot.
    scope::testing::SptImage trace;
    trace.add(scope::testing::SptRecord("main", {0}, {100'000}));
    trace.add(scope::testing::SptRecord("hot", {1'000}, {61'000}));
    std::vector<std::int64_t> starts;
    std::vector<std::int64_t> ends;
    for (int i = 0; i < 100; ++i) {
        starts.push_back(70'000 + 200 * i);
        ends.push_back(70'000 + 200 * i + 100);
    }
    trace.add(scope::testing::SptRecord("chatty", starts, ends));
    const QString file = dir_.filePath(QStringLiteral("nested.spt"));
    QVERIFY(trace.save(file));
    const QString out = dir_.filePath(QStringLiteral("nested"));
    const Result result =
        exportTo(out, {QStringLiteral("--export-format"), QStringLiteral("svg"), file});
    QVERIFY2(result.exitCode == 0, qPrintable(result.err));
    for (const QString& chart :
         {QStringLiteral("histogram.svg"), QStringLiteral("duration_over_time.svg")}) {
        QFile svg(QDir(out).filePath(chart));
        QVERIFY2(svg.open(QIODevice::ReadOnly), qPrintable(chart));
        const QByteArray text = svg.readAll();
        QVERIFY2(text.contains("of hot"), qPrintable(chart));
        QVERIFY2(!text.contains("of main"), qPrintable(chart));
    }
}

void TestHeadlessExport::runsOfTheSameNameKeepTheirCharts() {
    // Two runs' profiling_data.h5, as scope-profiler names them, in their own folders.
    QTemporaryDir runs;
    for (const auto& [run, file] :
         {std::pair("runA", "run_serial.h5"), std::pair("runB", "run_np3.h5")}) {
        QVERIFY(QDir(runs.path()).mkpath(run));
        QVERIFY(QFile::copy(sample(file),
                            runs.filePath(QStringLiteral("%1/profiling_data.h5").arg(run))));
    }
    const QString out = dir_.filePath(QStringLiteral("same"));
    const Result result = exportTo(
        out, {runs.filePath("runA/profiling_data.h5"), runs.filePath("runB/profiling_data.h5")});
    QVERIFY2(result.exitCode == 0, qPrintable(result.err));
    // Labels "runA/profiling_data" and "runB/profiling_data", as the window
    // names them, the slash made safe.
    for (const QString& chart : {QStringLiteral("regions"), QStringLiteral("ranks"),
                                 QStringLiteral("timeline"), QStringLiteral("flame")}) {
        QVERIFY2(result.files.contains(chart + "-runA_profiling_data.png"), qPrintable(chart));
        QVERIFY2(result.files.contains(chart + "-runB_profiling_data.png"), qPrintable(chart));
    }
    // And what_changed.png and .md.
    QCOMPARE(result.files.size(), 19);
    QFile json(QDir(out).filePath("region_statistics.json"));
    QVERIFY(json.open(QIODevice::ReadOnly));
    const QByteArray text = json.readAll();
    QVERIFY(text.contains("\"label\": \"runA/profiling_data\""));
    QVERIFY(text.contains("\"label\": \"runB/profiling_data\""));
}

void TestHeadlessExport::summaryOnlySkipsTheTimeline() {
    const QString out = dir_.filePath(QStringLiteral("summary"));
    const Result result = exportTo(out, {QStringLiteral("--summary-only"), sample("v3_serial.h5")});
    QVERIFY2(result.exitCode == 0, qPrintable(result.err));
    // The heatmap and the LIKWID chart need summaries only; the durations of
    // single calls are missing.
    QCOMPARE(result.files, QStringList({"heatmap.png", "likwid.png", "ranks.png",
                                        "region_statistics.json", "regions.png"}));
    QVERIFY(drawnShare(QDir(out).filePath("heatmap.png")) > 0.01);
    QVERIFY(drawnShare(QDir(out).filePath("likwid.png")) > 0.01);
    // Each skipped chart says why, on a line of its own.
    for (const QString& chart : {QStringLiteral("timeline"), QStringLiteral("flame"),
                                 QStringLiteral("histogram"), QStringLiteral("duration_over_time")})
        QVERIFY2(result.err.contains(
                     chart + QStringLiteral(".png skipped: the per-call events were not read "
                                            "(summary only)")),
                 qPrintable(result.err));
}

void TestHeadlessExport::svgFormat() {
    const QString out = dir_.filePath(QStringLiteral("svg"));
    const Result result = exportTo(out, {QStringLiteral("--export-format"), QStringLiteral("svg"),
                                         sample("run_serial.h5"), sample("run_np3.h5")});
    QVERIFY2(result.exitCode == 0, qPrintable(result.err));
    QVERIFY(result.files.contains(QStringLiteral("comparison.svg")));
    QVERIFY(result.files.contains(QStringLiteral("speedup.svg")));
    QVERIFY(result.files.contains(QStringLiteral("regions-run_serial.svg")));
    QVERIFY(result.files.contains(QStringLiteral("timeline-run_np3.svg")));
    QVERIFY(result.files.contains(QStringLiteral("flame-run_np3.svg")));
    QVERIFY(result.files.filter(QStringLiteral(".png")).isEmpty());
    QFile svg(QDir(out).filePath("speedup.svg"));
    QVERIFY(svg.open(QIODevice::ReadOnly));
    QVERIFY(svg.readAll().contains("<svg"));
}

void TestHeadlessExport::missingFileExitsWithTwo() {
    const QString out = dir_.filePath(QStringLiteral("missing"));
    const QString missing = dir_.filePath(QStringLiteral("no_such_run.h5"));
    const Result result = exportTo(out, {missing, sample("run_np3.h5")});
    QCOMPARE(result.exitCode, 2);
    QVERIFY2(result.err.contains(QStringLiteral("no_such_run.h5")), qPrintable(result.err));
    // The file that could be read is still exported, on its own.
    QCOMPARE(result.files,
             QStringList({"duration_over_time.png", "flame.png", "heatmap.png", "histogram.png",
                          "ranks.png", "region_statistics.json", "regions.png", "timeline.png"}));
}

void TestHeadlessExport::corruptFileExitsWithThree() {
    const QString corrupt = dir_.filePath(QStringLiteral("corrupt.h5"));
    QFile file(corrupt);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write(QByteArray(4096, 'x'));
    file.close();
    const Result result = exportTo(dir_.filePath(QStringLiteral("corrupt")), {corrupt});
    QCOMPARE(result.exitCode, 3);
    QVERIFY2(result.err.contains(QStringLiteral("corrupt.h5")), qPrintable(result.err));
    QVERIFY(result.files.isEmpty());
}

void TestHeadlessExport::badFormatIsAUsageError() {
    const Result result =
        exportTo(dir_.filePath(QStringLiteral("bad")),
                 {QStringLiteral("--export-format"), QStringLiteral("gif"), sample("run_np3.h5")});
    QCOMPARE(result.exitCode, 1);
    QVERIFY(result.err.contains(QStringLiteral("gif")));
}

// A budget of 2 MiB reads the run's 7.7 MB of calls on demand and keeps its
// index; the next export opens it from there, says so, and writes the same
// statistics and charts.
void TestHeadlessExport::aRunReadOnDemandIsExportedFromItsIndexTheSecondTime() {
    const QString run = dir_.filePath(QStringLiteral("on-demand.h5"));
    scope::fixtures::SyntheticRun::Shape shape;
    shape.ranks = 8;
    shape.calls = 20000;
    scope::fixtures::FixtureSpec spec = scope::fixtures::SyntheticRun::generate(shape);
    spec.schema = 3;
    scope::fixtures::FixtureWriter::write(spec, run.toStdString());
    const QString cache = dir_.filePath(QStringLiteral("index-cache"));
    const QStringList arguments{QStringLiteral("--memory-budget"), QStringLiteral("64M"), run};

    const QString first = dir_.filePath(QStringLiteral("first"));
    const Result read = exportTo(first, arguments, cache);
    QVERIFY2(read.exitCode == 0, qPrintable(read.err));
    QVERIFY2(read.err.contains(QStringLiteral("on-demand: index kept at ")), qPrintable(read.err));
    QCOMPARE(QDir(cache + QStringLiteral("/scope-viewer")).entryList(QDir::Files).size(), 1);

    const QString second = dir_.filePath(QStringLiteral("second"));
    const Result reopened = exportTo(second, arguments, cache);
    QVERIFY2(reopened.exitCode == 0, qPrintable(reopened.err));
    QVERIFY2(reopened.err.contains(QStringLiteral("on-demand: opened from its index")),
             qPrintable(reopened.err));
    QCOMPARE(reopened.files, read.files);
    const auto statistics = [](const QString& folder) {
        QFile json(QDir(folder).filePath(QStringLiteral("region_statistics.json")));
        return json.open(QIODevice::ReadOnly) ? json.readAll() : QByteArray();
    };
    QVERIFY(!statistics(first).isEmpty());
    QCOMPARE(statistics(second), statistics(first));

    // --no-index reads the file again.
    const Result again = exportTo(dir_.filePath(QStringLiteral("third")),
                                  QStringList{QStringLiteral("--no-index")} + arguments, cache);
    QVERIFY2(again.exitCode == 0, qPrintable(again.err));
    QVERIFY2(!again.err.contains(QStringLiteral("opened from its index")), qPrintable(again.err));
}

QTEST_GUILESS_MAIN(TestHeadlessExport)
#include "tst_HeadlessExport.moc"
