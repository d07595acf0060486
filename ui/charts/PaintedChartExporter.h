// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QImage>
#include <QSize>
#include <QString>

#include <functional>

class QPainter;

// Image files of a chart drawn by QPainter (flame graph, heatmap), as
// ChartExporter makes them of plots: PNGs at `scale` times the pixels and
// 96 × scale dpi, so documents place them at the on-screen size; SVG and PDF
// at 96 dpi; the clipboard gets both a bitmap and the SVG.
class PaintedChartExporter {
public:
    // Draws the chart in `size` (logical pixels) with `painter`.
    using Render = std::function<void(QPainter* painter, QSize size)>;

    static QImage toImage(const Render& render, QSize size, double scale);
    static bool savePng(const Render& render, QSize size, const QString& path, double scale);
    static bool saveSvg(const Render& render, QSize size, const QString& path,
                        const QString& title);
    static bool savePdf(const Render& render, QSize size, const QString& path,
                        const QString& title);
    static void copyToClipboard(const Render& render, QSize size, double scale,
                                const QString& title);
};
