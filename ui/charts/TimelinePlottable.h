// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "analysis/TimelineIndex.h"
#include "model/RankSelection.h"

#include <qcustomplot.h>

#include <memory>
#include <optional>
#include <vector>

class QElapsedTimer;
class QThreadPool;

// Draws the calls of a run as rectangles straight from a TimelineIndex: per
// visible lane one index query at the current zoom, so the cost follows the
// pixels on screen, not the calls in the file (one QCustomPlot item per call
// would not survive millions of calls).
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
    };

    TimelinePlottable(QCPAxis* keyAxis, QCPAxis* valueAxis);

    void setRun(std::shared_ptr<const scope::ProfilingResults> results,
                std::shared_ptr<const scope::TimelineIndex> index);
    void clear();
    void setRanks(const scope::RankSelection& ranks);
    void setHighlightedRegion(int region);
    // Only the calls flagged (one flag per event) of the region stand out:
    // the calls of one call path. A span of several calls narrower than a
    // pixel goes by its first call.
    void setHighlightedCalls(int region, std::shared_ptr<const std::vector<bool>> calls);

    const scope::ProfilingResults* results() const { return results_.get(); }
    const scope::TimelineIndex* index() const { return index_.get(); }
    int bandCount() const { return static_cast<int>(bands_.size()); }
    const std::vector<std::uint32_t>& bandRanks() const { return bands_; }
    std::uint32_t rankOfBand(int band) const { return bands_[static_cast<std::size_t>(band)]; }
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

    double selectTest(const QPointF& pos, bool onlySelectable,
                      QVariant* details = nullptr) const override;
    QCPRange getKeyRange(bool& foundRange,
                         QCP::SignDomain inSignDomain = QCP::sdBoth) const override;
    QCPRange getValueRange(bool& foundRange, QCP::SignDomain inSignDomain = QCP::sdBoth,
                           const QCPRange& inKeyRange = QCPRange()) const override;

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

    std::vector<LaneRow> visibleLanes(const QRect& area, int firstBand, int lastBand) const;
    // Queries the uncached lanes of `rows` into the cache, on several threads,
    // until the frame's query budget is spent (unless not progressive).
    void prefetch(const std::vector<LaneRow>& rows, const Window& window,
                  const QElapsedTimer& clock, bool progressive);
    static QThreadPool* queryPool();
    const std::vector<scope::TimelineSpan>& spansOf(std::size_t lane, const Window& window);
    void drawLane(QCPPainter* painter, const std::vector<scope::TimelineSpan>& spans,
                  const QRect& row);
    void dropCache();
    bool isCached(std::size_t lane) const;

    std::shared_ptr<const scope::ProfilingResults> results_;
    std::shared_ptr<const scope::TimelineIndex> index_;
    scope::RankSelection ranks_;
    std::vector<std::uint32_t> bands_; // rank shown in each band
    int depthRows_ = 1;                // rows per band: deepest shown level + 1
    std::int64_t originNs_ = 0;
    int highlighted_ = -1;
    std::shared_ptr<const std::vector<bool>> highlightedCalls_; // null: the whole region
    std::vector<QColor> colors_;                                // per region
    std::vector<QColor> faded_; // per region, when another region is highlighted
    std::vector<QString> names_;
    std::vector<scope::TimelineSpan> spans_; // reused by every lane query
    // The spans of the last frame per lane, while the time window stays
    // (highlighting, scrolling through ranks), up to a budget of spans.
    Window cachedWindow_;
    std::vector<std::optional<std::vector<scope::TimelineSpan>>> cache_;
    std::size_t cachedSpans_ = 0;
    bool complete_ = true;
};
