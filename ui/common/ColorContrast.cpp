// SPDX-License-Identifier: GPL-3.0-or-later
#include "ColorContrast.h"

#include <QPalette>
#include <QWidget>

#include <algorithm>
#include <cmath>

namespace {

double linear(double channel) {
    return channel <= 0.04045 ? channel / 12.92 : std::pow((channel + 0.055) / 1.055, 2.4);
}

QColor over(const QColor& foreground, const QColor& background) {
    const double alpha = foreground.alphaF();
    const auto mix = [alpha](int a, int b) {
        return static_cast<int>(std::lround(a * alpha + b * (1.0 - alpha)));
    };
    return QColor(mix(foreground.red(), background.red()),
                  mix(foreground.green(), background.green()),
                  mix(foreground.blue(), background.blue()));
}

} // namespace

double ColorContrast::luminance(const QColor& color) {
    const QColor rgb = color.toRgb();
    return 0.2126 * linear(rgb.redF()) + 0.7152 * linear(rgb.greenF()) +
           0.0722 * linear(rgb.blueF());
}

double ColorContrast::ratio(const QColor& foreground, const QColor& background) {
    const QColor solidBackground = over(background.toRgb(), Qt::white);
    const double a = luminance(over(foreground.toRgb(), solidBackground));
    const double b = luminance(solidBackground);
    return (std::max(a, b) + 0.05) / (std::min(a, b) + 0.05);
}

QColor ColorContrast::readable(const QColor& foreground, const QColor& background, double minimum) {
    const QColor solidBackground = over(background.toRgb(), Qt::white);
    const QColor start = over(foreground.toRgb(), solidBackground);
    if (ratio(start, solidBackground) >= minimum)
        return foreground;
    // Away from the background: towards black on light backgrounds. If even
    // black or white cannot reach the minimum, the other end is the better try.
    const double backgroundLuminance = luminance(solidBackground);
    QColor target = luminance(start) < backgroundLuminance ? QColor(Qt::black) : QColor(Qt::white);
    if (ratio(target, solidBackground) < minimum) {
        const QColor other = target == QColor(Qt::black) ? QColor(Qt::white) : QColor(Qt::black);
        if (ratio(other, solidBackground) > ratio(target, solidBackground))
            target = other;
    }
    // Luminance changes monotonically along the blend, so the first step that
    // reaches the minimum is the least change.
    constexpr int kSteps = 255;
    for (int step = 1; step <= kSteps; ++step) {
        const double share = static_cast<double>(step) / kSteps;
        const auto mix = [share](int a, int b) {
            return static_cast<int>(std::lround(a * (1.0 - share) + b * share));
        };
        const QColor candidate(mix(start.red(), target.red()), mix(start.green(), target.green()),
                               mix(start.blue(), target.blue()));
        if (ratio(candidate, solidBackground) >= minimum)
            return candidate;
    }
    return target;
}

QColor ColorContrast::textOn(const QColor& background) {
    const QColor black(Qt::black);
    const QColor white(Qt::white);
    return ratio(black, background) >= ratio(white, background) ? black : white;
}

void ColorContrast::setQuietText(QWidget* widget, const QColor& quiet, const QColor& background) {
    const QColor color = readable(quiet, background);
    QPalette palette = widget->palette();
    for (QPalette::ColorGroup group : {QPalette::Active, QPalette::Inactive})
        for (QPalette::ColorRole role : {QPalette::WindowText, QPalette::Text})
            palette.setColor(group, role, color);
    widget->setPalette(palette);
    widget->setForegroundRole(QPalette::WindowText);
}
