// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <qcustomplot.h>

// A sentence in the middle of a plot that holds no data ("Only summary
// statistics were read…"), wrapped at word boundaries to the plot's width so
// that a narrow side pane shows all of it; text() stays the sentence as set.
class ChartMessage : public QCPItemText {
public:
    explicit ChartMessage(QCustomPlot* plot);

    // The box the text was last drawn in, in widget pixels; empty before.
    QRectF drawnRect() const { return drawn_; }
    // The box `text` takes when wrapped to `width` pixels, centred on (0, 0).
    QRectF wrappedRect(double width) const;

protected:
    void draw(QCPPainter* painter) override;

private:
    QRectF drawn_;
};
