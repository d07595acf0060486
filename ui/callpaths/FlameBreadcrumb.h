// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "analysis/CallTree.h"
#include "model/ProfilingResults.h"

#include <QColor>
#include <QCoreApplication>
#include <QFont>
#include <QRectF>
#include <QString>

#include <vector>

class QPainter;

// The path from "All" down to the zoomed node above a flame graph, each part
// a way back out. Paths deeper than the bar is wide keep "All" and their
// last parts, the middle becoming "…".
class FlameBreadcrumb {
    Q_DECLARE_TR_FUNCTIONS(FlameBreadcrumb)
public:
    struct Part {
        QString text;
        std::uint32_t node = scope::CallTree::kNone; // kNone for the "…"
        QRectF rect;
    };

    // The parts for `zoom` laid out left to right in `bar`.
    static std::vector<Part> layOut(const scope::CallTree& tree,
                                    const scope::ProfilingResults& results, std::uint32_t zoom,
                                    const QFont& font, const QRectF& bar);
    // The last part (the zoomed node) in `text`, bold; the others, which zoom
    // back out, in `link`.
    static void paint(QPainter& painter, const std::vector<Part>& parts, const QFont& font,
                      const QColor& text, const QColor& link);
    // The node of the part at `point`, kNone when none.
    static std::uint32_t nodeAt(const std::vector<Part>& parts, const QPointF& point);
};
