// SPDX-License-Identifier: GPL-3.0-or-later
#include "HeatmapView.h"

#include "charts/PaintedChartExporter.h"

#include <QComboBox>
#include <QCursor>
#include <QHBoxLayout>
#include <QHelpEvent>
#include <QLabel>
#include <QMouseEvent>
#include <QPainter>
#include <QToolTip>
#include <QVBoxLayout>

#include <cmath>

HeatmapView::HeatmapView(QWidget* parent)
    : QWidget(parent), model_(new HeatmapModel(this)), statistic_(new QComboBox(this)) {
    for (auto s : {scope::HeatmapStatistic::Total, scope::HeatmapStatistic::Average,
                   scope::HeatmapStatistic::Max})
        statistic_->addItem(HeatmapModel::statisticName(s), static_cast<int>(s));
    auto* chooser = new QHBoxLayout;
    auto* label = new QLabel(tr("Colour by the rank's"), this);
    label->setBuddy(statistic_);
    chooser->addStretch();
    chooser->addWidget(label);
    chooser->addWidget(statistic_);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 0);
    layout->addLayout(chooser);
    layout->addStretch();
    connect(statistic_, &QComboBox::currentIndexChanged, this, [this] {
        model_->setStatistic(
            static_cast<scope::HeatmapStatistic>(statistic_->currentData().toInt()));
    });
    connect(model_, &QAbstractItemModel::modelReset, this, qOverload<>(&QWidget::update));
    // A pattern worked out on a worker arrives while its tooltip shows.
    connect(model_->imbalance(), &ImbalanceLines::ready, this, [this] {
        if (!QToolTip::isVisible() || !underMouse())
            return;
        const QString text = toolTipAt(mapFromGlobal(QCursor::pos()));
        if (!text.isEmpty())
            QToolTip::showText(QCursor::pos(), text, this);
    });
}

void HeatmapView::setRun(std::shared_ptr<const scope::ProfilingResults> results) {
    model_->setRun(std::move(results));
}

void HeatmapView::setRanks(const scope::RankSelection& ranks) {
    model_->setRanks(ranks);
}

void HeatmapView::setStatistic(scope::HeatmapStatistic statistic) {
    statistic_->setCurrentIndex(statistic_->findData(static_cast<int>(statistic)));
}

void HeatmapView::setRunLabel(const QString& label) {
    runLabel_ = label;
    update();
}

QString HeatmapView::title() const {
    const QString what = tr("%1 per rank ÷ the region's mean over ranks")
                             .arg(HeatmapModel::statisticName(model_->statistic()));
    return runLabel_.isEmpty() ? what : tr("%1, %2").arg(what, runLabel_);
}

int HeatmapView::chartTop() const {
    return statistic_->geometry().bottom() + 1;
}

void HeatmapView::render(QPainter* painter, QSize size) const {
    HeatmapPainter::paint(painter, size, *model_, title());
}

void HeatmapView::paintEvent(QPaintEvent*) {
    QPainter painter(this);
    painter.translate(0, chartTop());
    layout_ =
        HeatmapPainter::paint(&painter, QSize(width(), height() - chartTop()), *model_, title());
    layout_.grid.translate(0, chartTop());
}

std::optional<std::pair<std::size_t, std::size_t>> HeatmapView::cellAt(QPoint position) const {
    const auto cell = layout_.cellAt(position);
    if (!cell)
        return std::nullopt;
    const auto [band, column] = *cell;
    const std::size_t row = layout_.bands.row(band, column);
    if (row == scope::RankRegionHeatmap::kNoRow)
        return std::nullopt;
    return std::make_pair(row, column);
}

QString HeatmapView::toolTipAt(QPoint position) const {
    const auto band = layout_.cellAt(position);
    const auto cell = cellAt(position);
    if (!band || !cell)
        return {};
    const QString text =
        model_->index(int(cell->first), int(cell->second)).data(Qt::ToolTipRole).toString();
    const std::size_t first = layout_.bands.firstRow[band->first];
    const std::size_t last = layout_.bands.firstRow[band->first + 1] - 1;
    if (first == last)
        return text;
    const auto& h = model_->heatmap();
    return tr("ranks %1–%2, the largest shown:\n%3").arg(h.rank(first)).arg(h.rank(last)).arg(text);
}

bool HeatmapView::event(QEvent* event) {
    if (event->type() == QEvent::ToolTip) {
        auto* help = static_cast<QHelpEvent*>(event);
        const QString text = toolTipAt(help->pos());
        if (text.isEmpty())
            QToolTip::hideText();
        else
            QToolTip::showText(help->globalPos(), text, this);
        return true;
    }
    return QWidget::event(event);
}

void HeatmapView::mouseReleaseEvent(QMouseEvent* event) {
    if (event->button() != Qt::LeftButton)
        return QWidget::mouseReleaseEvent(event);
    const auto cell = cellAt(event->position().toPoint());
    if (!cell)
        return;
    const auto& h = model_->heatmap();
    emit cellActivated(static_cast<int>(h.region(cell->second)), h.rank(cell->first));
}

QSize HeatmapView::sizeHint() const {
    return {640, 480};
}

bool HeatmapView::savePng(const QString& path, int width, int height, double scale) const {
    return PaintedChartExporter::savePng([this](QPainter* p, QSize s) { render(p, s); },
                                         QSize(width, height), path, scale);
}

bool HeatmapView::saveSvg(const QString& path, int width, int height) const {
    return PaintedChartExporter::saveSvg([this](QPainter* p, QSize s) { render(p, s); },
                                         QSize(width, height), path, title());
}

bool HeatmapView::savePdf(const QString& path, int width, int height) const {
    return PaintedChartExporter::savePdf([this](QPainter* p, QSize s) { render(p, s); },
                                         QSize(width, height), path, title());
}

void HeatmapView::copyToClipboard(int width, int height, double scale) const {
    PaintedChartExporter::copyToClipboard([this](QPainter* p, QSize s) { render(p, s); },
                                          QSize(width, height), scale, title());
}
