// SPDX-License-Identifier: GPL-3.0-or-later
// ExportController's exports of the Comparison tab: its bar and speedup
// charts and the What-changed findings.
#include "ExportController.h"

#include "ExportContext.h"
#include "charts/ChartExporter.h"
#include "comparison/ComparisonBarChart.h"
#include "comparison/SpeedupChart.h"
#include "comparison/WhatChangedPanel.h"
#include "comparison/WhatChangedText.h"

#include <QDir>
#include <qcustomplot.h>

QCustomPlot* ExportController::comparisonPlot(ComparisonView::Chart chart, QString* error) const {
    const ComparisonView* view = context_->comparisonView();
    if (view == nullptr) {
        *error = tr("open two or more runs to compare them");
        return nullptr;
    }
    if (chart == ComparisonView::Speedup) {
        if (!view->speedupChart()->hasCurves()) {
            *error = view->speedupChart()->message();
            return nullptr;
        }
        return view->speedupChart()->plot();
    }
    if (!view->barChart()->hasBars()) {
        *error = view->barChart()->message();
        return nullptr;
    }
    return view->barChart()->plot();
}

void ExportController::runComparisonChartAction(ComparisonView::Chart chart,
                                                ChartContextMenu::Action action) {
    if (action == ChartContextMenu::CopyToClipboard)
        copyComparisonChart(chart);
    else
        chooseAndExportComparisonChart(chart, action, false);
}

void ExportController::chooseAndExportComparisonChart(ComparisonView::Chart chart,
                                                      ChartContextMenu::Action format,
                                                      bool askFormat) {
    QString error;
    QCustomPlot* plot = comparisonPlot(chart, &error);
    if (plot == nullptr) {
        chartFailed(tr("Cannot export the chart"), error);
        return;
    }
    const bool speedup = chart == ComparisonView::Speedup;
    choosePlotPath(ChartExporter::exportSize(plot, 0, 0),
                   speedup ? tr("Export Speedup Chart") : tr("Export Comparison Chart"),
                   speedup ? QStringLiteral("speedup") : QStringLiteral("comparison"), format,
                   askFormat,
                   [this, chart](ChartContextMenu::Action f, const QString& path, int width,
                                 int height, double scale) {
                       return exportComparisonChart(chart, f, path, width, height, scale);
                   });
}

bool ExportController::exportComparisonChart(ComparisonView::Chart chart,
                                             ChartContextMenu::Action format, const QString& path,
                                             int width, int height, double scale) {
    QString error;
    QCustomPlot* plot = comparisonPlot(chart, &error);
    return finishExport(plot, format, path, width, height, scale, error);
}

bool ExportController::copyComparisonChart(ComparisonView::Chart chart) {
    QString error;
    QCustomPlot* plot = comparisonPlot(chart, &error);
    return finishCopy(plot, error);
}

namespace {

// The panel whose findings are ready, else null with the reason.
WhatChangedPanel* readyWhatChanged(const ComparisonView* view, QString* error) {
    WhatChangedPanel* panel = view != nullptr ? view->whatChangedPanel() : nullptr;
    if (panel == nullptr) {
        *error = ExportController::tr("open two or more runs to compare them");
        return nullptr;
    }
    if (panel->state() != WhatChangedPanel::State::Ready || !panel->report()) {
        *error = panel->message().isEmpty()
                     ? ExportController::tr("what changed is still being computed")
                     : panel->message();
        return nullptr;
    }
    return panel;
}

} // namespace

void ExportController::chooseAndExportWhatChanged() {
    QString error;
    WhatChangedPanel* panel = readyWhatChanged(context_->comparisonView(), &error);
    if (panel == nullptr) {
        chartFailed(tr("Cannot export what changed"), error);
        return;
    }
    choosePlotPath(
        panel->exportSize(), tr("Export What Changed"), QStringLiteral("what_changed"),
        ChartContextMenu::ExportPng, true,
        [this](ChartContextMenu::Action format, const QString& path, int width, int height,
               double scale) { return exportWhatChanged(format, path, width, height, scale); });
}

bool ExportController::exportWhatChanged(ChartContextMenu::Action format, const QString& path,
                                         int width, int height, double scale) {
    QString error;
    WhatChangedPanel* panel = readyWhatChanged(context_->comparisonView(), &error);
    bool saved = false;
    if (panel != nullptr) {
        if (format == ChartContextMenu::ExportSvg)
            saved = panel->saveSvg(path, width, height);
        else if (format == ChartContextMenu::ExportPdf)
            saved = panel->savePdf(path, width, height);
        else
            saved = panel->savePng(path, width, height, scale);
        if (!saved)
            error = tr("cannot write %1").arg(QDir::toNativeSeparators(path));
    }
    if (!saved) {
        chartFailed(tr("Cannot export what changed"), error);
        return false;
    }
    reportSaved(path);
    return true;
}

bool ExportController::exportWhatChangedMarkdown(const QString& path) {
    QString error;
    WhatChangedPanel* panel = readyWhatChanged(context_->comparisonView(), &error);
    if (panel == nullptr) {
        chartFailed(tr("Cannot export what changed"), error);
        return false;
    }
    return writeFile(
        path,
        WhatChangedText::markdown(*panel->report(), panel->beforeLabels(), panel->afterLabels()),
        tr("what changed"));
}
