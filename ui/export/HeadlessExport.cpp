// SPDX-License-Identifier: GPL-3.0-or-later
#include "HeadlessExport.h"

#include "ChartFileNames.h"
#include "ExportController.h"
#include "RunChartFiles.h"
#include "analysis/HeaviestRegion.h"
#include "callpaths/FlameGraph.h"
#include "charts/PaintedSurface.h"
#include "charts/RegionTotalsChart.h"
#include "charts/TimelineSurface.h"
#include "common/RunContext.h"
#include "compare/WhatChanged.h"
#include "comparison/ComparisonBarChart.h"
#include "comparison/ComparisonSet.h"
#include "comparison/SpeedupChart.h"
#include "comparison/WhatChangedPanel.h"
#include "comparison/WhatChangedText.h"
#include "export/DistinctLabels.h"
#include "export/RegionStatisticsJson.h"
#include "load/LoadController.h"
#include "load/RankFileRuns.h"
#include "model/ExportSelection.h"
#include "run/AnalysisPages.h"

#include <QDir>
#include <QEventLoop>
#include <QFileInfo>
#include <QSaveFile>
#include <QTextStream>
#include <qcustomplot.h>

#include <map>
#include <optional>

namespace {

// A chart that draws calls read in the background is drawn again after
// waiting for them; a zoom asks once more for the finer spans it then needs.
constexpr int kWaitsForCalls = 3;

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

    // `size`: the chart's own, where it fits its content; else the options'.
    void chart(QWidget* widget, QCustomPlot* plot, const QString& base, QSize size = {}) {
        if (size.isEmpty())
            size = options_.size;
        // Widgets never shown still lay out at the export size for the plot.
        widget->resize(size);
        const QString path = pathFor(base);
        QString error;
        if (ExportController::savePlot(plot, options_.format, path, size.width(), size.height(),
                                       1.0, &error))
            written(path);
        else
            failed(error);
    }

    QSize size() const { return options_.size; }

    // A page's chart. One that sizes itself (the flame graph, as deep as its
    // tree) is given the width only: at a fixed height a shallow tree left
    // most of the image blank.
    // `calls`: the run's timeline when the chart draws spans it may read in
    // the background (a run read on demand, or opened from its index): the
    // export waits for them, as a user would before trying again.
    void save(ChartSurface& surface, const QString& base,
              const scope::TimelineSource* calls = nullptr) {
        const QString path = pathFor(base);
        const bool sizesItself =
            dynamic_cast<PaintedSurface<FlameGraph>*>(&surface) != nullptr ||
            dynamic_cast<PaintedSurface<WhatChangedPanel>*>(&surface) != nullptr;
        const QSize size = sizesItself ? QSize(options_.size.width(), 0) : options_.size;
        const auto format = RunChartFiles::format(options_.format);
        QString error;
        bool saved = surface.save(format, path, size, 1.0, &error);
        for (int tries = 0; !saved && calls != nullptr && tries < kWaitsForCalls; ++tries) {
            calls->waitIdle();
            saved = surface.save(format, path, size, 1.0, &error);
        }
        if (saved)
            written(path);
        else
            failed(error);
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
    loader.setIndexUse(options.useIndex, options.indexBeside);
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

// Why a page's chart is not written for this run ("" when it is).
QString HeadlessExport::skipReason(const RunData& run, ChartSurface& surface, int region) {
    if (!surface.offeredFor(run)) {
        if (run.readOnDemand())
            return QStringLiteral("its calls exceed the memory budget");
        if (!run.hasEvents())
            return QStringLiteral("the per-call events were not read (%1)")
                .arg(run.results->layout == scope::StorageLayout::Aggregate
                         ? QStringLiteral("aggregate file")
                         : QStringLiteral("summary only"));
    }
    const QString reason = surface.unavailable();
    return reason.isEmpty() || region >= 0 ? reason : QStringLiteral("no region has calls");
}

// The regions chart, then every page's chart as the window would show it
// with the heaviest region selected (HeaviestRegion).
void HeadlessExport::exportRun(Writer& writer, const std::shared_ptr<const RunData>& run,
                               const QString& label, const QString& suffix) {
    RegionTotalsChart totals;
    totals.setRun(run->results, label);
    writer.chart(&totals, totals.plot(), QStringLiteral("regions") + suffix,
                 QSize(writer.size().width(), totals.contentHeight()));

    QWidget host;
    RunContext context;
    const std::vector<std::unique_ptr<AnalysisPage>> pages = AnalysisPages::create(&host);
    for (const auto& page : pages)
        page->bind(&context);
    context.setLabel(label);
    context.setRun(run, {});
    const int region = scope::HeaviestRegion::of(*run->results);
    context.setRegion(region);
    for (const auto& page : pages) {
        ChartSurface* surface = page->surface();
        if (surface == nullptr || !page->shownFor(*run))
            continue;
        const QString base = surface->batchName() + suffix;
        // Widgets never shown still lay out at the export size for the plot.
        page->widget()->resize(writer.size());
        page->drawNow();
        const QString reason = skipReason(*run, *surface, region);
        if (reason.isEmpty())
            writer.save(*surface, base,
                        dynamic_cast<TimelineSurface*>(surface) ? run->timeline.get() : nullptr);
        else
            writer.note(QStringLiteral("%1: %2 skipped: %3")
                            .arg(run->path, QFileInfo(writer.pathFor(base)).fileName(),
                                 reason.simplified()));
    }
}

// The comparison tab's What changed, as the window shows it first: the first
// run against the last, on the statistic the runs call for.
void HeadlessExport::exportWhatChanged(Writer& writer,
                                       const std::vector<std::shared_ptr<const RunData>>& runs,
                                       const QStringList& labels) {
    ComparisonSet set;
    std::vector<const scope::ProfilingResults*> results;
    for (std::size_t i = 0; i < runs.size(); ++i) {
        set.add(runs[i], labels[static_cast<qsizetype>(i)]);
        results.push_back(runs[i]->results.get());
    }
    WhatChangedPanel panel(&set);
    panel.setStatistic(scope::WhatChanged::defaultStatistic(results));
    panel.finishNow();
    if (!panel.report()) {
        writer.note(QStringLiteral("what_changed skipped: %1").arg(panel.message()));
        return;
    }
    PaintedSurface<WhatChangedPanel> surface(
        {QStringLiteral("What Changed"), QString(), QStringLiteral("what_changed")}, &panel, {});
    writer.save(surface, QStringLiteral("what_changed"));
    writer.text(
        QStringLiteral("what_changed.md"),
        WhatChangedText::markdown(*panel.report(), panel.beforeLabels(), panel.afterLabels()));
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
    // Why a run took the time it did, as the window's status bar says.
    for (std::size_t i = 0; i < runs.size(); ++i)
        if (!runs[i]->indexNote.isEmpty())
            writer.note(labels[static_cast<qsizetype>(i)] + QStringLiteral(": ") +
                        runs[i]->indexNote);

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
        exportRun(writer, runs[i], label, suffix);
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
        exportWhatChanged(writer, runs, labels);
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
