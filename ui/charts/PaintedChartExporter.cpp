// SPDX-License-Identifier: GPL-3.0-or-later
#include "PaintedChartExporter.h"

#include "ClippingPaintDevice.h"

#include <QBuffer>
#include <QClipboard>
#include <QFileInfo>
#include <QGuiApplication>
#include <QMimeData>
#include <QPageSize>
#include <QPainter>
#include <QPdfWriter>
#include <QSvgGenerator>

#include <cmath>

namespace {

constexpr int kScreenDpi = 96;

bool nonEmptyFile(const QString& path) {
    const QFileInfo info(path);
    return info.exists() && info.size() > 0;
}

bool renderSvg(const PaintedChartExporter::Render& render, QSize size, QSvgGenerator& generator,
               const QString& title) {
    generator.setSize(size);
    generator.setViewBox(QRect(QPoint(0, 0), size));
    generator.setResolution(kScreenDpi);
    generator.setTitle(title);
    QPainter painter;
    // The generator drops clipping: the device cuts the shapes instead.
    ClippingPaintDevice clipped(&generator);
    if (!painter.begin(&clipped))
        return false;
    render(&painter, size);
    return painter.end();
}

} // namespace

QImage PaintedChartExporter::toImage(const Render& render, QSize size, double scale) {
    QImage image(QSize(static_cast<int>(std::lround(size.width() * scale)),
                       static_cast<int>(std::lround(size.height() * scale))),
                 QImage::Format_ARGB32_Premultiplied);
    image.setDevicePixelRatio(scale);
    image.fill(Qt::white);
    {
        QPainter painter(&image);
        render(&painter, size);
    }
    // Set after painting: fonts are sized for the screen's 96 dpi.
    const int dotsPerMeter = static_cast<int>(std::lround(kScreenDpi * scale / 0.0254));
    image.setDotsPerMeterX(dotsPerMeter);
    image.setDotsPerMeterY(dotsPerMeter);
    return image;
}

bool PaintedChartExporter::savePng(const Render& render, QSize size, const QString& path,
                                   double scale) {
    return toImage(render, size, scale).save(path, "PNG");
}

bool PaintedChartExporter::saveSvg(const Render& render, QSize size, const QString& path,
                                   const QString& title) {
    QSvgGenerator generator;
    generator.setFileName(path);
    return renderSvg(render, size, generator, title) && nonEmptyFile(path);
}

bool PaintedChartExporter::savePdf(const Render& render, QSize size, const QString& path,
                                   const QString& title) {
    QPdfWriter writer(path);
    writer.setResolution(kScreenDpi);
    writer.setTitle(title);
    writer.setCreator(QStringLiteral("Scope Viewer"));
    // A page exactly the chart's size: 72 points per 96 pixels.
    writer.setPageSize(QPageSize(QSizeF(size) * 72.0 / kScreenDpi, QPageSize::Point));
    writer.setPageMargins(QMarginsF(0, 0, 0, 0));
    QPainter painter;
    if (!painter.begin(&writer))
        return false;
    render(&painter, size);
    return painter.end() && nonEmptyFile(path);
}

void PaintedChartExporter::copyToClipboard(const Render& render, QSize size, double scale,
                                           const QString& title) {
    auto* mime = new QMimeData;
    mime->setImageData(toImage(render, size, scale));
    QBuffer svg;
    svg.open(QIODevice::WriteOnly);
    QSvgGenerator generator;
    generator.setOutputDevice(&svg);
    if (renderSvg(render, size, generator, title))
        mime->setData(QStringLiteral("image/svg+xml"), svg.data());
    QGuiApplication::clipboard()->setMimeData(mime);
}
