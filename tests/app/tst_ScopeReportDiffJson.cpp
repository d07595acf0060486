// SPDX-License-Identifier: GPL-3.0-or-later
// scope-report --diff --json on files with known effects between them
// (KnownEffectRuns.h): the "diff" object's layout, verdicts and explanation,
// several runs per side, and summary-only reads.
#include "KnownEffectFiles.h"
#include "ScopeReportRunner.h"

#include <QTemporaryDir>
#include <QtTest>

#include <cmath>

using namespace scope::testing;

namespace {

QJsonObject regionNamed(const QJsonObject& diff, const QString& name) {
    for (const QJsonValue& region : diff["regions"].toArray())
        if (region["name"].toString() == name)
            return region.toObject();
    return {};
}

} // namespace

class TestScopeReportDiffJson : public QObject {
    Q_OBJECT

private slots:
    void initTestCase() {
        QVERIFY(dir_.isValid());
        base_ = known::write(dir_.path(), "base.h5", known::baselineRegions(1));
        other_ = known::write(dir_.path(), "other.h5", known::otherRegions(2));
    }

    void diffObjectHoldsVerdictsAndWhy() {
        const QString json = dir_.filePath("diff.json");
        const Run run = runReport({"--diff", base_, other_, "--json", json});
        QCOMPARE(run.exitCode, 0);
        QVERIFY2(run.err.isEmpty(), run.err.constData());
        const QJsonObject diff = parseJson(readFile(json))["diff"].toObject();
        QCOMPARE(diff["baseline"].toString(), base_);
        QCOMPARE(diff["other"].toString(), other_);
        QCOMPARE(diff["statistic"].toString(), QStringLiteral("total"));
        QCOMPARE(diff["alpha"].toDouble(), 0.01);
        QCOMPARE(diff["correction"].toString(), QStringLiteral("holm"));
        QCOMPARE(diff["regions"].toArray().size(), 6); // old_name is new_name

        const QJsonObject solve = regionNamed(diff, "solve");
        QCOMPARE(solve["verdict"].toString(), QStringLiteral("slower"));
        // 2,000 calls of 10 µs ± 5 % against 10.5 µs ± 5 %: about 20 ms -> 21 ms.
        QVERIFY(std::abs(solve["baseline"].toDouble() - 0.020) < 0.0002);
        QVERIFY(std::abs(solve["other"].toDouble() - 0.021) < 0.0002);
        const double change = solve["change_percent"].toDouble();
        QVERIFY(change > 4.5 && change < 5.5);
        QVERIFY(solve["ci_low_percent"].toDouble() < change);
        QVERIFY(solve["ci_high_percent"].toDouble() > change);
        QVERIFY(solve["p_value"].toDouble() < 0.001);
        QCOMPARE(solve["per_call_data"].toBool(), true);
        QVERIFY(solve["renamed_from"].isNull());
        const QJsonObject explained = solve["explained"].toObject();
        QCOMPARE(explained["calls"].toDouble(), 0.0); // 2,000 calls on both sides
        QCOMPARE(explained["imbalance"].toDouble(), 0.0);
        QVERIFY(std::abs(explained["per_call"].toDouble() -
                         (solve["other"].toDouble() - solve["baseline"].toDouble())) < 1e-12);
        const QJsonArray paths = solve["paths"].toArray();
        QCOMPARE(paths.size(), 1);
        QCOMPARE(paths[0]["path"].toString(), QStringLiteral("solve"));
        QCOMPARE(paths[0]["share"].toDouble(), 1.0);
        QVERIFY(solve.contains("imbalance_pattern"));

        const QJsonObject assemble = regionNamed(diff, "assemble");
        QCOMPARE(assemble["verdict"].toString(), QStringLiteral("slower"));
        // 20 % more calls at the same time per call: nearly all of it calls.
        const double delta = assemble["other"].toDouble() - assemble["baseline"].toDouble();
        QVERIFY(std::abs(assemble["explained"]["calls"].toDouble() - delta) < 0.05 * delta);

        QCOMPARE(regionNamed(diff, "noisy")["verdict"].toString(), QStringLiteral("unchanged"));
        const QJsonObject fresh = regionNamed(diff, "fresh");
        QCOMPARE(fresh["verdict"].toString(), QStringLiteral("new"));
        QVERIFY(fresh["baseline"].isNull() && fresh["change_percent"].isNull() &&
                fresh["p_value"].isNull() && fresh["ci_low_percent"].isNull());
        QCOMPARE(regionNamed(diff, "gone")["verdict"].toString(), QStringLiteral("removed"));
        QVERIFY(regionNamed(diff, "gone")["other"].isNull());
        const QJsonObject renamed = regionNamed(diff, "new_name");
        QCOMPARE(renamed["renamed_from"].toString(), QStringLiteral("old_name"));
        QCOMPARE(renamed["verdict"].toString(), QStringLiteral("unchanged"));
        QVERIFY(regionNamed(diff, "old_name").isEmpty());
    }

    void tableShowsVerdictIntervalAndP() {
        const Run run = runReport({"--diff", base_, other_});
        QCOMPARE(run.exitCode, 0);
        const QString out = QString::fromUtf8(run.out);
        QVERIFY(out.contains(QStringLiteral("verdict")));
        QVERIFY(out.contains(QStringLiteral("95% interval")));
        QRegularExpression solveLine(QStringLiteral("\\n  solve .* slower +\\[\\+[45]\\.\\d, "
                                                    "\\+[56]\\.\\d\\]% +<0\\.001\\n"));
        QVERIFY2(solveLine.match(out).hasMatch(), qPrintable(out));
        QVERIFY(out.contains(QStringLiteral("new_name (was old_name)")));
        QVERIFY(out.contains(QStringLiteral("Only in b: fresh")));
        QVERIFY(out.contains(QStringLiteral("- `solve` is 5.")));
    }

    void severalRunsPerSide() {
        const QString a2 = known::write(dir_.path(), "base2.h5", known::baselineRegions(3));
        const QString a3 = known::write(dir_.path(), "base3.h5", known::baselineRegions(5));
        const QString b2 = known::write(dir_.path(), "other2.h5", known::otherRegions(4));
        const QString b3 = known::write(dir_.path(), "other3.h5", known::otherRegions(6));
        const QString json = dir_.filePath("several.json");
        const Run run =
            runReport({"--diff", base_, a2, a3, "--against", other_, b2, b3, "--json", json});
        QCOMPARE(run.exitCode, 0);
        const QJsonObject diff = parseJson(readFile(json))["diff"].toObject();
        QCOMPARE(diff["baseline"].toArray(), (QJsonArray{base_, a2, a3}));
        QCOMPARE(diff["other"].toArray(), (QJsonArray{other_, b2, b3}));
        const QJsonObject solve = regionNamed(diff, "solve");
        QCOMPARE(solve["verdict"].toString(), QStringLiteral("slower"));
        QVERIFY(solve["repeats_for_1_percent"].toInt() >= 2);
        QCOMPARE(regionNamed(diff, "noisy")["verdict"].toString(), QStringLiteral("unchanged"));
        QVERIFY(QString::fromUtf8(run.out).contains(QStringLiteral("(3 runs, their mean)")));
    }

    void summaryOnlyHasNoPerCallData() {
        const QString json = dir_.filePath("summary.json");
        const Run run = runReport({"--diff", base_, other_, "--summary-only", "--json", json});
        QCOMPARE(run.exitCode, 0);
        const QJsonObject solve =
            regionNamed(parseJson(readFile(json))["diff"].toObject(), "solve");
        QCOMPARE(solve["per_call_data"].toBool(), false);
        QVERIFY(solve["p_value"].isNull() && solve["ci_low_percent"].isNull());
        QCOMPARE(solve["verdict"].toString(), QStringLiteral("slower")); // 5 % > 1 %
        QVERIFY(solve["paths"].toArray().isEmpty());
    }

private:
    QTemporaryDir dir_;
    QString base_;
    QString other_;
};

QTEST_GUILESS_MAIN(TestScopeReportDiffJson)
#include "tst_ScopeReportDiffJson.moc"
