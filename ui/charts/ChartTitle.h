// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>

class QCPTextElement;
class QCustomPlot;

// The title row every chart of the window has, in one style: bold, a fifth
// larger than the plot's font, above the axis rect (and in the exports).
namespace ChartTitle {

QCPTextElement* add(QCustomPlot* plot, const QString& text = {});

} // namespace ChartTitle
