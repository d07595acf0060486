// SPDX-License-Identifier: GPL-3.0-or-later
#include "MpiMatrixPainter.h"

#include "analysis/MpiRegionName.h"

#include <QCoreApplication>
#include <QFontMetricsF>
#include <QImage>
#include <QLinearGradient>
#include <QPainter>

#include <algorithm>
#include <cmath>

namespace {

constexpr double kMargin = 6.0;
constexpr double kBar = 14.0;
const QColor kNone(0xf0, 0xf0, 0xf0);
// A sequential scale readable in grey print: pale yellow, teal, dark purple.
const QColor kStops[] = {QColor(0xfd, 0xe7, 0x25), QColor(0x21, 0x91, 0x8c),
                         QColor(0x44, 0x01, 0x54)};

QString tr(const char* text) {
    return QCoreApplication::translate("MpiMatrixPainter", text);
}

QColor mix(const QColor& a, const QColor& b, double t) {
    return QColor::fromRgbF(static_cast<float>(a.redF() + (b.redF() - a.redF()) * t),
                            static_cast<float>(a.greenF() + (b.greenF() - a.greenF()) * t),
                            static_cast<float>(a.blueF() + (b.blueF() - a.blueF()) * t));
}

QColor ramp(double t) {
    t = std::clamp(t, 0.0, 1.0);
    return t < 0.5 ? mix(kStops[0], kStops[1], t * 2) : mix(kStops[1], kStops[2], t * 2 - 1);
}

QString bytesLabel(std::uint64_t bytes) {
    return QString::fromStdString(scope::MpiRegionName::formatBytes(bytes));
}

double legendWidth(const QFontMetricsF& fm, std::uint64_t largest) {
    return 4 + kBar + 4 +
           std::max(fm.horizontalAdvance(bytesLabel(largest)), fm.horizontalAdvance(tr("none"))) +
           kMargin;
}

void paintLegend(QPainter* p, const QRectF& area, const QFontMetricsF& fm, std::uint64_t smallest,
                 std::uint64_t largest) {
    const double barHeight = std::min(area.height() - 2 * fm.height(), 160.0);
    if (barHeight < 3 * fm.height())
        return;
    const QRectF bar(area.left() + 4, area.top(), kBar, barHeight);
    QLinearGradient gradient(bar.topLeft(), bar.bottomLeft());
    for (int i = 0; i <= 10; ++i)
        gradient.setColorAt(i / 10.0, ramp(1.0 - i / 10.0));
    p->fillRect(bar, gradient);
    p->setPen(Qt::black);
    p->drawRect(bar);
    const auto label = [&](double y, const QString& text) {
        p->drawText(QRectF(bar.right() + 4, y - fm.height() / 2, area.right() - bar.right() - 4,
                           fm.height()),
                    Qt::AlignLeft | Qt::AlignVCenter, text);
    };
    label(bar.top(), bytesLabel(largest));
    const auto middle = static_cast<std::uint64_t>(
        std::llround(std::sqrt(static_cast<double>(smallest) * static_cast<double>(largest))));
    if (middle > smallest && middle < largest)
        label(bar.center().y(), bytesLabel(middle));
    if (smallest < largest)
        label(bar.bottom(), bytesLabel(smallest));
    const QRectF swatch(bar.left(), bar.bottom() + fm.height(), kBar, 10);
    p->fillRect(swatch, kNone);
    p->drawRect(swatch);
    label(swatch.center().y(), tr("none"));
}

int pixel(double v) {
    return static_cast<int>(std::lround(v));
}

} // namespace

std::optional<std::pair<std::size_t, std::size_t>>
MpiMatrixPainter::Layout::bandsAt(QPointF point) const {
    if (!grid.contains(point) || rowBands == 0 || columnBands == 0)
        return std::nullopt;
    const auto row = static_cast<std::size_t>((point.y() - grid.top()) / grid.height() *
                                              static_cast<double>(rowBands));
    const auto column = static_cast<std::size_t>((point.x() - grid.left()) / grid.width() *
                                                 static_cast<double>(columnBands));
    return std::make_pair(std::min(row, rowBands - 1), std::min(column, columnBands - 1));
}

QPointF MpiMatrixPainter::Layout::centre(std::size_t rank, std::size_t peer) const {
    // The band holding the rank: the inverse of rowRanks().
    const auto bandOf = [this](std::size_t r, std::size_t bands) {
        std::size_t band = r * bands / ranks;
        while (band + 1 < bands && (band + 1) * ranks / bands <= r)
            ++band;
        while (band > 0 && band * ranks / bands > r)
            --band;
        return band;
    };
    const double row = static_cast<double>(bandOf(rank, rowBands)) + 0.5;
    const double column = static_cast<double>(bandOf(peer, columnBands)) + 0.5;
    return {grid.left() + column * grid.width() / static_cast<double>(columnBands),
            grid.top() + row * grid.height() / static_cast<double>(rowBands)};
}

QColor MpiMatrixPainter::colorOf(std::uint64_t bytes, std::uint64_t smallest,
                                 std::uint64_t largest) {
    if (bytes == 0)
        return kNone;
    if (largest <= smallest)
        return ramp(1.0);
    return ramp(std::log(static_cast<double>(bytes) / static_cast<double>(smallest)) /
                std::log(static_cast<double>(largest) / static_cast<double>(smallest)));
}

MpiMatrixPainter::Layout MpiMatrixPainter::paint(QPainter* p, QSize size,
                                                 const std::vector<std::uint64_t>& matrix,
                                                 std::size_t n, const QString& title,
                                                 const QString& empty) {
    Layout layout;
    p->save();
    p->fillRect(QRect(QPoint(0, 0), size), Qt::white);
    p->setPen(Qt::black);
    const QFontMetricsF fm(p->font());
    p->drawText(QRectF(kMargin, kMargin, size.width() - 2 * kMargin, fm.height()),
                Qt::AlignLeft | Qt::AlignVCenter,
                fm.elidedText(title, Qt::ElideRight, size.width() - 2 * kMargin));
    const double top = kMargin + fm.height() + kMargin;
    std::uint64_t largest = 0;
    std::uint64_t smallest = 0;
    for (const std::uint64_t bytes : matrix) {
        largest = std::max(largest, bytes);
        if (bytes > 0 && (smallest == 0 || bytes < smallest))
            smallest = bytes;
    }
    if (n == 0 || matrix.size() != n * n || largest == 0) {
        p->drawText(QRectF(0, top, size.width(), size.height() - top), Qt::AlignCenter, empty);
        p->restore();
        return layout;
    }
    const double rankWidth = fm.horizontalAdvance(QString::number(n - 1)) + kMargin;
    const double header = fm.height() + kMargin;
    const double side =
        std::max(1.0, std::min(size.width() - 2 * kMargin - rankWidth - legendWidth(fm, largest),
                               size.height() - top - header - kMargin));
    layout.grid = QRectF(kMargin + rankWidth, top + header, side, side);
    layout.ranks = n;
    const auto pixels = static_cast<std::size_t>(std::max(1.0, std::floor(side)));
    layout.rowBands = std::min(n, pixels);
    layout.columnBands = layout.rowBands;

    // Each block's largest cell, one image pixel per block, scaled up unsmoothed.
    const std::size_t bands = layout.rowBands;
    std::vector<std::size_t> bandOf(n);
    for (std::size_t b = 0; b < bands; ++b)
        for (std::size_t r = b * n / bands; r < (b + 1) * n / bands; ++r)
            bandOf[r] = b;
    std::vector<std::uint64_t> blocks(bands * bands, 0);
    for (std::size_t r = 0; r < n; ++r)
        for (std::size_t c = 0; c < n; ++c) {
            std::uint64_t& block = blocks[bandOf[r] * bands + bandOf[c]];
            block = std::max(block, matrix[r * n + c]);
        }
    QImage image(static_cast<int>(bands), static_cast<int>(bands), QImage::Format_RGB32);
    for (std::size_t r = 0; r < bands; ++r)
        for (std::size_t c = 0; c < bands; ++c)
            image.setPixel(static_cast<int>(c), static_cast<int>(r),
                           colorOf(blocks[r * bands + c], smallest, largest).rgb());
    const QRectF& g = layout.grid;
    const QRect target(pixel(g.left()), pixel(g.top()), pixel(g.width()), pixel(g.height()));
    p->setRenderHint(QPainter::SmoothPixmapTransform, false);
    p->drawImage(target, image);
    const double cell = g.width() / static_cast<double>(bands);
    // Hairlines between cells large enough to tell apart: equal neighbours
    // must not merge into one block.
    p->setPen(QColor(0xff, 0xff, 0xff));
    if (cell >= 8)
        for (std::size_t b = 1; b < bands; ++b) {
            const int at = pixel(static_cast<double>(b) * cell);
            p->drawLine(target.left() + at, target.top(), target.left() + at, target.bottom());
            p->drawLine(target.left(), target.top() + at, target.right(), target.top() + at);
        }
    p->setPen(QColor(0xc8, 0xc8, 0xc8));
    p->drawRect(target.adjusted(0, 0, -1, -1));
    p->setPen(Qt::black);
    const auto step = static_cast<std::size_t>(std::max(1.0, std::ceil(fm.height() * 1.3 / cell)));
    for (std::size_t b = 0; b < bands; b += step) {
        const double y = g.top() + (static_cast<double>(b) + 0.5) * cell;
        p->drawText(QRectF(kMargin, y - fm.height() / 2, rankWidth - kMargin / 2, fm.height()),
                    Qt::AlignRight | Qt::AlignVCenter, QString::number(layout.rowRanks(b).first));
    }
    const QString widest = QString::number(n - 1);
    const auto columnStep = static_cast<std::size_t>(
        std::max(1.0, std::ceil((fm.horizontalAdvance(widest) + kMargin) / cell)));
    for (std::size_t b = 0; b < bands; b += columnStep) {
        const double x = g.left() + (static_cast<double>(b) + 0.5) * cell;
        const double w = fm.horizontalAdvance(widest) + kMargin;
        p->drawText(QRectF(x - w / 2, top, w, fm.height()), Qt::AlignCenter,
                    QString::number(layout.columnRanks(b).first));
    }
    paintLegend(p, QRectF(g.right() + kMargin, g.top(), legendWidth(fm, largest), g.height()), fm,
                smallest, largest);
    p->restore();
    return layout;
}
