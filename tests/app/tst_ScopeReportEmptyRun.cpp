// SPDX-License-Identifier: GPL-3.0-or-later
// scope-report on a run that recorded no regions says so, rather than that
// no region matches a filter nobody gave.
#include "FixtureWriter.h"
#include "SampleSpecs.h"
#include "ScopeReportRunner.h"

#include <QTemporaryDir>
#include <QtTest>

using namespace scope::fixtures;
using namespace scope::testing;

class TestScopeReportEmptyRun : public QObject {
    Q_OBJECT
private slots:
    void emptyRunSaysItHasNoRegions() {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        FixtureSpec spec = SampleSpecs::standard(3);
        spec.rows.clear();
        spec.regionTable.clear();
        const QString file = dir.filePath(QStringLiteral("empty.h5"));
        FixtureWriter::write(spec, file.toStdString());
        const Run run = runReport({file});
        QVERIFY2(run.exitCode == 0, run.err.constData());
        QVERIFY2(run.out.contains("this run recorded no regions"), run.out.constData());
        QVERIFY2(!run.out.contains("no regions match"), run.out.constData());
    }

    // A filter that leaves nothing of a run with regions still says so.
    void filterWithoutMatchSaysNoMatch() {
        const Run run = runReport({QStringLiteral("run_np3.h5"), QStringLiteral("--include"),
                                   QStringLiteral("nothing_like_it")});
        QVERIFY2(run.exitCode == 0, run.err.constData());
        QVERIFY2(run.out.contains("no regions match"), run.out.constData());
        QVERIFY(!run.out.contains("recorded no regions"));
    }
};

QTEST_MAIN(TestScopeReportEmptyRun)
#include "tst_ScopeReportEmptyRun.moc"
