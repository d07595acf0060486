// SPDX-License-Identifier: GPL-3.0-or-later
#include "HeatmapPainter.h"

#include "HeatmapModel.h"

#include <QCoreApplication>
#include <QFontMetricsF>
#include <QLinearGradient>
#include <QPainter>

#include <algorithm>
#include <cmath>

namespace {

constexpr double kMargin = 6.0;
constexpr double kMaxHeader = 140.0;
const QColor kNoCalls(0xe0, 0xe0, 0xe0);
const QColor kLow(0x21, 0x66, 0xac);
const QColor kHigh(0xb2, 0x18, 0x2b);

QString tr(const char* text) {
    return QCoreApplication::translate("HeatmapPainter", text);
}

QColor mix(const QColor& a, const QColor& b, double t) {
    return QColor::fromRgbF(static_cast<float>(a.redF() + (b.redF() - a.redF()) * t),
                            static_cast<float>(a.greenF() + (b.greenF() - a.greenF()) * t),
                            static_cast<float>(a.blueF() + (b.blueF() - a.blueF()) * t));
}

int pixel(double v) {
    return static_cast<int>(std::lround(v));
}

// The colour bar, its gap and its widest label.
double legendWidth(const QFontMetricsF& fm) {
    return 4 + 14 + 4 + fm.horizontalAdvance(tr("≤ 0.5×")) + kMargin;
}

void paintLegend(QPainter* p, const QRectF& area, const QFontMetricsF& fm) {
    const double barHeight = std::min(area.height() - 2 * fm.height(), 160.0);
    if (barHeight < 3 * fm.height())
        return;
    const QRectF bar(area.left() + 4, area.top(), 14, barHeight);
    QLinearGradient gradient(bar.topLeft(), bar.bottomLeft());
    gradient.setColorAt(0.0, HeatmapPainter::colorOf(HeatmapPainter::kHighest));
    gradient.setColorAt(0.5, HeatmapPainter::colorOf(1.0));
    gradient.setColorAt(1.0, HeatmapPainter::colorOf(HeatmapPainter::kLowest));
    p->fillRect(bar, gradient);
    p->setPen(Qt::black);
    p->drawRect(bar);
    const auto label = [&](double y, const QString& text) {
        p->drawText(QRectF(bar.right() + 4, y - fm.height() / 2, area.right() - bar.right() - 4,
                           fm.height()),
                    Qt::AlignLeft | Qt::AlignVCenter, text);
    };
    label(bar.top(), tr("≥ 2×"));
    label(bar.center().y(), tr("1×"));
    label(bar.bottom(), tr("≤ 0.5×"));
    const QRectF swatch(bar.left(), bar.bottom() + fm.height(), 14, 10);
    p->fillRect(swatch, kNoCalls);
    p->drawRect(swatch);
    label(swatch.center().y(), tr("none"));
}

} // namespace

std::optional<std::pair<std::size_t, std::size_t>>
HeatmapPainter::Layout::cellAt(QPointF point) const {
    if (!grid.contains(point) || bands.count() == 0 || bands.columns == 0)
        return std::nullopt;
    const auto band = static_cast<std::size_t>((point.y() - grid.top()) / bandHeight);
    const auto column = static_cast<std::size_t>((point.x() - grid.left()) / columnWidth);
    return std::make_pair(std::min(band, bands.count() - 1), std::min(column, bands.columns - 1));
}

QPointF HeatmapPainter::Layout::centre(std::size_t band, std::size_t column) const {
    return {grid.left() + (static_cast<double>(column) + 0.5) * columnWidth,
            grid.top() + (static_cast<double>(band) + 0.5) * bandHeight};
}

QColor HeatmapPainter::colorOf(double ratio) {
    if (std::isnan(ratio))
        return kNoCalls;
    const double t = std::clamp(std::log2(std::max(ratio, 1e-300)), -1.0, 1.0);
    return t < 0 ? mix(Qt::white, kLow, -t) : mix(Qt::white, kHigh, t);
}

HeatmapPainter::Layout HeatmapPainter::paint(QPainter* p, QSize size, const HeatmapModel& model,
                                             const QString& title) {
    Layout layout;
    p->save();
    p->fillRect(QRect(QPoint(0, 0), size), Qt::white);
    p->setPen(Qt::black);
    const QFontMetricsF fm(p->font());
    p->drawText(QRectF(kMargin, kMargin, size.width() - 2 * kMargin, fm.height()),
                Qt::AlignLeft | Qt::AlignVCenter,
                fm.elidedText(title, Qt::ElideRight, size.width() - 2 * kMargin));
    const scope::RankRegionHeatmap& h = model.heatmap();
    const double top = kMargin + fm.height() + kMargin;
    if (h.rowCount() == 0 || h.columnCount() == 0) {
        p->drawText(QRectF(0, top, size.width(), size.height() - top), Qt::AlignCenter,
                    tr("No calls in the selected ranks"));
        p->restore();
        return layout;
    }
    const double rankWidth =
        fm.horizontalAdvance(tr("rank %1").arg(h.rank(h.rowCount() - 1))) + kMargin;
    const double gridWidth = size.width() - 2 * kMargin - rankWidth - legendWidth(fm);
    const double columnWidth = gridWidth / static_cast<double>(h.columnCount());
    // Names only when a column is tall enough for a line of text turned on its side.
    const bool names = columnWidth >= fm.height() * 0.9;
    double header = fm.height();
    if (names)
        for (std::size_t c = 0; c < h.columnCount(); ++c)
            header = std::max(
                header,
                std::min(kMaxHeader, fm.horizontalAdvance(model.regionName(int(c))) + kMargin));
    layout.grid = QRectF(kMargin + rankWidth, top + header, std::max(gridWidth, 1.0),
                         std::max(size.height() - top - header - kMargin, 1.0));
    layout.bands = h.bands(static_cast<std::size_t>(std::max(1.0, layout.grid.height())));
    layout.columnWidth = layout.grid.width() / static_cast<double>(h.columnCount());
    layout.bandHeight = layout.grid.height() / static_cast<double>(layout.bands.count());

    // Whole pixels, so neighbouring cells neither overlap nor leave seams.
    const QRectF& g = layout.grid;
    for (std::size_t b = 0; b < layout.bands.count(); ++b) {
        const int y0 = pixel(g.top() + static_cast<double>(b) * layout.bandHeight);
        const int y1 = pixel(g.top() + static_cast<double>(b + 1) * layout.bandHeight);
        for (std::size_t c = 0; c < h.columnCount(); ++c) {
            const int x0 = pixel(g.left() + static_cast<double>(c) * layout.columnWidth);
            const int x1 = pixel(g.left() + static_cast<double>(c + 1) * layout.columnWidth);
            p->fillRect(QRect(x0, y0, std::max(x1 - x0, 1), std::max(y1 - y0, 1)),
                        colorOf(layout.bands.ratio(b, c)));
        }
    }
    // Cells large enough to tell apart get a hairline between them: a white
    // cell (exactly the mean) must not look like empty space.
    p->setPen(QColor(0xc8, 0xc8, 0xc8));
    if (layout.columnWidth >= 8 && layout.bandHeight >= 8) {
        for (std::size_t c = 1; c < h.columnCount(); ++c) {
            const int x = pixel(g.left() + static_cast<double>(c) * layout.columnWidth);
            p->drawLine(x, pixel(g.top()), x, pixel(g.bottom()) - 1);
        }
        for (std::size_t b = 1; b < layout.bands.count(); ++b) {
            const int y = pixel(g.top() + static_cast<double>(b) * layout.bandHeight);
            p->drawLine(pixel(g.left()), y, pixel(g.right()) - 1, y);
        }
    }
    p->drawRect(
        QRect(pixel(g.left()), pixel(g.top()), pixel(g.width()) - 1, pixel(g.height()) - 1));
    p->setPen(Qt::black);
    // A label every few bands, far enough apart not to collide.
    const auto step =
        static_cast<std::size_t>(std::max(1.0, std::ceil(fm.height() * 1.3 / layout.bandHeight)));
    for (std::size_t b = 0; b < layout.bands.count(); b += step) {
        const double y = g.top() + (static_cast<double>(b) + 0.5) * layout.bandHeight;
        p->drawText(QRectF(kMargin, y - fm.height() / 2, rankWidth - kMargin / 2, fm.height()),
                    Qt::AlignRight | Qt::AlignVCenter,
                    tr("rank %1").arg(h.rank(layout.bands.firstRow[b])));
    }
    if (names) {
        for (std::size_t c = 0; c < h.columnCount(); ++c) {
            p->save();
            p->translate(g.left() + (static_cast<double>(c) + 0.5) * layout.columnWidth,
                         g.top() - kMargin / 2);
            p->rotate(-90);
            p->drawText(QRectF(0, -fm.height() / 2, header - kMargin, fm.height()),
                        Qt::AlignLeft | Qt::AlignVCenter,
                        fm.elidedText(model.regionName(int(c)), Qt::ElideRight, header - kMargin));
            p->restore();
        }
    } else {
        p->drawText(QRectF(g.left(), top, g.width(), header), Qt::AlignLeft | Qt::AlignVCenter,
                    tr("%1 regions, the costliest on the left").arg(h.columnCount()));
    }
    paintLegend(p, QRectF(g.right() + kMargin, g.top(), legendWidth(fm), g.height()), fm);
    p->restore();
    return layout;
}
