// SPDX-License-Identifier: GPL-3.0-or-later
// Comparing runs as a user does: dropping two sample files on the window opens
// the Comparison tab, whose numbers are checked against the samples' reference
// JSONs (written by scope-profiler), and the charts export at the asked size.
#include "RunWaiter.h"
#include "TableRows.h"
#include "common/MessageBanner.h"
#include "common/RegionPalette.h"
#include "comparison/ComparisonBarChart.h"
#include "comparison/ComparisonFilterProxy.h"
#include "comparison/ComparisonSet.h"
#include "comparison/ComparisonTableModel.h"
#include "comparison/ComparisonView.h"
#include "comparison/SpeedupChart.h"
#include "export/ExportController.h"
#include "format/ProfileReader.h"
#include "run/RunView.h"
#include "shell/MainWindow.h"

#include <QAbstractItemModelTester>
#include <QCheckBox>
#include <QClipboard>
#include <QComboBox>
#include <QDir>
#include <QDropEvent>
#include <QFile>
#include <QGuiApplication>
#include <QHeaderView>
#include <QImage>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QListWidget>
#include <QMimeData>
#include <QScrollBar>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTableView>
#include <QTemporaryDir>
#include <QtTest>
#include <qcustomplot.h>

#include <cmath>
#include <memory>

using namespace scope;

namespace {

const QString kData = QStringLiteral(SCOPE_TEST_DATA_DIR);

// region -> statistic -> value, from a sample's reference region_statistics.json.
QJsonObject referenceRegions(const QString& sample) {
    QFile file(kData + QLatin1Char('/') + sample + QStringLiteral(".region_statistics.json"));
    if (!file.open(QIODevice::ReadOnly))
        return {};
    const QJsonObject root = QJsonDocument::fromJson(file.readAll()).object();
    return root[QStringLiteral("files")]
        .toArray()[0]
        .toObject()[QStringLiteral("region_statistics")]
        .toObject();
}

double reference(const QJsonObject& regions, const QString& region, const char* key) {
    return regions[region].toObject()[QLatin1String(key)].toDouble();
}

QStringList columnTexts(const QAbstractItemModel& model, int column) {
    QStringList texts;
    for (int row = 0; row < model.rowCount(); ++row)
        texts << model.index(row, column).data(ComparisonTableModel::SortRole).toString();
    return texts;
}

void drop(MainWindow& window, const QStringList& paths) {
    auto* mime = new QMimeData;
    QList<QUrl> urls;
    for (const QString& path : paths)
        urls << QUrl::fromLocalFile(path);
    mime->setUrls(urls);
    // As a drag does it: Qt hands the drop only to the widget that accepted the enter.
    QDragEnterEvent enter(QPoint(50, 50), Qt::CopyAction, mime, Qt::LeftButton, Qt::NoModifier);
    QCoreApplication::sendEvent(&window, &enter);
    QDropEvent event(QPointF(50, 50), Qt::CopyAction, mime, Qt::LeftButton, Qt::NoModifier);
    QCoreApplication::sendEvent(&window, &event);
    delete mime;
}

// Pixels unlike the background, and pixels close to `colour`.
std::pair<qint64, qint64> countPixels(const QImage& image, QColor colour) {
    const QColor background = image.pixelColor(0, 0);
    qint64 drawn = 0;
    qint64 coloured = 0;
    for (int y = 0; y < image.height(); ++y)
        for (int x = 0; x < image.width(); ++x) {
            const QColor pixel = image.pixelColor(x, y);
            drawn += pixel != background ? 1 : 0;
            coloured += std::abs(pixel.red() - colour.red()) +
                                    std::abs(pixel.green() - colour.green()) +
                                    std::abs(pixel.blue() - colour.blue()) <
                                24
                            ? 1
                            : 0;
        }
    return {drawn, coloured};
}

} // namespace

class TestComparison : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void dropOpensComparisonOfCommonRegions();
    void changesMatchTheReferenceStatistics();
    void thresholdHidesSmallChanges();
    void runsCanBeRenamedReorderedAndRemoved();
    void sameFileNamesGetDistinctLabels();
    void failedFileIsLeftOut();
    void closingARunLeavesTheComparison();
    void speedupEqualsRatioOfAverages();
    void chartsExportAtTheRequestedSize();

private:
    bool openSamples(MainWindow& window, const QStringList& samples);

    QTemporaryDir dir_;
    QJsonObject serial_;
    QJsonObject np3_;
    QStringList common_;
};

void TestComparison::initTestCase() {
    prepareWindowTests();
    QVERIFY(dir_.isValid());
    serial_ = referenceRegions(QStringLiteral("run_serial"));
    np3_ = referenceRegions(QStringLiteral("run_np3"));
    QVERIFY(!serial_.isEmpty() && !np3_.isEmpty());
    // scope-profiler's own list of the regions both samples have.
    QFile file(kData + QStringLiteral("/compare_serial_np3.region_statistics.json"));
    QVERIFY(file.open(QIODevice::ReadOnly));
    for (const QJsonValue& region : QJsonDocument::fromJson(file.readAll())
                                        .object()[QStringLiteral("common_regions")]
                                        .toArray())
        common_ << region.toString();
    QCOMPARE(common_.size(), 7);
}

bool TestComparison::openSamples(MainWindow& window, const QStringList& samples) {
    QSignalSpy opened(&window, &MainWindow::runOpened);
    QSignalSpy failed(&window, &MainWindow::loadFailed);
    QStringList paths;
    for (const QString& sample : samples)
        paths << kData + QLatin1Char('/') + sample;
    drop(window, paths);
    while (opened.size() < samples.size() && failed.isEmpty())
        if (!opened.wait(60000))
            break;
    if (!failed.isEmpty())
        qWarning() << "load failed:" << failed.first().at(1).toString();
    return opened.size() == samples.size();
}

void TestComparison::dropOpensComparisonOfCommonRegions() {
    MainWindow window;
    QVERIFY(!window.comparisonView());
    QVERIFY(openSamples(window, {"run_serial.h5", "run_np3.h5"}));
    QCOMPARE(window.runCount(), 2);
    ComparisonView* view = window.comparisonView();
    QVERIFY(view);
    // Dropping several files shows their comparison; each run keeps its own tab.
    QCOMPARE(window.tabs()->currentWidget(), view);
    QCOMPARE(window.tabs()->count(), 3);
    QVERIFY(window.runView(0) && window.runView(1));
    // Runs keep the order of the drop whichever file finished loading first.
    QCOMPARE(window.comparisonSet()->labels(), QStringList({"run_serial", "run_np3"}));
    QCOMPARE(view->baselineCombo()->currentText(), QStringLiteral("run_serial"));

    QStringList common = columnTexts(*view->commonProxy(), 0);
    QStringList expected = common_;
    common.sort();
    expected.sort();
    QCOMPARE(common, expected);
    QCOMPARE(columnTexts(*view->partialProxy(), 0), QStringList{"mpi.allreduce"});
    QVERIFY(view->partialTable()->isVisibleTo(view));
    // The bar chart has the common regions, a bar per run.
    QCOMPARE(view->barChart()->regions().size(), 7);
    QVERIFY(view->barChart()->bars(0) && view->barChart()->bars(1));
}

void TestComparison::changesMatchTheReferenceStatistics() {
    MainWindow window;
    QVERIFY(openSamples(window, {"run_serial.h5", "run_np3.h5"}));
    ComparisonView* view = window.comparisonView();
    QAbstractItemModelTester modelTester(view->tableModel(),
                                         QAbstractItemModelTester::FailureReportingMode::QtTest);
    QAbstractItemModelTester commonTester(view->commonProxy(),
                                          QAbstractItemModelTester::FailureReportingMode::QtTest);
    QAbstractItemModelTester partialTester(view->partialProxy(),
                                           QAbstractItemModelTester::FailureReportingMode::QtTest);
    ComparisonTableModel* model = view->tableModel();
    const QAbstractItemModel& table = *view->commonProxy();

    // One rank against three: the slowest rank's total is the default
    // statistic, as a total summed over ranks grows with the ranks.
    QCOMPARE(view->metricCombo()->currentData().toInt(),
             static_cast<int>(ComparisonMetric::SlowestRank));
    // Total: solve took 15.14 ms serial and 67.43 ms on 3 ranks.
    view->setMetric(static_cast<int>(ComparisonMetric::Total));
    const int solve = rowOf(table, QStringLiteral("solve"));
    QVERIFY(solve >= 0);
    const double serialTotal = reference(serial_, "solve", "total_duration_seconds");
    const double np3Total = reference(np3_, "solve", "total_duration_seconds");
    QCOMPARE(
        table.index(solve, model->valueColumn(0)).data(ComparisonTableModel::SortRole).toDouble(),
        serialTotal);
    const double delta =
        table.index(solve, model->deltaColumn(1)).data(ComparisonTableModel::SortRole).toDouble();
    const double percent =
        table.index(solve, model->percentColumn(1)).data(ComparisonTableModel::SortRole).toDouble();
    QVERIFY(std::abs(delta - (np3Total - serialTotal)) < 1e-12);
    QVERIFY(std::abs(percent - (np3Total / serialTotal - 1.0) * 100.0) < 1e-9);
    // More time on 3 ranks: red, and the text says so.
    QCOMPARE(table.index(solve, model->percentColumn(1))
                 .data(Qt::ForegroundRole)
                 .value<QBrush>()
                 .color(),
             QColor(0xc0, 0x1c, 0x28));
    QVERIFY(table.index(solve, model->percentColumn(1)).data().toString().startsWith('+'));

    // Average: linalg solve got faster per call (42.4 µs -> 16.1 µs): green.
    view->setMetric(static_cast<int>(ComparisonMetric::Average));
    const int linalg = rowOf(table, QStringLiteral("linalg solve"));
    const double serialAvg = reference(serial_, "linalg solve", "average_duration_seconds");
    const double np3Avg = reference(np3_, "linalg solve", "average_duration_seconds");
    const double avgPercent = table.index(linalg, model->percentColumn(1))
                                  .data(ComparisonTableModel::SortRole)
                                  .toDouble();
    QVERIFY(std::abs(avgPercent - (np3Avg / serialAvg - 1.0) * 100.0) < 1e-9);
    QCOMPARE(table.index(linalg, model->percentColumn(1))
                 .data(Qt::ForegroundRole)
                 .value<QBrush>()
                 .color(),
             QColor(0x1a, 0x7f, 0x37));

    // Calls: 20 solves serial, 75 on three ranks; counts are neither good nor bad.
    view->setMetric(static_cast<int>(ComparisonMetric::Calls));
    const int solveCalls = rowOf(table, QStringLiteral("solve"));
    QCOMPARE(table.index(solveCalls, model->valueColumn(1)).data().toString(),
             QStringLiteral("75"));
    QCOMPARE(table.index(solveCalls, model->deltaColumn(1))
                 .data(ComparisonTableModel::SortRole)
                 .toDouble(),
             55.0);
    QVERIFY(!table.index(solveCalls, model->deltaColumn(1)).data(Qt::ForegroundRole).isValid());

    // Sorting by the largest |change| puts main (+161.5 ms total) first.
    view->setMetric(static_cast<int>(ComparisonMetric::Total));
    view->commonTable()->sortByColumn(model->largestChangeColumn(), Qt::DescendingOrder);
    QCOMPARE(table.index(0, 0).data().toString(), QStringLiteral("main"));
}

void TestComparison::thresholdHidesSmallChanges() {
    MainWindow window;
    QVERIFY(openSamples(window, {"run_serial.h5", "run_np3.h5"}));
    ComparisonView* view = window.comparisonView();
    QAbstractItemModelTester tester(view->commonProxy(),
                                    QAbstractItemModelTester::FailureReportingMode::QtTest);
    view->setMetric(static_cast<int>(ComparisonMetric::Average));
    // By hand from the reference averages: |change| of at least 50 %.
    QStringList expected;
    for (const QString& region : common_) {
        const double a = reference(serial_, region, "average_duration_seconds");
        const double b = reference(np3_, region, "average_duration_seconds");
        if (std::abs(b / a - 1.0) * 100.0 >= 50.0)
            expected << region;
    }
    QVERIFY(!expected.isEmpty() && expected.size() < common_.size());
    view->setMinimumPercent(50.0);
    QStringList shown = columnTexts(*view->commonProxy(), 0);
    shown.sort();
    expected.sort();
    QCOMPARE(shown, expected);
    view->setMinimumPercent(0.0);
    QCOMPARE(view->commonProxy()->rowCount(), 7);
}

void TestComparison::runsCanBeRenamedReorderedAndRemoved() {
    MainWindow window;
    QVERIFY(openSamples(window, {"run_serial.h5", "run_np3.h5", "v3_serial.h5"}));
    ComparisonView* view = window.comparisonView();
    ComparisonSet* set = window.comparisonSet();
    QAbstractItemModelTester tester(view->tableModel(),
                                    QAbstractItemModelTester::FailureReportingMode::QtTest);
    QCOMPARE(set->count(), 3);
    ComparisonTableModel* model = view->tableModel();
    view->setMetric(static_cast<int>(ComparisonMetric::Total));

    // Renaming through the run list relabels the columns.
    view->runList()->item(1)->setText(QStringLiteral("three ranks"));
    QCOMPARE(set->run(1).label, QStringLiteral("three ranks"));
    QCOMPARE(model->headerData(model->valueColumn(1), Qt::Horizontal).toString(),
             QStringLiteral("three ranks"));
    QCOMPARE(view->barChart()->bars(1)->name(), QStringLiteral("three ranks"));

    // Moving the baseline keeps it the baseline; changes are still against it.
    set->move(0, 2);
    QCOMPARE(set->labels(), QStringList({"three ranks", "v3_serial", "run_serial"}));
    QCOMPARE(set->baseline(), 2);
    QCOMPARE(view->baselineCombo()->currentIndex(), 2);
    const QAbstractItemModel& table = *view->tableModel();
    const int solve = rowOf(table, QStringLiteral("solve"));
    const double serialTotal = reference(serial_, "solve", "total_duration_seconds");
    const double np3Total = reference(np3_, "solve", "total_duration_seconds");
    QVERIFY(std::abs(table.index(solve, model->percentColumn(0))
                         .data(ComparisonTableModel::SortRole)
                         .toDouble() -
                     (np3Total / serialTotal - 1.0) * 100.0) < 1e-9);
    QCOMPARE(model->deltaColumn(2), -1);

    // Picking another baseline measures against it.
    set->setBaseline(0);
    QVERIFY(std::abs(table.index(rowOf(table, "solve"), model->percentColumn(2))
                         .data(ComparisonTableModel::SortRole)
                         .toDouble() -
                     (serialTotal / np3Total - 1.0) * 100.0) < 1e-9);

    // Removing a run leaves its tab open.
    set->remove(1);
    QCOMPARE(set->labels(), QStringList({"three ranks", "run_serial"}));
    QCOMPARE(window.runCount(), 3);
    QCOMPARE(view->runList()->count(), 2);
    set->remove(0);
    QCOMPARE(set->baseline(), 0);
    QCOMPARE(model->columnCount(), 2); // region and the one run's value
    QVERIFY(!view->barChart()->hasBars());
    QVERIFY(!view->speedupChart()->hasCurves());
}

// Two runs both called profiling_data.h5 (from two cluster jobs) are named
// by the folder that tells them apart, and the name follows the run.
void TestComparison::sameFileNamesGetDistinctLabels() {
    QStringList paths;
    for (const QString& job : {QStringLiteral("job16"), QStringLiteral("job64")}) {
        QVERIFY(QDir(dir_.path()).mkpath(job));
        paths << dir_.filePath(job + QStringLiteral("/profiling_data.h5"));
        QFile::remove(paths.back());
        QVERIFY(QFile::copy(kData + QStringLiteral("/run_np3.h5"), paths.back()));
    }
    MainWindow window;
    QSignalSpy opened(&window, &MainWindow::runOpened);
    drop(window, paths);
    while (opened.size() < 2)
        QVERIFY(opened.wait(60000));
    ComparisonSet* set = window.comparisonSet();
    QCOMPARE(set->labels(), QStringList({"job16/profiling_data", "job64/profiling_data"}));
    QCOMPARE(set->run(1).data->path, paths[1]);
    set->move(1, 0);
    QCOMPARE(set->labels(), QStringList({"job64/profiling_data", "job16/profiling_data"}));
    QCOMPARE(set->run(0).data->path, paths[1]);
    // A renamed run keeps its name; clearing the name brings the default back.
    set->rename(0, QStringLiteral("64 ranks"));
    QCOMPARE(set->labels(), QStringList({"64 ranks", "job16/profiling_data"}));
    set->rename(0, QString());
    QCOMPARE(set->labels(), QStringList({"job64/profiling_data", "job16/profiling_data"}));
}

void TestComparison::failedFileIsLeftOut() {
    MainWindow window;
    QVERIFY(openSamples(window, {"run_serial.h5", "run_np3.h5"}));
    QSignalSpy failed(&window, &MainWindow::loadFailed);
    drop(window, {dir_.filePath("missing_run.h5")});
    QVERIFY(failed.wait(30000));
    QVERIFY(window.banner()->text().contains(QStringLiteral("missing_run.h5")));
    QCOMPARE(window.comparisonSet()->count(), 2);
    QCOMPARE(window.comparisonView()->commonProxy()->rowCount(), 7);
}

void TestComparison::closingARunLeavesTheComparison() {
    MainWindow window;
    QVERIFY(openSamples(window, {"run_serial.h5", "run_np3.h5", "v3_serial.h5"}));
    QCOMPARE(window.comparisonSet()->count(), 3);
    QTabWidget* tabs = window.tabs();
    // Run tabs open in the order the files finish loading.
    RunView* np3 = nullptr;
    for (int i = 0; i < window.runCount(); ++i)
        if (window.runView(i)->run()->path.endsWith(QStringLiteral("run_np3.h5")))
            np3 = window.runView(i);
    QVERIFY(np3);
    tabs->tabCloseRequested(tabs->indexOf(np3));
    QCOMPARE(window.comparisonSet()->labels(), QStringList({"run_serial", "v3_serial"}));
    // The comparison tab is not closed by hand.
    tabs->tabCloseRequested(tabs->indexOf(window.comparisonView()));
    QVERIFY(window.comparisonView());
    tabs->tabCloseRequested(tabs->indexOf(window.runView(0)));
    QVERIFY(!window.comparisonView());
    QCOMPARE(tabs->count(), 1);
}

void TestComparison::speedupEqualsRatioOfAverages() {
    const auto serial = std::make_shared<const ProfilingResults>(
        readH5((kData + QStringLiteral("/run_serial.h5")).toStdString()));
    const auto np3 = std::make_shared<const ProfilingResults>(
        readH5((kData + QStringLiteral("/run_np3.h5")).toStdString()));
    SpeedupChart chart;
    // Given in the "wrong" order: the baseline is the run with the fewest ranks.
    chart.setRuns({np3.get(), serial.get()});
    QCOMPARE(chart.xField(), QStringLiteral("num_ranks"));
    QVERIFY(chart.hasCurves());
    const SpeedupSeries& series = *chart.series();
    QCOMPARE(series.xKeys, (std::vector<std::string>{"1", "3"}));
    QCOMPARE(chart.title(),
             QStringLiteral("Speedup of the average call duration, relative to MPI ranks = 1"));
    QCOMPARE(static_cast<int>(series.curves.size()), common_.size());
    for (const QString& region : common_) {
        QCPGraph* graph = chart.curve(region);
        QVERIFY2(graph, qPrintable(region));
        QCOMPARE(graph->data()->size(), 2);
        const double expected = reference(serial_, region, "average_duration_seconds") /
                                reference(np3_, region, "average_duration_seconds");
        QCOMPARE(graph->data()->at(0)->key, 1.0);
        QCOMPARE(graph->data()->at(0)->value, 1.0);
        QCOMPARE(graph->data()->at(1)->key, 3.0);
        QVERIFY2(std::abs(graph->data()->at(1)->value - expected) < 1e-9 * expected,
                 qPrintable(region));
    }
    // Ideal scaling: 3 ranks, 3 times faster.
    QVERIFY(chart.idealLine());
    QCOMPARE(chart.idealLine()->data()->at(chart.idealLine()->data()->size() - 1)->value, 3.0);
    QCOMPARE(chart.idealLine()->name(), QStringLiteral("Ideal scaling"));
}

void TestComparison::chartsExportAtTheRequestedSize() {
    MainWindow window;
    QVERIFY(openSamples(window, {"run_serial.h5", "run_np3.h5"}));
    ExportController* exporter = window.exporter();
    const QString bars = dir_.filePath("comparison.png");
    QVERIFY(exporter->exportComparisonChart(ComparisonView::Bars, ChartContextMenu::ExportPng, bars,
                                            900, 500, 1.0));
    QImage image(bars);
    QCOMPARE(image.size(), QSize(900, 500));
    auto [drawn, coloured] = countPixels(image, ComparisonBarChart::runColor(1));
    QVERIFY(drawn > 900 * 500 / 50);
    QVERIFY(coloured > 200); // the second run's bars are there

    const QString speedup = dir_.filePath("speedup.png");
    QVERIFY(exporter->exportComparisonChart(ComparisonView::Speedup, ChartContextMenu::ExportPng,
                                            speedup, 800, 600, 2.0));
    image = QImage(speedup);
    QCOMPARE(image.size(), QSize(1600, 1200));
    std::tie(drawn, coloured) = countPixels(image, RegionPalette::color(QStringLiteral("solve")));
    QVERIFY(drawn > 1600 * 1200 / 100);
    QVERIFY(coloured > 50);

    // The charts' context menu copies without a dialog.
    QGuiApplication::clipboard()->clear();
    window.comparisonView()
        ->chartMenu(ComparisonView::Bars)
        ->action(ChartContextMenu::CopyToClipboard)
        ->trigger();
    const QMimeData* copied = QGuiApplication::clipboard()->mimeData();
    QVERIFY(copied && copied->hasImage());

    const QString svg = dir_.filePath("speedup.svg");
    QVERIFY(
        exporter->exportComparisonChart(ComparisonView::Speedup, ChartContextMenu::ExportSvg, svg));
    QFile file(svg);
    QVERIFY(file.open(QIODevice::ReadOnly));
    QVERIFY(file.readAll().contains("<svg"));
}

QTEST_MAIN(TestComparison)
#include "tst_Comparison.moc"
