// SPDX-License-Identifier: GPL-3.0-or-later
#include "RunChartFiles.h"

namespace {

// The chart, if it can be saved now; else null with the reason in `error`.
ChartSurface* ready(RunView* view, const QString& chart, QString* error) {
    if (view == nullptr || !view->run()) {
        *error = RunChartFiles::tr("no run is open");
        return nullptr;
    }
    ChartSurface* surface = view->chart(chart);
    if (surface == nullptr) {
        *error = RunChartFiles::tr("this run has no chart %1").arg(chart);
        return nullptr;
    }
    *error = surface->unavailable();
    return error->isEmpty() ? surface : nullptr;
}

} // namespace

ChartSurface::Format RunChartFiles::format(ChartContextMenu::Action action) {
    if (action == ChartContextMenu::ExportSvg)
        return ChartSurface::Format::Svg;
    if (action == ChartContextMenu::ExportPdf)
        return ChartSurface::Format::Pdf;
    return ChartSurface::Format::Png;
}

QSize RunChartFiles::defaultSize(RunView* view, const QString& chart, QString* error) {
    const ChartSurface* surface = ready(view, chart, error);
    return surface != nullptr ? surface->defaultSize() : QSize();
}

bool RunChartFiles::save(RunView* view, const QString& chart, ChartContextMenu::Action action,
                         const QString& path, int width, int height, double scale, QString* error) {
    ChartSurface* surface = ready(view, chart, error);
    return surface != nullptr &&
           surface->save(format(action), path, QSize(width, height), scale, error);
}

bool RunChartFiles::copy(RunView* view, const QString& chart, QString* error) {
    ChartSurface* surface = ready(view, chart, error);
    if (surface != nullptr)
        surface->copy();
    return surface != nullptr;
}
