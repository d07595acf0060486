// SPDX-License-Identifier: GPL-3.0-or-later
// RankBarChart's pointer: which rank a position shows, its tooltip, and a
// click that picks it.
#include "RankBarChart.h"

#include <QApplication>
#include <QHelpEvent>
#include <QMouseEvent>
#include <QToolTip>
#include <qcustomplot.h>

#include <algorithm>
#include <cmath>

const RankBarChart::Bar* RankBarChart::barOf(std::uint32_t rank) const {
    const auto it = std::lower_bound(shown_.begin(), shown_.end(), rank,
                                     [](const Bar& bar, std::uint32_t r) { return bar.rank < r; });
    return it != shown_.end() && it->rank == rank ? &*it : nullptr;
}

std::optional<std::uint32_t> RankBarChart::rankAt(const QPointF& position) const {
    if (shown_.empty() || !plot_->axisRect()->rect().contains(position.toPoint()))
        return std::nullopt;
    const QCPAxis* x = plot_->xAxis;
    const double key = x->pixelToCoord(position.x());
    // Half a rank, or a few pixels where ranks are thinner than that.
    const double tolerance = std::max(0.5, std::abs(x->pixelToCoord(position.x() + 3) - key));
    const double pointed = plot_->yAxis->pixelToCoord(position.y());
    const auto byKey = [this](const Bar& bar, double k) { return keyOf(bar.rank) < k; };
    auto it = std::lower_bound(shown_.begin(), shown_.end(), key - tolerance, byKey);
    const Bar* best = nullptr;
    // Where ranks share a pixel, the pointer is on the tallest bar drawn there:
    // prefer bars that reach up to the pointer, then the nearest.
    const auto score = [&](const Bar& bar) {
        return std::pair(bar.value < pointed, std::abs(keyOf(bar.rank) - key));
    };
    for (; it != shown_.end() && keyOf(it->rank) <= key + tolerance; ++it)
        if (best == nullptr || score(*it) < score(*best))
            best = &*it;
    if (best == nullptr)
        return std::nullopt;
    return best->rank;
}

QString RankBarChart::toolTipFor(std::uint32_t rank) const {
    const Bar* bar = barOf(rank);
    if (bar == nullptr)
        return tr("rank %1: no calls").arg(rank);
    if (bar->calls == 0 && mean_)
        return tr("rank %1: no calls (counts 0 in the mean %2)")
            .arg(rank)
            .arg(formatStatistic(statistic_, *mean_));
    QString text = tr("rank %1: %2").arg(rank).arg(formatStatistic(statistic_, bar->value));
    if (mean_ && *mean_ > 0) {
        double percent = (bar->value - *mean_) / *mean_ * 100.0;
        if (std::abs(percent) < 0.05)
            percent = 0.0; // no "-0.0 %"
        const QString number = QString::number(percent, 'f', std::abs(percent) < 9.95 ? 1 : 0);
        text += tr(" (mean %1, %2%3 %)")
                    .arg(formatStatistic(statistic_, *mean_), percent >= 0 ? "+" : "", number);
    }
    if (isDuration(statistic_))
        text += QStringLiteral("\n%1 s, %2")
                    .arg(QString::number(bar->value, 'f', QLocale::FloatingPointShortest),
                         formatStatistic(Statistic::Calls, static_cast<double>(bar->calls)));
    return text;
}

bool RankBarChart::eventFilter(QObject* watched, QEvent* event) {
    if (watched != plot_)
        return QWidget::eventFilter(watched, event);
    if (event->type() == QEvent::Resize && !shown_.empty()) {
        setRankTicks();
        wrapLegend();
        return false;
    }
    if (event->type() == QEvent::ToolTip) {
        const auto* help = static_cast<QHelpEvent*>(event);
        if (const auto rank = rankAt(help->pos()))
            QToolTip::showText(help->globalPos(), toolTipFor(*rank), plot_);
        else
            QToolTip::hideText();
        return true;
    }
    if (event->type() == QEvent::MouseButtonPress || event->type() == QEvent::MouseButtonRelease) {
        const auto* mouse = static_cast<QMouseEvent*>(event);
        const QPoint position = mouse->position().toPoint();
        if (mouse->button() != Qt::LeftButton)
            return false;
        if (event->type() == QEvent::MouseButtonPress) {
            pressPosition_ = position;
        } else if ((position - pressPosition_).manhattanLength() <=
                   QApplication::startDragDistance()) {
            // A click, not the end of a drag that panned the ranks.
            if (const auto rank = rankAt(position))
                emit rankActivated(*rank);
        }
    }
    return false;
}
