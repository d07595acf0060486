// SPDX-License-Identifier: GPL-3.0-or-later
#include "HeadlessExport.h"

#include "ChartFileNames.h"
#include "ExportController.h"
#include "analysis/CallTree.h"
#include "analysis/OnDemandTimeline.h"
#include "analysis/RegionCalls.h"
#include "callpaths/FlameGraph.h"
#include "charts/RankBarChart.h"
#include "charts/RegionTotalsChart.h"
#include "charts/TimelineView.h"
#include "comparison/ComparisonBarChart.h"
#include "comparison/SpeedupChart.h"
#include "distributions/DurationOverTimeView.h"
#include "distributions/HeatmapView.h"
#include "distributions/HistogramView.h"
#include "export/DistinctLabels.h"
#include "export/RegionStatisticsJson.h"
#include "hardware/LikwidView.h"
#include "load/LoadController.h"
#include "load/RankFileRuns.h"
#include "model/ExportSelection.h"

#include <QDir>
#include <QEventLoop>
#include <QFileInfo>
#include <QSaveFile>
#include <QTextStream>
#include <qcustomplot.h>

#include <map>
#include <optional>

namespace {

// scope-report's exit statuses: 2 for a missing file, 4 for a file without
// summary data when only the summary was asked for, 3 for everything else.
HeadlessExport::Failure failureOf(LoadFailure::Kind kind) {
    switch (kind) {
    case LoadFailure::Kind::FileNotFound:
        return HeadlessExport::Failure::NotFound;
    case LoadFailure::Kind::SummaryUnavailable:
        return HeadlessExport::Failure::SummaryUnavailable;
    default:
        return HeadlessExport::Failure::Unreadable;
    }
}

// A label as part of a file name.
QString fileNameSafe(const QString& label) {
    const QString safe = ChartFileNames::safe(label);
    return safe.isEmpty() ? QStringLiteral("run") : safe;
}

} // namespace

// Writes into the directory and keeps the lists of what happened.
class HeadlessExport::Writer {
public:
    Writer(const Options& options, Outcome& outcome, QTextStream& out, QTextStream& err)
        : options_(options), outcome_(outcome), out_(out), err_(err),
          suffix_(ExportController::chartSuffix(options.format)) {}

    QString pathFor(const QString& base) const {
        return QDir(options_.directory).filePath(base + QLatin1Char('.') + suffix_);
    }

    void chart(QWidget* widget, QCustomPlot* plot, const QString& base) {
        // Widgets never shown still lay out at the export size for the plot.
        widget->resize(options_.size);
        const QString path = pathFor(base);
        QString error;
        if (ExportController::savePlot(plot, options_.format, path, options_.size.width(),
                                       options_.size.height(), 1.0, &error))
            written(path);
        else
            failed(error);
    }

    // A chart that paints itself (flame graph, heatmap).
    template <class Painted> void painted(const Painted& chart, const QString& base) {
        const QString path = pathFor(base);
        const int width = options_.size.width();
        const int height = options_.size.height();
        bool saved = false;
        if (options_.format == ChartContextMenu::ExportSvg)
            saved = chart.saveSvg(path, width, height);
        else if (options_.format == ChartContextMenu::ExportPdf)
            saved = chart.savePdf(path, width, height);
        else
            saved = chart.savePng(path, width, height, 1.0);
        if (saved)
            written(path);
        else
            failed(QStringLiteral("cannot write %1").arg(QDir::toNativeSeparators(path)));
    }

    void text(const QString& name, const std::string& contents) {
        const QString path = QDir(options_.directory).filePath(name);
        QSaveFile file(path);
        if (file.open(QIODevice::WriteOnly) &&
            file.write(contents.data(), static_cast<qint64>(contents.size())) ==
                static_cast<qint64>(contents.size()) &&
            file.commit())
            written(path);
        else
            failed(QStringLiteral("cannot write %1: %2")
                       .arg(QDir::toNativeSeparators(path), file.errorString()));
    }

    void note(const QString& message) { err_ << "scope-viewer: " << message << Qt::endl; }

private:
    void written(const QString& path) {
        outcome_.written << path;
        out_ << QDir::toNativeSeparators(path) << Qt::endl;
    }
    void failed(const QString& message) {
        outcome_.outputFailed = true;
        note(message);
    }

    const Options& options_;
    Outcome& outcome_;
    QTextStream& out_;
    QTextStream& err_;
    QString suffix_;
};

bool HeadlessExport::parseFormat(const QString& text, ChartContextMenu::Action* format) {
    for (ChartContextMenu::Action f :
         {ChartContextMenu::ExportPng, ChartContextMenu::ExportSvg, ChartContextMenu::ExportPdf})
        if (text.compare(ExportController::chartSuffix(f), Qt::CaseInsensitive) == 0) {
            *format = f;
            return true;
        }
    return false;
}

std::vector<std::shared_ptr<const RunData>>
HeadlessExport::load(const Options& options, std::vector<Failure>& failures, QTextStream& err) {
    LoadController loader;
    loader.setMemoryBudgetOverride(options.memoryBudget);
    QEventLoop loop;
    // As the window opens them: with --combine-ranks the files are one run.
    RankFileRuns rankRuns;
    const QStringList requests =
        options.combineRanks ? QStringList{rankRuns.add(options.files)} : options.files;
    std::map<quint64, int> index; // load id -> position on the command line
    std::vector<std::shared_ptr<const RunData>> runs(static_cast<std::size_t>(requests.size()));
    std::vector<std::optional<Failure>> failed(runs.size());
    int pending = 0;
    const auto finished = [&] {
        if (--pending == 0)
            loop.quit();
    };
    QObject::connect(&loader, &LoadController::loaded, &loop,
                     [&](quint64 id, std::shared_ptr<const RunData> run) {
                         runs[static_cast<std::size_t>(index[id])] = std::move(run);
                         finished();
                     });
    QObject::connect(&loader, &LoadController::failed, &loop,
                     [&](quint64 id, const QString&, const LoadFailure& failure) {
                         failed[static_cast<std::size_t>(index[id])] = failureOf(failure.kind);
                         err << "scope-viewer: " << failure.title << ": " << failure.message
                             << Qt::endl;
                         finished();
                     });
    QObject::connect(&loader, &LoadController::cancelled, &loop, [&](quint64 id, const QString&) {
        failed[static_cast<std::size_t>(index[id])] = Failure::Unreadable;
        finished();
    });
    for (int i = 0; i < requests.size(); ++i) {
        const QString& run = requests[i];
        const quint64 id = rankRuns.contains(run)
                               ? loader.loadRankFiles(rankRuns.files(run), run, options.summaryOnly)
                               : loader.load(run, options.summaryOnly);
        index[id] = i;
        ++pending;
    }
    if (pending > 0)
        loop.exec();
    std::vector<std::shared_ptr<const RunData>> loaded;
    for (std::size_t i = 0; i < runs.size(); ++i) {
        if (failed[i])
            failures.push_back(*failed[i]);
        else if (runs[i])
            loaded.push_back(runs[i]);
    }
    return loaded;
}

// The names the window gives the runs (see RunLabels): the file name, or
// the folders that tell equal file names apart.
QStringList HeadlessExport::runLabels(const std::vector<std::shared_ptr<const RunData>>& runs) {
    std::vector<std::string> paths;
    for (const auto& run : runs)
        paths.push_back(QFileInfo(run->path).absoluteFilePath().toStdString());
    QStringList labels;
    for (const std::string& label : scope::DistinctLabels::fromPaths(paths))
        labels << QString::fromStdString(label);
    return labels;
}

void HeadlessExport::exportRun(Writer& writer, const RunData& run, const QString& label,
                               const QString& suffix) {
    RegionTotalsChart totals;
    totals.setRun(run.results, label);
    writer.chart(&totals, totals.plot(), QStringLiteral("regions") + suffix);

    // The costliest region is the one whose ranks are worth looking at first.
    int costliest = -1;
    double highest = -1.0;
    for (std::size_t region = 0; region < run.results->regions.size(); ++region) {
        const scope::RegionStats stats = run.results->pooled(region);
        if (stats.count > 0 && stats.total > highest) {
            highest = stats.total;
            costliest = static_cast<int>(region);
        }
    }
    const QString ranksBase = QStringLiteral("ranks") + suffix;
    if (costliest >= 0) {
        RankBarChart ranks;
        ranks.setRun(run.results);
        ranks.setRunLabel(label);
        ranks.setStatistic(Statistic::Total);
        ranks.setRegion(costliest);
        writer.chart(&ranks, ranks.plot(), ranksBase);
    } else {
        writer.note(QStringLiteral("%1: no region has calls; %2 skipped")
                        .arg(run.path, QFileInfo(writer.pathFor(ranksBase)).fileName()));
    }

    const QString timelineBase = QStringLiteral("timeline") + suffix;
    const auto flame = [&](std::shared_ptr<const scope::CallTree> tree) {
        FlameGraph graph;
        graph.setRunLabel(label);
        graph.setTree(std::move(tree), run.results);
        writer.painted(graph, QStringLiteral("flame") + suffix);
    };
    // A run read on demand draws its whole-run timeline from the pyramid in
    // memory (exact at that zoom) and its flame graph from the per-rank call
    // trees kept beside it.
    if (run.readOnDemand() && run.canDrawTimeline()) {
        TimelineView timeline;
        timeline.setRun(run.results, run.timeline);
        timeline.setRunLabel(label);
        writer.chart(&timeline, timeline.plot(), timelineBase);
        if (const auto onDemand = run.onDemandTimeline())
            flame(std::make_shared<const scope::CallTree>(onDemand->callTree()));
        else
            writer.note(
                QStringLiteral("%1: %2 skipped: its calls exceed the memory budget")
                    .arg(run.path,
                         QFileInfo(writer.pathFor(QStringLiteral("flame") + suffix)).fileName()));
    } else if (run.hasEvents()) {
        TimelineView timeline;
        timeline.setRun(run.results, run.timeline);
        timeline.setRunLabel(label);
        writer.chart(&timeline, timeline.plot(), timelineBase);
        flame(std::make_shared<const scope::CallTree>(
            scope::CallTree::build(*run.results, *run.index())));
    } else {
        writer.note(QStringLiteral("%1: %2 and %3 skipped: the per-call events were not read (%4)")
                        .arg(run.path, QFileInfo(writer.pathFor(timelineBase)).fileName(),
                             QFileInfo(writer.pathFor(QStringLiteral("flame") + suffix)).fileName(),
                             run.results->layout == scope::StorageLayout::Aggregate
                                 ? QStringLiteral("aggregate file")
                                 : QStringLiteral("summary only")));
    }
    exportDistributions(writer, run, label, suffix, costliest);
}

void HeadlessExport::exportDistributions(Writer& writer, const RunData& run, const QString& label,
                                         const QString& suffix, int costliest) {
    // The charts of single calls' durations, for the costliest region.
    const QString histogramBase = QStringLiteral("histogram") + suffix;
    const QString overTimeBase = QStringLiteral("duration_over_time") + suffix;
    if (run.results && scope::hasCallData(*run.results) && costliest >= 0) {
        HistogramView histogram;
        histogram.setRunLabel(label);
        histogram.setRun(run.results);
        histogram.setRegion(costliest);
        histogram.finishReading(); // calls read on demand come from a worker
        writer.chart(&histogram, histogram.plot(), histogramBase);
        DurationOverTimeView overTime;
        overTime.setRunLabel(label);
        overTime.setRun(run.results);
        overTime.setRegion(costliest);
        overTime.finishReading();
        writer.chart(&overTime, overTime.plot(), overTimeBase);
    } else {
        writer.note(QStringLiteral("%1: %2 and %3 skipped: %4")
                        .arg(run.path, QFileInfo(writer.pathFor(histogramBase)).fileName(),
                             QFileInfo(writer.pathFor(overTimeBase)).fileName(),
                             costliest < 0 ? QStringLiteral("no region has calls")
                                           : QStringLiteral("they need the durations of single "
                                                            "calls, which were not read")));
    }

    // Summary statistics are enough for these.
    HeatmapView heatmap;
    heatmap.setRunLabel(label);
    heatmap.setRun(run.results);
    writer.painted(heatmap, QStringLiteral("heatmap") + suffix);
    if (LikwidView::hasData(*run.results)) {
        // The roofline says most at a glance; without FLOP rate and bandwidth
        // the first metric across the group's regions.
        LikwidView likwid;
        likwid.setRun(run.results);
        likwid.showChart(likwid.rooflineAvailable() ? 1 : 0);
        writer.chart(&likwid, likwid.plot(), QStringLiteral("likwid") + suffix);
    }
}

HeadlessExport::Outcome HeadlessExport::run(const Options& options, QTextStream& out,
                                            QTextStream& err) {
    Outcome outcome;
    Writer writer(options, outcome, out, err);
    if (!QDir().mkpath(options.directory)) {
        writer.note(QStringLiteral("cannot create the directory %1")
                        .arg(QDir::toNativeSeparators(options.directory)));
        outcome.outputFailed = true;
        return outcome;
    }
    const std::vector<std::shared_ptr<const RunData>> runs = load(options, outcome.failures, err);
    if (runs.empty()) {
        writer.note(QStringLiteral("no file could be read; nothing exported"));
        return outcome;
    }
    std::vector<const scope::ProfilingResults*> results;
    for (const auto& run : runs)
        results.push_back(run->results.get());
    const QStringList labels = runLabels(runs);
    const bool several = runs.size() >= 2;

    // One file keeps the names batch scripts expect (regions.png); with
    // several, every run gets its own charts, named after its label.
    QStringList used;
    for (std::size_t i = 0; i < runs.size(); ++i) {
        const QString label = labels[static_cast<qsizetype>(i)];
        QString suffix;
        if (several) {
            suffix = QLatin1Char('-') + fileNameSafe(label);
            // Labels are distinct, but making them safe can merge two ("a b", "a_b").
            const QString safe = suffix;
            for (int n = 2; used.contains(suffix); ++n)
                suffix = safe + QLatin1Char('-') + QString::number(n);
            used << suffix;
        }
        exportRun(writer, *runs[i], label, suffix);
    }

    if (several) {
        ComparisonBarChart bars;
        bars.setRuns(results, labels);
        if (bars.hasBars())
            writer.chart(&bars, bars.plot(), QStringLiteral("comparison"));
        else
            writer.note(QStringLiteral("comparison chart skipped: %1").arg(bars.message()));
        SpeedupChart speedup;
        speedup.setRuns(results);
        if (speedup.hasCurves())
            writer.chart(&speedup, speedup.plot(), QStringLiteral("speedup"));
        else
            writer.note(QStringLiteral("speedup chart skipped: %1").arg(speedup.message()));
    }
    // As scope-profiler and scope-report write it: json.dumps plus a newline,
    // the runs named as in the charts.
    std::vector<std::string> jsonLabels;
    for (const QString& label : labels)
        jsonLabels.push_back(label.toStdString());
    writer.text(QStringLiteral("region_statistics.json"),
                scope::RegionStatisticsJson().write(results, jsonLabels) + '\n');
    return outcome;
}
