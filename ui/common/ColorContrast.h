// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QColor>

class QWidget;

// WCAG 2.x contrast of text against its background, and the nearest colour
// that is readable: greyed-out and placeholder text of some palettes is far
// too faint (#C2C2C2 on #F7F7F7 is 1.7:1), while it should only look quieter
// than normal text.
class ColorContrast {
public:
    // WCAG AA for normal-size text.
    static constexpr double kMinimumTextRatio = 4.5;

    // Relative luminance, 0 (black) to 1 (white).
    static double luminance(const QColor& color);
    // (L1 + 0.05) / (L2 + 0.05), from 1 to 21. A translucent foreground is
    // taken as drawn over the background.
    static double ratio(const QColor& foreground, const QColor& background);
    // `foreground` if it reaches `minimum` on `background`, otherwise the least
    // darkened (on light backgrounds) or lightened (on dark ones) opaque colour
    // that does, so that its hue and "greyed" look survive.
    static QColor readable(const QColor& foreground, const QColor& background,
                           double minimum = kMinimumTextRatio);
    // Black or white, whichever contrasts more with `background`: at least
    // 4.58:1 (the square root of 21) on any colour.
    static QColor textOn(const QColor& background);
    // Draws the text of `widget` (a label) in `quiet`, a placeholder or
    // disabled text colour, made readable on `background`.
    static void setQuietText(QWidget* widget, const QColor& quiet, const QColor& background);
};
