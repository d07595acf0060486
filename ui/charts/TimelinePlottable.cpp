// SPDX-License-Identifier: GPL-3.0-or-later
#include "TimelinePlottable.h"

#include "analysis/MpiRegionName.h"
#include "common/RegionPalette.h"

#include <QElapsedTimer>
#include <QMetaObject>
#include <QThread>
#include <QThreadPool>
#include <QtConcurrent/QtConcurrentRun>

#include <algorithm>
#include <atomic>
#include <cmath>
#include <limits>
#include <mutex>

namespace {

// Share of a band left empty between two ranks.
constexpr double kBandGap = 0.2;
// Spans kept between frames: 24 MB.
constexpr std::size_t kCacheBudget = 1'000'000;
// Time one frame may spend on lane queries before it shows what it has and
// queues the next frame for the rest: a new zoom of tens of millions of calls
// then never holds the UI thread for long, whatever the machine is doing.
constexpr qint64 kQueryBudgetMs = 12;

QColor blend(const QColor& color, const QColor& with, double share) {
    return QColor::fromRgbF(
        static_cast<float>(color.redF() * share + with.redF() * (1 - share)),
        static_cast<float>(color.greenF() * share + with.greenF() * (1 - share)),
        static_cast<float>(color.blueF() * share + with.blueF() * (1 - share)));
}

} // namespace

// Shared by the plottable and the callback it gives its source, which may
// outlive it and run on any thread: the lock keeps `target` alive while a
// call to it is posted, and the plottable clears it before it goes.
struct TimelinePlottable::RefineGuard {
    std::mutex mutex;
    TimelinePlottable* target = nullptr;
    // A posted call is on its way: a burst of refinements makes one redraw.
    std::atomic<bool> pending{false};
};

TimelinePlottable::TimelinePlottable(QCPAxis* keyAxis, QCPAxis* valueAxis)
    : QCPAbstractPlottable(keyAxis, valueAxis) {
    setAntialiasedFill(false);
    setAntialiased(false);
}

TimelinePlottable::~TimelinePlottable() {
    unwatch();
}

void TimelinePlottable::setRun(std::shared_ptr<const scope::ProfilingResults> results,
                               std::shared_ptr<const scope::TimelineSource> source) {
    unwatch();
    results_ = std::move(results);
    source_ = std::move(source);
    dropCache();
    highlighted_ = -1;
    colors_.clear();
    faded_.clear();
    names_.clear();
    if (!results_ || !source_) {
        clear();
        return;
    }
    watch(source_);
    originNs_ = results_->minimumStartNs.value_or(source_->startNs());
    for (const std::string& name : results_->regions)
        names_.push_back(QString::fromStdString(scope::MpiRegionName::displayName(name)));
    paletteRevision_ = -1;
    refreshColors();
    setRanks(ranks_);
}

bool TimelinePlottable::refreshColors() {
    if (!results_ || paletteRevision_ == RegionPalette::revision())
        return false;
    paletteRevision_ = RegionPalette::revision();
    colors_.clear();
    faded_.clear();
    const QColor background = Qt::white;
    for (const std::string& name : results_->regions) {
        colors_.push_back(RegionPalette::color(QString::fromStdString(name)));
        faded_.push_back(blend(colors_.back(), background, 0.25));
    }
    return true;
}

void TimelinePlottable::clear() {
    unwatch();
    results_.reset();
    source_.reset();
    dropCache();
    bands_.clear();
    collapsed_.clear();
    depthRows_ = 1;
    originNs_ = 0;
    highlighted_ = -1;
}

void TimelinePlottable::setRanks(const scope::RankSelection& ranks) {
    ranks_ = ranks;
    bands_.clear();
    depthRows_ = 1;
    if (!source_ || !results_)
        return;
    bands_.build(*source_, *results_, ranks_, collapsed_);
    for (const std::uint32_t rank : bands_.ranks())
        depthRows_ = std::max(depthRows_, source_->maxDepth(rank) + 1);
}

void TimelinePlottable::setCollapsed(std::uint32_t rank, bool collapsed) {
    if (collapsed)
        collapsed_.insert(rank);
    else
        collapsed_.erase(rank);
    setRanks(ranks_);
}

void TimelinePlottable::watch(const std::shared_ptr<const scope::TimelineSource>& source) {
    guard_ = std::make_shared<RefineGuard>();
    guard_->target = this;
    source->setRefinedCallback([guard = guard_] {
        const std::lock_guard lock(guard->mutex);
        if (guard->target == nullptr || guard->pending.exchange(true))
            return;
        // Posting is thread-safe; Qt drops the call if the target is deleted
        // before it runs, and the guard tells whether it still shows this source.
        QMetaObject::invokeMethod(
            guard->target,
            [guard] {
                guard->pending = false;
                if (guard->target != nullptr) // only the UI thread changes it
                    guard->target->onRefined();
            },
            Qt::QueuedConnection);
    });
}

void TimelinePlottable::unwatch() {
    if (guard_) {
        const std::lock_guard lock(guard_->mutex);
        guard_->target = nullptr;
    }
    guard_.reset();
    if (source_)
        source_->setRefinedCallback({});
}

void TimelinePlottable::onRefined() {
    ++refinements_;
    // The lanes drawn from stand-ins are not cached as exact: the next frame
    // asks the source again.
    if (parentPlot() != nullptr)
        parentPlot()->replot(QCustomPlot::rpQueuedReplot);
    emit refined();
}

void TimelinePlottable::setHighlightedRegion(int region) {
    highlighted_ = region;
    highlightedCalls_.reset();
}

void TimelinePlottable::setHighlightedCalls(int region,
                                            std::shared_ptr<const std::vector<bool>> calls) {
    highlighted_ = region;
    highlightedCalls_ = std::move(calls);
}

double TimelinePlottable::durationSeconds() const {
    if (!source_ || source_->empty())
        return 0.0;
    return static_cast<double>(source_->endNs() - originNs_) * 1e-9;
}

double TimelinePlottable::nsPerPixel() const {
    const QCPAxis* keyAxis = mKeyAxis.data();
    if (keyAxis == nullptr || keyAxis->axisRect()->width() <= 0)
        return 0.0;
    return keyAxis->range().size() * 1e9 / keyAxis->axisRect()->width();
}

QCPRange TimelinePlottable::rowRange(int band, int depth) const {
    const double height = (1.0 - kBandGap) / depthRows_;
    const double lower = band + kBandGap / 2 + depth * height;
    return QCPRange(lower, lower + height);
}

QColor TimelinePlottable::colorOf(int region) const {
    const bool fade = highlighted_ >= 0 && region != highlighted_;
    if (region < 0 || static_cast<std::size_t>(region) >= colors_.size())
        return fade ? blend(RegionPalette::mixed(), Qt::white, 0.25) : RegionPalette::mixed();
    return fade ? faded_[static_cast<std::size_t>(region)]
                : colors_[static_cast<std::size_t>(region)];
}

QColor TimelinePlottable::colorOf(const scope::TimelineSpan& span) const {
    if (highlightedCalls_ && span.region == highlighted_ &&
        span.event < highlightedCalls_->size() && !(*highlightedCalls_)[span.event])
        return faded_[static_cast<std::size_t>(span.region)];
    return colorOf(span.region);
}

std::optional<TimelinePlottable::Hit> TimelinePlottable::hitAt(const QPointF& pixel) const {
    const QCPAxis* keyAxis = mKeyAxis.data();
    const QCPAxis* valueAxis = mValueAxis.data();
    if (!source_ || bands_.empty() || keyAxis == nullptr || valueAxis == nullptr ||
        !clipRect().contains(pixel.toPoint()))
        return std::nullopt;
    const double value = valueAxis->pixelToCoord(pixel.y());
    const int band = static_cast<int>(std::floor(value));
    if (band < 0 || band >= bandCount())
        return std::nullopt;
    const double rowHeight = (1.0 - kBandGap) / depthRows_;
    const double inBand = value - band - kBandGap / 2;
    if (inBand < 0)
        return std::nullopt;
    const auto depth = static_cast<std::uint32_t>(inBand / rowHeight);
    const std::int64_t time = originNs_ + std::llround(keyAxis->pixelToCoord(pixel.x()) * 1e9);
    // Collapsed lanes are drawn in order, the last on top: it is the one hit.
    const std::vector<std::size_t> lanes = bands_.lanesAt(*source_, band, depth);
    for (auto lane = lanes.rbegin(); lane != lanes.rend(); ++lane)
        // Two pixels of tolerance: a call narrower than a pixel is drawn one pixel wide.
        if (const auto span = source_->hitTest(*lane, time, 2 * nsPerPixel()))
            return Hit{*span, rankOfBand(band), depth, band};
    return std::nullopt;
}

double TimelinePlottable::selectTest(const QPointF&, bool, QVariant*) const {
    return -1; // the view handles clicks itself; QCustomPlot selection is not used
}

QCPRange TimelinePlottable::getKeyRange(bool& foundRange, QCP::SignDomain) const {
    foundRange = source_ && !source_->empty();
    return QCPRange(0.0, std::max(durationSeconds(), 1e-9));
}

QCPRange TimelinePlottable::getValueRange(bool& foundRange, QCP::SignDomain,
                                          const QCPRange&) const {
    foundRange = !bands_.empty();
    return QCPRange(0.0, std::max(1, bandCount()));
}

void TimelinePlottable::drawLegendIcon(QCPPainter*, const QRectF&) const {}

void TimelinePlottable::draw(QCPPainter* painter) {
    QCPAxis* keyAxis = mKeyAxis.data();
    QCPAxis* valueAxis = mValueAxis.data();
    const double perPixel = nsPerPixel();
    if (!source_ || bands_.empty() || keyAxis == nullptr || valueAxis == nullptr || !(perPixel > 0))
        return;
    const QRect area = clipRect();
    // Whole pixel columns of run time, so that merged spans keep their place
    // while the view pans at one zoom.
    const double firstColumn = std::floor(keyAxis->range().lower * 1e9 / perPixel);
    const Window window{originNs_ + static_cast<std::int64_t>(std::floor(firstColumn * perPixel)),
                        originNs_ +
                            static_cast<std::int64_t>(std::ceil(keyAxis->range().upper * 1e9)) + 1,
                        perPixel};
    if (!(window == cachedWindow_)) {
        dropCache();
        cachedWindow_ = window;
    }

    const QCPRange values = valueAxis->range();
    const int firstBand = std::max(0, static_cast<int>(std::floor(values.lower)));
    const int lastBand = std::min(bandCount() - 1, static_cast<int>(std::floor(values.upper)));
    painter->setAntialiasing(false);
    for (int band = firstBand; band <= lastBand; ++band) {
        if (bands_.rankPosition(band) % 2 == 1) {
            // Light stripes tell neighbouring ranks apart when bands are thin.
            const double top = valueAxis->coordToPixel(band);
            const double bottom = valueAxis->coordToPixel(band + 1);
            painter->fillRect(
                QRectF(area.left(), std::min(top, bottom), area.width(), std::abs(bottom - top)),
                QColor(0, 0, 0, 12));
        }
    }
    QElapsedTimer clock;
    clock.start();
    // Exports (PNG, PDF) get one frame: it must be whole.
    const bool progressive = !painter->modes().testFlag(QCPPainter::pmNoCaching);
    const std::vector<LaneRow> rows = visibleLanes(area, firstBand, lastBand);
    // Lanes the query budget did not reach are asked in the next frame.
    complete_ = prefetch(rows, window, clock, progressive);
    exact_ = true;
    for (const LaneRow& row : rows) {
        // Lanes never queried stay empty for a frame (those with a stand-in
        // show it meanwhile). Only while the cache has room: the next frame
        // must find what this one queried.
        if (!hasSpans(row.lane) && progressive && cachedSpans_ < kCacheBudget) {
            complete_ = false;
            continue;
        }
        const LaneSpans& spans = spansOf(row.lane, window);
        exact_ = exact_ && spans.exact;
        drawLane(painter, spans.spans, row.rect);
    }
    if (!complete_ && parentPlot() != nullptr)
        parentPlot()->replot(QCustomPlot::rpQueuedReplot);
}

std::vector<TimelinePlottable::LaneRow>
TimelinePlottable::visibleLanes(const QRect& area, int firstBand, int lastBand) const {
    const QCPAxis* valueAxis = mValueAxis.data();
    std::vector<LaneRow> rows;
    // Rows thinner than a pixel share pixel rows: each pixel row is drawn once
    // (by the first lane that reaches it), so hundreds of ranks cost what the
    // plot's height allows, not a query per lane.
    int drawnBottom = std::numeric_limits<int>::min();
    for (int band = firstBand; band <= lastBand; ++band) {
        const int depths = source_->maxDepth(rankOfBand(band)) + 1;
        for (int depth = 0; depth < depths; ++depth) {
            const QCPRange rowValues = rowRange(band, depth);
            const double a = valueAxis->coordToPixel(rowValues.lower);
            const double b = valueAxis->coordToPixel(rowValues.upper);
            const int top = static_cast<int>(std::lround(std::min(a, b)));
            const int bottom = std::max(top + 1, static_cast<int>(std::lround(std::max(a, b))));
            if (bottom < area.top() || top > area.bottom() || bottom <= drawnBottom)
                continue;
            const QRect rect(area.left(), top, area.width(), bottom - top);
            for (const std::size_t lane :
                 bands_.lanesAt(*source_, band, static_cast<std::uint32_t>(depth))) {
                rows.push_back({lane, rect});
                drawnBottom = bottom;
            }
        }
    }
    return rows;
}

bool TimelinePlottable::prefetch(const std::vector<LaneRow>& rows, const Window& window,
                                 const QElapsedTimer& clock, bool progressive) {
    std::vector<std::size_t> wanted;
    for (const LaneRow& row : rows)
        if (!isCached(row.lane))
            wanted.push_back(row.lane);
    // A full cache: spansOf queries each lane as it is drawn.
    if (wanted.empty() || cachedSpans_ >= kCacheBudget)
        return true;
    if (cache_.size() != source_->lanes().size())
        cache_.resize(source_->lanes().size());
    // Lanes are independent and sources answer on any thread: query them on
    // every core. Each thread takes at least one lane, so frames always progress.
    std::atomic<std::size_t> next{0};
    std::vector<LaneSpans> spans(wanted.size());
    std::vector<char> queried(wanted.size(), 0);
    auto work = [&] {
        for (std::size_t i; (i = next.fetch_add(1)) < wanted.size();) {
            spans[i].exact =
                source_->query(wanted[i], window.t0, window.t1, window.nsPerPixel, spans[i].spans);
            queried[i] = 1;
            if (progressive && clock.elapsed() >= kQueryBudgetMs)
                break;
        }
    };
    QFuture<void> helper = QtConcurrent::run(queryPool(), work);
    work();
    helper.waitForFinished();
    bool all = true;
    for (std::size_t i = 0; i < wanted.size(); ++i) {
        if (queried[i])
            keep(wanted[i], std::move(spans[i]));
        else
            all = false;
    }
    return all;
}

QThreadPool* TimelinePlottable::queryPool() {
    // Its own threads: the shared pool may be busy sorting percentiles.
    static QThreadPool* pool = [] {
        auto* p = new QThreadPool;
        p->setMaxThreadCount(std::max(1, QThread::idealThreadCount() - 1));
        return p;
    }();
    return pool;
}

bool TimelinePlottable::isCached(std::size_t lane) const {
    return lane < cache_.size() && cache_[lane].has_value() && cache_[lane]->exact;
}

bool TimelinePlottable::hasSpans(std::size_t lane) const {
    return lane < cache_.size() && cache_[lane].has_value();
}

void TimelinePlottable::dropCache() {
    cache_.clear();
    cachedSpans_ = 0;
    cachedWindow_ = {};
}

bool TimelinePlottable::keep(std::size_t lane, LaneSpans spans) {
    // A stand-in asked again gives way to its successor.
    const std::size_t replaced = cache_[lane] ? cache_[lane]->spans.size() : 0;
    if (cachedSpans_ - replaced + spans.spans.size() > kCacheBudget)
        return false;
    cachedSpans_ = cachedSpans_ - replaced + spans.spans.size();
    cache_[lane] = std::move(spans);
    return true;
}

const TimelinePlottable::LaneSpans& TimelinePlottable::spansOf(std::size_t lane,
                                                               const Window& window) {
    if (cache_.size() != source_->lanes().size())
        cache_.resize(source_->lanes().size());
    if (cache_[lane])
        return *cache_[lane];
    spans_.exact = source_->query(lane, window.t0, window.t1, window.nsPerPixel, spans_.spans);
    if (!keep(lane, spans_))
        return spans_;
    return *cache_[lane];
}
