// SPDX-License-Identifier: GPL-3.0-or-later
// scope-report --check as a CI gate on files with known effects
// (KnownEffectRuns.h): status 5 on a real regression, 0 on noise and on
// unchanged runs, --fail-on-new.
#include "KnownEffectFiles.h"
#include "ScopeReportRunner.h"

#include <QTemporaryDir>
#include <QtTest>

using namespace scope::testing;

class TestScopeReportCheck : public QObject {
    Q_OBJECT

private slots:
    void initTestCase() {
        QVERIFY(dir_.isValid());
        base_ = known::write(dir_.path(), "base.h5", known::baselineRegions(1));
        other_ = known::write(dir_.path(), "other.h5", known::otherRegions(2));
    }

    void realRegressionFails() {
        // solve +5 %, assemble +20 %: both beyond 3 %.
        const Run run = runReport({"--check", base_, other_, "--max-regression", "3"});
        QCOMPARE(run.exitCode, 5);
        const QString out = QString::fromUtf8(run.out);
        QVERIFY(out.startsWith(QStringLiteral("check failed: 2 regions are")));
        QVERIFY(out.contains(QStringLiteral("`solve` is 5.")));
        QVERIFY(out.contains(QStringLiteral("`assemble` is")));
        QVERIFY(!out.contains(QStringLiteral("`noisy`")));
        QVERIFY(!out.contains(QStringLiteral("`fresh`"))); // new fails only with --fail-on-new
    }

    void onlyRegressionsBeyondTheLimitFail() {
        const Run ten = runReport({"--check", base_, other_, "--max-regression", "10"});
        QCOMPARE(ten.exitCode, 5);
        QVERIFY(ten.out.contains("check failed: 1 region is"));
        QVERIFY(!ten.out.contains("`solve`"));
        QVERIFY(ten.out.contains("`assemble`"));
        const Run many = runReport({"--check", base_, other_, "--max-regression", "25"});
        QCOMPARE(many.exitCode, 0);
        QVERIFY(many.out.startsWith("check passed"));
    }

    void fasterIsNoRegression() {
        // The other way round every change is faster, and gone is new.
        const Run run = runReport({"--check", other_, base_, "--max-regression", "0"});
        QCOMPARE(run.exitCode, 0);
    }

    void noiseAloneNeverFails() {
        for (const std::uint64_t seed : {3, 4, 5, 6}) {
            const QString noise = known::write(dir_.path(), QStringLiteral("noise%1.h5").arg(seed),
                                               known::baselineRegions(seed));
            const Run run = runReport({"--check", base_, noise, "--max-regression", "0"});
            QVERIFY2(run.exitCode == 0, run.out.constData());
        }
    }

    void oneCallEachIsNotTested() {
        // setup: one call of 1000 ns, then one of 1500 ns (+50 %). One call
        // against one can never be significant, so the gate must not fail on
        // it, but says it could not test it.
        const QString before = known::write(
            dir_.path(), "one-before.h5", {{"setup", {1000}, "", -1}, {"solve", {10, 20}, "", -1}});
        const QString after = known::write(
            dir_.path(), "one-after.h5", {{"setup", {1500}, "", -1}, {"solve", {10, 20}, "", -1}});
        const Run run = runReport({"--check", before, after, "--max-regression", "3"});
        QCOMPARE(run.exitCode, 0);
        const QString out = QString::fromUtf8(run.out);
        QVERIFY(out.startsWith(QStringLiteral("check passed")));
        QVERIFY(out.contains(QStringLiteral("not tested, slower by more than 3 %")));
        QVERIFY(out.contains(QStringLiteral("`setup` is 50.0 % slower (too few calls to test)")));
    }

    void unchangedRunPasses() {
        const Run run = runReport({"--check", base_, base_, "--max-regression", "0"});
        QCOMPARE(run.exitCode, 0);
        QVERIFY(run.out.startsWith("check passed"));
    }

    void failOnNew() {
        const Run without = runReport({"--check", base_, other_, "--max-regression", "50"});
        QCOMPARE(without.exitCode, 0);
        const Run with =
            runReport({"--check", base_, other_, "--max-regression", "50", "--fail-on-new"});
        QCOMPARE(with.exitCode, 5);
        QVERIFY(with.out.contains("`fresh` is new"));
    }

    void checkWritesTheJsonToo() {
        const QString json = dir_.filePath("check.json");
        const Run run =
            runReport({"--check", base_, other_, "--max-regression", "3", "--json", json});
        QCOMPARE(run.exitCode, 5);
        QCOMPARE(parseJson(readFile(json))["diff"]["regions"].toArray().size(), 6);
    }

    void unreadableFileIsNoPass() {
        const Run run =
            runReport({"--check", base_, dir_.filePath("missing.h5"), "--max-regression", "3"});
        QCOMPARE(run.exitCode, 2);
    }

private:
    QTemporaryDir dir_;
    QString base_;
    QString other_;
};

QTEST_GUILESS_MAIN(TestScopeReportCheck)
#include "tst_ScopeReportCheck.moc"
