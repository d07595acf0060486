// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "distributions/HeatmapModel.h"
#include "distributions/HeatmapPainter.h"

#include <QWidget>

#include <cstdint>
#include <memory>

class QComboBox;

// Imbalance at a glance: every rank against every region, coloured by how
// far the rank is from the region's mean over ranks. Hovering tells the
// numbers; clicking a cell asks for its region and rank to be selected
// everywhere (cellActivated). With more ranks than pixel rows each row of
// pixels shows the largest ratio of its ranks, so a lone slow rank shows.
class HeatmapView : public QWidget {
    Q_OBJECT
public:
    explicit HeatmapView(QWidget* parent = nullptr);

    void setRun(std::shared_ptr<const scope::ProfilingResults> results);
    void setRanks(const scope::RankSelection& ranks);
    void setStatistic(scope::HeatmapStatistic statistic);
    // For export titles: "… of <run label>".
    void setRunLabel(const QString& label);

    HeatmapModel* model() const { return model_; }
    // "Total per rank ÷ the region's mean over ranks, run_np3".
    QString title() const;
    // The grid as last painted on screen (widget coordinates).
    const HeatmapPainter::Layout& drawnLayout() const { return layout_; }
    // The tooltip for a point of the widget ("" outside the cells).
    QString toolTipAt(QPoint position) const;

    // The chart without the statistic chooser, as the exports draw it.
    void render(QPainter* painter, QSize size) const;
    bool savePng(const QString& path, int width, int height, double scale = 1.0) const;
    bool saveSvg(const QString& path, int width, int height) const;
    bool savePdf(const QString& path, int width, int height) const;
    void copyToClipboard(int width, int height, double scale = 1.0) const;

    QSize sizeHint() const override;

signals:
    // `region` indexes ProfilingResults::regions.
    void cellActivated(int region, std::uint32_t rank);

protected:
    bool event(QEvent* event) override;
    void paintEvent(QPaintEvent* event) override;
    void mouseReleaseEvent(QMouseEvent* event) override;

private:
    // Where the chart starts: below the statistic chooser.
    int chartTop() const;
    // The (row, column) of the model a widget point shows, if any.
    std::optional<std::pair<std::size_t, std::size_t>> cellAt(QPoint position) const;

    HeatmapModel* model_;
    QComboBox* statistic_;
    QString runLabel_;
    HeatmapPainter::Layout layout_;
};
