// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "analysis/TimelineIndex.h"
#include "analysis/TimelineSource.h"
#include "model/ProfilingResults.h"
#include "model/RankSelection.h"

#include <QPoint>
#include <QSharedPointer>
#include <QStringList>
#include <QWidget>

#include <functional>
#include <memory>
#include <optional>
#include <vector>

class QCustomPlot;
class QCPItemRect;
class QCPRange;
class QCPTextElement;
class QKeyEvent;
class QMouseEvent;
class QWheelEvent;
class RankAxisTicker;
class RegionLegend;
class TimelineCallSelection;
class TimelinePlottable;
class TimeAxisTicker;

// Every call of a run on a time axis: one band per rank, nested calls stacked
// by depth inside it, drawn from a TimelineSource (the TimelineIndex of the
// events in memory, or the pyramid of a run read on demand) so that millions
// or billions of calls stay fluid. Wheel zooms time around the cursor (Ctrl+wheel: ranks), drag
// pans, Shift+drag or right-drag zooms to a time range, double-click fits.
// With focus (Tab or click), + and - zoom time around the centre (with Ctrl:
// ranks), the arrows pan time and scroll ranks, 0 and Home fit.
// In a run that tracked threads each rank has a band per thread/task lane;
// clicking the rank's label collapses them into one band and back.
// Hovering shows the call; clicking one selects it (its details beside the
// plot, Esc or a click on empty space clears them) and emits regionActivated. A title names
// the run and its ranks and a legend its costliest regions, so that an
// exported image says what it shows.
class TimelineView : public QWidget {
    Q_OBJECT
public:
    explicit TimelineView(QWidget* parent = nullptr);
    ~TimelineView() override;

    // Builds the index for a run; any thread. The returned index keeps the
    // results alive, since it reads their event columns.
    static std::shared_ptr<const scope::TimelineIndex>
    buildIndex(std::shared_ptr<const scope::ProfilingResults> results);

    // Shows a run and fits it (keepView: keeps the time shown, and the ranks
    // if some were zoomed into, for the same run's timeline built further).
    // Without a source, a TimelineIndex of the events is built here, on the
    // calling thread; results without events then clear the view. A source
    // read on demand may draw coarser stand-ins first: the view redraws by
    // itself as it refines (see TimelinePlottable).
    void setRun(std::shared_ptr<const scope::ProfilingResults> results,
                std::shared_ptr<const scope::TimelineSource> source = {}, bool keepView = false);
    void clear();
    // -1: none. Otherwise calls of other regions are drawn faded.
    void setHighlightedRegion(int region);
    // Only these calls of the region (one flag per event): a call path's.
    void setHighlightedCalls(int region, std::shared_ptr<const std::vector<bool>> calls);
    void setRanks(const scope::RankSelection& ranks);
    // A rank chosen elsewhere (a heatmap cell): its lane is outlined and
    // scrolled into view when the ranks are zoomed; nullopt clears it. The
    // shown ranks stay as they are.
    void setSelectedRank(std::optional<std::uint32_t> rank);
    std::optional<std::uint32_t> selectedRank() const { return selectedRank_; }
    // The outlined band (-1: none, or the rank is not shown).
    int selectedBand() const { return selectedBand_; }
    // The run's name in the title ("Timeline of run_np3, ranks 0–2"); "" leaves it out.
    void setRunLabel(const QString& label);
    // Fits the whole run.
    void resetZoom();

    QCustomPlot* plot() const { return plot_; }
    // The call clicked and the panel of its details.
    TimelineCallSelection* callSelection() const { return calls_; }
    QString title() const;
    // The legend's entries in order: the costliest regions on the shown
    // ranks, then "+N more" for the rest.
    QStringList legendEntries() const;
    // False while a new zoom is still being drawn lane by lane over several
    // frames (see TimelinePlottable::isComplete).
    bool isComplete() const;
    // False while the last frame showed stand-ins of a source read on demand.
    bool isExact() const;
    // Whether the ranks shown are those that fit the plot's height, not a
    // zoom of the user's.
    bool ranksFitted() const { return ranksFitted_; }
    // Fits the ranks to a plot `height` pixels high (an export's), as
    // a new size of the window does.
    void fitRanksToHeight(int height);
    // Like ChartExporter::savePng: width x height laid out, times `scale` pixels.
    bool savePng(const QString& path, int width, int height, double scale = 1.0);
    // The tooltip text for a position in plot() coordinates, "" when nothing is there.
    QString toolTipAt(const QPoint& position) const;

signals:
    void regionActivated(int region);

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;
    void paintEvent(QPaintEvent* event) override;

private:
    // What a key does to the view; empty for keys it leaves to others.
    std::function<void()> keyAction(const QKeyEvent& key);
    // Scales the visible time (or ranks) around the centre by `factor`.
    void zoomBy(double factor, bool ranks);
    // Moves the visible time (or ranks) by `share` of the visible width.
    void panBy(double share, bool ranks);
    void onMousePress(QMouseEvent* event);
    void onMouseMove(QMouseEvent* event);
    void onMouseRelease(QMouseEvent* event);
    void onWheel(QWheelEvent* event);
    void onZoomRect(const QRect& rect);
    void onTimeRangeChanged(const QCPRange& range);
    void constrainRanks(const QCPRange& range);
    void fitRanks();
    void updateTitle();
    void updateLegend();
    void updateSelectedLane();
    // A click on a rank's label collapses its thread/task lanes into one
    // band, or spreads them out again.
    void toggleLanesAt(double y);

    QCustomPlot* plot_ = nullptr;
    TimelinePlottable* timeline_ = nullptr;
    QSharedPointer<TimeAxisTicker> timeTicker_;
    QSharedPointer<RankAxisTicker> rankTicker_;
    QCPTextElement* title_ = nullptr;
    std::unique_ptr<RegionLegend> legend_;
    scope::RankSelection ranks_;
    QString runLabel_;
    TimelineCallSelection* calls_ = nullptr;
    QPoint pressPosition_;
    // The ranks shown are the fit (fitRanks), not a zoom of the user's: a
    // new size of the plot fits them again.
    bool ranksFitted_ = true;
    bool fittingRanks_ = false;
    // Height of the plot outside its axis rect (title, legend, time axis), as last laid out.
    int chrome_ = 0;
    QCPItemRect* selectedLane_ = nullptr;
    std::optional<std::uint32_t> selectedRank_;
    int selectedBand_ = -1;
};
