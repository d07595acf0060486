// SPDX-License-Identifier: GPL-3.0-or-later
#include "RunChartFiles.h"

#include "ExportController.h"
#include "analysis/RegionCalls.h"
#include "callpaths/CallPathTabs.h"
#include "callpaths/FlameGraph.h"
#include "charts/ChartExporter.h"
#include "charts/RankBarChart.h"
#include "charts/TimelineView.h"
#include "distributions/DurationOverTimeView.h"
#include "distributions/HeatmapView.h"
#include "distributions/HistogramView.h"
#include "hardware/HardwarePane.h"
#include "hardware/LikwidView.h"

#include <QDir>
#include <qcustomplot.h>

namespace {

bool runOpen(const RunView* view, QString* error) {
    if (view != nullptr && view->run())
        return true;
    *error = RunChartFiles::tr("no run is open");
    return false;
}

QCustomPlot* plotOf(RunView* view, RunView::Chart chart, QString* error) {
    if (!runOpen(view, error))
        return nullptr;
    if (chart == RunView::Timeline) {
        if (!view->eventViewsEnabled()) {
            *error = RunChartFiles::tr("the timeline needs per-call data; load the events first");
            return nullptr;
        }
        return view->timeline()->plot();
    }
    if (chart == RunView::Histogram) {
        // Its tab may never have been shown: it follows the selection lazily.
        view->updateHistogramNow();
        if (view->histogram()->reading()) {
            *error = RunChartFiles::tr(
                "the calls are still being read; export again when the histogram shows");
            return nullptr;
        }
        if (!view->histogram()->available()) {
            *error =
                scope::hasCallData(*view->run()->results)
                    ? RunChartFiles::tr("show the histogram of a region with calls first")
                    : RunChartFiles::tr("the histogram needs per-call data; load the events first");
            return nullptr;
        }
        return view->histogram()->plot();
    }
    if (chart == RunView::DurationOverTime) {
        view->sidePane()->updateOverTimeNow(); // lazily updated too
        if (view->sidePane()->overTime()->reading()) {
            *error = RunChartFiles::tr(
                "the calls are still being read; export again when the chart shows");
            return nullptr;
        }
        if (!view->sidePane()->overTime()->available()) {
            *error = scope::hasCallData(*view->run()->results)
                         ? RunChartFiles::tr("select a region with calls in the table first")
                         : RunChartFiles::tr(
                               "the durations over time need per-call data; load the events first");
            return nullptr;
        }
        return view->sidePane()->overTime()->plot();
    }
    if (chart == RunView::Likwid) {
        if (!LikwidView::hasData(*view->run()->results)) {
            *error = RunChartFiles::tr("this run has no LIKWID counters");
            return nullptr;
        }
        return view->sidePane()->hardware()->likwid()->plot();
    }
    if (!view->rankChart()->hasBars()) {
        *error = RunChartFiles::tr("select a region with calls in the table first");
        return nullptr;
    }
    return view->rankChart()->plot();
}

// A run read on demand draws zooms finer than its pyramid from the calls of
// a window around them, read in the background, with the pyramid's finest
// spans standing in meanwhile: an image must not keep those. The frame drawn
// here asks for that window, so a second try moments later finds it read.
// True for every other chart, and for runs in memory (never drawn twice).
bool wholeAt(RunView* view, RunView::Chart chart, int width, int height, QString* error) {
    if (chart != RunView::Timeline || !view->run()->readOnDemand())
        return true;
    ChartExporter::render(view->timeline()->plot(), width, height);
    if (view->timeline()->isExact())
        return true;
    *error = RunChartFiles::tr(
        "the calls of this zoom are still being read; try again when the timeline shows them");
    return false;
}

const FlameGraph* flameOf(RunView* view, QString* error) {
    if (!runOpen(view, error))
        return nullptr;
    // A run read on demand has its call paths from its timeline, unless that
    // could not be built.
    if (!view->run()->hasCallPaths()) {
        *error =
            view->run()->readOnDemand()
                ? RunChartFiles::tr("the flame graph needs every call in memory or the run's "
                                    "timeline, which could not be built")
                : RunChartFiles::tr("the flame graph needs per-call data; load the events first");
        return nullptr;
    }
    if (!view->callPaths()->waitForTree()) {
        *error = RunChartFiles::tr("the call paths could not be computed");
        return nullptr;
    }
    return view->callPaths()->flameGraph();
}

const HeatmapView* heatmapOf(RunView* view, QString* error) {
    return runOpen(view, error) ? view->heatmap() : nullptr;
}

// The size on screen, or the default for a chart not shown.
QSize paintedSize(const QWidget* chart, int width, int height) {
    const QSize shown = chart->isVisible() && !chart->size().isEmpty()
                            ? chart->size()
                            : ChartExporter::kDefaultSize;
    return QSize(width > 0 ? width : shown.width(), height > 0 ? height : shown.height());
}

// The charts that paint themselves have the same three savers as
// ChartExporter has for plots.
template <class Painted>
bool savePainted(const Painted& chart, ChartContextMenu::Action format, const QString& path,
                 QSize size, double scale, QString* error) {
    bool saved = false;
    if (format == ChartContextMenu::ExportSvg)
        saved = chart.saveSvg(path, size.width(), size.height());
    else if (format == ChartContextMenu::ExportPdf)
        saved = chart.savePdf(path, size.width(), size.height());
    else
        saved = chart.savePng(path, size.width(), size.height(), scale);
    if (!saved)
        *error = RunChartFiles::tr("cannot write %1").arg(QDir::toNativeSeparators(path));
    return saved;
}

} // namespace

QSize RunChartFiles::defaultSize(RunView* view, RunView::Chart chart, QString* error) {
    if (chart == RunView::Flame) {
        const FlameGraph* flame = flameOf(view, error);
        return flame != nullptr ? flame->exportSize() : QSize();
    }
    if (chart == RunView::Heatmap) {
        const HeatmapView* heatmap = heatmapOf(view, error);
        return heatmap != nullptr ? paintedSize(heatmap, 0, 0) : QSize();
    }
    QCustomPlot* plot = plotOf(view, chart, error);
    // Said before the file dialogs, not after them.
    if (plot == nullptr || !wholeAt(view, chart, 0, 0, error))
        return QSize();
    return ChartExporter::exportSize(plot, 0, 0);
}

bool RunChartFiles::save(RunView* view, RunView::Chart chart, ChartContextMenu::Action format,
                         const QString& path, int width, int height, double scale, QString* error) {
    if (chart == RunView::Flame) {
        const FlameGraph* flame = flameOf(view, error);
        return flame != nullptr &&
               savePainted(*flame, format, path, QSize(width, height), scale, error);
    }
    if (chart == RunView::Heatmap) {
        const HeatmapView* heatmap = heatmapOf(view, error);
        return heatmap != nullptr && savePainted(*heatmap, format, path,
                                                 paintedSize(heatmap, width, height), scale, error);
    }
    QCustomPlot* plot = plotOf(view, chart, error);
    return plot != nullptr && wholeAt(view, chart, width, height, error) &&
           ExportController::savePlot(plot, format, path, width, height, scale, error);
}

bool RunChartFiles::copy(RunView* view, RunView::Chart chart, QString* error) {
    if (chart == RunView::Flame) {
        const FlameGraph* flame = flameOf(view, error);
        if (flame != nullptr)
            flame->copyToClipboard();
        return flame != nullptr;
    }
    if (chart == RunView::Heatmap) {
        const HeatmapView* heatmap = heatmapOf(view, error);
        if (heatmap == nullptr)
            return false;
        const QSize size = paintedSize(heatmap, 0, 0);
        heatmap->copyToClipboard(size.width(), size.height(), ChartExporter::kDefaultScale);
        return true;
    }
    QCustomPlot* plot = plotOf(view, chart, error);
    if (plot == nullptr || !wholeAt(view, chart, 0, 0, error))
        return false;
    ChartExporter::copyToClipboard(plot);
    return true;
}
