// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "TimelineBands.h"
#include "analysis/TimelineSource.h"
#include "model/ProfilingResults.h"
#include "model/RankSelection.h"

#include <qcustomplot.h>

#include <memory>
#include <optional>
#include <set>
#include <vector>

class QElapsedTimer;
class QThreadPool;

// Draws the calls of a run as rectangles straight from a TimelineSource (the
// TimelineIndex of events in memory, or the level-of-detail pyramid of a run
// read on demand): per visible lane one query at the current zoom, so the cost
// follows the pixels on screen, not the calls in the file (one QCustomPlot
// item per call would not survive millions of calls).
//
// A source read on demand may answer a query with a coarser stand-in while it
// reads the exact spans in the background. The stand-in is drawn, never kept
// as exact, and the lane is asked again once the source's refined callback
// says so. That callback may run on any thread, at any time, even while or
// after this plottable is destroyed: all it does is post a queued call through
// a guard that setRun, clear and the destructor disarm under its lock. One
// source notifies one plottable, the one that showed it last.
//
// Coordinates: key = seconds since the run's first start; value = band, one
// band per shown rank (band b covers [b, b + 1), drawn top-down with a reversed
// value axis), its depths stacked inside it with depth 0 at the top.
class TimelinePlottable : public QCPAbstractPlottable {
    Q_OBJECT
public:
    struct Hit {
        scope::TimelineSpan span;
        std::uint32_t rank = 0;
        std::uint32_t depth = 0;
        int band = 0;
    };

    TimelinePlottable(QCPAxis* keyAxis, QCPAxis* valueAxis);
    ~TimelinePlottable() override;

    // Takes the palette's colours again if a run opened since moved one;
    // true if it did.
    bool refreshColors();
    void setRun(std::shared_ptr<const scope::ProfilingResults> results,
                std::shared_ptr<const scope::TimelineSource> source);
    void clear();
    void setRanks(const scope::RankSelection& ranks);
    void setHighlightedRegion(int region);
    // Only the calls flagged (one flag per event) of the region stand out:
    // the calls of one call path. A span of several calls narrower than a
    // pixel goes by its first call.
    void setHighlightedCalls(int region, std::shared_ptr<const std::vector<bool>> calls);

    const scope::ProfilingResults* results() const { return results_.get(); }
    const scope::TimelineSource* source() const { return source_.get(); }
    int bandCount() const { return bands_.count(); }
    const std::vector<std::uint32_t>& bandRanks() const { return bands_.ranks(); }
    std::uint32_t rankOfBand(int band) const { return bands_[band].rank; }
    const TimelineBands& bands() const { return bands_; }
    // Draws the thread/task lanes of a rank in one band, or each in its own.
    void setCollapsed(std::uint32_t rank, bool collapsed);
    bool isCollapsed(std::uint32_t rank) const { return collapsed_.count(rank) > 0; }
    // Absolute ns of key 0.
    std::int64_t originNs() const { return originNs_; }
    // Seconds from key 0 to the end of the last call.
    double durationSeconds() const;
    // Key range and pixel width of the axis rect, as ns per pixel.
    double nsPerPixel() const;
    // Value-axis extent of one depth row, with `band` and `depth` placed.
    QCPRange rowRange(int band, int depth) const;
    // The span drawn under a pixel of the plot, if any.
    std::optional<Hit> hitAt(const QPointF& pixel) const;
    QColor colorOf(int region) const;
    // A span's colour: faded unless it is highlighted.
    QColor colorOf(const scope::TimelineSpan& span) const;
    // Whether the last frame drew every visible lane; a frame that ran out of
    // time for queries has queued the next one already.
    bool isComplete() const { return complete_; }
    // Whether the last frame drew exact spans only: false while a source read
    // on demand answered with a stand-in (the view redraws once it refines).
    bool isExact() const { return exact_; }
    // Refinements the source announced so far (each one redraws the plot).
    int refinements() const { return refinements_; }

    double selectTest(const QPointF& pos, bool onlySelectable,
                      QVariant* details = nullptr) const override;
    QCPRange getKeyRange(bool& foundRange,
                         QCP::SignDomain inSignDomain = QCP::sdBoth) const override;
    QCPRange getValueRange(bool& foundRange, QCP::SignDomain inSignDomain = QCP::sdBoth,
                           const QCPRange& inKeyRange = QCPRange()) const override;

signals:
    // The source read what a frame could only approximate, or failed to
    // (its readError() then says why): the next frame draws it.
    void refined();

protected:
    void draw(QCPPainter* painter) override;
    void drawLegendIcon(QCPPainter* painter, const QRectF& rect) const override;

private:
    // What a lane query asks for.
    struct Window {
        std::int64_t t0 = 0;
        std::int64_t t1 = 0;
        double nsPerPixel = 0.0;
        bool operator==(const Window&) const = default;
    };

    // A lane as the frame draws it.
    struct LaneRow {
        std::size_t lane;
        QRect rect;
    };

    // The spans a query gave for a lane; not exact: a stand-in, asked again.
    struct LaneSpans {
        std::vector<scope::TimelineSpan> spans;
        bool exact = true;
    };

    // What the source's refined callback holds: it outlives the plottable.
    struct RefineGuard;

    std::vector<LaneRow> visibleLanes(const QRect& area, int firstBand, int lastBand) const;
    // Queries the lanes of `rows` without exact spans into the cache, on
    // several threads, until the frame's query budget is spent (unless not
    // progressive); false when the budget left some for the next frame.
    bool prefetch(const std::vector<LaneRow>& rows, const Window& window,
                  const QElapsedTimer& clock, bool progressive);
    static QThreadPool* queryPool();
    const LaneSpans& spansOf(std::size_t lane, const Window& window);
    // Stores a query's spans unless the cache is full; false then.
    bool keep(std::size_t lane, LaneSpans spans);
    void drawLane(QCPPainter* painter, const std::vector<scope::TimelineSpan>& spans,
                  const QRect& row);
    // The time the call's task spent awaiting, hatched inside its box.
    void drawAwait(QCPPainter* painter, const scope::TimelineSpan& span, const QRect& rect) const;
    void dropCache();
    // Whether the lane's exact spans are cached (a stand-in does not count).
    bool isCached(std::size_t lane) const;
    // Whether the lane has spans to draw, exact or a stand-in.
    bool hasSpans(std::size_t lane) const;
    void watch(const std::shared_ptr<const scope::TimelineSource>& source);
    void unwatch();
    void onRefined();

    std::shared_ptr<const scope::ProfilingResults> results_;
    std::shared_ptr<const scope::TimelineSource> source_;
    std::shared_ptr<RefineGuard> guard_;
    scope::RankSelection ranks_;
    TimelineBands bands_;
    std::set<std::uint32_t> collapsed_; // ranks whose lanes share one band
    int depthRows_ = 1;                 // rows per band: deepest shown level + 1
    std::int64_t originNs_ = 0;
    int highlighted_ = -1;
    std::shared_ptr<const std::vector<bool>> highlightedCalls_; // null: the whole region
    int paletteRevision_ = -1;
    std::vector<QColor> colors_; // per region
    std::vector<QColor> faded_;  // per region, when another region is highlighted
    std::vector<QString> names_;
    LaneSpans spans_; // reused by the queries the cache has no room for
    // The spans of the last frame per lane, while the time window stays
    // (highlighting, scrolling through ranks), up to a budget of spans.
    Window cachedWindow_;
    std::vector<std::optional<LaneSpans>> cache_;
    std::size_t cachedSpans_ = 0;
    bool complete_ = true;
    bool exact_ = true;
    int refinements_ = 0;
};
