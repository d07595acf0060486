// SPDX-License-Identifier: GPL-3.0-or-later
#include "PlotSurface.h"

#include "ChartExporter.h"

#include <QCoreApplication>
#include <QDir>

PlotSurface::PlotSurface(Names names, QCustomPlot* plot, std::function<QString()> unavailable)
    : PlotSurface(
          std::move(names), [plot] { return plot; }, std::move(unavailable)) {}

PlotSurface::PlotSurface(Names names, std::function<QCustomPlot*()> plot,
                         std::function<QString()> unavailable)
    : ChartSurface(std::move(names)), plot_(std::move(plot)), unavailable_(std::move(unavailable)) {
}

QString PlotSurface::unavailable() {
    return unavailable_ ? unavailable_() : QString();
}

QSize PlotSurface::defaultSize() const {
    return ChartExporter::exportSize(plot(), 0, 0);
}

bool PlotSurface::save(Format format, const QString& path, QSize size, double scale,
                       QString* error) {
    bool saved = false;
    if (format == Format::Svg)
        saved = ChartExporter::saveSvg(plot(), path, size.width(), size.height());
    else if (format == Format::Pdf)
        saved = ChartExporter::savePdf(plot(), path, size.width(), size.height());
    else
        saved = ChartExporter::savePng(plot(), path, size.width(), size.height(), scale);
    if (!saved && error != nullptr)
        *error = QCoreApplication::translate("PlotSurface", "cannot write %1")
                     .arg(QDir::toNativeSeparators(path));
    return saved;
}

void PlotSurface::copy() {
    ChartExporter::copyToClipboard(plot());
}
