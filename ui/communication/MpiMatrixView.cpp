// SPDX-License-Identifier: GPL-3.0-or-later
#include "MpiMatrixView.h"

#include "charts/PaintedChartExporter.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QHelpEvent>
#include <QLabel>
#include <QLocale>
#include <QMouseEvent>
#include <QPainter>
#include <QToolTip>
#include <QVBoxLayout>

namespace {

const std::vector<std::uint64_t> kNoMatrix;

QString bytesText(std::uint64_t bytes) {
    return QStringLiteral("%1 (%2 bytes)")
        .arg(QString::fromStdString(scope::MpiRegionName::formatBytes(bytes)),
             QLocale().toString(static_cast<qulonglong>(bytes)));
}

QString rangeText(std::pair<std::size_t, std::size_t> range) {
    return range.first == range.second ? QString::number(range.first)
                                       : QStringLiteral("%1–%2").arg(range.first).arg(range.second);
}

} // namespace

MpiMatrixView::MpiMatrixView(QWidget* parent) : QWidget(parent), chooser_(new QComboBox(this)) {
    chooser_->addItem(tr("Bytes sent"), static_cast<int>(Direction::Sent));
    chooser_->addItem(tr("Bytes received"), static_cast<int>(Direction::Received));
    auto* row = new QHBoxLayout;
    auto* label = new QLabel(tr("Show"), this);
    label->setBuddy(chooser_);
    row->addStretch();
    row->addWidget(label);
    row->addWidget(chooser_);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 0);
    layout->addLayout(row);
    layout->addStretch();
    connect(chooser_, &QComboBox::currentIndexChanged, this, [this] {
        direction_ = static_cast<Direction>(chooser_->currentData().toInt());
        update();
    });
}

void MpiMatrixView::setTraffic(std::shared_ptr<const scope::MpiTraffic> traffic) {
    traffic_ = std::move(traffic);
    layout_ = {};
    update();
}

void MpiMatrixView::setDirection(Direction direction) {
    chooser_->setCurrentIndex(chooser_->findData(static_cast<int>(direction)));
}

void MpiMatrixView::setRunLabel(const QString& label) {
    runLabel_ = label;
    update();
}

QString MpiMatrixView::title() const {
    const QString what = direction_ == Direction::Sent
                             ? tr("Bytes sent by rank (rows) to peer (columns)")
                             : tr("Bytes received by rank (rows) from peer (columns)");
    return runLabel_.isEmpty() ? what : tr("%1, %2").arg(what, runLabel_);
}

const std::vector<std::uint64_t>& MpiMatrixView::matrix() const {
    if (!traffic_)
        return kNoMatrix;
    return direction_ == Direction::Sent ? traffic_->sentMatrix() : traffic_->receivedMatrix();
}

std::uint64_t MpiMatrixView::value(std::size_t rank, std::size_t peer) const {
    const std::size_t n = traffic_ ? traffic_->rankCount() : 0;
    return rank < n && peer < n && matrix().size() == n * n ? matrix()[rank * n + peer] : 0;
}

int MpiMatrixView::chartTop() const {
    return chooser_->geometry().bottom() + 1;
}

void MpiMatrixView::render(QPainter* painter, QSize size) const {
    MpiMatrixPainter::paint(painter, size, matrix(), traffic_ ? traffic_->rankCount() : 0, title(),
                            tr("No point-to-point bytes with a known peer"));
}

void MpiMatrixView::paintEvent(QPaintEvent*) {
    QPainter painter(this);
    painter.translate(0, chartTop());
    layout_ = MpiMatrixPainter::paint(&painter, QSize(width(), height() - chartTop()), matrix(),
                                      traffic_ ? traffic_->rankCount() : 0, title(),
                                      tr("No point-to-point bytes with a known peer"));
    layout_.grid.translate(0, chartTop());
}

std::optional<std::pair<std::size_t, std::size_t>> MpiMatrixView::cellAt(QPoint position) const {
    const auto bands = layout_.bandsAt(position);
    if (!bands || !traffic_)
        return std::nullopt;
    const auto rows = layout_.rowRanks(bands->first);
    const auto columns = layout_.columnRanks(bands->second);
    std::optional<std::pair<std::size_t, std::size_t>> best;
    std::uint64_t most = 0;
    for (std::size_t r = rows.first; r <= rows.second; ++r)
        for (std::size_t c = columns.first; c <= columns.second; ++c)
            if (value(r, c) > most) {
                most = value(r, c);
                best = std::make_pair(r, c);
            }
    return best;
}

QString MpiMatrixView::toolTipAt(QPoint position) const {
    const auto bands = layout_.bandsAt(position);
    if (!bands)
        return {};
    const auto rows = layout_.rowRanks(bands->first);
    const auto columns = layout_.columnRanks(bands->second);
    const bool sent = direction_ == Direction::Sent;
    const auto cell = cellAt(position);
    const QString pair = sent ? tr("rank %1 → %2") : tr("rank %1 ← %2");
    if (rows.first == rows.second && columns.first == columns.second)
        return tr("%1: %2").arg(pair.arg(rows.first).arg(columns.first),
                                bytesText(value(rows.first, columns.first)));
    const QString block = pair.arg(rangeText(rows), rangeText(columns));
    if (!cell)
        return tr("%1: none").arg(block);
    return tr("%1, the largest shown:\n%2: %3")
        .arg(block, pair.arg(cell->first).arg(cell->second),
             bytesText(value(cell->first, cell->second)));
}

bool MpiMatrixView::event(QEvent* event) {
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

void MpiMatrixView::mouseReleaseEvent(QMouseEvent* event) {
    if (event->button() != Qt::LeftButton)
        return QWidget::mouseReleaseEvent(event);
    const auto cell = cellAt(event->position().toPoint());
    if (cell)
        emit cellActivated(static_cast<std::uint32_t>(cell->first),
                           static_cast<std::uint32_t>(cell->second), direction_ == Direction::Sent);
}

QSize MpiMatrixView::sizeHint() const {
    return {640, 480};
}

bool MpiMatrixView::savePng(const QString& path, int width, int height, double scale) const {
    return PaintedChartExporter::savePng([this](QPainter* p, QSize s) { render(p, s); },
                                         QSize(width, height), path, scale);
}

bool MpiMatrixView::saveSvg(const QString& path, int width, int height) const {
    return PaintedChartExporter::saveSvg([this](QPainter* p, QSize s) { render(p, s); },
                                         QSize(width, height), path, title());
}

bool MpiMatrixView::savePdf(const QString& path, int width, int height) const {
    return PaintedChartExporter::savePdf([this](QPainter* p, QSize s) { render(p, s); },
                                         QSize(width, height), path, title());
}

void MpiMatrixView::copyToClipboard(int width, int height, double scale) const {
    PaintedChartExporter::copyToClipboard([this](QPainter* p, QSize s) { render(p, s); },
                                          QSize(width, height), scale, title());
}
