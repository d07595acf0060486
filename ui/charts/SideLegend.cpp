// SPDX-License-Identifier: GPL-3.0-or-later
#include "SideLegend.h"

#include <qcustomplot.h>

void SideLegend::place(QCustomPlot* plot) {
    plot->legend->setVisible(true);
    plot->axisRect()->insetLayout()->take(plot->legend);
    auto* side = new QCPLayoutGrid;
    plot->plotLayout()->addElement(1, 1, side);
    plot->plotLayout()->setColumnStretchFactor(1, 0.001);
    side->addElement(0, 0, plot->legend);
    side->addElement(1, 0, new QCPLayoutElement(plot));
    side->setRowStretchFactors({0.001, 1.0});
    // Clear of the edge, in exported images too.
    side->setMargins(QMargins(0, 0, 12, 0));
    plot->legend->setBorderPen(Qt::NoPen);
    plot->legend->setBrush(Qt::NoBrush);
}
