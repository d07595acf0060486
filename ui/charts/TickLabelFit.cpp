// SPDX-License-Identifier: GPL-3.0-or-later
#include "TickLabelFit.h"

#include <QFontMetricsF>
#include <qcustomplot.h>

#include <algorithm>
#include <cmath>

namespace {

// Where `tick` lies along an axis of `length` pixels showing `range`.
double along(const QCPAxis* axis, const QCPRange& range, double tick, double length) {
    if (axis->scaleType() == QCPAxis::stLogarithmic) {
        if (range.lower <= 0 || tick <= 0)
            return 0.0;
        return std::log(tick / range.lower) / std::log(range.upper / range.lower) * length;
    }
    return (tick - range.lower) / range.size() * length;
}

// The extent of `label` along the axis.
double extent(const QCPAxis* axis, const QFontMetricsF& metrics, const QString& label) {
    const QRectF box = metrics.boundingRect(QRectF(), Qt::AlignCenter, label);
    return axis->orientation() == Qt::Horizontal ? box.width() : box.height();
}

bool overlaps(const QCPAxis* axis, const QCPRange& range, const QVector<double>& ticks,
              const QVector<QString>& labels, double length) {
    const QFontMetricsF metrics(axis->tickLabelFont());
    // Stacked labels read apart with less room than side by side ones.
    const double gap =
        axis->orientation() == Qt::Horizontal ? TickLabelFit::kGap : TickLabelFit::kGap / 2.0;
    // Labels are centred on their ticks; sorted, only neighbours can collide.
    std::vector<std::pair<double, double>> spans; // start, end along the axis
    for (int i = 0; i < ticks.size() && i < labels.size(); ++i) {
        const double centre = along(axis, range, ticks[i], length);
        const double half = extent(axis, metrics, labels[i]) / 2;
        spans.emplace_back(centre - half, centre + half);
    }
    std::sort(spans.begin(), spans.end());
    for (std::size_t i = 1; i < spans.size(); ++i)
        if (spans[i].first - spans[i - 1].second < gap)
            return true;
    return false;
}

double axisLength(const QCPAxis* axis) {
    const QRect rect = axis->axisRect()->rect();
    return axis->orientation() == Qt::Horizontal ? rect.width() : rect.height();
}

} // namespace

TickLabelFit* TickLabelFit::attach(QCPAxis* axis, int maxTicks) {
    return new TickLabelFit(axis, maxTicks);
}

TickLabelFit::TickLabelFit(QCPAxis* axis, int maxTicks)
    : QObject(axis->parentPlot()), axis_(axis), maxTicks_(std::max(1, maxTicks)) {
    connect(axis->parentPlot(), &QCustomPlot::afterLayout, this, &TickLabelFit::afterLayout);
}

int TickLabelFit::fittingCount(double length) const {
    QSharedPointer<QCPAxisTicker> ticker = axis_->ticker();
    const QCPRange range = axis_->range();
    const QString format = axis_->numberFormat();
    const QChar formatChar = format.isEmpty() ? QLatin1Char('g') : format.at(0);
    const int original = ticker->tickCount();
    int count = 1;
    for (int n = maxTicks_; n >= 1; --n) {
        ticker->setTickCount(n);
        QVector<double> ticks;
        QVector<QString> labels;
        ticker->generate(range, axis_->parentPlot()->locale(), formatChar, axis_->numberPrecision(),
                         ticks, nullptr, &labels);
        if (!overlaps(axis_, range, ticks, labels, length)) {
            count = n;
            break;
        }
    }
    ticker->setTickCount(original);
    return count;
}

void TickLabelFit::afterLayout() {
    // Text tickers place their ticks themselves; the count would change nothing.
    if (fitting_ || !axis_->visible() || !axis_->ticker() ||
        axis_->ticker().dynamicCast<QCPAxisTickerText>())
        return;
    fitting_ = true;
    // The labels change the margins and so the length: a few rounds settle it.
    for (int round = 0; round < 3; ++round) {
        const double length = axisLength(axis_);
        if (length <= 0)
            break;
        const int count = fittingCount(length);
        if (count == axis_->ticker()->tickCount())
            break;
        axis_->ticker()->setTickCount(count);
        QCPLayoutGrid* layout = axis_->parentPlot()->plotLayout();
        layout->update(QCPLayoutElement::upPreparation);
        layout->update(QCPLayoutElement::upMargins);
        layout->update(QCPLayoutElement::upLayout);
    }
    fitting_ = false;
}

QVector<QRectF> TickLabelFit::labelBoxes(const QCPAxis* axis) {
    const QFontMetricsF metrics(axis->tickLabelFont());
    const QVector<double> ticks = axis->tickVector();
    const QVector<QString> labels = axis->tickVectorLabels();
    const QRect rect = axis->axisRect()->rect();
    QVector<QRectF> boxes;
    for (int i = 0; i < ticks.size() && i < labels.size(); ++i) {
        const QRectF box = metrics.boundingRect(QRectF(), Qt::AlignCenter, labels[i]);
        const double at = axis->coordToPixel(ticks[i]);
        if (axis->orientation() == Qt::Horizontal)
            boxes.push_back(QRectF(at - box.width() / 2, rect.bottom() + axis->tickLabelPadding(),
                                   box.width(), box.height()));
        else
            boxes.push_back(QRectF(rect.left() - axis->tickLabelPadding() - box.width(),
                                   at - box.height() / 2, box.width(), box.height()));
    }
    return boxes;
}
