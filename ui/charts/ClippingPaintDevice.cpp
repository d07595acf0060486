// SPDX-License-Identifier: GPL-3.0-or-later
#include "ClippingPaintDevice.h"

#include <QPaintEngine>
#include <QPainter>
#include <QPainterPath>
#include <QTextItem>

#include <algorithm>
#include <optional>

namespace {

// The part of the segment a–b inside `clip` (Liang–Barsky), if any.
std::optional<QLineF> clipSegment(QPointF a, QPointF b, const QRectF& clip) {
    const double dx = b.x() - a.x();
    const double dy = b.y() - a.y();
    double t0 = 0.0;
    double t1 = 1.0;
    const auto edge = [&](double p, double q) {
        if (p == 0.0)
            return q >= 0.0;
        const double t = q / p;
        if (p < 0.0) {
            if (t > t1)
                return false;
            t0 = std::max(t0, t);
        } else {
            if (t < t0)
                return false;
            t1 = std::min(t1, t);
        }
        return true;
    };
    if (!edge(-dx, a.x() - clip.left()) || !edge(dx, clip.right() - a.x()) ||
        !edge(-dy, a.y() - clip.top()) || !edge(dy, clip.bottom() - a.y()))
        return std::nullopt;
    return QLineF(a + t0 * QPointF(dx, dy), a + t1 * QPointF(dx, dy));
}

// The pieces of a polyline inside `clip`, each a polyline of its own.
QList<QPolygonF> clipPolyline(const QPolygonF& line, const QRectF& clip) {
    QList<QPolygonF> pieces;
    QPolygonF current;
    for (qsizetype i = 1; i < line.size(); ++i) {
        const std::optional<QLineF> part = clipSegment(line[i - 1], line[i], clip);
        if (!part) {
            if (current.size() >= 2)
                pieces << current;
            current.clear();
            continue;
        }
        if (current.isEmpty() || current.last() != part->p1()) {
            if (current.size() >= 2)
                pieces << current;
            current = QPolygonF{part->p1()};
        }
        current << part->p2();
    }
    if (current.size() >= 2)
        pieces << current;
    return pieces;
}

} // namespace

// Forwards the state to a painter on the target and cuts every shape to the
// clip of the painter drawing on this device (in its logical coordinates,
// which the target painter shares through the same transform).
class ClippingPaintDevice::Engine : public QPaintEngine {
public:
    explicit Engine(QPaintDevice* target) : QPaintEngine(AllFeatures), target_(target) {}

    bool begin(QPaintDevice*) override {
        clipDirty_ = true;
        return out_.begin(target_);
    }
    bool end() override { return out_.end(); }
    Type type() const override { return User; }

    void updateState(const QPaintEngineState& state) override {
        const DirtyFlags flags = state.state();
        if (flags & DirtyPen)
            out_.setPen(pen_ = state.pen());
        if (flags & DirtyBrush)
            out_.setBrush(brush_ = state.brush());
        if (flags & DirtyBrushOrigin)
            out_.setBrushOrigin(state.brushOrigin());
        if (flags & DirtyFont)
            out_.setFont(state.font());
        if (flags & DirtyBackground)
            out_.setBackground(state.backgroundBrush());
        if (flags & DirtyBackgroundMode)
            out_.setBackgroundMode(state.backgroundMode());
        if (flags & DirtyTransform)
            out_.setTransform(state.transform());
        if (flags & DirtyHints) {
            out_.setRenderHints(QPainter::RenderHints::fromInt(~0), false);
            out_.setRenderHints(state.renderHints());
        }
        if (flags & DirtyCompositionMode)
            out_.setCompositionMode(state.compositionMode());
        if (flags & DirtyOpacity)
            out_.setOpacity(state.opacity());
        if (flags & (DirtyClipPath | DirtyClipRegion | DirtyClipEnabled | DirtyTransform))
            clipDirty_ = true;
    }

    void drawPath(const QPainterPath& path) override {
        if (!clipped()) {
            out_.drawPath(path);
            return;
        }
        if (inside(path.controlPointRect())) {
            out_.drawPath(path);
            return;
        }
        if (!path.controlPointRect()
                 .adjusted(-penReach(), -penReach(), penReach(), penReach())
                 .intersects(clipRect_))
            return;
        if (brush_.style() != Qt::NoBrush) {
            const QPainterPath filled = path.intersected(clipPath_);
            if (!filled.isEmpty()) {
                out_.setPen(Qt::NoPen);
                out_.drawPath(filled);
                out_.setPen(pen_);
            }
        }
        if (pen_.style() != Qt::NoPen)
            strokePieces(path.toSubpathPolygons());
    }

    void drawPolygon(const QPointF* points, int count, PolygonDrawMode mode) override {
        const QPolygonF polygon(QList<QPointF>(points, points + count));
        if (mode == PolylineMode) {
            if (!clipped() || inside(polygon.boundingRect()))
                out_.drawPolyline(polygon);
            else
                strokePieces({polygon});
            return;
        }
        QPainterPath path;
        path.setFillRule(mode == OddEvenMode ? Qt::OddEvenFill : Qt::WindingFill);
        path.addPolygon(polygon);
        path.closeSubpath();
        drawPath(path);
    }

    void drawLines(const QLineF* lines, int count) override {
        for (int i = 0; i < count; ++i) {
            if (!clipped()) {
                out_.drawLine(lines[i]);
            } else if (const std::optional<QLineF> part =
                           clipSegment(lines[i].p1(), lines[i].p2(), clipRect_)) {
                out_.drawLine(*part);
            }
        }
    }

    void drawRects(const QRectF* rects, int count) override {
        for (int i = 0; i < count; ++i) {
            // Rectangles stay rectangles where they can (<rect> in the SVG).
            if (!clipped() || inside(rects[i].normalized())) {
                out_.drawRect(rects[i]);
            } else if (clipIsRect_ && pen_.style() == Qt::NoPen) {
                const QRectF visible = rects[i].normalized() & clipRect_;
                if (!visible.isEmpty())
                    out_.drawRect(visible);
            } else {
                QPainterPath path;
                path.addRect(rects[i]);
                drawPath(path);
            }
        }
    }

    void drawTextItem(const QPointF& p, const QTextItem& item) override {
        // Text is not cut: a label partly inside stays whole, one wholly
        // outside is not drawn.
        const QRectF box(p.x(), p.y() - item.ascent(), item.width(),
                         item.ascent() + item.descent());
        if (!clipped() || box.intersects(clipRect_))
            out_.drawTextItem(p, item);
    }

    void drawPixmap(const QRectF& r, const QPixmap& pixmap, const QRectF& source) override {
        QRectF target = r;
        QRectF from = source;
        if (clipped() && !visiblePart(&target, &from))
            return;
        out_.drawPixmap(target, pixmap, from);
    }

    void drawImage(const QRectF& r, const QImage& image, const QRectF& source,
                   Qt::ImageConversionFlags flags) override {
        QRectF target = r;
        QRectF from = source;
        if (clipped() && !visiblePart(&target, &from))
            return;
        out_.drawImage(target, image, from, flags);
    }

    void drawTiledPixmap(const QRectF& r, const QPixmap& pixmap, const QPointF& offset) override {
        const QRectF target = clipped() ? r & clipRect_ : r;
        if (!target.isEmpty())
            out_.drawTiledPixmap(target, pixmap, offset + (target.topLeft() - r.topLeft()));
    }

private:
    // Whether the painter clips now; brings the clip up to date.
    bool clipped() {
        if (clipDirty_) {
            clipDirty_ = false;
            clipping_ = painter() != nullptr && painter()->hasClipping();
            clipPath_ = clipping_ ? painter()->clipPath() : QPainterPath();
            clipRect_ = clipPath_.boundingRect();
            QPainterPath rect;
            rect.addRect(clipRect_);
            clipIsRect_ = clipPath_.elementCount() <= 5 && clipPath_.subtracted(rect).isEmpty() &&
                          rect.subtracted(clipPath_).isEmpty();
        }
        return clipping_;
    }

    // Whether a shape with these bounds, its outline included, lies inside the clip.
    bool inside(const QRectF& bounds) const {
        const double reach = penReach();
        return clipIsRect_ && clipRect_.contains(bounds.adjusted(-reach, -reach, reach, reach));
    }

    double penReach() const {
        return pen_.style() == Qt::NoPen ? 0.0 : std::max(1.0, pen_.widthF());
    }

    void strokePieces(const QList<QPolygonF>& lines) {
        out_.setBrush(Qt::NoBrush);
        for (const QPolygonF& line : lines)
            for (const QPolygonF& piece : clipPolyline(line, clipRect_))
                out_.drawPolyline(piece);
        out_.setBrush(brush_);
    }

    // Cuts an image's target rectangle to the clip and its source rectangle alike.
    bool visiblePart(QRectF* target, QRectF* source) const {
        const QRectF visible = *target & clipRect_;
        if (visible.isEmpty())
            return false;
        const double sx = source->width() / target->width();
        const double sy = source->height() / target->height();
        *source = QRectF(source->left() + (visible.left() - target->left()) * sx,
                         source->top() + (visible.top() - target->top()) * sy, visible.width() * sx,
                         visible.height() * sy);
        *target = visible;
        return true;
    }

    QPaintDevice* target_;
    QPainter out_;
    QPen pen_;
    QBrush brush_;
    bool clipDirty_ = true;
    bool clipping_ = false;
    bool clipIsRect_ = false;
    QPainterPath clipPath_;
    QRectF clipRect_;
};

ClippingPaintDevice::ClippingPaintDevice(QPaintDevice* target)
    : target_(target), engine_(std::make_unique<Engine>(target)) {}

ClippingPaintDevice::~ClippingPaintDevice() = default;

QPaintEngine* ClippingPaintDevice::paintEngine() const {
    return engine_.get();
}

int ClippingPaintDevice::metric(PaintDeviceMetric metric) const {
    switch (metric) {
    case PdmWidth:
        return target_->width();
    case PdmHeight:
        return target_->height();
    case PdmWidthMM:
        return target_->widthMM();
    case PdmHeightMM:
        return target_->heightMM();
    case PdmNumColors:
        return target_->colorCount();
    case PdmDepth:
        return target_->depth();
    case PdmDpiX:
        return target_->logicalDpiX();
    case PdmDpiY:
        return target_->logicalDpiY();
    case PdmPhysicalDpiX:
        return target_->physicalDpiX();
    case PdmPhysicalDpiY:
        return target_->physicalDpiY();
    case PdmDevicePixelRatio:
        return static_cast<int>(target_->devicePixelRatio());
    case PdmDevicePixelRatioScaled:
        return static_cast<int>(target_->devicePixelRatio() * devicePixelRatioFScale());
    }
    return QPaintDevice::metric(metric);
}
