// SPDX-License-Identifier: GPL-3.0-or-later
#include "IntegerAxisTicker.h"

#include <QFontMetrics>

#include <algorithm>
#include <cmath>

namespace {
constexpr int kLabelGap = 12; // pixels between neighbouring labels at the least
}

IntegerAxisTicker::IntegerAxisTicker(QCPAxis* axis, int minimumSpacing)
    : axis_(axis), minimumSpacing_(minimumSpacing) {
    if (axis_ != nullptr)
        afterLayout_ = QObject::connect(axis_->parentPlot(), &QCustomPlot::afterLayout,
                                        axis_->parentPlot(), [this] { checkLayout(); });
}

IntegerAxisTicker::~IntegerAxisTicker() {
    QObject::disconnect(afterLayout_);
}

double IntegerAxisTicker::niceStep(double step) {
    if (!(step > 1.0))
        return 1.0;
    const double magnitude = std::pow(10.0, std::floor(std::log10(step)));
    for (const double mantissa : {1.0, 2.0, 5.0, 10.0})
        if (mantissa * magnitude >= step * (1 - 1e-12))
            return mantissa * magnitude;
    return 10.0 * magnitude;
}

double IntegerAxisTicker::getTickStep(const QCPRange& range) {
    lastRange_ = range;
    lastStep_ = stepFor(range, axisLength());
    return lastStep_;
}

int IntegerAxisTicker::getSubTickCount(double) {
    return 0;
}

QString IntegerAxisTicker::getTickLabel(double tick, const QLocale&, QChar, int) {
    return QString::number(std::llround(tick));
}

double IntegerAxisTicker::stepFor(const QCPRange& range, double length) const {
    if (axis_ == nullptr || length <= 0 || range.size() <= 0)
        return niceStep(range.size() / std::max(1, tickCount()));
    const QFontMetrics metrics(axis_->tickLabelFont());
    double extent = metrics.height();
    if (axis_->orientation() == Qt::Horizontal) {
        const double widest = std::max(std::abs(range.lower), std::abs(range.upper));
        const QString sample = (range.lower < 0 ? QStringLiteral("-") : QString()) +
                               QString::number(std::llround(widest));
        extent = metrics.horizontalAdvance(sample);
    }
    const double pixels = std::max<double>(minimumSpacing_, extent + kLabelGap);
    return niceStep(pixels * range.size() / length);
}

double IntegerAxisTicker::axisLength() const {
    if (axis_ == nullptr)
        return 0.0;
    const bool horizontal = axis_->orientation() == Qt::Horizontal;
    const QRect viewport = axis_->parentPlot()->viewport();
    const double viewportLength = horizontal ? viewport.width() : viewport.height();
    const QRect rect = axis_->axisRect()->rect();
    const double length = horizontal ? rect.width() : rect.height();
    // Before the first layout pass the axis rect is empty: guess the margins.
    if (length <= 0)
        return viewportLength * 0.8;
    // A smaller viewport than last time (export, shrinking window): never
    // assume more room than there is.
    return std::min(length, viewportLength);
}

void IntegerAxisTicker::checkLayout() {
    if (lastStep_ <= 0 || !axis_->visible())
        return;
    if (stepFor(lastRange_, axisLength()) != lastStep_)
        axis_->parentPlot()->replot(QCustomPlot::rpQueuedReplot);
}
