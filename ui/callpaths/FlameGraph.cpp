// SPDX-License-Identifier: GPL-3.0-or-later
#include "FlameGraph.h"

#include "charts/ChartExporter.h"
#include "common/ColorContrast.h"
#include "common/DurationText.h"
#include "common/RegionPalette.h"

#include <QHelpEvent>
#include <QKeyEvent>
#include <QMouseEvent>
#include <QPainter>
#include <QScrollBar>
#include <QToolTip>
#include <QWheelEvent>

#include <algorithm>

namespace {

// Between the boxes and the widget's edges (and its focus frame).
constexpr int kMargin = 4;

} // namespace

FlameGraph::FlameGraph(QWidget* parent)
    : QWidget(parent), scroll_(new QScrollBar(Qt::Vertical, this)) {
    setAccessibleName(tr("Flame graph"));
    setFocusPolicy(Qt::StrongFocus);
    setMouseTracking(true);
    setAttribute(Qt::WA_OpaquePaintEvent);
    scroll_->hide();
    scroll_->setSingleStep(1);
    connect(scroll_, &QScrollBar::valueChanged, this, [this] { update(); });
}

void FlameGraph::setTree(std::shared_ptr<const scope::CallTree> tree,
                         std::shared_ptr<const scope::ProfilingResults> results) {
    // The zoomed path, found again by its region names in the new tree (a
    // reloaded run may number its regions differently).
    std::vector<std::string> zoomPath;
    if (tree_ && zoom_ < tree_->size())
        for (const std::int32_t r : tree_->path(zoom_))
            zoomPath.push_back(results_->regions[static_cast<std::size_t>(r)]);
    tree_ = tree && results ? std::move(tree) : nullptr;
    results_ = tree_ ? std::move(results) : nullptr;
    paletteRevision_ = -1;
    std::uint32_t zoom = scope::CallTree::kRoot;
    if (tree_) {
        for (const std::string& name : zoomPath) {
            const auto kids = tree_->childrenOf(zoom);
            const auto it = std::find_if(kids.begin(), kids.end(), [&](std::uint32_t c) {
                const std::int32_t r = tree_->region[c];
                return r >= 0 && results_->regions[static_cast<std::size_t>(r)] == name;
            });
            if (it == kids.end()) {
                zoom = scope::CallTree::kRoot;
                break;
            }
            zoom = *it;
        }
    }
    const bool zoomMoved = zoom != zoom_;
    zoom_ = zoom;
    updateMatches();
    scroll_->setValue(0);
    invalidate();
    if (zoomMoved)
        emit zoomChanged(zoom_);
}

void FlameGraph::clear() {
    setTree(nullptr, nullptr);
}

void FlameGraph::setSearch(const QString& text) {
    search_ = text;
    updateMatches();
    update();
}

void FlameGraph::updateMatches() {
    matches_.clear();
    const QString needle = search_.trimmed();
    if (!tree_ || needle.isEmpty())
        return;
    matches_.reserve(results_->regions.size());
    for (const std::string& name : results_->regions)
        matches_.push_back(QString::fromStdString(name).contains(needle, Qt::CaseInsensitive) ? 1
                                                                                              : 0);
}

bool FlameGraph::matchesSearch(std::uint32_t node) const {
    if (!tree_ || node >= tree_->size())
        return false;
    if (matches_.empty())
        return true;
    const std::int32_t r = tree_->region[node];
    return r >= 0 && matches_[static_cast<std::size_t>(r)] != 0;
}

void FlameGraph::zoomTo(std::uint32_t node) {
    if (!tree_ || node >= tree_->size() || node == zoom_)
        return;
    zoom_ = node;
    scroll_->setValue(0);
    invalidate();
    emit zoomChanged(zoom_);
}

void FlameGraph::setRunLabel(const QString& label) {
    runLabel_ = label;
}

void FlameGraph::setRanksText(const QString& text) {
    ranksText_ = text;
}

QString FlameGraph::title() const {
    const QString ranks = ranksText_.isEmpty() ? tr("all ranks") : ranksText_;
    return runLabel_.isEmpty() ? tr("Flame graph, %1").arg(ranks)
                               : tr("Flame graph of %1, %2").arg(runLabel_, ranks);
}

int FlameGraph::rowHeight() const {
    return fontMetrics().height() + 6;
}

int FlameGraph::barHeight() const {
    return fontMetrics().height() + 8;
}

QRectF FlameGraph::breadcrumbBar() const {
    return QRectF(2 * kMargin, 0, std::max(0, width() - 4 * kMargin), barHeight());
}

QRect FlameGraph::plotRect() const {
    const int scrollWidth = scroll_->isVisibleTo(this) ? scroll_->sizeHint().width() : 0;
    return QRect(kMargin, barHeight(), std::max(0, width() - scrollWidth - 2 * kMargin),
                 std::max(0, height() - barHeight()));
}

void FlameGraph::invalidate() {
    layoutValid_ = false;
    hover_ = scope::FlameHit::kNoBox;
    update();
}

void FlameGraph::ensureLayout() const {
    if (layoutValid_)
        return;
    layoutValid_ = true;
    if (!tree_) {
        layout_ = {};
        crumbs_.clear();
        scroll_->hide();
        return;
    }
    crumbs_ = FlameBreadcrumb::layOut(*tree_, *results_, zoom_, font(), breadcrumbBar());
    // Rows that do not fit scroll; the scroll bar then takes its width.
    const int plotHeight = std::max(0, height() - barHeight());
    const int visibleRows = std::max(1, plotHeight / rowHeight());
    layout_ = scope::FlameLayout::compute(*tree_, zoom_, std::max(0, width() - 2 * kMargin));
    const bool scrolls = static_cast<int>(layout_.rows()) > visibleRows;
    if (scrolls) {
        const int scrollWidth = scroll_->sizeHint().width();
        layout_ = scope::FlameLayout::compute(*tree_, zoom_,
                                              std::max(0, width() - scrollWidth - 2 * kMargin));
        scroll_->setGeometry(width() - scrollWidth, barHeight(), scrollWidth, plotHeight);
        scroll_->setRange(0, static_cast<int>(layout_.rows()) - visibleRows);
        scroll_->setPageStep(visibleRows);
    } else {
        scroll_->setRange(0, 0);
    }
    scroll_->setVisible(scrolls);
}

const scope::FlameLayout& FlameGraph::layout() const {
    ensureLayout();
    return layout_;
}

QStringList FlameGraph::breadcrumb() const {
    ensureLayout();
    QStringList parts;
    for (const auto& part : crumbs_)
        parts << part.text;
    return parts;
}

QRect FlameGraph::breadcrumbRect(int part) const {
    ensureLayout();
    return part >= 0 && static_cast<std::size_t>(part) < crumbs_.size()
               ? crumbs_[static_cast<std::size_t>(part)].rect.toAlignedRect()
               : QRect();
}

scope::FlameHit FlameGraph::nodeAt(const QPoint& position) const {
    ensureLayout();
    const QRect plot = plotRect();
    if (!tree_ || !plot.contains(position))
        return {};
    const std::size_t row =
        static_cast<std::size_t>((position.y() - plot.top()) / rowHeight() + scroll_->value());
    return layout_.nodeAt(position.x() - plot.left() + 0.5, row);
}

QString FlameGraph::toolTipAt(const QPoint& position) const {
    return toolTipFor(nodeAt(position));
}

QString FlameGraph::toolTipFor(const scope::FlameHit& hit) const {
    if (!tree_ || !hit.valid())
        return {};
    const scope::CallTree& t = *tree_;
    const std::int64_t ns = hit.isMerged() ? layout_.ns[hit.box] : t.inclusiveNs[hit.node];
    const QString path = hit.node == scope::CallTree::kRoot
                             ? tr("All calls")
                             : QString::fromStdString(t.pathText(hit.node, *results_));
    QStringList lines;
    if (hit.isMerged()) {
        lines << tr("%1 paths under %2, too narrow to draw apart").arg(hit.merged).arg(path);
    } else {
        lines << path;
        lines << (t.calls[hit.node] == 1 ? tr("1 call") : tr("%1 calls").arg(t.calls[hit.node]));
    }
    lines << tr("Inclusive: %1").arg(durationText(ns));
    if (!hit.isMerged() && hit.node != scope::CallTree::kRoot)
        lines << tr("Exclusive: %1").arg(durationText(t.exclusiveNs[hit.node]));
    if (t.runNs > 0)
        lines << tr("%1 % of run")
                     .arg(QString::number(
                         100.0 * static_cast<double>(ns) / static_cast<double>(t.runNs), 'f', 1));
    return lines.join(QLatin1Char('\n'));
}

FlamePainter::Scene FlameGraph::scene(const QColor& background, const QFont& font) const {
    FlamePainter::Scene s;
    s.tree = tree_.get();
    s.results = results_.get();
    // A run opened since may have moved a colour (RegionPalette::revision).
    if (paletteRevision_ != RegionPalette::revision()) {
        paletteRevision_ = RegionPalette::revision();
        regionColors_.clear();
        if (results_)
            for (const std::string& name : results_->regions)
                regionColors_.push_back(RegionPalette::color(QString::fromStdString(name)));
    }
    s.regionColors = &regionColors_;
    s.matches = &matches_;
    s.background = background;
    s.font = font;
    s.rowHeight = rowHeight();
    return s;
}

void FlameGraph::paintEvent(QPaintEvent*) {
    ensureLayout();
    QPainter painter(this);
    const QColor background = palette().color(QPalette::Base);
    const QColor text = palette().color(QPalette::Text);
    painter.fillRect(rect(), background);
    if (!tree_) {
        painter.setPen(
            ColorContrast::readable(palette().color(QPalette::PlaceholderText), background));
        painter.drawText(rect(), Qt::AlignCenter, tr("No call paths to show"));
        return;
    }
    FlameBreadcrumb::paint(painter, crumbs_, font(), text,
                           ColorContrast::readable(palette().color(QPalette::Link), background));
    FlamePainter::Scene s = scene(background, font());
    s.hoverBox = hover_;
    s.hoverFrame = text;
    FlamePainter::paint(painter, layout_, s, plotRect(),
                        static_cast<std::size_t>(scroll_->value()));
    if (hasFocus()) {
        painter.setPen(QPen(palette().color(QPalette::Highlight), 2));
        painter.setBrush(Qt::NoBrush);
        painter.drawRect(QRectF(rect()).adjusted(1, 1, -1, -1));
    }
}

void FlameGraph::render(QPainter* painter, QSize size) const {
    const QColor background = Qt::white;
    const QColor text(0x20, 0x20, 0x20);
    painter->save();
    painter->fillRect(QRect(QPoint(0, 0), size), background);
    painter->setFont(font());
    const int line = barHeight();
    QFont titleFont = font();
    titleFont.setBold(true);
    painter->setFont(titleFont);
    painter->setPen(text);
    painter->drawText(
        QRectF(2 * kMargin, 0, size.width() - 4 * kMargin, line), Qt::AlignVCenter | Qt::AlignLeft,
        QFontMetrics(titleFont).elidedText(title(), Qt::ElideRight, size.width() - 4 * kMargin));
    painter->setFont(font());
    if (tree_) {
        // The path says where a zoom went; unzoomed it would only repeat the
        // root's own "All" right above it.
        const bool zoomed = zoom_ != scope::CallTree::kRoot;
        if (zoomed) {
            const auto crumbs = FlameBreadcrumb::layOut(
                *tree_, *results_, zoom_, font(),
                QRectF(2 * kMargin, line, size.width() - 4 * kMargin, line));
            FlameBreadcrumb::paint(*painter, crumbs, font(), text, QColor(0x1a, 0x5f, 0xb4));
        }
        const int top = imageTop();
        const int plotWidth = std::max(0, size.width() - 2 * kMargin);
        const auto layout = scope::FlameLayout::compute(*tree_, zoom_, plotWidth);
        FlamePainter::paint(*painter, layout, scene(background, font()),
                            QRectF(kMargin, top, plotWidth, size.height() - top), 0);
    }
    painter->restore();
}

QSize FlameGraph::sizeHint() const {
    return {640, 360};
}

QSize FlameGraph::minimumSizeHint() const {
    return {160, barHeight() + 3 * rowHeight()};
}

bool FlameGraph::event(QEvent* event) {
    if (event->type() == QEvent::ToolTip) {
        auto* help = static_cast<QHelpEvent*>(event);
        const QString text = toolTipAt(help->pos());
        if (text.isEmpty()) {
            QToolTip::hideText();
            event->ignore();
        } else {
            QToolTip::showText(help->globalPos(), text, this);
        }
        return true;
    }
    return QWidget::event(event);
}

void FlameGraph::resizeEvent(QResizeEvent* event) {
    invalidate();
    QWidget::resizeEvent(event);
}

void FlameGraph::setHover(std::uint32_t box) {
    if (box == hover_)
        return;
    hover_ = box;
    update();
}

void FlameGraph::mouseMoveEvent(QMouseEvent* event) {
    const scope::FlameHit hit = nodeAt(event->position().toPoint());
    const bool crumb =
        FlameBreadcrumb::nodeAt(crumbs_, event->position()) != scope::CallTree::kNone;
    setCursor(hit.valid() || crumb ? Qt::PointingHandCursor : Qt::ArrowCursor);
    setHover(hit.box);
}

void FlameGraph::leaveEvent(QEvent* event) {
    setHover(scope::FlameHit::kNoBox);
    QWidget::leaveEvent(event);
}

void FlameGraph::mousePressEvent(QMouseEvent* event) {
    if (event->button() != Qt::LeftButton || !tree_) {
        QWidget::mousePressEvent(event);
        return;
    }
    ensureLayout();
    if (const std::uint32_t crumb = FlameBreadcrumb::nodeAt(crumbs_, event->position());
        crumb != scope::CallTree::kNone) {
        zoomTo(crumb);
        return;
    }
    const scope::FlameHit hit = nodeAt(event->position().toPoint());
    if (!hit.valid())
        return;
    // A merged box widens by zooming into the node whose children it holds.
    zoomTo(hit.node);
    if (hit.isMerged())
        return;
    emit nodeSelected(hit.node);
    if (const std::int32_t region = tree_->region[hit.node]; region >= 0)
        emit regionSelected(region);
}

void FlameGraph::keyPressEvent(QKeyEvent* event) {
    const bool up = event->key() == Qt::Key_Backspace || event->key() == Qt::Key_Escape;
    if (tree_ && up && zoom_ != scope::CallTree::kRoot) {
        zoomTo(tree_->parent[zoom_]);
        return;
    }
    if (tree_ && event->key() == Qt::Key_Home && zoom_ != scope::CallTree::kRoot) {
        zoomTo(scope::CallTree::kRoot);
        return;
    }
    QWidget::keyPressEvent(event);
}

void FlameGraph::wheelEvent(QWheelEvent* event) {
    if (scroll_->isVisibleTo(this))
        QCoreApplication::sendEvent(scroll_, event);
    else
        QWidget::wheelEvent(event);
}

int FlameGraph::imageTop() const {
    return zoom_ != scope::CallTree::kRoot ? 2 * barHeight() : barHeight();
}

QSize FlameGraph::exportSize(int width, int height) const {
    const QSize shown =
        isVisible() && !this->size().isEmpty() ? this->size() : ChartExporter::kDefaultSize;
    const int w = width > 0 ? width : shown.width();
    if (height > 0 || !tree_)
        return QSize(w, height > 0 ? height : shown.height());
    // The window's height left most of a shallow tree's image empty and cut
    // a deep one off where the window scrolls.
    const auto rows = static_cast<int>(
        scope::FlameLayout::compute(*tree_, zoom_, std::max(0, w - 2 * kMargin)).rows());
    return QSize(w, std::min(imageTop() + rows * rowHeight() + kMargin, kMaxExportHeight));
}

PaintedChartExporter::Render FlameGraph::renderer() const {
    return [this](QPainter* painter, QSize size) { render(painter, size); };
}

bool FlameGraph::savePng(const QString& path, int width, int height, double scale) const {
    return PaintedChartExporter::savePng(renderer(), exportSize(width, height), path, scale);
}

bool FlameGraph::saveSvg(const QString& path, int width, int height) const {
    return PaintedChartExporter::saveSvg(renderer(), exportSize(width, height), path, title());
}

bool FlameGraph::savePdf(const QString& path, int width, int height) const {
    return PaintedChartExporter::savePdf(renderer(), exportSize(width, height), path, title());
}

void FlameGraph::copyToClipboard(int width, int height, double scale) const {
    PaintedChartExporter::copyToClipboard(renderer(), exportSize(width, height), scale, title());
}
