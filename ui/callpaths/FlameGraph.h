// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "analysis/CallTree.h"
#include "analysis/FlameLayout.h"
#include "callpaths/FlameBreadcrumb.h"
#include "callpaths/FlamePainter.h"
#include "charts/PaintedChartExporter.h"
#include "model/ProfilingResults.h"

#include <QColor>
#include <QSize>
#include <QString>
#include <QWidget>

#include <memory>
#include <vector>

class QScrollBar;

// The call tree as an icicle: the zoomed node across the top, each path
// below its caller as wide as its share of the caller's time, so the wide
// boxes are where the time goes. Clicking a box zooms into it (the bar
// above leads back out, as do Backspace and Escape); hovering tells the
// path's numbers; a search fades the boxes of other regions. Deep trees
// scroll. Boxes narrower than a pixel are merged (FlameLayout), so redraws
// cost what the pixels do, not what the paths do.
class FlameGraph : public QWidget {
    Q_OBJECT
public:
    explicit FlameGraph(QWidget* parent = nullptr);

    // Shows `tree` (built from `results`), zoomed to the node with the same
    // path as the one zoomed before when there is one (a new rank selection
    // keeps the zoom), else to the root.
    void setTree(std::shared_ptr<const scope::CallTree> tree,
                 std::shared_ptr<const scope::ProfilingResults> results);
    void clear();
    // Highlights the boxes whose region name contains `text` (any case);
    // "" highlights nothing and fades nothing.
    void setSearch(const QString& text);
    // Zooms so that `node` spans the width; kRoot shows everything.
    void zoomTo(std::uint32_t node);
    // For export titles: "Flame graph of <run label>, <ranks text>".
    void setRunLabel(const QString& label);
    void setRanksText(const QString& text);

    std::shared_ptr<const scope::CallTree> tree() const { return tree_; }
    std::uint32_t zoomRoot() const { return zoom_; }
    QString search() const { return search_; }
    // "Flame graph of run_np3, all ranks".
    QString title() const;
    // The breadcrumb's parts ("All", "main", "solve") and where each is.
    QStringList breadcrumb() const;
    QRect breadcrumbRect(int part) const;
    // Whether the node's box is highlighted by the search (all are without one).
    bool matchesSearch(std::uint32_t node) const;
    // The layout as painted (in plot coordinates: x from the left edge, rows
    // from the zoomed node), and where its first row starts on the widget.
    const scope::FlameLayout& layout() const;
    QRect plotRect() const;
    int rowHeight() const;

    // The box under a widget position.
    scope::FlameHit nodeAt(const QPoint& position) const;
    // Path, calls, inclusive, exclusive and % of run of the box at `position`
    // ("" on no box).
    QString toolTipAt(const QPoint& position) const;
    QString toolTipFor(const scope::FlameHit& hit) const;

    // The title line, the breadcrumb and the boxes in `size`, on white, as
    // exports show them.
    void render(QPainter* painter, QSize size) const;
    using QWidget::render;
    // As ChartExporter: a width of 0 means the one on screen (kDefaultSize's
    // when not shown); a height of 0 means as tall as the rows drawn at that
    // width, up to kMaxExportHeight. PNGs have `scale` times the pixels.
    QSize exportSize(int width = 0, int height = 0) const;
    static constexpr int kMaxExportHeight = 4096;
    bool savePng(const QString& path, int width = 0, int height = 0, double scale = 2.0) const;
    bool saveSvg(const QString& path, int width = 0, int height = 0) const;
    bool savePdf(const QString& path, int width = 0, int height = 0) const;
    void copyToClipboard(int width = 0, int height = 0, double scale = 2.0) const;

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

signals:
    // On a click on a box (the root's box too: kRoot).
    void nodeSelected(quint32 node);
    // On a click on a box of a region.
    void regionSelected(int region);
    void zoomChanged(quint32 node);

protected:
    bool event(QEvent* event) override;
    void paintEvent(QPaintEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    void leaveEvent(QEvent* event) override;
    void keyPressEvent(QKeyEvent* event) override;
    void wheelEvent(QWheelEvent* event) override;

private:
    PaintedChartExporter::Render renderer() const;
    FlamePainter::Scene scene(const QColor& background, const QFont& font) const;
    void invalidate();
    void ensureLayout() const;
    QRectF breadcrumbBar() const;
    int barHeight() const;
    // Where an image's boxes begin: below its title, and its path when zoomed.
    int imageTop() const;
    void setHover(std::uint32_t box);
    void updateMatches();

    std::shared_ptr<const scope::CallTree> tree_;
    std::shared_ptr<const scope::ProfilingResults> results_;
    mutable int paletteRevision_ = -1;
    mutable std::vector<QColor> regionColors_;
    std::vector<char> matches_; // per region; empty without a search
    std::uint32_t zoom_ = scope::CallTree::kRoot;
    QString search_;
    QString runLabel_;
    QString ranksText_;
    std::uint32_t hover_ = scope::FlameHit::kNoBox;
    QScrollBar* scroll_ = nullptr;

    // Laid out for the current size and zoom on first use.
    mutable bool layoutValid_ = false;
    mutable scope::FlameLayout layout_;
    mutable std::vector<FlameBreadcrumb::Part> crumbs_;
};
