// SPDX-License-Identifier: GPL-3.0-or-later
#include "FlamePainter.h"

#include "common/ColorContrast.h"
#include "common/RegionPalette.h"

#include <QCoreApplication>
#include <QFontMetricsF>
#include <QPainter>

#include <cmath>

namespace {

// The root stands for the whole selection: a light neutral grey, apart
// from the darker grey of merged boxes.
const QColor kRootColor(0xd4, 0xd4, 0xd4);
// Share of its own colour a box keeps when the search does not match it.
constexpr double kFaded = 0.25;
constexpr double kTextPadding = 3;

QColor blend(const QColor& colour, const QColor& background, double keep) {
    const auto mix = [keep](int a, int b) {
        return static_cast<int>(std::lround(a * keep + b * (1.0 - keep)));
    };
    return QColor(mix(colour.red(), background.red()), mix(colour.green(), background.green()),
                  mix(colour.blue(), background.blue()));
}

} // namespace

bool FlamePainter::matches(const scope::FlameLayout& layout, const Scene& scene,
                           std::uint32_t box) {
    if (scene.matches == nullptr || scene.matches->empty())
        return true;
    if (layout.merged[box] > 0)
        return false;
    const std::int32_t region = scene.tree->region[layout.node[box]];
    return region >= 0 && (*scene.matches)[static_cast<std::size_t>(region)] != 0;
}

QColor FlamePainter::fill(const scope::FlameLayout& layout, const Scene& scene, std::uint32_t box) {
    QColor colour;
    if (layout.merged[box] > 0)
        colour = RegionPalette::mixed();
    else if (const std::int32_t r = scene.tree->region[layout.node[box]]; r >= 0)
        colour = (*scene.regionColors)[static_cast<std::size_t>(r)];
    else
        colour = kRootColor;
    return matches(layout, scene, box) ? colour : blend(colour, scene.background, kFaded);
}

QString FlamePainter::label(const scope::FlameLayout& layout, const Scene& scene,
                            std::uint32_t box) {
    if (layout.merged[box] > 0)
        return QCoreApplication::translate("FlamePainter", "%1 more").arg(layout.merged[box]);
    const std::int32_t r = scene.tree->region[layout.node[box]];
    return r >= 0 ? QString::fromStdString(scene.results->regions[static_cast<std::size_t>(r)])
                  : QCoreApplication::translate("FlamePainter", "All");
}

void FlamePainter::paint(QPainter& painter, const scope::FlameLayout& layout, const Scene& scene,
                         const QRectF& area, std::size_t firstRow) {
    painter.save();
    painter.setClipRect(area);
    painter.setRenderHint(QPainter::Antialiasing, false);
    painter.setFont(scene.font);
    const QFontMetricsF metrics(scene.font);
    // Narrower boxes would show a lone ellipsis.
    const double minLabel =
        metrics.horizontalAdvance(QStringLiteral("mm\u2026")) + 2 * kTextPadding;
    QRectF hoverRect;
    for (std::size_t row = firstRow; row < layout.rows(); ++row) {
        const double top = area.top() + static_cast<double>(row - firstRow) * scene.rowHeight;
        if (top >= area.bottom())
            break;
        for (std::uint32_t b = layout.rowBegin[row]; b < layout.rowBegin[row + 1]; ++b) {
            // Whole pixels, a pixel of gap between boxes wide enough to
            // spare it, so that neighbours of one colour stay apart.
            const double left = std::floor(area.left() + layout.x0[b]);
            double right = std::floor(area.left() + layout.x1[b]);
            if (right - left < 1)
                right = left + 1;
            const double width = right - left >= 3 ? right - left - 1 : right - left;
            const QRectF rect(left, top, width, scene.rowHeight - 1);
            const QColor colour = fill(layout, scene, b);
            painter.fillRect(rect, colour);
            if (b == scene.hoverBox)
                hoverRect = rect;
            if (width < minLabel)
                continue;
            const QRectF text = rect.adjusted(kTextPadding, 0, -kTextPadding, 0);
            painter.setPen(ColorContrast::textOn(colour));
            painter.drawText(
                text, Qt::AlignVCenter | Qt::AlignLeft,
                metrics.elidedText(label(layout, scene, b), Qt::ElideRight, text.width()));
        }
    }
    if (!hoverRect.isNull()) {
        painter.setPen(QPen(scene.hoverFrame, 1));
        painter.setBrush(Qt::NoBrush);
        painter.drawRect(hoverRect.adjusted(0.5, 0.5, -0.5, -0.5));
    }
    painter.restore();
}
