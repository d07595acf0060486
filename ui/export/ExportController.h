// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "charts/ChartContextMenu.h"
#include "charts/ChartExporter.h"
#include "comparison/ComparisonView.h"
#include "export/TraceExportJob.h"
#include "run/RunView.h"

#include <QObject>

#include <functional>
#include <string>

class ExportContext;
class QAction;
class QCustomPlot;
class QMenu;
class TraceExporter;

// File ▸ Export and the charts' context menus: asks for file names and sizes,
// writes the files, and reports in the window's banner. The entry points that
// take a path ask nothing, so tests drive them without dialogs.
class ExportController : public QObject {
    Q_OBJECT
public:
    explicit ExportController(ExportContext* context, QObject* parent = nullptr);

    // Adds the Export submenu to `file`.
    QMenu* addMenu(QMenu* file);
    // Follows the current run: call when runs open, close or change tabs.
    void updateActions();
    QMenu* menu() const { return menu_; }

    // Interactive: a chart's context menu was used.
    void runChartAction(RunView* view, const QString& chart, ChartContextMenu::Action action);
    void chooseAndExportChart(RunView* view, const QString& chart,
                              ChartContextMenu::Action format = ChartContextMenu::ExportPng,
                              bool askFormat = true);
    void chooseAndExportTable(RunView* view);
    void chooseAndExportStatistics();

    // Without dialogs. `format` is ExportPng, ExportSvg or ExportPdf; width and
    // height 0 mean the on-screen size; scale applies to PNGs only.
    bool exportChart(RunView* view, const QString& chart, ChartContextMenu::Action format,
                     const QString& path, int width = 0, int height = 0,
                     double scale = ChartExporter::kDefaultScale);
    bool copyChart(RunView* view, const QString& chart);

    // The comparison's charts, like the run charts above.
    void runComparisonChartAction(ComparisonView::Chart chart, ChartContextMenu::Action action);
    void
    chooseAndExportComparisonChart(ComparisonView::Chart chart,
                                   ChartContextMenu::Action format = ChartContextMenu::ExportPng,
                                   bool askFormat = true);
    bool exportComparisonChart(ComparisonView::Chart chart, ChartContextMenu::Action format,
                               const QString& path, int width = 0, int height = 0,
                               double scale = ChartExporter::kDefaultScale);
    bool copyComparisonChart(ComparisonView::Chart chart);
    // The comparison's What changed panel as an image, and its findings as Markdown.
    void chooseAndExportWhatChanged();
    bool exportWhatChanged(ChartContextMenu::Action format, const QString& path, int width = 0,
                           int height = 0, double scale = ChartExporter::kDefaultScale);
    bool exportWhatChangedMarkdown(const QString& path);
    // Writes any plot; false with the reason in `error`. Shared with the headless export.
    static bool savePlot(QCustomPlot* plot, ChartContextMenu::Action format, const QString& path,
                         int width, int height, double scale, QString* error);
    // "png", "svg", "pdf" (ChartFileNames has the other names).
    static QString chartSuffix(ChartContextMenu::Action format);
    bool exportTableCsv(RunView* view, const QString& path);
    // The call tree as shown (top-down or bottom-up), one row per path.
    void chooseAndExportCallTree(RunView* view);
    bool exportCallTreeCsv(RunView* view, const QString& path);
    // region_statistics.json over every open run, in tab order.
    bool exportStatisticsJson(const QString& path);
    // File ▸ Export ▸ Trace for Perfetto… / speedscope…: asks for the path,
    // then TraceExporter writes the run's calls on a worker thread.
    void chooseAndExportTrace(RunView* view, TraceExportJob::Format format);
    TraceExporter* traceExporter();

    // The region table as shown (rows in the proxy's order, filter applied,
    // columns in header order), with raw numbers: times in seconds.
    static std::string tableCsv(const RunView* view);
    // "<run label>-<region>-ranks.png", "<run label>-timeline.svg".
    QString defaultChartFileName(const RunView* view, const QString& chart,
                                 const QString& suffix) const;

private:
    using PlotWriter = std::function<bool(ChartContextMenu::Action format, const QString& path,
                                          int width, int height, double scale)>;

    QCustomPlot* comparisonPlot(ComparisonView::Chart chart, QString* error) const;
    bool finishExport(QCustomPlot* plot, ChartContextMenu::Action format, const QString& path,
                      int width, int height, double scale, QString error);
    bool finishCopy(QCustomPlot* plot, const QString& error);
    void choosePlotPath(QSize defaultSize, const QString& title, const QString& baseName,
                        ChartContextMenu::Action format, bool askFormat, const PlotWriter& write);
    QString askSavePath(const QString& title, const QString& defaultName, const QString& filter,
                        const QString& defaultSuffix, QString* selectedFilter = nullptr);
    bool writeFile(const QString& path, const std::string& contents, const QString& what);
    // The failure of a chart's export or copy; the next one that works clears it.
    void chartFailed(const QString& title, const QString& error);
    void updateChartActions(RunView* view);
    void reportCopied();
    void reportSaved(const QString& path);

    ExportContext* context_;
    QMenu* menu_ = nullptr;
    // The entries of AnalysisPages::charts(), in its order.
    QList<QAction*> chartActions_;
    QAction* callTree_ = nullptr;
    QAction* comparisonChart_ = nullptr;
    QAction* speedupChart_ = nullptr;
    QAction* whatChanged_ = nullptr;
    QAction* whatChangedMarkdown_ = nullptr;
    QAction* table_ = nullptr;
    QAction* statistics_ = nullptr;
    QAction* copy_ = nullptr;
    QAction* perfettoTrace_ = nullptr;
    QAction* speedscopeTrace_ = nullptr;
    TraceExporter* traceExporter_ = nullptr; // made on first use
};
