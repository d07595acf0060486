// SPDX-License-Identifier: GPL-3.0-or-later
#include "FlameBreadcrumb.h"

#include <QFontMetricsF>
#include <QPainter>

namespace {

const QString kSeparator = QStringLiteral(" \u203a ");
const QString kGap = QStringLiteral("\u2026");

QFont bold(QFont font) {
    font.setBold(true);
    return font;
}

} // namespace

std::vector<FlameBreadcrumb::Part> FlameBreadcrumb::layOut(const scope::CallTree& tree,
                                                           const scope::ProfilingResults& results,
                                                           std::uint32_t zoom, const QFont& font,
                                                           const QRectF& bar) {
    std::vector<Part> parts;
    parts.push_back({tr("All"), scope::CallTree::kRoot, {}});
    std::vector<std::uint32_t> chain;
    for (std::uint32_t n = zoom; n != scope::CallTree::kRoot && n < tree.size(); n = tree.parent[n])
        chain.push_back(n);
    for (auto it = chain.rbegin(); it != chain.rend(); ++it) {
        const std::int32_t r = tree.region[*it];
        parts.push_back({r >= 0
                             ? QString::fromStdString(results.regions[static_cast<std::size_t>(r)])
                             : QStringLiteral("?"),
                         *it,
                         {}});
    }
    const QFontMetricsF plain(font);
    const QFontMetricsF strong(bold(font));
    const auto widthOf = [&](const std::vector<Part>& ps) {
        double w = 0;
        for (std::size_t i = 0; i < ps.size(); ++i)
            w += (i + 1 == ps.size() ? strong : plain).horizontalAdvance(ps[i].text) +
                 (i > 0 ? plain.horizontalAdvance(kSeparator) : 0.0);
        return w;
    };
    // Too deep: the parts after "All" give way to "…" from the outside in,
    // always keeping the zoomed node.
    if (widthOf(parts) > bar.width() && parts.size() > 2) {
        parts.insert(parts.begin() + 1, Part{kGap, scope::CallTree::kNone, {}});
        while (parts.size() > 3 && widthOf(parts) > bar.width())
            parts.erase(parts.begin() + 2);
    }
    double x = bar.left();
    for (std::size_t i = 0; i < parts.size(); ++i) {
        if (i > 0)
            x += plain.horizontalAdvance(kSeparator);
        const double w = (i + 1 == parts.size() ? strong : plain).horizontalAdvance(parts[i].text);
        parts[i].rect =
            QRectF(x, bar.top(), std::min(w, std::max(0.0, bar.right() - x)), bar.height());
        x += w;
    }
    return parts;
}

void FlameBreadcrumb::paint(QPainter& painter, const std::vector<Part>& parts, const QFont& font,
                            const QColor& text, const QColor& link) {
    const QFontMetricsF plain(font);
    for (std::size_t i = 0; i < parts.size(); ++i) {
        const Part& part = parts[i];
        const bool last = i + 1 == parts.size();
        if (i > 0) {
            painter.setFont(font);
            painter.setPen(text);
            const double w = plain.horizontalAdvance(kSeparator);
            painter.drawText(QRectF(part.rect.left() - w, part.rect.top(), w, part.rect.height()),
                             Qt::AlignVCenter | Qt::AlignLeft, kSeparator);
        }
        painter.setFont(last ? bold(font) : font);
        painter.setPen(last || part.node == scope::CallTree::kNone ? text : link);
        const QString shown = QFontMetricsF(painter.font())
                                  .elidedText(part.text, Qt::ElideRight, part.rect.width() + 0.5);
        painter.drawText(part.rect, Qt::AlignVCenter | Qt::AlignLeft, shown);
    }
    painter.setFont(font);
}

std::uint32_t FlameBreadcrumb::nodeAt(const std::vector<Part>& parts, const QPointF& point) {
    for (const Part& part : parts)
        if (part.rect.contains(point))
            return part.node;
    return scope::CallTree::kNone;
}
