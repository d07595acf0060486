// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QSize>
#include <QString>

class QCustomPlot;

// Saves any chart as it looks, at a chosen size: PNG for slides, SVG and PDF
// for papers. A width or height of 0 means the plot's size on screen; PNGs
// default to twice that many pixels so they stay sharp when scaled.
class ChartExporter {
public:
    static constexpr double kDefaultScale = 2.0;
    // The size of a chart that is not on screen (a hidden sub-tab, a batch
    // export): a chart's share of the default 1280×800 window.
    static constexpr QSize kDefaultSize{960, 600};

    // The image has width × scale by height × scale pixels, and a resolution of
    // 96 × scale dpi so that documents place it at the on-screen size.
    static bool savePng(QCustomPlot* plot, const QString& path, int width = 0, int height = 0,
                        double scale = kDefaultScale);
    static bool saveSvg(QCustomPlot* plot, const QString& path, int width = 0, int height = 0);
    static bool savePdf(QCustomPlot* plot, const QString& path, int width = 0, int height = 0);
    // Puts a bitmap (scaled like savePng) and the SVG on the clipboard, so that
    // both image editors and vector applications can paste it.
    static void copyToClipboard(QCustomPlot* plot, int width = 0, int height = 0,
                                double scale = kDefaultScale);

    // Draws the chart once as an export of that size would, without saving
    // it: a chart that draws what it has so far (a timeline read on demand)
    // can then tell whether that frame was whole.
    static void render(QCustomPlot* plot, int width = 0, int height = 0);
    // The size used for width = 0 or height = 0: the size on screen, or
    // kDefaultSize for a chart that is not shown (its widget size then means
    // nothing: Qt gives a never-shown widget 100 × 30).
    static QSize exportSize(const QCustomPlot* plot, int width, int height);
};
