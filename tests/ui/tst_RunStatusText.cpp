// SPDX-License-Identifier: GPL-3.0-or-later
// The status bar's line about a run: a kept index is named by its folder,
// home shown as "~", since the cache file's hash would push the line off a
// 1280-pixel window; other index notes stand as they are.
#include "common/RunData.h"
#include "load/RunStatusText.h"

#include <QDir>
#include <QtTest>

class TestRunStatusText : public QObject {
    Q_OBJECT
private slots:
    void aKeptIndexIsNamedByItsFolder() {
        RunData run;
        run.path = QStringLiteral("/scratch/runs/a.h5");
        run.results = std::make_shared<const scope::ProfilingResults>();
        const QString line = RunStatusText::describe(run, false);
        run.indexNote = QStringLiteral("index kept at ") + QDir::homePath() +
                        QStringLiteral("/.cache/scope-viewer/3ff5b382.scopeindex");
        QCOMPARE(RunStatusText::describe(run, false),
                 line + QStringLiteral(" · index kept in ~/.cache/scope-viewer"));
        run.indexNote = QStringLiteral("index kept at /scratch/runs/a.h5.scopeindex");
        QCOMPARE(RunStatusText::describe(run, false),
                 line + QStringLiteral(" · index kept in /scratch/runs"));
        run.indexNote = QStringLiteral("opened from its index");
        QCOMPARE(RunStatusText::describe(run, false),
                 line + QStringLiteral(" · opened from its index"));
    }

    // While the rest of the run is read after its table, the progress beside
    // the line names the step: the line says when the table came, and fits
    // beside it at 1280 pixels.
    void aTableFirstSaysWhenTheTableCame() {
        RunData run;
        run.path = QStringLiteral("/scratch/runs/huge.h5");
        auto results = std::make_shared<scope::ProfilingResults>();
        results->numRanks = 1024;
        results->regions.assign(100, "r");
        run.results = results;
        run.loadSeconds = 0.3;
        const QString line = RunStatusText::describe(run, true);
        QVERIFY2(line.endsWith(QStringLiteral(" · 1,024 ranks · 100 regions · 0 calls · table in "
                                              "0.30 s")),
                 qPrintable(line));
        QVERIFY(RunStatusText::describe(run, false).contains(QStringLiteral("loaded in 0.30 s")));
    }
};

QTEST_MAIN(TestRunStatusText)
#include "tst_RunStatusText.moc"
