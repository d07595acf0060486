// SPDX-License-Identifier: GPL-3.0-or-later
#include "ChartExporter.h"

#include "ClippingPaintDevice.h"

#include <QBuffer>
#include <QClipboard>
#include <QFileInfo>
#include <QGuiApplication>
#include <QMimeData>
#include <QSvgGenerator>
#include <qcustomplot.h>

#include <cmath>

namespace {

constexpr int kScreenDpi = 96;

// Lays the plot out at the export size for the duration of an export, and back
// at its on-screen size afterwards. Tickers that space labels by pixels measure
// the axis as laid out by the previous pass, which would otherwise be the
// on-screen one.
class ExportLayout {
public:
    ExportLayout(QCustomPlot* plot, QSize size) : plot_(plot), oldViewport_(plot->viewport()) {
        plot_->setViewport(QRect(QPoint(0, 0), size));
        layOut();
    }
    ~ExportLayout() {
        plot_->setViewport(oldViewport_);
        layOut();
        plot_->replot(QCustomPlot::rpQueuedReplot);
    }
    ExportLayout(const ExportLayout&) = delete;
    ExportLayout& operator=(const ExportLayout&) = delete;

private:
    void layOut() {
        QCPLayoutGrid* layout = plot_->plotLayout();
        layout->update(QCPLayoutElement::upPreparation);
        layout->update(QCPLayoutElement::upMargins);
        layout->update(QCPLayoutElement::upLayout);
    }

    QCustomPlot* plot_;
    QRect oldViewport_;
};

bool renderSvg(QCustomPlot* plot, QSvgGenerator& generator, QSize size) {
    generator.setSize(size);
    generator.setViewBox(QRect(QPoint(0, 0), size));
    generator.setResolution(kScreenDpi);
    generator.setTitle(QStringLiteral("Scope Viewer chart"));
    QCPPainter painter;
    // The generator drops clipping: the device cuts the shapes instead.
    ClippingPaintDevice clipped(&generator);
    if (!painter.begin(&clipped))
        return false;
    painter.setMode(QCPPainter::pmVectorized);
    plot->toPainter(&painter, size.width(), size.height());
    return painter.end();
}

bool nonEmptyFile(const QString& path) {
    const QFileInfo info(path);
    return info.exists() && info.size() > 0;
}

} // namespace

QSize ChartExporter::exportSize(const QCustomPlot* plot, int width, int height) {
    const QSize size = plot->isVisible() && !plot->size().isEmpty() ? plot->size() : kDefaultSize;
    return QSize(width > 0 ? width : size.width(), height > 0 ? height : size.height());
}

bool ChartExporter::savePng(QCustomPlot* plot, const QString& path, int width, int height,
                            double scale) {
    const QSize size = exportSize(plot, width, height);
    const ExportLayout layout(plot, size);
    return plot->savePng(path, size.width(), size.height(), scale, -1,
                         static_cast<int>(std::lround(kScreenDpi * scale)));
}

void ChartExporter::render(QCustomPlot* plot, int width, int height) {
    const QSize size = exportSize(plot, width, height);
    const ExportLayout layout(plot, size);
    plot->toPixmap(size.width(), size.height());
}

bool ChartExporter::saveSvg(QCustomPlot* plot, const QString& path, int width, int height) {
    const QSize size = exportSize(plot, width, height);
    const ExportLayout layout(plot, size);
    QSvgGenerator generator;
    generator.setFileName(path);
    return renderSvg(plot, generator, size) && nonEmptyFile(path);
}

bool ChartExporter::savePdf(QCustomPlot* plot, const QString& path, int width, int height) {
    const QSize size = exportSize(plot, width, height);
    const ExportLayout layout(plot, size);
    return plot->savePdf(path, size.width(), size.height(), QCP::epAllowCosmetic,
                         QStringLiteral("Scope Viewer")) &&
           nonEmptyFile(path);
}

void ChartExporter::copyToClipboard(QCustomPlot* plot, int width, int height, double scale) {
    const QSize size = exportSize(plot, width, height);
    auto* mime = new QMimeData;
    {
        const ExportLayout layout(plot, size);
        mime->setImageData(plot->toPixmap(size.width(), size.height(), scale).toImage());
        QBuffer svg;
        svg.open(QIODevice::WriteOnly);
        QSvgGenerator generator;
        generator.setOutputDevice(&svg);
        if (renderSvg(plot, generator, size))
            mime->setData(QStringLiteral("image/svg+xml"), svg.data());
    }
    QGuiApplication::clipboard()->setMimeData(mime);
}
