// SPDX-License-Identifier: GPL-3.0-or-later
#include "ChartFileNames.h"

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

QString ChartFileNames::title(const ChartSurface& chart) {
    return tr("Export %1").arg(chart.name());
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

QString ChartFileNames::defaultName(const ChartSurface* chart, const QString& runLabel,
                                    const QString& suffix) {
    const QString label = runLabel.isEmpty() ? tr("chart") : runLabel;
    const QString stem = chart != nullptr ? chart->fileStem() : QString();
    return safe(stem.isEmpty() ? label : label + QLatin1Char('-') + stem) + QLatin1Char('.') +
           suffix;
}
