// SPDX-License-Identifier: GPL-3.0-or-later
#include "ChartFileNames.h"

#include "charts/RankBarChart.h"

#include <QCryptographicHash>
#include <QRegularExpression>

QString ChartFileNames::suffix(ChartContextMenu::Action format) {
    switch (format) {
    case ChartContextMenu::ExportSvg:
        return QStringLiteral("svg");
    case ChartContextMenu::ExportPdf:
        return QStringLiteral("pdf");
    default:
        return QStringLiteral("png");
    }
}

QString ChartFileNames::filter(ChartContextMenu::Action format) {
    switch (format) {
    case ChartContextMenu::ExportSvg:
        return tr("SVG image (*.svg)");
    case ChartContextMenu::ExportPdf:
        return tr("PDF document (*.pdf)");
    default:
        return tr("PNG image (*.png)");
    }
}

QString ChartFileNames::chartSuffix(RunView::Chart chart) {
    switch (chart) {
    case RunView::RankChart:
        return QStringLiteral("-ranks");
    case RunView::Timeline:
        return QStringLiteral("-timeline");
    case RunView::Flame:
        return QStringLiteral("-flame");
    case RunView::Histogram:
        return QStringLiteral("-histogram");
    case RunView::Heatmap:
        return QStringLiteral("-heatmap");
    case RunView::DurationOverTime:
        return QStringLiteral("-over-time");
    case RunView::Likwid:
        return QStringLiteral("-likwid");
    }
    return {};
}

QString ChartFileNames::title(RunView::Chart chart) {
    switch (chart) {
    case RunView::RankChart:
        return tr("Export Per-Rank Chart");
    case RunView::Timeline:
        return tr("Export Timeline");
    case RunView::Flame:
        return tr("Export Flame Graph");
    case RunView::Histogram:
        return tr("Export Histogram");
    case RunView::Heatmap:
        return tr("Export Heatmap");
    case RunView::DurationOverTime:
        return tr("Export Durations over Time");
    case RunView::Likwid:
        return tr("Export LIKWID Chart");
    }
    return {};
}

QString ChartFileNames::safe(QString name) {
    static const QRegularExpression unsafe(QStringLiteral(R"([\\/:*?"<>|\s\p{Cc}\p{Cf}]+)"));
    name.replace(unsafe, QStringLiteral("_"));
    constexpr qsizetype kMaxBytes = 200;
    if (name.toUtf8().size() <= kMaxBytes)
        return name;
    const QString hash = QString::fromLatin1(
        QCryptographicHash::hash(name.toUtf8(), QCryptographicHash::Sha256).toHex().left(8));
    // Whole characters only: a surrogate pair is not split.
    QString cut;
    for (qsizetype i = 0; i < name.size();) {
        const qsizetype length = name.at(i).isHighSurrogate() && i + 1 < name.size() ? 2 : 1;
        const QString next = name.mid(i, length);
        if ((cut + next).toUtf8().size() > kMaxBytes - 1 - hash.size())
            break;
        cut += next;
        i += length;
    }
    return cut + QLatin1Char('-') + hash;
}

QString ChartFileNames::defaultName(const RunView* view, const QString& runLabel,
                                    RunView::Chart chart, const QString& suffix) {
    const QString label = runLabel.isEmpty() ? tr("chart") : runLabel;
    QString name = label + chartSuffix(chart);
    const int region = view ? view->rankChart()->region() : -1;
    if (chart == RunView::RankChart && region >= 0 && view->run())
        name = label + QLatin1Char('-') +
               QString::fromStdString(
                   view->run()->results->regions[static_cast<std::size_t>(region)]) +
               QStringLiteral("-ranks");
    return safe(name) + QLatin1Char('.') + suffix;
}
