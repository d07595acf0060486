// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "analysis/RankRegionHeatmap.h"

#include <QColor>
#include <QRectF>
#include <QSize>
#include <QString>

#include <cstddef>
#include <optional>
#include <utility>

class HeatmapModel;
class QPainter;

// Draws a HeatmapModel, on screen and into image files alike: region names
// above the columns, rank labels every few rows, the diverging colour
// legend on the right. Ranks are grouped into at most one band per pixel
// row, each band showing its largest ratio.
class HeatmapPainter {
public:
    // Where things were drawn, for hovering and clicking.
    struct Layout {
        QRectF grid;
        double columnWidth = 0.0;
        double bandHeight = 0.0;
        scope::RankRegionHeatmap::Bands bands;

        // (band, column) under `point`, if any.
        std::optional<std::pair<std::size_t, std::size_t>> cellAt(QPointF point) const;
        // The centre of a cell, for tests and keyboard use.
        QPointF centre(std::size_t band, std::size_t column) const;
    };

    // Ratios at or beyond these are drawn in the scale's end colours.
    static constexpr double kLowest = 0.5;
    static constexpr double kHighest = 2.0;

    // Blue below 1, white at 1, red above, symmetric in log2(ratio); grey
    // where the rank does not call the region (NaN).
    static QColor colorOf(double ratio);
    static Layout paint(QPainter* painter, QSize size, const HeatmapModel& model,
                        const QString& title);
};
