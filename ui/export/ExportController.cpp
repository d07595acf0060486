// SPDX-License-Identifier: GPL-3.0-or-later
#include "ExportController.h"

#include "ChartFileNames.h"
#include "ExportContext.h"
#include "ExportSizeDialog.h"
#include "RunChartFiles.h"
#include "callpaths/CallTreePage.h"
#include "charts/RankBarChart.h"
#include "common/FileDialogs.h"
#include "common/MessageBanner.h"
#include "export/RegionStatisticsJson.h"
#include "export/TraceExporter.h"
#include "load/RunStatusText.h"
#include "models/RegionFilterProxy.h"
#include "models/RegionTableCsv.h"
#include "run/AnalysisPages.h"

#include <QAction>
#include <QDir>
#include <QFileInfo>
#include <QHeaderView>
#include <QMenu>
#include <QSaveFile>
#include <QSettings>
#include <QTableView>
#include <qcustomplot.h>

#include <vector>

namespace {

const QString kDirectoryKey = QStringLiteral("export/lastDirectory");

// The banner's key for the latest failed export or copy of a chart.
const QString kChartFailure = QStringLiteral("chart export");

} // namespace

ExportController::ExportController(ExportContext* context, QObject* parent)
    : QObject(parent), context_(context) {}

QString ExportController::chartSuffix(ChartContextMenu::Action format) {
    return ChartFileNames::suffix(format);
}

QMenu* ExportController::addMenu(QMenu* file) {
    menu_ = file->addMenu(tr("&Export"));
    // The greyed entries of a run read on demand say why.
    menu_->setToolTipsVisible(true);
    // One entry per chart of a run view, in its tab order.
    for (const AnalysisPages::Chart& chart : AnalysisPages::charts())
        chartActions_.append(menu_->addAction(chart.names.menuText, this, [this, id = chart.id] {
            chooseAndExportChart(context_->currentRunView(), id);
        }));
    comparisonChart_ = menu_->addAction(tr("&Comparison Chart…"), this, [this] {
        chooseAndExportComparisonChart(ComparisonView::Bars);
    });
    speedupChart_ = menu_->addAction(tr("Spee&dup Chart…"), this, [this] {
        chooseAndExportComparisonChart(ComparisonView::Speedup);
    });
    whatChanged_ =
        menu_->addAction(tr("&What Changed…"), this, &ExportController::chooseAndExportWhatChanged);
    whatChangedMarkdown_ = menu_->addAction(tr("What Changed as Mar&kdown…"), this, [this] {
        const QString path =
            askSavePath(tr("Export What Changed"), QStringLiteral("what_changed.md"),
                        tr("Markdown files (*.md)"), QStringLiteral("md"));
        if (!path.isEmpty())
            exportWhatChangedMarkdown(path);
    });
    menu_->addSeparator();
    table_ = menu_->addAction(tr("Region Ta&ble as CSV…"), this,
                              [this] { chooseAndExportTable(context_->currentRunView()); });
    callTree_ = menu_->addAction(tr("Call T&ree as CSV…"), this,
                                 [this] { chooseAndExportCallTree(context_->currentRunView()); });
    statistics_ = menu_->addAction(tr("&Statistics of All Runs (region_statistics.json)…"), this,
                                   &ExportController::chooseAndExportStatistics);
    menu_->addSeparator();
    perfettoTrace_ = menu_->addAction(tr("Tr&ace for Perfetto…"), this, [this] {
        chooseAndExportTrace(context_->currentRunView(), TraceExportJob::ChromeTrace);
    });
    speedscopeTrace_ = menu_->addAction(tr("Trac&e for speedscope…"), this, [this] {
        chooseAndExportTrace(context_->currentRunView(), TraceExportJob::Speedscope);
    });
    menu_->addSeparator();
    // Copies the chart of the tab in front: the comparison's visible chart or the run's bars.
    copy_ = menu_->addAction(tr("C&opy Chart to Clipboard"), this, [this] {
        if (const ComparisonView* comparison = context_->currentComparisonView())
            copyComparisonChart(comparison->currentChart());
        else
            copyChart(context_->currentRunView(), QStringLiteral("ranks"));
    });
    updateActions();
    return menu_;
}

void ExportController::updateActions() {
    if (menu_ == nullptr)
        return;
    RunView* view = context_->currentRunView();
    const bool run = view != nullptr && view->run() != nullptr;
    updateChartActions(view);
    table_->setEnabled(run);
    const bool events = run && view->run()->hasEvents();
    const QString reason = run ? RunStatusText::onDemandReason(*view->run()) : QString();
    // The call paths of a run read on demand come from its timeline's
    // per-rank trees; traces are made of the calls: none without them all.
    const bool paths = run && view->run()->hasCallPaths();
    callTree_->setEnabled(paths);
    callTree_->setToolTip(paths ? QString() : reason); // shown by the menu only when set
    for (QAction* action : {perfettoTrace_, speedscopeTrace_}) {
        action->setEnabled(events);
        action->setToolTip(reason);
    }
    const bool comparing = context_->comparisonView() != nullptr;
    comparisonChart_->setEnabled(comparing);
    speedupChart_->setEnabled(comparing);
    whatChanged_->setEnabled(comparing);
    whatChangedMarkdown_->setEnabled(comparing);
    statistics_->setEnabled(context_->runCount() > 0);
    copy_->setEnabled(run || context_->currentComparisonView() != nullptr);
}

// Enabled for the charts the run in front offers.
void ExportController::updateChartActions(RunView* view) {
    const bool run = view != nullptr && view->run() != nullptr;
    const QString reason = run ? RunStatusText::onDemandReason(*view->run()) : QString();
    const QList<AnalysisPages::Chart>& charts = AnalysisPages::charts();
    for (qsizetype i = 0; i < chartActions_.size(); ++i) {
        const ChartSurface* surface = run ? view->chart(charts[i].id) : nullptr;
        const bool offered = surface != nullptr && surface->offeredFor(*view->run());
        chartActions_[i]->setEnabled(offered);
        // Shown by the menu only when set: why a run read on demand lacks it.
        chartActions_[i]->setToolTip(offered ? QString() : reason);
    }
}

void ExportController::runChartAction(RunView* view, const QString& chart,
                                      ChartContextMenu::Action action) {
    if (action == ChartContextMenu::CopyToClipboard)
        copyChart(view, chart);
    else
        chooseAndExportChart(view, chart, action, false);
}

QString ExportController::defaultChartFileName(const RunView* view, const QString& chart,
                                               const QString& suffix) const {
    return ChartFileNames::defaultName(view ? view->chart(chart) : nullptr,
                                       view && view->run() ? context_->runLabel(view) : QString(),
                                       suffix);
}

QString ExportController::askSavePath(const QString& title, const QString& defaultName,
                                      const QString& filter, const QString& defaultSuffix,
                                      QString* selectedFilter) {
    QSettings settings;
    QString directory = settings.value(kDirectoryKey).toString();
    if (directory.isEmpty() || !QFileInfo(directory).isDir()) {
        // Beside the run shown, or on the comparison beside the first run.
        const RunView* view = context_->currentRunView();
        if (view == nullptr && context_->runCount() > 0)
            view = context_->runView(0);
        directory =
            view && view->run() ? QFileInfo(view->run()->path).absolutePath() : QDir::homePath();
    }
    QString path =
        FileDialogs::saveFile(context_->dialogParent(), title,
                              QDir(directory).filePath(defaultName), filter, selectedFilter);
    if (path.isEmpty())
        return {};
    if (QFileInfo(path).suffix().isEmpty())
        path += QLatin1Char('.') + defaultSuffix;
    settings.setValue(kDirectoryKey, QFileInfo(path).absolutePath());
    return path;
}

void ExportController::chooseAndExportChart(RunView* view, const QString& chart,
                                            ChartContextMenu::Action format, bool askFormat) {
    QString error;
    const QSize size = RunChartFiles::defaultSize(view, chart, &error);
    if (!size.isValid()) {
        chartFailed(tr("Cannot export the chart"), error);
        return;
    }
    const QString name = defaultChartFileName(view, chart, QStringLiteral("x"));
    const QString title = ChartFileNames::title(*view->chart(chart));
    choosePlotPath(size, title, name.left(name.size() - 2), format, askFormat,
                   [this, view, chart](ChartContextMenu::Action f, const QString& path, int width,
                                       int height, double scale) {
                       return exportChart(view, chart, f, path, width, height, scale);
                   });
}

void ExportController::choosePlotPath(QSize defaultSize, const QString& title,
                                      const QString& baseName, ChartContextMenu::Action format,
                                      bool askFormat, const PlotWriter& write) {
    const ChartContextMenu::Action formats[] = {
        ChartContextMenu::ExportPng, ChartContextMenu::ExportSvg, ChartContextMenu::ExportPdf};
    QStringList filters;
    for (ChartContextMenu::Action f : formats)
        if (askFormat || f == format)
            filters << ChartFileNames::filter(f);
    QString selected = ChartFileNames::filter(format);
    const QString path =
        askSavePath(title, baseName + QLatin1Char('.') + ChartFileNames::suffix(format),
                    filters.join(QStringLiteral(";;")), ChartFileNames::suffix(format), &selected);
    if (path.isEmpty())
        return;
    // The typed suffix wins over the selected filter: "x.svg" is an SVG.
    for (ChartContextMenu::Action f : formats)
        if (askFormat &&
            (QFileInfo(path).suffix().compare(ChartFileNames::suffix(f), Qt::CaseInsensitive) ==
                 0 ||
             (QFileInfo(path).suffix().isEmpty() && selected == ChartFileNames::filter(f))))
            format = f;
    if (format != ChartContextMenu::ExportPng) {
        write(format, path, 0, 0, ChartExporter::kDefaultScale);
        return;
    }
    ExportSizeDialog dialog(defaultSize, ChartExporter::kDefaultScale, context_->dialogParent());
    if (dialog.exec() == QDialog::Accepted)
        write(format, path, dialog.exportWidth(), dialog.exportHeight(), dialog.scale());
}

bool ExportController::savePlot(QCustomPlot* plot, ChartContextMenu::Action format,
                                const QString& path, int width, int height, double scale,
                                QString* error) {
    bool saved = false;
    if (format == ChartContextMenu::ExportSvg)
        saved = ChartExporter::saveSvg(plot, path, width, height);
    else if (format == ChartContextMenu::ExportPdf)
        saved = ChartExporter::savePdf(plot, path, width, height);
    else
        saved = ChartExporter::savePng(plot, path, width, height, scale);
    if (!saved && error != nullptr)
        *error = tr("cannot write %1").arg(QDir::toNativeSeparators(path));
    return saved;
}

bool ExportController::finishExport(QCustomPlot* plot, ChartContextMenu::Action format,
                                    const QString& path, int width, int height, double scale,
                                    QString error) {
    if (plot == nullptr || !savePlot(plot, format, path, width, height, scale, &error)) {
        chartFailed(tr("Cannot export the chart"), error);
        return false;
    }
    reportSaved(path);
    return true;
}

bool ExportController::exportChart(RunView* view, const QString& chart,
                                   ChartContextMenu::Action format, const QString& path, int width,
                                   int height, double scale) {
    QString error;
    if (!RunChartFiles::save(view, chart, format, path, width, height, scale, &error)) {
        chartFailed(tr("Cannot export the chart"), error);
        return false;
    }
    reportSaved(path);
    return true;
}

bool ExportController::copyChart(RunView* view, const QString& chart) {
    QString error;
    if (!RunChartFiles::copy(view, chart, &error)) {
        chartFailed(tr("Cannot copy the chart"), error);
        return false;
    }
    reportCopied();
    return true;
}

void ExportController::chooseAndExportCallTree(RunView* view) {
    if (view == nullptr || !view->run())
        return;
    const QString path = askSavePath(
        tr("Export Call Tree"), ChartFileNames::safe(context_->runLabel(view) + "-call-tree.csv"),
        tr("CSV files (*.csv)"), QStringLiteral("csv"));
    if (!path.isEmpty())
        exportCallTreeCsv(view, path);
}

bool ExportController::exportCallTreeCsv(RunView* view, const QString& path) {
    QString error = tr("no call tree is shown");
    CallTreePage* tree = view != nullptr && view->run() ? view->page<CallTreePage>() : nullptr;
    if (tree == nullptr || !tree->writeCsv(path, &error)) {
        context_->messages()->showError(tr("Cannot export the call tree"), error);
        return false;
    }
    reportSaved(path);
    return true;
}

bool ExportController::finishCopy(QCustomPlot* plot, const QString& error) {
    if (plot == nullptr) {
        chartFailed(tr("Cannot copy the chart"), error);
        return false;
    }
    ChartExporter::copyToClipboard(plot);
    reportCopied();
    return true;
}

std::string ExportController::tableCsv(const RunView* view) {
    return RegionTableCsv::text(*view->tableProxy(), *view->tableView()->horizontalHeader());
}

void ExportController::chooseAndExportTable(RunView* view) {
    if (view == nullptr || !view->run())
        return;
    const QString label = context_->runLabel(view);
    const QString path = askSavePath(tr("Export Region Table"),
                                     ChartFileNames::safe(label + QStringLiteral("-regions.csv")),
                                     tr("CSV files (*.csv)"), QStringLiteral("csv"));
    if (!path.isEmpty())
        exportTableCsv(view, path);
}

bool ExportController::exportTableCsv(RunView* view, const QString& path) {
    if (view == nullptr || !view->run()) {
        context_->messages()->showError(tr("Cannot export the table"), tr("no run is open"));
        return false;
    }
    return writeFile(path, tableCsv(view), tr("the table"));
}

void ExportController::chooseAndExportStatistics() {
    const QString path =
        askSavePath(tr("Export Statistics of All Runs"), QStringLiteral("region_statistics.json"),
                    tr("JSON files (*.json)"), QStringLiteral("json"));
    if (!path.isEmpty())
        exportStatisticsJson(path);
}

bool ExportController::exportStatisticsJson(const QString& path) {
    std::vector<const scope::ProfilingResults*> files;
    std::vector<std::string> labels;
    for (int i = 0; i < context_->runCount(); ++i)
        if (const RunView* view = context_->runView(i); view && view->run()) {
            files.push_back(view->run()->results.get());
            labels.push_back(context_->runLabel(view).toStdString());
        }
    if (files.empty()) {
        context_->messages()->showError(tr("Cannot export the statistics"), tr("no run is open"));
        return false;
    }
    // As scope-profiler and scope-report write it: json.dumps plus a newline.
    // The runs' names as the window shows them (renames included), not the file stems.
    return writeFile(path, scope::RegionStatisticsJson().write(files, labels) + '\n',
                     tr("the statistics"));
}

bool ExportController::writeFile(const QString& path, const std::string& contents,
                                 const QString& what) {
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly) ||
        file.write(contents.data(), static_cast<qint64>(contents.size())) !=
            static_cast<qint64>(contents.size()) ||
        !file.commit()) {
        context_->messages()->showError(
            tr("Cannot export %1").arg(what),
            tr("%1: %2").arg(QDir::toNativeSeparators(path), file.errorString()));
        return false;
    }
    reportSaved(path);
    return true;
}

void ExportController::chartFailed(const QString& title, const QString& error) {
    // One line for the latest: a refusal such as "still being read" is
    // followed by a try that works, which must not leave it standing.
    context_->messages()->showError(title, error, kChartFailure);
}

void ExportController::reportCopied() {
    context_->messages()->clearError(kChartFailure);
    context_->messages()->showInfo(tr("Copied the chart to the clipboard."));
}

void ExportController::reportSaved(const QString& path) {
    context_->messages()->clearError(kChartFailure);
    context_->messages()->showInfo(tr("Saved %1").arg(QDir::toNativeSeparators(path)));
}

TraceExporter* ExportController::traceExporter() {
    if (traceExporter_ == nullptr)
        traceExporter_ = new TraceExporter(context_->dialogParent(), context_->messages(), this);
    return traceExporter_;
}

void ExportController::chooseAndExportTrace(RunView* view, TraceExportJob::Format format) {
    if (view == nullptr || !view->run() || !view->run()->hasEvents())
        return;
    if (traceExporter()->job()->busy()) {
        context_->messages()->showInfo(tr("A trace is still being written."));
        return;
    }
    const bool chrome = format == TraceExportJob::ChromeTrace;
    const QString path =
        askSavePath(chrome ? tr("Export Trace for Perfetto") : tr("Export Trace for speedscope"),
                    ChartFileNames::safe(context_->runLabel(view) +
                                         (chrome ? QStringLiteral(".trace.json")
                                                 : QStringLiteral(".speedscope.json"))),
                    chrome ? tr("Chrome trace JSON (*.json)") : tr("speedscope JSON (*.json)"),
                    QStringLiteral("json"));
    if (!path.isEmpty())
        traceExporter()->chooseScopeAndExport(view, format, path);
}
