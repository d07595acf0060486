// SPDX-License-Identifier: GPL-3.0-or-later
// The comparison tab's What changed panel on runs of known effects: `solve`
// 20 % slower per call, `io` the same call for call, `old` only before and
// `setup` only after. Worked out by hand: solve's 200 calls of 1000 + 10·(i
// mod 50) ns total 200·1000 + 4·10·1225 = 249,000 ns, after 1.2 times that,
// 298,800 ns (+20.0 %); io's 100 calls of 500 + 4·(i mod 20) ns total 53,800
// ns on both sides; old 10 × 300 ns = 3.00 µs; setup 10 × 400 ns = 4.00 µs.
#include "../core/HandMadeRun.h"
#include "FixtureWriter.h"
#include "RunWaiter.h"
#include "common/ColorContrast.h"
#include "common/MessageBanner.h"
#include "common/RunData.h"
#include "compare/WhatChanged.h"
#include "comparison/ComparisonSet.h"
#include "comparison/ComparisonView.h"
#include "comparison/WhatChangedModel.h"
#include "comparison/WhatChangedPanel.h"
#include "comparison/WhatChangedText.h"
#include "export/ExportController.h"
#include "shell/MainWindow.h"

#include <QAbstractItemModelTester>
#include <QDir>
#include <QFile>
#include <QImage>
#include <QListView>
#include <QProcess>
#include <QPushButton>
#include <QSignalSpy>
#include <QTableView>
#include <QTemporaryDir>
#include <QtTest>

#include <memory>

using scope::Verdict;

namespace {

struct RegionCalls {
    std::string name;
    std::vector<std::int64_t> durations; // ns
};

std::vector<std::int64_t> solveCalls(double factor) {
    std::vector<std::int64_t> calls;
    for (int i = 0; i < 200; ++i)
        calls.push_back(static_cast<std::int64_t>((1000 + 10 * (i % 50)) * factor));
    return calls;
}

std::vector<std::int64_t> ioCalls() {
    std::vector<std::int64_t> calls;
    for (int i = 0; i < 100; ++i)
        calls.push_back(500 + 4 * (i % 20));
    return calls;
}

// `noise` scales solve's calls: repeats of a run are never identical.
std::vector<RegionCalls> beforeRegions(double noise = 1.0) {
    return {{"solve", solveCalls(noise)},
            {"io", ioCalls()},
            {"old", std::vector<std::int64_t>(10, 300)}};
}

std::vector<RegionCalls> afterRegions(double noise = 1.0) {
    return {{"solve", solveCalls(1.2 * noise)},
            {"io", ioCalls()},
            {"setup", std::vector<std::int64_t>(10, 400)}};
}

// One rank, the calls one after the other.
std::shared_ptr<const RunData> makeRun(const QString& name,
                                       const std::vector<RegionCalls>& regions) {
    std::vector<Row> rows;
    std::int64_t cursor = 0;
    for (const RegionCalls& region : regions) {
        Calls calls;
        for (std::int64_t duration : region.durations) {
            calls.emplace_back(cursor, cursor + duration);
            cursor += duration + 100;
        }
        rows.push_back({0, region.name, calls});
    }
    auto results = std::make_shared<scope::ProfilingResults>(makeResults(rows));
    results->path = (QStringLiteral("/hand-made/") + name + QStringLiteral(".h5")).toStdString();
    auto data = std::make_shared<RunData>();
    data->results = results;
    data->path = QString::fromStdString(results->path);
    return data;
}

void writeFixture(const QString& path, const std::vector<RegionCalls>& regions) {
    scope::fixtures::FixtureSpec spec;
    std::int64_t cursor = 0;
    for (const RegionCalls& region : regions) {
        std::vector<std::int64_t> starts;
        std::vector<std::int64_t> ends;
        for (std::int64_t duration : region.durations) {
            starts.push_back(cursor);
            ends.push_back(cursor + duration);
            cursor += duration + 100;
        }
        spec.rows.push_back(scope::fixtures::FixtureRow::make(0, region.name, starts, ends));
    }
    scope::fixtures::FixtureWriter::write(spec, path.toStdString());
}

QString regionOfCurrentRow(QTableView* table) {
    const QModelIndex current = table->currentIndex();
    return current.isValid() ? current.sibling(current.row(), 0).data().toString() : QString();
}

void click(QListView* list, int row) {
    const QRect rect = list->visualRect(list->model()->index(row, 0));
    QTest::mouseClick(list->viewport(), Qt::LeftButton, {}, rect.center());
}

} // namespace

class TestWhatChangedPanel : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { prepareWindowTests(); }
    void emptyWithOneRun();
    void slowerRegionFirstAndClickSelectsIt();
    void unchangedRegionsFoldIntoOneGreyLine();
    void perRunReportsForTheTable();
    void severalRunsPerSide();
    void headlessExportWritesPanelAndMarkdown();
    void fileExportWritesPanelAndMarkdown();

private:
    QTemporaryDir dir_;
};

void TestWhatChangedPanel::emptyWithOneRun() {
    ComparisonSet set;
    set.add(makeRun("before", beforeRegions()));
    WhatChangedPanel panel(&set);
    QCOMPARE(panel.state(), WhatChangedPanel::State::Empty);
    QCOMPARE(panel.message(), QStringLiteral("Open a second run to see what changed."));
    QCOMPARE(panel.model()->rowCount(), 0);
    QVERIFY(!panel.report());
    // A second run starts the computation, and the findings replace the message.
    QStringList messages;
    connect(&panel, &WhatChangedPanel::stateChanged, this, [&](WhatChangedPanel::State state) {
        messages << QStringLiteral("%1: %2").arg(static_cast<int>(state)).arg(panel.message());
    });
    set.add(makeRun("after", afterRegions()));
    QTRY_COMPARE_WITH_TIMEOUT(panel.state(), WhatChangedPanel::State::Ready, 30000);
    QCOMPARE(panel.message(), QString());
    QCOMPARE(messages, (QStringList{QStringLiteral("%1: Computing what changed…")
                                        .arg(static_cast<int>(WhatChangedPanel::State::Computing)),
                                    QStringLiteral("%1: ").arg(
                                        static_cast<int>(WhatChangedPanel::State::Ready))}));
    // Removing it again brings the empty state back.
    set.remove(1);
    QTRY_COMPARE(panel.state(), WhatChangedPanel::State::Empty);
    QCOMPARE(panel.model()->rowCount(), 0);
}

void TestWhatChangedPanel::slowerRegionFirstAndClickSelectsIt() {
    ComparisonSet set;
    set.add(makeRun("before", beforeRegions()));
    set.add(makeRun("after", afterRegions()));
    ComparisonView view(&set);
    view.resize(1280, 800);
    view.show();
    WhatChangedPanel* panel = view.whatChangedPanel();
    QVERIFY(panel != nullptr);
    auto tester = std::make_unique<QAbstractItemModelTester>(
        panel->model(), QAbstractItemModelTester::FailureReportingMode::QtTest);
    QTRY_COMPARE_WITH_TIMEOUT(panel->state(), WhatChangedPanel::State::Ready, 30000);
    // By default the baseline against the last run, on the table's statistic.
    QCOMPARE(panel->beforeLabels(), QStringList{set.run(0).label});
    QCOMPARE(panel->afterLabels(), QStringList{set.run(1).label});
    QCOMPARE(panel->report()->statistic, scope::ComparisonMetric::Total);

    const WhatChangedModel* model = panel->model();
    // solve, then new setup and removed old (in either order), then the fold.
    QCOMPARE(model->rowCount(), 4);
    const QModelIndex first = model->index(0, 0);
    QCOMPARE(first.data(WhatChangedModel::RegionRole).toString(), QStringLiteral("solve"));
    QCOMPARE(first.data(WhatChangedModel::VerdictRole).toInt(), static_cast<int>(Verdict::Slower));
    QVERIFY2(
        first.data().toString().startsWith(QStringLiteral("\u201csolve\u201d is 20.0 % slower")),
        qPrintable(first.data().toString()));
    QSet<QString> others;
    for (int row : {1, 2})
        others << model->index(row, 0).data(WhatChangedModel::RegionRole).toString() +
                      QLatin1Char(':') +
                      QString::number(
                          model->index(row, 0).data(WhatChangedModel::VerdictRole).toInt());
    QCOMPARE(others,
             (QSet<QString>{QStringLiteral("setup:%1").arg(static_cast<int>(Verdict::New)),
                            QStringLiteral("old:%1").arg(static_cast<int>(Verdict::Removed))}));
    QVERIFY(model->index(3, 0).data(WhatChangedModel::UnchangedSummaryRole).toBool());

    // Every line is readable on the list's background.
    const QColor base = panel->list()->palette().color(QPalette::Base);
    for (int row = 0; row < model->rowCount(); ++row) {
        const auto color = model->index(row, 0).data(Qt::ForegroundRole).value<QColor>();
        QVERIFY2(ColorContrast::ratio(color, base) >= 4.5, qPrintable(QString::number(row)));
    }

    // A click on a finding selects its region in the table that shows it.
    click(panel->list(), 0);
    QCOMPARE(regionOfCurrentRow(view.commonTable()), QStringLiteral("solve"));
    const int setup = model->rowOf(QStringLiteral("setup"));
    QVERIFY(setup > 0);
    click(panel->list(), setup);
    QCOMPARE(regionOfCurrentRow(view.partialTable()), QStringLiteral("setup"));

    // Another statistic recomputes with it.
    view.setMetric(static_cast<int>(scope::ComparisonMetric::Calls));
    QTRY_VERIFY_WITH_TIMEOUT(panel->state() == WhatChangedPanel::State::Ready &&
                                 panel->report()->statistic == scope::ComparisonMetric::Calls,
                             30000);
    // Same calls in solve: it did not change on this statistic.
    QVERIFY(model->rowOf(QStringLiteral("solve")) < 0);
}

void TestWhatChangedPanel::unchangedRegionsFoldIntoOneGreyLine() {
    ComparisonSet set;
    set.add(makeRun("before", beforeRegions()));
    set.add(makeRun("after", afterRegions()));
    WhatChangedPanel panel(&set);
    panel.resize(900, 300);
    panel.show();
    QAbstractItemModelTester tester(panel.model(),
                                    QAbstractItemModelTester::FailureReportingMode::QtTest);
    QTRY_COMPARE_WITH_TIMEOUT(panel.state(), WhatChangedPanel::State::Ready, 30000);
    WhatChangedModel* model = panel.model();
    QCOMPARE(model->rowOf(QStringLiteral("io")), -1);
    const int fold = model->rowCount() - 1;
    QCOMPARE(model->index(fold, 0).data().toString(),
             QStringLiteral("1 region unchanged (click to list)"));
    click(panel.list(), fold);
    QCOMPARE(model->rowCount(), fold + 2);
    const QModelIndex io = model->index(fold + 1, 0);
    QCOMPARE(io.data(WhatChangedModel::RegionRole).toString(), QStringLiteral("io"));
    QCOMPARE(io.data(WhatChangedModel::VerdictRole).toInt(), static_cast<int>(Verdict::Unchanged));
    // Grey, not red, and still 4.5:1.
    const QColor grey = io.data(Qt::ForegroundRole).value<QColor>();
    QVERIFY(grey.red() == grey.green() && grey.green() == grey.blue());
    QVERIFY(ColorContrast::ratio(grey, panel.list()->palette().color(QPalette::Base)) >= 4.5);
    click(panel.list(), fold);
    QCOMPARE(model->rowCount(), fold + 1);
}

void TestWhatChangedPanel::perRunReportsForTheTable() {
    ComparisonSet set;
    set.add(makeRun("before", beforeRegions()));
    set.add(makeRun("after", afterRegions()));
    set.add(makeRun("same", beforeRegions()));
    qRegisterMetaType<std::vector<std::optional<scope::DiffReport>>>();
    WhatChangedPanel panel(&set);
    QSignalSpy reports(&panel, &WhatChangedPanel::reportsChanged);
    QTRY_COMPARE_WITH_TIMEOUT(reports.size(), 1, 30000);
    const auto perRun =
        reports.front().front().value<std::vector<std::optional<scope::DiffReport>>>();
    QCOMPARE(perRun.size(), std::size_t(3));
    QVERIFY(!perRun[0]); // the baseline
    QVERIFY(perRun[1] && perRun[2]);
    const auto verdictOf = [](const scope::DiffReport& report, const std::string& region) {
        for (const auto& change : report.regions)
            if (change.name == region)
                return static_cast<int>(change.verdict);
        return -1;
    };
    QCOMPARE(verdictOf(*perRun[1], "solve"), static_cast<int>(Verdict::Slower));
    QCOMPARE(verdictOf(*perRun[2], "solve"), static_cast<int>(Verdict::Unchanged));
    // The panel's default sides are the baseline against the last run: "same".
    QCOMPARE(verdictOf(*panel.report(), "solve"), static_cast<int>(Verdict::Unchanged));
}

void TestWhatChangedPanel::severalRunsPerSide() {
    ComparisonSet set;
    set.add(makeRun("before1", beforeRegions()));
    set.add(makeRun("before2", beforeRegions(1.005)));
    set.add(makeRun("after1", afterRegions()));
    set.add(makeRun("after2", afterRegions(1.005)));
    WhatChangedPanel panel(&set);
    panel.setSides({0, 1}, {2, 3});
    QTRY_VERIFY_WITH_TIMEOUT(panel.state() == WhatChangedPanel::State::Ready &&
                                 panel.report()->baselineFiles.size() == 2,
                             30000);
    QCOMPARE(panel.report()->otherFiles.size(), std::size_t(2));
    QCOMPARE(panel.beforeRuns(), (std::vector<int>{0, 1}));
    QCOMPARE(panel.afterRuns(), (std::vector<int>{2, 3}));
    const auto buttons = panel.findChildren<QPushButton*>();
    QStringList texts;
    for (const QPushButton* button : buttons)
        texts << button->text();
    QVERIFY2(texts.contains(QStringLiteral("Before: 2 runs")), qPrintable(texts.join(" | ")));
    QVERIFY2(texts.contains(QStringLiteral("After: 2 runs")), qPrintable(texts.join(" | ")));
    // The sides follow their runs when the runs are reordered.
    set.move(0, 3);
    QCOMPARE(panel.beforeRuns(), (std::vector<int>{0, 3}));
    // No run after: the panel asks for one.
    panel.setSides({0, 1, 2, 3}, {});
    QTRY_COMPARE(panel.state(), WhatChangedPanel::State::Empty);
    QCOMPARE(panel.message(),
             QStringLiteral("Choose at least one run before and one after the change."));
}

void TestWhatChangedPanel::headlessExportWritesPanelAndMarkdown() {
    const QString before = dir_.filePath(QStringLiteral("before.h5"));
    const QString after = dir_.filePath(QStringLiteral("after.h5"));
    writeFixture(before, beforeRegions());
    writeFixture(after, afterRegions());
    const QString out = dir_.filePath(QStringLiteral("export"));
    QProcess process;
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    environment.remove(QStringLiteral("QT_QPA_PLATFORM"));
    environment.remove(QStringLiteral("DISPLAY"));
    process.setProcessEnvironment(environment);
    process.start(QStringLiteral(SCOPE_VIEWER_EXE),
                  {QStringLiteral("--export-dir"), out, before, after});
    QVERIFY(process.waitForFinished(120000));
    QVERIFY2(process.exitCode() == 0, process.readAllStandardError().constData());

    const QImage image(QDir(out).filePath(QStringLiteral("what_changed.png")));
    QVERIFY(!image.isNull());
    QCOMPARE(image.width(), 1600);
    // Title, method and four lines: taller than two lines, far from 900.
    QVERIFY2(image.height() > 100 && image.height() < 400,
             qPrintable(QString::number(image.height())));
    int inked = 0;
    for (int y = 0; y < image.height(); ++y)
        for (int x = 0; x < image.width(); x += 2)
            inked += image.pixelColor(x, y) != QColor(Qt::white) ? 1 : 0;
    QVERIFY(inked > 500);

    QFile file(QDir(out).filePath(QStringLiteral("what_changed.md")));
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QStringList lines = QString::fromUtf8(file.readAll()).split(QLatin1Char('\n'));
    const QStringList findings = lines.filter(QRegularExpression(QStringLiteral("^- ")));
    QVERIFY2(findings.size() == 4, qPrintable(findings.join('\n')));
    QVERIFY2(findings[0].startsWith(QStringLiteral("- `solve` is 20.0 % slower (95 % CI")),
             qPrintable(findings[0]));
    QCOMPARE(findings[3], QStringLiteral("- 1 region unchanged."));
    const auto row = [&](const QString& region) {
        const QStringList found =
            lines.filter(QRegularExpression(QStringLiteral("^\\| %1 \\|").arg(region)));
        return found.size() == 1 ? found.front() : QString();
    };
    QVERIFY2(row("solve").startsWith(QStringLiteral("| solve | 249 µs | 299 µs | +20.0 % | ")),
             qPrintable(row("solve")));
    QVERIFY2(row("solve").endsWith(QStringLiteral(" | < 0.001 | slower |")),
             qPrintable(row("solve")));
    QVERIFY2(row("io").startsWith(QStringLiteral("| io | 53.8 µs | 53.8 µs | 0.0 % | ")),
             qPrintable(row("io")));
    QVERIFY2(row("io").endsWith(QStringLiteral(" | unchanged |")), qPrintable(row("io")));
    QVERIFY2(row("old").startsWith(QStringLiteral("| old | 3.00 µs | — | ")),
             qPrintable(row("old")));
    QVERIFY2(row("old").endsWith(QStringLiteral(" | removed |")), qPrintable(row("old")));
    QVERIFY2(row("setup").startsWith(QStringLiteral("| setup | — | 4.00 µs | ")),
             qPrintable(row("setup")));
    QVERIFY2(row("setup").endsWith(QStringLiteral(" | new |")), qPrintable(row("setup")));
}

// File ▸ Export ▸ What Changed… and …as Markdown, without their dialogs.
void TestWhatChangedPanel::fileExportWritesPanelAndMarkdown() {
    const QString before = dir_.filePath(QStringLiteral("window-before.h5"));
    const QString after = dir_.filePath(QStringLiteral("window-after.h5"));
    writeFixture(before, beforeRegions());
    writeFixture(after, afterRegions());
    MainWindow window;
    ExportController* exporter = window.exporter();
    // Nothing to export before the runs are there: said in the banner.
    QVERIFY(!exporter->exportWhatChanged(ChartContextMenu::ExportPng, dir_.filePath("none.png")));
    QVERIFY(window.banner()->text().contains(QStringLiteral("Cannot export what changed")));
    window.openFilesToCompare({before, after});
    QTRY_VERIFY_WITH_TIMEOUT(
        window.comparisonView() != nullptr && window.comparisonSet()->count() == 2, 60000);
    WhatChangedPanel* panel = window.comparisonView()->whatChangedPanel();
    QTRY_COMPARE_WITH_TIMEOUT(panel->state(), WhatChangedPanel::State::Ready, 30000);

    const QString png = dir_.filePath(QStringLiteral("window.png"));
    QVERIFY(exporter->exportWhatChanged(ChartContextMenu::ExportPng, png, 800, 0, 2.0));
    const QImage image(png);
    QCOMPARE(image.width(), 1600);
    QCOMPARE(image.height(), 2 * panel->exportSize(800).height());
    // The slower region's marker in the findings' red.
    bool red = false;
    for (int y = 0; y < image.height() && !red; ++y)
        for (int x = 0; x < 120 && !red; ++x)
            red = image.pixelColor(x, y) == WhatChangedText::color(Verdict::Slower);
    QVERIFY(red);
    const QString svg = dir_.filePath(QStringLiteral("window.svg"));
    QVERIFY(exporter->exportWhatChanged(ChartContextMenu::ExportSvg, svg));
    QFile svgFile(svg);
    QVERIFY(svgFile.open(QIODevice::ReadOnly));
    QVERIFY(svgFile.readAll().contains("<svg"));

    const QString md = dir_.filePath(QStringLiteral("window.md"));
    QVERIFY(exporter->exportWhatChangedMarkdown(md));
    QFile mdFile(md);
    QVERIFY(mdFile.open(QIODevice::ReadOnly));
    const QString text = QString::fromUtf8(mdFile.readAll());
    QVERIFY2(text.contains(QStringLiteral("\n- `solve` is 20.0 % slower")), qPrintable(text));
    QVERIFY2(text.contains(QStringLiteral("\n| setup | — | 4.00 µs | ")), qPrintable(text));
}

QTEST_MAIN(TestWhatChangedPanel)
#include "tst_WhatChangedPanel.moc"
