// SPDX-License-Identifier: GPL-3.0-or-later
// WCAG contrast ratios against values worked out by hand from the WCAG 2.x
// formula, and the text of the views that used too faint a grey.
#include "charts/RankBarChart.h"
#include "charts/TimelineView.h"
#include "common/ColorContrast.h"
#include "common/EventsUnavailablePanel.h"
#include "common/RegionPalette.h"

#include <QLabel>
#include <QtTest>

namespace {

// The colour a label draws its text in, on the background it is drawn over.
double labelRatio(const QLabel* label, const QWidget* background) {
    return ColorContrast::ratio(label->palette().color(label->foregroundRole()),
                                background->palette().color(background->backgroundRole()));
}

// Darkest pixel of a widget as drawn: the text colour where a stem covers a
// whole pixel.
QColor darkestPixel(QWidget* widget) {
    const QImage image = widget->grab().toImage();
    QColor darkest = Qt::white;
    for (int y = 0; y < image.height(); ++y)
        for (int x = 0; x < image.width(); ++x)
            if (qGray(image.pixel(x, y)) < qGray(darkest.rgb()))
                darkest = image.pixelColor(x, y);
    return darkest;
}

} // namespace

class TestColorContrast : public QObject {
    Q_OBJECT
private slots:
    void knownRatios() {
        // (1 + 0.05) / (0 + 0.05)
        QCOMPARE(ColorContrast::ratio(Qt::black, Qt::white), 21.0);
        QCOMPARE(ColorContrast::ratio(Qt::white, Qt::black), 21.0);
        QCOMPARE(ColorContrast::ratio(QColor("#777777"), QColor("#777777")), 1.0);
        // 0x77: ((119/255 + 0.055) / 1.055)^2.4 = 0.18448; 1.05 / 0.23448
        QVERIFY(std::abs(ColorContrast::ratio(QColor("#777777"), Qt::white) - 4.478) < 0.002);
        // L(#C2C2C2) = 0.53947, L(#F7F7F7) = 0.93011: 0.98011 / 0.58947
        QVERIFY(std::abs(ColorContrast::ratio(QColor("#C2C2C2"), QColor("#F7F7F7")) - 1.663) <
                0.002);
        // Pure red: L = 0.2126; 1.05 / 0.2626
        QVERIFY(std::abs(ColorContrast::ratio(Qt::red, Qt::white) - 3.998) < 0.002);
        // Half-transparent black over white is drawn as #7F7F7F: L = 0.21223.
        QVERIFY(std::abs(ColorContrast::ratio(QColor(0, 0, 0, 128), Qt::white) - 4.004) < 0.002);
    }

    void readableDarkensJustEnough() {
        // Greys at or below 113 (#717171) reach 4.5:1 on #F7F7F7: L <= 0.98011 / 4.5 - 0.05
        // = 0.16780, and 255 * (1.055 * 0.16780^(1 / 2.4) - 0.055) = 113.8.
        const QColor text = ColorContrast::readable(QColor("#C2C2C2"), QColor("#F7F7F7"));
        QCOMPARE(text, QColor("#717171"));
        QVERIFY(ColorContrast::ratio(text, QColor("#F7F7F7")) >= 4.5);
        QVERIFY(ColorContrast::ratio(QColor("#727272"), QColor("#F7F7F7")) < 4.5);
        // Readable colours stay as they are.
        QCOMPARE(ColorContrast::readable(QColor("#202020"), Qt::white), QColor("#202020"));
        // On a dark background faint text gets lighter.
        const QColor light = ColorContrast::readable(QColor("#404040"), QColor("#202020"));
        QVERIFY(light.lightness() > 0x40);
        QVERIFY(ColorContrast::ratio(light, QColor("#202020")) >= 4.5);
    }

    void textOnRegionColours() {
        // Orange #FF7F0E: L = 0.3647, black 8.29:1 against white's 2.53:1.
        QCOMPARE(ColorContrast::textOn(QColor("#ff7f0e")), QColor(Qt::black));
        // Blue #1F77B4: L = 0.1678, white 4.82:1 against black's 4.36:1.
        QCOMPARE(ColorContrast::textOn(QColor("#1f77b4")), QColor(Qt::white));
        // Every colour of the palette gets readable call labels in the timeline.
        for (int i = 0; i < 20; ++i) {
            const QColor fill = RegionPalette::color(QStringLiteral("contrast region %1").arg(i));
            QVERIFY2(ColorContrast::ratio(ColorContrast::textOn(fill), fill) >= 4.5,
                     qPrintable(fill.name()));
        }
    }

    void eventsPanelTextIsReadable() {
        EventsUnavailablePanel panel;
        panel.setReason(true);
        panel.resize(600, 300);
        QVERIFY(panel.reasonLabel()->isEnabled());
        QVERIFY2(labelRatio(panel.reasonLabel(), &panel) >= 4.5,
                 qPrintable(QString::number(labelRatio(panel.reasonLabel(), &panel))));
        // Still quieter than normal text.
        QVERIFY(panel.reasonLabel()->palette().color(QPalette::WindowText) !=
                panel.palette().color(QPalette::WindowText));
        // As drawn: the darkest pixel of the text is no fainter than that.
        panel.show();
        QVERIFY(QTest::qWaitForWindowExposed(&panel));
        const QColor drawn = darkestPixel(panel.reasonLabel());
        QVERIFY2(ColorContrast::ratio(drawn, panel.palette().color(QPalette::Window)) >= 4.5,
                 qPrintable(drawn.name()));
    }

    void chartHintsAreReadable() {
        RankBarChart chart;
        QVERIFY(!chart.message().isEmpty()); // "Open a profiling file…"
        const auto* message = chart.findChild<QLabel*>();
        QVERIFY(message != nullptr);
        QVERIFY(labelRatio(message, &chart) >= 4.5);

        TimelineView timeline;
        const auto* hint = timeline.findChild<QLabel*>();
        QVERIFY(hint != nullptr);
        QVERIFY(labelRatio(hint, &timeline) >= 4.5);
    }
};

QTEST_MAIN(TestColorContrast)
#include "tst_ColorContrast.moc"
