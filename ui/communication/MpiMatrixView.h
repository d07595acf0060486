// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "MpiMatrixPainter.h"
#include "analysis/MpiTraffic.h"

#include <QWidget>

#include <cstdint>
#include <memory>
#include <optional>

class QComboBox;

// The rank x rank matrix of bytes sent or received (a chooser above it),
// coloured on a log scale. Hovering tells the numbers; clicking a cell asks
// for its pair's region (cellActivated).
class MpiMatrixView : public QWidget {
    Q_OBJECT
public:
    enum class Direction { Sent, Received };

    explicit MpiMatrixView(QWidget* parent = nullptr);

    void setTraffic(std::shared_ptr<const scope::MpiTraffic> traffic);
    const scope::MpiTraffic* traffic() const { return traffic_.get(); }
    void setDirection(Direction direction);
    Direction direction() const { return direction_; }
    // For export titles: "…, <run label>".
    void setRunLabel(const QString& label);
    QString title() const;

    // The bytes of (rank, peer) in the shown direction.
    std::uint64_t value(std::size_t rank, std::size_t peer) const;
    // The grid as last painted on screen (widget coordinates).
    const MpiMatrixPainter::Layout& drawnLayout() const { return layout_; }
    QString toolTipAt(QPoint position) const;

    void render(QPainter* painter, QSize size) const;
    bool savePng(const QString& path, int width, int height, double scale = 1.0) const;
    bool saveSvg(const QString& path, int width, int height) const;
    bool savePdf(const QString& path, int width, int height) const;
    void copyToClipboard(int width, int height, double scale = 1.0) const;

    QSize sizeHint() const override;

signals:
    // The (rank, peer) pair of a clicked cell, the busiest of its block.
    void cellActivated(std::uint32_t rank, std::uint32_t peer, bool sent);

protected:
    bool event(QEvent* event) override;
    void paintEvent(QPaintEvent* event) override;
    void mouseReleaseEvent(QMouseEvent* event) override;

private:
    int chartTop() const;
    const std::vector<std::uint64_t>& matrix() const;
    // The busiest (rank, peer) of the block under a widget point.
    std::optional<std::pair<std::size_t, std::size_t>> cellAt(QPoint position) const;

    std::shared_ptr<const scope::MpiTraffic> traffic_;
    Direction direction_ = Direction::Sent;
    QComboBox* chooser_;
    QString runLabel_;
    MpiMatrixPainter::Layout layout_;
};
