// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "charts/ChartContextMenu.h"
#include "run/RunView.h"

#include <QCoreApplication>
#include <QSize>
#include <QString>

// A run's charts as files, through their surfaces (AnalysisPages::charts()):
// whether the chart can be saved now and why not, the size it has when not on
// screen, and writing or copying it. The caller asks for paths and reports;
// `error` says what went wrong.
class RunChartFiles {
    Q_DECLARE_TR_FUNCTIONS(RunChartFiles)

public:
    // The size on screen, or the default for a chart not shown; invalid when
    // the chart cannot be saved now.
    static QSize defaultSize(RunView* view, const QString& chart, QString* error);
    // `format` is ExportPng, ExportSvg or ExportPdf; 0 × 0 means the default
    // size; scale applies to PNGs.
    static bool save(RunView* view, const QString& chart, ChartContextMenu::Action format,
                     const QString& path, int width, int height, double scale, QString* error);
    static bool copy(RunView* view, const QString& chart, QString* error);
    static ChartSurface::Format format(ChartContextMenu::Action action);
};
