// SPDX-License-Identifier: GPL-3.0-or-later
// SVG exports keep their shapes inside the areas they are clipped to: Qt
// 6.4's QSvgGenerator ignores clipping, so bars of a log-scale chart ran
// past the axis over the labels.
#include "charts/ChartExporter.h"
#include "charts/ClippingPaintDevice.h"
#include "charts/PaintedChartExporter.h"
#include "comparison/ComparisonBarChart.h"
#include "format/ProfileReader.h"

#include <QBuffer>
#include <QImage>
#include <QPainter>
#include <QPainterPath>
#include <QRegularExpression>
#include <QSvgGenerator>
#include <QSvgRenderer>
#include <QTemporaryDir>
#include <QtTest>
#include <qcustomplot.h>

#include <cmath>
#include <memory>

using namespace scope;

namespace {

bool near(QColor a, QColor b) {
    return std::abs(a.red() - b.red()) + std::abs(a.green() - b.green()) +
               std::abs(a.blue() - b.blue()) <
           24;
}

// Every x,y pair of the SVG's path data and polylines (the generator writes
// no transforms for an identity matrix, so they are image coordinates).
QList<QPointF> svgPoints(const QByteArray& svg) {
    QList<QPointF> points;
    static const QRegularExpression attribute(QStringLiteral("(?:\\sd|points)=\"([^\"]*)\""));
    static const QRegularExpression pair(
        QStringLiteral("(-?[\\d.]+(?:e-?\\d+)?)[ ,](-?[\\d.]+(?:e-?\\d+)?)"));
    for (auto it = attribute.globalMatch(QString::fromUtf8(svg)); it.hasNext();) {
        const QString data = it.next().captured(1);
        for (auto p = pair.globalMatch(data); p.hasNext();) {
            const QRegularExpressionMatch m = p.next();
            points << QPointF(m.captured(1).toDouble(), m.captured(2).toDouble());
        }
    }
    return points;
}

QImage renderSvg(const QString& path, QSize size) {
    QSvgRenderer renderer(path);
    QImage image(size, QImage::Format_ARGB32);
    image.fill(Qt::white);
    QPainter painter(&image);
    renderer.render(&painter, QRectF(QPointF(0, 0), size));
    return image;
}

} // namespace

class TestSvgClipping : public QObject {
    Q_OBJECT
private slots:
    void shapesAreCutToTheClip();
    void logScaleBarsStayAboveTheAxis();
    void paintedChartsAreClippedToo();

private:
    QTemporaryDir dir_;
};

void TestSvgClipping::shapesAreCutToTheClip() {
    QBuffer buffer;
    buffer.open(QIODevice::WriteOnly);
    QSvgGenerator generator;
    generator.setOutputDevice(&buffer);
    generator.setSize(QSize(300, 200));
    generator.setViewBox(QRect(0, 0, 300, 200));
    {
        ClippingPaintDevice clipped(&generator);
        QPainter painter(&clipped);
        painter.setClipRect(QRect(50, 40, 100, 80)); // x 50..150, y 40..120
        painter.setPen(QPen(Qt::black, 1));
        painter.setBrush(Qt::red);
        painter.drawRect(QRectF(0, 0, 300, 200)); // a bar much larger than the plot
        painter.drawPolygon(QPolygonF({{100, 60}, {250, 60}, {250, 190}}));
        painter.setBrush(Qt::NoBrush);
        painter.drawPolyline(QPolygonF({{0, 80}, {100, 80}, {100, 180}}));
        painter.drawLine(QLineF(120, 0, 120, 200));
        painter.drawLine(QLineF(200, 10, 250, 10)); // wholly outside
        painter.drawEllipse(QPointF(150, 120), 40, 40);
    }
    const QByteArray svg = buffer.data();
    QVERIFY(svg.contains("<svg"));
    const QList<QPointF> points = svgPoints(svg);
    QVERIFY2(points.size() >= 12, svg.constData());
    const QRectF clip(50, 40, 100, 80);
    for (const QPointF& p : points)
        QVERIFY2(clip.adjusted(-0.01, -0.01, 0.01, 0.01).contains(p),
                 qPrintable(QStringLiteral("%1,%2 outside the clip").arg(p.x()).arg(p.y())));
    // The clip's corners are reached: the bar fills the whole of it.
    QVERIFY(points.contains(QPointF(50, 40)));
    QVERIFY(points.contains(QPointF(150, 120)));
    // The part of the polyline inside: from the clip's left edge to (100, 80)
    // and down to the bottom edge.
    QVERIFY(points.contains(QPointF(50, 80)));
    QVERIFY(points.contains(QPointF(100, 120)));
}

void TestSvgClipping::logScaleBarsStayAboveTheAxis() {
    // run_serial and run_np3: averages from microseconds to 100 ms, a log
    // axis by default; QCustomPlot draws bars from 0, 200 px under a log axis.
    std::vector<std::shared_ptr<const ProfilingResults>> runs;
    std::vector<const ProfilingResults*> results;
    for (const char* name : {"/run_serial.h5", "/run_np3.h5"}) {
        runs.push_back(std::make_shared<const ProfilingResults>(
            readH5(std::string(SCOPE_TEST_DATA_DIR) + name)));
        results.push_back(runs.back().get());
    }
    ComparisonBarChart chart;
    chart.setRuns(results, {QStringLiteral("run_serial"), QStringLiteral("run_np3")});
    QVERIFY(chart.hasBars());
    QCOMPARE(chart.plot()->yAxis->scaleType(), QCPAxis::stLogarithmic);

    const QSize size(800, 500);
    const QString png = dir_.filePath(QStringLiteral("comparison.png"));
    const QString svg = dir_.filePath(QStringLiteral("comparison.svg"));
    QVERIFY(ChartExporter::savePng(chart.plot(), png, size.width(), size.height(), 1.0));
    QVERIFY(ChartExporter::saveSvg(chart.plot(), svg, size.width(), size.height()));
    QFile file(svg);
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QByteArray text = file.readAll();

    // The axis rect at the export size: where the PNG (clipped by Qt) has
    // its bars.
    chart.plot()->setViewport(QRect(QPoint(0, 0), size));
    chart.plot()->plotLayout()->update(QCPLayoutElement::upPreparation);
    chart.plot()->plotLayout()->update(QCPLayoutElement::upMargins);
    chart.plot()->plotLayout()->update(QCPLayoutElement::upLayout);
    const QRect axisRect = chart.plot()->axisRect()->rect();
    QVERIFY(axisRect.height() > 200);
    // No shape of the SVG reaches below the axis rect by more than a tick,
    // over the labels (which are text, not paths); the background's corners
    // are at the image's edges.
    for (const QPointF& p : svgPoints(text))
        QVERIFY2(p.x() <= axisRect.left() || p.x() >= axisRect.right() ||
                     p.y() <= axisRect.bottom() + 8,
                 qPrintable(QStringLiteral("%1,%2 below the axis at %3")
                                .arg(p.x())
                                .arg(p.y())
                                .arg(axisRect.bottom())));

    // Drawn, the SVG's bars are where the PNG's are.
    const QImage fromPng(png);
    const QImage fromSvg = renderSvg(svg, size);
    QCOMPARE(fromPng.size(), size);
    qint64 stray = 0;
    qint64 bars = 0;
    for (int run = 0; run < 2; ++run) {
        const QColor colour = ComparisonBarChart::runColor(run);
        for (int y = 0; y < size.height(); ++y)
            for (int x = 0; x < size.width(); ++x)
                if (near(fromSvg.pixelColor(x, y), colour)) {
                    ++bars;
                    stray += y > axisRect.bottom() + 1 ? 1 : 0;
                }
    }
    QVERIFY2(bars > 5000, qPrintable(QString::number(bars)));
    QVERIFY2(stray < 20, qPrintable(QStringLiteral("%1 bar pixels under the axis").arg(stray)));
}

void TestSvgClipping::paintedChartsAreClippedToo() {
    // A chart that paints itself clips its own areas the same way.
    const QString svg = dir_.filePath(QStringLiteral("painted.svg"));
    const auto render = [](QPainter* painter, QSize) {
        painter->setClipRect(QRect(10, 10, 100, 50));
        painter->fillRect(QRect(0, 0, 400, 300), Qt::blue);
        painter->setPen(Qt::black);
        painter->drawText(QPointF(300, 200), QStringLiteral("outside"));
        painter->drawText(QPointF(20, 40), QStringLiteral("inside"));
    };
    QVERIFY(PaintedChartExporter::saveSvg(render, QSize(400, 300), svg, QStringLiteral("t")));
    QFile file(svg);
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QByteArray text = file.readAll();
    for (const QPointF& p : svgPoints(text))
        QVERIFY2(QRectF(10, 10, 100, 50).adjusted(-0.01, -0.01, 0.01, 0.01).contains(p),
                 qPrintable(QStringLiteral("%1,%2").arg(p.x()).arg(p.y())));
    QVERIFY(text.contains("inside"));
    QVERIFY(!text.contains("outside"));
    const QImage image = renderSvg(svg, QSize(400, 300));
    QVERIFY(near(image.pixelColor(50, 30), Qt::blue));
    QVERIFY(!near(image.pixelColor(200, 150), Qt::blue));
}

QTEST_MAIN(TestSvgClipping)
#include "tst_SvgClipping.moc"
