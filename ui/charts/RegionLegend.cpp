// SPDX-License-Identifier: GPL-3.0-or-later
#include "RegionLegend.h"

#include "analysis/MpiRegionName.h"
#include "common/RegionPalette.h"

#include <qcustomplot.h>

#include <algorithm>

RegionLegend::RegionLegend(QCustomPlot* plot, int row) : plot_(plot) {
    QCPLegend* legend = plot_->legend;
    legend->setVisible(true);
    plot_->axisRect()->insetLayout()->take(legend);
    // Centred between two empty cells that take the spare width.
    auto* legendRow = new QCPLayoutGrid;
    plot_->plotLayout()->addElement(row, 0, legendRow);
    legendRow->addElement(0, 0, new QCPLayoutElement(plot_));
    legendRow->addElement(0, 1, legend);
    legendRow->addElement(0, 2, new QCPLayoutElement(plot_));
    legendRow->setColumnStretchFactors({1.0, 0.001, 1.0});
    legend->setFillOrder(QCPLayoutGrid::foColumnsFirst);
    legend->setBorderPen(Qt::NoPen);
    legend->setBrush(Qt::NoBrush);
    // Taller than the swatch QCPBars draws in it (2/3), so that descenders of
    // the names stay inside their entry.
    legend->setIconSize(16, 16);
    legend->setColumnSpacing(16);
    legend->setRowSpacing(0);
    legend->setMargins(QMargins(4, 0, 4, 2));
}

void RegionLegend::setRegions(const scope::ProfilingResults* results,
                              const scope::RankSelection& ranks) {
    for (QCPBars* bar : entries_)
        plot_->removePlottable(bar);
    entries_.clear();
    regions_.clear();
    if (results == nullptr)
        return;
    // The costliest first: those are the colours most of the chart shows.
    std::vector<std::pair<double, std::size_t>> regions;
    for (std::size_t region = 0; region < results->regions.size(); ++region) {
        const scope::RegionStats stats = results->pooled(region, ranks);
        if (stats.count > 0)
            regions.emplace_back(stats.total, region);
    }
    std::stable_sort(regions.begin(), regions.end(),
                     [](const auto& a, const auto& b) { return a.first > b.first; });
    const std::size_t named = regions.size() <= kNamedRegions + 1
                                  ? regions.size()
                                  : static_cast<std::size_t>(kNamedRegions);
    for (std::size_t i = 0; i < named; ++i) {
        const std::string& region = results->regions[regions[i].second];
        addEntry(QString::fromStdString(scope::MpiRegionName::displayName(region)),
                 RegionPalette::color(QString::fromStdString(region)),
                 static_cast<int>(regions[i].second));
    }
    if (named < regions.size())
        addEntry(tr("+%1 more").arg(regions.size() - named), QColor(), -1);
    plot_->legend->setWrap(0);
    fit();
}

QStringList RegionLegend::entries() const {
    QStringList names;
    for (const QCPBars* bar : entries_)
        names << bar->name();
    return names;
}

void RegionLegend::recolor(const std::function<QColor(int region)>& colorOf) {
    for (std::size_t i = 0; i < entries_.size(); ++i) {
        if (regions_[i] < 0)
            continue;
        const QColor color = colorOf(regions_[i]);
        entries_[i]->setBrush(color);
        entries_[i]->setPen(QPen(color.darker(130)));
    }
}

std::vector<QColor> RegionLegend::colors() const {
    std::vector<QColor> colors;
    for (const QCPBars* bar : entries_)
        colors.push_back(bar->brush().style() == Qt::NoBrush ? QColor() : bar->brush().color());
    return colors;
}

void RegionLegend::addEntry(const QString& name, const QColor& color, int region) {
    auto* bar = new QCPBars(plot_->xAxis, plot_->yAxis);
    bar->setName(name);
    bar->setBrush(color.isValid() ? QBrush(color) : QBrush(Qt::NoBrush));
    bar->setPen(color.isValid() ? QPen(color.darker(130)) : QPen(Qt::NoPen));
    bar->setSelectable(QCP::stNone);
    bar->addToLegend(); // unless the plot added it already
    entries_.push_back(bar);
    regions_.push_back(region);
}

void RegionLegend::fit() {
    fitToWidth(plot_);
}

void RegionLegend::fitToWidth(QCustomPlot* plot) {
    QCPLegend* legend = plot->legend;
    // Cells of the grid left empty by a shorter last row have no item.
    std::vector<int> widths;
    for (int i = 0; i < legend->itemCount(); ++i)
        if (const QCPAbstractLegendItem* item = legend->item(i))
            widths.push_back(item->minimumOuterSizeHint().width());
    const int count = static_cast<int>(widths.size());
    if (count == 0)
        return;
    // Columns are as wide as their widest entry: the most columns that fit.
    const int available =
        plot->viewport().width() - legend->margins().left() - legend->margins().right();
    int columns = count;
    for (; columns > 1; --columns) {
        int total = (columns - 1) * legend->columnSpacing();
        for (int column = 0; column < columns; ++column) {
            int widest = 0;
            for (int i = column; i < count; i += columns)
                widest = std::max(widest, widths[static_cast<std::size_t>(i)]);
            total += widest;
        }
        if (total <= available)
            break;
    }
    if (legend->wrap() == columns && legend->columnCount() == std::min(columns, count))
        return;
    legend->setWrap(columns);
    legend->setFillOrder(QCPLayoutGrid::foColumnsFirst, true);
    // Laid out again at once: the frame being drawn uses this layout.
    QCPLayoutGrid* layout = plot->plotLayout();
    layout->update(QCPLayoutElement::upPreparation);
    layout->update(QCPLayoutElement::upMargins);
    layout->update(QCPLayoutElement::upLayout);
}
