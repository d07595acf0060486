// SPDX-License-Identifier: GPL-3.0-or-later
// scope-report --scaling on a strong-scaling study written with known laws
// (ScalingSpecs): the table, the JSON fields and the usage errors.
#include "FixtureWriter.h"
#include "ScalingSpecs.h"
#include "ScopeReportRunner.h"

#include <QtTest>

#include <cmath>

using namespace scope::fixtures;
using namespace scope::testing;

namespace {

QJsonObject regionNamed(const QJsonArray& regions, const QString& name) {
    for (const QJsonValue& region : regions)
        if (region["name"].toString() == name)
            return region.toObject();
    return {};
}

bool near(const QJsonValue& value, double expected, double tolerance = 1e-9) {
    return value.isDouble() && std::abs(value.toDouble() - expected) <= tolerance;
}

} // namespace

class TestScopeReportScaling : public QObject {
    Q_OBJECT

private slots:
    void initTestCase() {
        QVERIFY(dir_.isValid());
        for (const std::uint32_t p : {1u, 2u, 4u})
            FixtureWriter::write(ScalingSpecs::strongRun(p), path(p).toStdString());
        // Two more runs on 2 ranks: a study that does not differ along the axis.
        FixtureWriter::write(ScalingSpecs::strongRun(2), dir_.filePath("np2b.h5").toStdString());
        FixtureWriter::write(ScalingSpecs::strongRun(2), dir_.filePath("np2c.h5").toStdString());
    }

    void jsonFields() {
        // Given out of order: the runs come back along the axis.
        const QString json = dir_.filePath("scaling.json");
        const Run run =
            runReport({"--scaling", path(4), path(1), path(2), "--json", json}, dir_.path());
        QVERIFY2(run.exitCode == 0, run.err.constData());
        const QJsonObject scaling = parseJson(readFile(json))["scaling"].toObject();
        QCOMPARE(scaling["axis"].toString(), QStringLiteral("ranks"));
        QCOMPARE(scaling["mode"].toString(), QStringLiteral("strong"));
        QCOMPARE(scaling["metric"].toString(), QStringLiteral("slowest_rank"));
        const QJsonArray runs = scaling["runs"].toArray();
        QCOMPARE(runs.size(), 3);
        const double values[] = {1, 2, 4};
        for (int i = 0; i < 3; ++i) {
            QCOMPARE(runs[i]["value"].toDouble(), values[i]);
            QCOMPARE(runs[i]["path"].toString(), path(static_cast<std::uint32_t>(values[i])));
        }

        const QJsonArray regions = scaling["regions"].toArray();
        QCOMPARE(regions.size(), 2);
        // solve: 10 ms (0.1 + 0.9/p) exactly, so s = 0.1 and t1 = 10 ms;
        // efficiency 10/(1*10), 10/(2*5.5), 10/(4*3.25).
        const QJsonObject solve = regionNamed(regions, "solve");
        QVERIFY(near(solve["serial_fraction"], 0.1));
        QVERIFY(near(solve["t1"], 0.01));
        QVERIFY(near(solve["r2"]["amdahl"], 1.0));
        QVERIFY(solve["r2"]["power_law"].isDouble());
        QVERIFY(solve["exponent"].toDouble() < -0.5 && solve["exponent"].toDouble() > -1.0);
        const QJsonArray efficiency = solve["efficiency"].toArray();
        QCOMPARE(efficiency.size(), 3);
        QVERIFY(near(efficiency[0], 1.0));
        QVERIFY(near(efficiency[1], 10.0 / 11.0));
        QVERIFY(near(efficiency[2], 10.0 / 13.0));
        // solve is 10 of 12 ms at p = 1; io (2 ms) passes half of
        // 2 + 1 + 9/p once p > 9: at 16.
        QVERIFY(near(solve["dominates_at"], 1.0));
        const QJsonObject io = regionNamed(regions, "io");
        QVERIFY(near(io["dominates_at"], 16.0));
        QVERIFY(near(io["serial_fraction"], 1.0));
        QVERIFY(near(io["exponent"], 0.0));
        QVERIFY(near(io["growth_per_doubling"], 0.0));
        // The same time on every run: nothing for a fit to explain.
        QVERIFY(io["r2"]["amdahl"].isNull());
        QVERIFY(near(io["efficiency"][2], 0.25));
    }

    void tableOnStdout() {
        const Run run = runReport({"--scaling", path(1), path(2), path(4)}, dir_.path());
        QCOMPARE(run.exitCode, 0);
        const QString out = QString::fromUtf8(run.out);
        QVERIFY2(out.contains("Scaling along ranks (strong scaling, slowest_rank)"),
                 qPrintable(out));
        QVERIFY(out.contains("E(4)"));
        bool found = false;
        for (const QString& line : out.split('\n')) {
            const QStringList cells = line.trimmed().split(QRegularExpression("\\s{2,}"));
            if (cells.value(0) != "solve")
                continue;
            found = true;
            // region, serial, exponent, growth, R2 amdahl, R2 power, E(1), E(2), E(4), dominates
            QCOMPARE(cells.size(), 10);
            QCOMPARE(cells[1], QStringLiteral("0.100"));
            QCOMPARE(cells[4], QStringLiteral("1.000"));
            QCOMPARE(cells[6], QStringLiteral("100.0%"));
            QCOMPARE(cells[7], QStringLiteral("90.9%"));
            QCOMPARE(cells[8], QStringLiteral("76.9%"));
            QCOMPARE(cells[9], QStringLiteral("1"));
        }
        QVERIFY(found);
    }

    void weakMode() {
        const QString json = dir_.filePath("weak.json");
        const Run run =
            runReport({"--scaling", path(1), path(2), path(4), "--mode", "weak", "--json", json},
                      dir_.path());
        QCOMPARE(run.exitCode, 0);
        const QJsonObject scaling = parseJson(readFile(json))["scaling"].toObject();
        QCOMPARE(scaling["mode"].toString(), QStringLiteral("weak"));
        const QJsonObject solve = regionNamed(scaling["regions"].toArray(), "solve");
        QVERIFY(solve["serial_fraction"].isNull());
        // Weak efficiency t(1) / t(p): 10 / 3.25 at p = 4.
        QVERIFY(near(solve["efficiency"][2], 10.0 / 3.25));
    }

    void errors_data() {
        QTest::addColumn<QStringList>("arguments");
        QTest::addColumn<QString>("message");
        const QString a = path(1), b = path(2), c = path(4);
        const QString b2 = dir_.filePath("np2b.h5"), b3 = dir_.filePath("np2c.h5");
        QTest::newRow("two files") << QStringList{"--scaling", a, b} << "three or more files";
        QTest::newRow("same ranks") << QStringList{"--scaling", b, b2, b3} << "must differ";
        QTest::newRow("same threads")
            << QStringList{"--scaling", a, b, c, "--axis", "threads"} << "must differ";
        QTest::newRow("no such field")
            << QStringList{"--scaling", a, b, c, "--axis", "nodes"} << "no positive number";
        QTest::newRow("with diff")
            << QStringList{"--scaling", a, b, c, "--diff", a, b} << "cannot be combined";
        QTest::newRow("axis alone") << QStringList{a, "--axis", "ranks"} << "only apply";
        QTest::newRow("bad mode") << QStringList{"--scaling", a, b, c, "--mode", "odd"}
                                  << "invalid --mode";
    }

    void errors() {
        QFETCH(QStringList, arguments);
        QFETCH(QString, message);
        const Run run = runReport(arguments, dir_.path());
        QCOMPARE(run.exitCode, 1);
        QVERIFY2(QString::fromUtf8(run.err).contains(message), run.err.constData());
    }

private:
    QString path(std::uint32_t ranks) const {
        return dir_.filePath(QStringLiteral("np%1.h5").arg(ranks));
    }

    QTemporaryDir dir_;
};

QTEST_GUILESS_MAIN(TestScopeReportScaling)
#include "tst_ScopeReportScaling.moc"
