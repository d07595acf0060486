// SPDX-License-Identifier: GPL-3.0-or-later
#include "ChartTitle.h"

#include <qcustomplot.h>

QCPTextElement* ChartTitle::add(QCustomPlot* plot, const QString& text) {
    QFont font = plot->font();
    font.setPointSizeF(font.pointSizeF() * 1.2);
    font.setBold(true);
    plot->plotLayout()->insertRow(0);
    auto* title = new QCPTextElement(plot, text, font);
    plot->plotLayout()->addElement(0, 0, title);
    return title;
}
