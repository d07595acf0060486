// SPDX-License-Identifier: GPL-3.0-or-later
// TimelinePlottable's painting of one lane's spans in their row: boxes with
// outlines and names where they fit, narrow spans merged into runs.
#include "TimelinePlottable.h"

#include "common/ColorContrast.h"

#include <algorithm>
#include <cmath>

namespace {

// Spans at least this wide (px) get an outline, so that neighbouring calls of
// one region stay apart, and, when their name fits, a label.
constexpr int kOutlineWidth = 4;
constexpr int kLabelWidth = 30;

} // namespace

void TimelinePlottable::drawLane(QCPPainter* painter, const std::vector<scope::TimelineSpan>& spans,
                                 const QRect& row) {
    if (spans.empty())
        return;
    const QCPAxis* keyAxis = mKeyAxis.data();
    const double lower = keyAxis->range().lower;
    const double pixelsPerSecond = row.width() / keyAxis->range().size();
    auto toPixel = [&](std::int64_t ns) {
        const double x =
            row.left() + (static_cast<double>(ns - originNs_) * 1e-9 - lower) * pixelsPerSecond;
        // Clamped: zoomed into one call, its ends lie millions of pixels away.
        return std::clamp(x, row.left() - 2.0, row.right() + 2.0);
    };
    const QFontMetrics metrics(painter->font());
    const bool labels = row.height() >= metrics.height() - 2;

    // Narrow spans of one colour that touch are filled as one rectangle.
    QColor runColor;
    int runLeft = 0;
    int runRight = -1;
    auto flush = [&] {
        if (runRight > runLeft)
            painter->fillRect(QRect(runLeft, row.top(), runRight - runLeft, row.height()),
                              runColor);
        runRight = -1;
    };
    for (const scope::TimelineSpan& span : spans) {
        // Outwards to whole pixels: calls that touch must not get a rounding gap.
        const int left = static_cast<int>(std::floor(toPixel(span.startNs)));
        const int right = std::max(left + 1, static_cast<int>(std::ceil(toPixel(span.endNs))));
        const QColor color = colorOf(span);
        if (right - left >= kOutlineWidth && row.height() >= 3) {
            flush();
            const QRect rect(left, row.top(), right - left, row.height());
            painter->fillRect(rect, color);
            drawAwait(painter, span, rect);
            painter->setPen(color.darker(150));
            painter->drawRect(rect.adjusted(0, 0, -1, -1));
            if (labels && span.region >= 0 && rect.width() >= kLabelWidth) {
                const QRect visible = rect.intersected(row).adjusted(3, 0, -3, 0);
                const QString text = metrics.elidedText(
                    names_[static_cast<std::size_t>(span.region)], Qt::ElideRight, visible.width());
                if (text.size() > 1) {
                    painter->setPen(ColorContrast::textOn(color));
                    painter->drawText(visible, Qt::AlignVCenter | Qt::AlignLeft, text);
                }
            }
            continue;
        }
        if (runRight >= 0 && color == runColor && left <= runRight) {
            runRight = std::max(runRight, right);
            continue;
        }
        flush();
        runColor = color;
        runLeft = left;
        runRight = right;
    }
    flush();
}

void TimelinePlottable::drawAwait(QCPPainter* painter, const scope::TimelineSpan& span,
                                  const QRect& rect) const {
    const scope::EventColumns& events = results_->events;
    if (span.count != 1 || !events.hasAwait() || span.event >= events.size() ||
        span.endNs <= span.startNs)
        return;
    const double share = static_cast<double>(events.awaitNs[span.event]) /
                         static_cast<double>(span.endNs - span.startNs);
    // When in the call the task was suspended is not stored, only how long:
    // a hatched share of the box's lower half, from its start.
    const int width = static_cast<int>(std::lround(std::clamp(share, 0.0, 1.0) * rect.width()));
    if (width > 0)
        painter->fillRect(
            QRect(rect.left(), rect.center().y(), width, rect.bottom() - rect.center().y() + 1),
            QBrush(QColor(255, 255, 255, 190), Qt::BDiagPattern));
}
