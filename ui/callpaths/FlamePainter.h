// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "analysis/CallTree.h"
#include "analysis/FlameLayout.h"
#include "model/ProfilingResults.h"

#include <QColor>
#include <QFont>
#include <QRectF>

#include <vector>

class QPainter;

// Draws the boxes of a flame layout, for the widget and for exports alike:
// region colours (merged boxes neutral grey), names inside the boxes wide
// enough in black or white for contrast, and, while a search is on, the
// boxes that do not match faded towards the background.
class FlamePainter {
public:
    struct Scene {
        const scope::CallTree* tree = nullptr;
        const scope::ProfilingResults* results = nullptr;
        const std::vector<QColor>* regionColors = nullptr; // per region
        const std::vector<char>* matches = nullptr;        // per region; empty: no search
        QColor background;
        QFont font;
        double rowHeight = 18;
        std::uint32_t hoverBox = scope::FlameHit::kNoBox;
        QColor hoverFrame;
    };

    // Rows from `firstRow` on, the first at area.top(), clipped to `area`.
    static void paint(QPainter& painter, const scope::FlameLayout& layout, const Scene& scene,
                      const QRectF& area, std::size_t firstRow);
    // The fill of a box as painted.
    static QColor fill(const scope::FlameLayout& layout, const Scene& scene, std::uint32_t box);
    // The root's box reads "All".
    static QString label(const scope::FlameLayout& layout, const Scene& scene, std::uint32_t box);
    // Whether the box's region matches the search (true with no search).
    static bool matches(const scope::FlameLayout& layout, const Scene& scene, std::uint32_t box);
};
