// SPDX-License-Identifier: GPL-3.0-or-later
// One region, one colour: the same whatever order names are seen or painted
// in, in every launch, and in the headless export as in the window.
#include "common/ColorContrast.h"
#include "common/RegionPalette.h"

#include <QDir>
#include <QImage>
#include <QProcess>
#include <QSet>
#include <QTemporaryDir>
#include <QtTest>

#include <algorithm>
#include <string>
#include <vector>

namespace {

const QString kData = QStringLiteral(SCOPE_TEST_DATA_DIR);

// The regions of tests/data/run_serial.h5 (run_serial.region_statistics.json).
const std::vector<std::string> kSerial = {"main",         "setup",         "solve",  "rhs.eval",
                                          "linalg solve", "io_checkpoint", "Löser-ε"};

// FNV-1a (32 bit) of the UTF-8 bytes, worked out by hand, modulo 16:
//   solve         0xa2653430 -> 0   Okabe-Ito blue        #0072b2
//   Löser-ε       0xcc7579f2 -> 2   Okabe-Ito green       #009e73
//   setup         0x627c3236 -> 6   Okabe-Ito yellow      #f0e442
//   main          0xea90e208 -> 8   Tol light orange      #ee8866
//   mpi.allreduce 0xd73e50b8 -> 8
//   rhs.eval      0xe91c9bf8 -> 8
//   io_checkpoint 0x723a23cc -> 12  Tol light cyan        #99ddff
//   linalg solve  0xf983abbd -> 13  Tol muted olive       #999933
// "main" is the first of the three on entry 8 in byte order and keeps it;
// the others take the next unused entries in byte order: 9 (#117733, Tol muted
// green), then 10 (#ffaabb, Tol light pink).
const QColor kBlue(0x00, 0x72, 0xb2);
const QColor kGreen(0x00, 0x9e, 0x73);
const QColor kYellow(0xf0, 0xe4, 0x42);
const QColor kLightOrange(0xee, 0x88, 0x66);
const QColor kMutedGreen(0x11, 0x77, 0x33);
const QColor kPink(0xff, 0xaa, 0xbb);
const QColor kCyan(0x99, 0xdd, 0xff);
const QColor kOlive(0x99, 0x99, 0x33);

QColor colorOf(const std::string& name) {
    return RegionPalette::color(QString::fromStdString(name));
}

QStringList exportTo(const QString& directory, const QStringList& files) {
    QProcess process;
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    environment.remove(QStringLiteral("DISPLAY"));
    environment.remove(QStringLiteral("WAYLAND_DISPLAY"));
    process.setProcessEnvironment(environment);
    process.start(QStringLiteral(SCOPE_VIEWER_EXE),
                  QStringList{QStringLiteral("--export-dir"), directory} + files);
    if (!process.waitForFinished(120000) || process.exitStatus() != QProcess::NormalExit ||
        process.exitCode() != 0)
        return {};
    return QDir(directory).entryList({QStringLiteral("*.png")}, QDir::Files, QDir::Name);
}

int pixelsOf(const QImage& image, const QColor& colour) {
    int count = 0;
    for (int y = 0; y < image.height(); ++y)
        for (int x = 0; x < image.width(); ++x)
            count += (image.pixel(x, y) & 0xffffff) == (colour.rgb() & 0xffffff) ? 1 : 0;
    return count;
}

} // namespace

class TestRegionPalette : public QObject {
    Q_OBJECT
private slots:
    void init() { RegionPalette::forgetRegions(); }
    void cleanup() { RegionPalette::forgetRegions(); }

    void aNameAloneGetsItsHashedEntry() {
        QCOMPARE(RegionPalette::color(QStringLiteral("solve")), kBlue);
        QCOMPARE(RegionPalette::color(QStringLiteral("main")), kLightOrange);
        // Without the names of a run, colliding names share their entry.
        QCOMPARE(RegionPalette::color(QStringLiteral("mpi.allreduce")), kLightOrange);
        QCOMPARE(RegionPalette::color(QStringLiteral("io_checkpoint")), kCyan);
    }

    void theNamesOfARunSettleCollisions() {
        RegionPalette::addRegions(kSerial);
        QCOMPARE(colorOf("solve"), kBlue);
        QCOMPARE(colorOf("Löser-ε"), kGreen);
        QCOMPARE(colorOf("setup"), kYellow);
        QCOMPARE(colorOf("main"), kLightOrange);
        QCOMPARE(colorOf("rhs.eval"), kMutedGreen);
        QCOMPARE(colorOf("io_checkpoint"), kCyan);
        QCOMPARE(colorOf("linalg solve"), kOlive);
        // run_np3 adds mpi.allreduce, which sorts before rhs.eval.
        const int before = RegionPalette::revision();
        RegionPalette::addRegions({"mpi.allreduce"});
        QCOMPARE(colorOf("main"), kLightOrange);
        QCOMPARE(colorOf("mpi.allreduce"), kMutedGreen);
        QCOMPARE(colorOf("rhs.eval"), kPink);
        // rhs.eval moved: views that keep colours must take them again.
        QVERIFY(RegionPalette::revision() != before);
    }

    void namesSeenBeforeKeepTheRevision() {
        RegionPalette::addRegions(kSerial);
        const int before = RegionPalette::revision();
        RegionPalette::addRegions({"solve", "main"}); // known already
        QCOMPARE(RegionPalette::revision(), before);
    }

    void theOrderNamesArriveInDoesNotMatter() {
        std::vector<std::string> names = kSerial;
        names.push_back("mpi.allreduce");
        std::sort(names.begin(), names.end());
        std::vector<std::vector<QColor>> seen;
        // Every rotation of the sorted and of the reversed list.
        for (int reversed = 0; reversed < 2; ++reversed) {
            for (std::size_t shift = 0; shift < names.size(); ++shift) {
                // One run after another, each name painted as soon as it is known.
                RegionPalette::forgetRegions();
                for (const std::string& name : names) {
                    colorOf(name);
                    RegionPalette::addRegions({name});
                }
                std::vector<QColor> colours;
                for (const std::string& name : kSerial)
                    colours.push_back(colorOf(name));
                colours.push_back(colorOf("mpi.allreduce"));
                seen.push_back(colours);
                std::rotate(names.begin(), names.begin() + 1, names.end());
            }
            std::reverse(names.begin(), names.end());
        }
        for (const std::vector<QColor>& colours : seen)
            QCOMPARE(colours, seen.front());
        QCOMPARE(seen.front().back(), kMutedGreen);
        // Adding a run's names again changes nothing.
        RegionPalette::addRegions(kSerial);
        QCOMPARE(colorOf("rhs.eval"), kPink);
    }

    void aRunWithoutMoreNamesThanColoursHasDistinctOnes() {
        std::vector<std::string> names;
        for (int i = 0; i < 16; ++i)
            names.push_back("kernel_" + std::to_string(i));
        RegionPalette::addRegions(names);
        QSet<QRgb> colours;
        for (const std::string& name : names)
            colours.insert(colorOf(name).rgb());
        QCOMPARE(colours.size(), 16);
        // Twice as many: every colour twice, none three times.
        for (int i = 16; i < 32; ++i)
            names.push_back("kernel_" + std::to_string(i));
        RegionPalette::addRegions(names);
        QHash<QRgb, int> uses;
        for (const std::string& name : names)
            ++uses[colorOf(name).rgb()];
        QCOMPARE(uses.size(), 16);
        for (int count : uses)
            QCOMPARE(count, 2);
    }

    void paletteStaysApartFromMixedAndReadable() {
        std::vector<std::string> names;
        for (int i = 0; i < 16; ++i)
            names.push_back("kernel_" + std::to_string(i));
        RegionPalette::addRegions(names);
        for (const std::string& name : names) {
            const QColor fill = colorOf(name);
            QVERIFY(fill != RegionPalette::mixed());
            // Not a grey: those mean several regions or "other regions".
            QVERIFY2(fill.hsvSaturation() > 60, qPrintable(fill.name()));
            QVERIFY2(ColorContrast::ratio(ColorContrast::textOn(fill), fill) >= 4.5,
                     qPrintable(fill.name()));
        }
    }

    void exportIsTheSameInEveryLaunchAndUsesThePalette() {
        QTemporaryDir dir;
        const QStringList files = {kData + QStringLiteral("/run_serial.h5"),
                                   kData + QStringLiteral("/run_np3.h5")};
        const QString first = dir.filePath(QStringLiteral("first"));
        const QString second = dir.filePath(QStringLiteral("second"));
        const QStringList written = exportTo(first, files);
        QVERIFY(written.contains(QStringLiteral("speedup.png")));
        QCOMPARE(exportTo(second, files), written);
        for (const QString& name : written)
            QVERIFY2(QImage(QDir(first).filePath(name)) == QImage(QDir(second).filePath(name)),
                     qPrintable(name));

        // The window registers the same names when it opens the same files.
        RegionPalette::addRegions(kSerial);
        RegionPalette::addRegions({"mpi.allreduce"});
        const QImage regions(QDir(first).filePath(QStringLiteral("regions-run_np3.png")));
        for (const QColor& colour : {kBlue, kLightOrange, kMutedGreen, kPink})
            QVERIFY2(pixelsOf(regions, colour) > 200, qPrintable(colour.name()));
        QCOMPARE(colorOf("mpi.allreduce"), kMutedGreen);
        QCOMPARE(colorOf("rhs.eval"), kPink);
        // The speedup chart draws the regions both runs have: rhs.eval in
        // its colour, and nothing in mpi.allreduce's.
        const QImage speedup(QDir(first).filePath(QStringLiteral("speedup.png")));
        QVERIFY(pixelsOf(speedup, kPink) > 100);
        QVERIFY(pixelsOf(speedup, kBlue) > 100);
        QCOMPARE(pixelsOf(speedup, kMutedGreen), 0);
    }
};

QTEST_MAIN(TestRegionPalette)
#include "tst_RegionPalette.moc"
