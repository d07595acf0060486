// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "analysis/MpiTraffic.h"

#include <QString>
#include <QWidget>

#include <functional>
#include <string>
#include <vector>

class QCPItemText;
class QCPTextElement;
class QCustomPlot;

// One of the Communication page's small charts: calls per message size, or
// seconds per rank stacked by collective op or wait kind.
class MpiBarChart : public QWidget {
    Q_OBJECT
public:
    explicit MpiBarChart(QWidget* parent = nullptr);

    // Calls per size class (0 B, then [2^k, 2^(k+1)) bytes).
    void setSizes(const std::vector<scope::MpiTraffic::SizeCalls>& sizes, const QString& title);
    // One bar per rank, stacked by name; `seconds(rank, name)`.
    void setPerRank(const std::vector<std::string>& names, std::size_t ranks,
                    const std::function<double(std::size_t, std::size_t)>& seconds,
                    const QString& title);
    void clear(const QString& title);

    QSize sizeHint() const override { return {420, 220}; }
    QCustomPlot* plot() const { return plot_; }
    // The values drawn: per size class (setSizes) or per rank, summed (setPerRank).
    const std::vector<double>& values() const { return values_; }
    // The size class labels of setSizes ("1 KiB").
    const QStringList& labels() const { return labels_; }

private:
    // Axes without data would promise a scale: a message stands instead.
    void showAxes(bool shown);

    QCustomPlot* plot_;
    QCPTextElement* title_;
    QCPItemText* empty_;
    std::vector<double> values_;
    QStringList labels_;
};
