// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QColor>
#include <QRectF>
#include <QSize>
#include <QString>

#include <cstddef>
#include <cstdint>
#include <optional>
#include <utility>
#include <vector>

class QPainter;

// Draws a rank x rank matrix of bytes (MpiTraffic), on screen and into image
// files alike: rank labels on the left, peer labels above, a logarithmic
// colour legend on the right. With more ranks than pixels, consecutive
// ranks share a band and each block shows its largest cell, so a single
// busy pair among 1,024 ranks still shows.
class MpiMatrixPainter {
public:
    struct Layout {
        QRectF grid;
        std::size_t ranks = 0;
        std::size_t rowBands = 0;
        std::size_t columnBands = 0;

        // The ranks of a band: [first, last].
        std::pair<std::size_t, std::size_t> rowRanks(std::size_t band) const {
            return {band * ranks / rowBands, (band + 1) * ranks / rowBands - 1};
        }
        std::pair<std::size_t, std::size_t> columnRanks(std::size_t band) const {
            return {band * ranks / columnBands, (band + 1) * ranks / columnBands - 1};
        }
        // (row band, column band) under `point`, if any.
        std::optional<std::pair<std::size_t, std::size_t>> bandsAt(QPointF point) const;
        // The centre of the cell showing (rank, peer), for tests and keyboard use.
        QPointF centre(std::size_t rank, std::size_t peer) const;
    };

    // Light for the fewest bytes of the matrix, dark for the most, in
    // log(bytes) between them; light grey for none.
    static QColor colorOf(std::uint64_t bytes, std::uint64_t smallest, std::uint64_t largest);
    static Layout paint(QPainter* painter, QSize size, const std::vector<std::uint64_t>& matrix,
                        std::size_t ranks, const QString& title, const QString& empty);
};
