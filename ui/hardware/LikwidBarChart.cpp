// SPDX-License-Identifier: GPL-3.0-or-later
#include "LikwidBarChart.h"

#include "charts/ChartTitle.h"
#include "common/RegionPalette.h"

#include <QFontMetrics>
#include <QVBoxLayout>
#include <qcustomplot.h>

#include <algorithm>

namespace {

// Lines of text the chart is at least tall: the title, the tick and axis
// labels and a plot that still shows the bars' proportions.
constexpr int kMinimumLines = 13;

// `text` broken at spaces into lines of at most `width` pixels.
QString wrapped(const QString& text, const QFontMetrics& metrics, int width) {
    QStringList lines;
    QString line;
    for (const QString& word : text.split(QLatin1Char(' '), Qt::SkipEmptyParts)) {
        const QString longer = line.isEmpty() ? word : line + QLatin1Char(' ') + word;
        if (!line.isEmpty() && metrics.horizontalAdvance(longer) > width) {
            lines << line;
            line = word;
        } else {
            line = longer;
        }
    }
    if (!line.isEmpty())
        lines << line;
    // A single word longer than the axis: its end, the unit, matters least.
    for (QString& l : lines)
        l = metrics.elidedText(l, Qt::ElideMiddle, width);
    return lines.join(QLatin1Char('\n'));
}

} // namespace

LikwidBarChart::LikwidBarChart(QWidget* parent) : QWidget(parent) {
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    plot_ = new QCustomPlot(this);
    layout->addWidget(plot_);
    title_ = ChartTitle::add(plot_);
    plot_->yAxis->grid()->setPen(QPen(QColor(0xdd, 0xdd, 0xdd), 0, Qt::SolidLine));
    plot_->xAxis->grid()->setVisible(false);
    plot_->xAxis->setSubTicks(false);
    plot_->xAxis->setTickLength(0, 4);
    // Squeezed below the pickers of a short bottom pane, the bars and the
    // value axis's title were cut to nothing.
    plot_->setMinimumHeight(kMinimumLines * QFontMetrics(plot_->font()).height());
    connect(plot_, &QCustomPlot::afterLayout, this, &LikwidBarChart::fitValueLabel);
}

void LikwidBarChart::fitValueLabel() {
    QCPAxis* axis = plot_->yAxis;
    const int height = axis->axisRect()->height();
    if (height <= 0)
        return;
    const QString label = wrapped(valueLabel_, QFontMetrics(axis->labelFont()), height);
    if (label == axis->label())
        return;
    axis->setLabel(label);
    // Laid out again at once: the frame being drawn uses this label.
    QCPLayoutGrid* layout = plot_->plotLayout();
    layout->update(QCPLayoutElement::upPreparation);
    layout->update(QCPLayoutElement::upMargins);
    layout->update(QCPLayoutElement::upLayout);
}

void LikwidBarChart::setBars(const std::vector<LikwidModel::Bar>& bars, const QString& title,
                             const QString& valueLabel, bool regionColours) {
    bars_ = bars;
    plot_->clearPlottables();
    title_->setText(title);
    valueLabel_ = valueLabel;
    plot_->yAxis->setLabel(valueLabel);
    QSharedPointer<QCPAxisTickerText> ticker(new QCPAxisTickerText);
    double lowest = 0.0;
    double highest = 0.0;
    const QColor threadColour(0x4c, 0x72, 0xb0);
    for (std::size_t i = 0; i < bars.size(); ++i) {
        const auto key = static_cast<double>(i);
        auto* bar = new QCPBars(plot_->xAxis, plot_->yAxis);
        const QColor colour = regionColours ? RegionPalette::color(bars[i].label) : threadColour;
        bar->setBrush(colour);
        bar->setPen(QPen(colour.darker(130), 1));
        bar->setWidth(0.7);
        bar->setName(bars[i].label);
        bar->addData(key, bars[i].value);
        ticker->addTick(key, bars[i].label);
        lowest = std::min(lowest, bars[i].value);
        highest = std::max(highest, bars[i].value);
    }
    plot_->xAxis->setTicker(ticker);
    // Long region names would overlap side by side.
    plot_->xAxis->setTickLabelRotation(bars.size() > 6 ? 45 : 0);
    plot_->xAxis->setRange(-0.6, static_cast<double>(bars.size()) - 0.4);
    const double span = highest - lowest;
    plot_->yAxis->setRange(lowest < 0 ? lowest - 0.05 * span : 0.0,
                           span > 0 ? highest + 0.05 * span : 1.0);
    plot_->replot();
}
