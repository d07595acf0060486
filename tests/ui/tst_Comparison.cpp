// SPDX-License-Identifier: GPL-3.0-or-later
// Comparing runs as a user does: dropping two sample files on the window opens
// the Comparison tab, whose numbers are checked against the samples' reference
// JSONs (written by scope-profiler), and the charts export at the asked size.
#include "ExportController.h"
#include "MainWindow.h"
#include "MessageBanner.h"
#include "RegionPalette.h"
#include "RunView.h"
#include "RunWaiter.h"
#include "comparison/ComparisonBarChart.h"
#include "comparison/ComparisonFilterProxy.h"
#include "comparison/ComparisonSet.h"
#include "comparison/ComparisonTableModel.h"
#include "comparison/ComparisonView.h"
#include "comparison/SpeedupChart.h"
#include "format/ProfileReader.h"

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

int rowOf(const QAbstractItemModel& model, const QString& region) {
    for (int row = 0; row < model.rowCount(); ++row)
        if (model.index(row, 0).data().toString() == region)
            return row;
    return -1;
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

// A run made by hand: one rank, ten equal calls of each region, `seconds` in total.
struct HandRegion {
    std::string name;
    double seconds;
};

std::shared_ptr<const RunData> handMadeRun(const QString& name, std::vector<HandRegion> regions,
                                           std::vector<MetadataEntry> metadata = {},
                                           std::uint32_t ranks = 1) {
    auto results = std::make_shared<ProfilingResults>();
    results->path = (QStringLiteral("/hand-made/") + name + QStringLiteral(".h5")).toStdString();
    results->numRanks = ranks;
    results->metadata.entries = std::move(metadata);
    for (const HandRegion& region : regions) {
        RankRegion row;
        row.region = static_cast<std::uint32_t>(results->regions.size());
        results->regions.push_back(region.name);
        CallSummary& s = row.summary;
        s.count = 10;
        s.total = std::llround(region.seconds * 1e9);
        s.minimum = s.maximum = s.first = s.last = s.total / 10;
        s.endMaximum = s.total;
        s.mean = static_cast<double>(s.total) / 10.0;
        results->rows.push_back(row);
    }
    results->finalize();
    auto data = std::make_shared<RunData>();
    data->results = results;
    data->path = QString::fromStdString(results->path);
    return data;
}

// WCAG 2 relative luminance and contrast ratio.
double luminance(const QColor& colour) {
    const auto channel = [](double c) {
        return c <= 0.04045 ? c / 12.92 : std::pow((c + 0.055) / 1.055, 2.4);
    };
    return 0.2126 * channel(colour.redF()) + 0.7152 * channel(colour.greenF()) +
           0.0722 * channel(colour.blueF());
}

double contrast(const QColor& a, const QColor& b) {
    const double la = luminance(a);
    const double lb = luminance(b);
    return (std::max(la, lb) + 0.05) / (std::min(la, lb) + 0.05);
}

QStringList regionsOf(const QAbstractItemModel& model) {
    QStringList regions;
    for (int row = 0; row < model.rowCount(); ++row)
        regions << model.index(row, 0).data().toString();
    return regions;
}

void clickHeader(QTableView* table, int section) {
    QHeaderView* header = table->horizontalHeader();
    const QPoint centre(header->sectionViewportPosition(section) + header->sectionSize(section) / 2,
                        header->height() / 2);
    QTest::mouseClick(header->viewport(), Qt::LeftButton, {}, centre);
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
    void tableOfFourRunsFitsTheWindow();
    void missingRegionSaysMissing();
    void noCommonRegionSaysSo();
    void firstClickOnLargestChangeSortsLargestFirst();
    void runNamesAreReadableWithAColourSwatch();
    void barsSortedLargestFirst();
    void logScaleWhenValuesSpanMoreThan100();
    void barToolTipNamesRegionRunAndValue();
    void speedupOffersOnlyNumbersTheRunsDifferIn();

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

    // Total (the default): solve took 15.14 ms serial and 67.43 ms on 3 ranks.
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

// Issue 11: at 1280×800, four runs with their 12 columns used to push
// "|Δ| max" off the right edge.
void TestComparison::tableOfFourRunsFitsTheWindow() {
    ComparisonSet set;
    const QStringList labels = {"baseline_16_ranks", "optimised_32_ranks", "optimised_64_ranks",
                                "optimised_128_ranks"};
    for (int run = 0; run < labels.size(); ++run)
        set.add(handMadeRun(labels[run],
                            {{"main", 100.0 / (run + 1)},
                             {"solver.conjugate_gradient.<locals>.preconditioner", 1.234 + run},
                             {"io_checkpoint_write_restart_files", 0.000123 * (run + 1)}}),
                labels[run]);
    ComparisonView view(&set);
    view.resize(1280, 800);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    QTableView* table = view.commonTable();
    ComparisonTableModel* model = view.tableModel();
    QCOMPARE(model->columnCount(), 12);
    QCOMPARE(table->model()->rowCount(), 3);
    QHeaderView* header = table->horizontalHeader();
    const int largest = model->largestChangeColumn();
    // Every column, the last one included, inside the visible width.
    QVERIFY2(header->length() <= table->viewport()->width(),
             qPrintable(
                 QStringLiteral("%1 > %2").arg(header->length()).arg(table->viewport()->width())));
    QCOMPARE(table->horizontalScrollBar()->maximum(), 0);
    QVERIFY(header->sectionViewportPosition(largest) + header->sectionSize(largest) <=
            table->viewport()->width());
    // Numbers are never cut: each column is as wide as its widest cell.
    const QAbstractItemView* cells = table;
    for (int column = 1; column < model->columnCount(); ++column)
        QVERIFY2(header->sectionSize(column) >= cells->sizeHintForColumn(column),
                 qPrintable(QString::number(column)));
    // The headers are compact; their tooltips say in full what a column is.
    QCOMPARE(model->headerData(model->percentColumn(3), Qt::Horizontal).toString(),
             QStringLiteral("optimised_128_ranks\nΔ %"));
    const QString tip =
        model->headerData(model->percentColumn(3), Qt::Horizontal, Qt::ToolTipRole).toString();
    QVERIFY2(tip.contains("optimised_128_ranks") && tip.contains("baseline_16_ranks"),
             qPrintable(tip));
}

// A region the baseline has and a run lacks is "missing" there, uncoloured,
// not a green −100 %; such cells sort last either way and do not count as a
// change for the threshold or "|Δ| max".
void TestComparison::missingRegionSaysMissing() {
    ComparisonSet set;
    set.add(handMadeRun("A", {{"solve", 2.0}, {"io", 1.0}, {"setup", 0.5}}), "A");
    set.add(handMadeRun("B", {{"solve", 1.0}, {"setup", 0.25}}), "B");
    set.add(handMadeRun("C", {{"solve", 4.0}, {"io", 3.0}}), "C");
    ComparisonView view(&set);
    ComparisonTableModel* model = view.tableModel();
    QAbstractItemModelTester tester(view.partialProxy(),
                                    QAbstractItemModelTester::FailureReportingMode::QtTest);
    const QAbstractItemModel& partial = *view.partialProxy();
    QCOMPARE(regionsOf(*view.commonProxy()), QStringList{"solve"});
    const int io = rowOf(partial, "io");
    const int setup = rowOf(partial, "setup");
    QVERIFY(io >= 0 && setup >= 0);
    for (const int column : {model->deltaColumn(1), model->percentColumn(1)}) {
        const QModelIndex cell = partial.index(io, column);
        QCOMPARE(cell.data().toString(), QStringLiteral("missing"));
        QVERIFY(!cell.data(Qt::ForegroundRole).isValid());
        QVERIFY(!cell.data(ComparisonTableModel::SortRole).isValid());
    }
    // Setup on B: 0.25 s against 0.5 s, −50 %, faster: green.
    QCOMPARE(partial.index(setup, model->percentColumn(1)).data().toString(),
             QStringLiteral("−50.0 %"));
    QCOMPARE(partial.index(setup, model->percentColumn(1))
                 .data(Qt::ForegroundRole)
                 .value<QBrush>()
                 .color(),
             QColor(0x1a, 0x7f, 0x37));
    // |Δ| max over the runs that have the region: io 3 − 1 = 2 s (C), setup 0.25 s (B).
    QCOMPARE(partial.index(io, model->largestChangeColumn()).data().toString(),
             QStringLiteral("2.00 s"));
    QCOMPARE(partial.index(setup, model->largestChangeColumn()).data().toString(),
             QStringLiteral("250 ms"));

    // Sorted on B's Δ %, the missing io comes last in both directions.
    view.partialTable()->sortByColumn(model->percentColumn(1), Qt::AscendingOrder);
    QCOMPARE(regionsOf(partial), QStringList({"setup", "io"}));
    view.partialTable()->sortByColumn(model->percentColumn(1), Qt::DescendingOrder);
    QCOMPARE(regionsOf(partial), QStringList({"setup", "io"}));
    // And on C's, setup (missing on C) is last.
    view.partialTable()->sortByColumn(model->percentColumn(2), Qt::AscendingOrder);
    QCOMPARE(regionsOf(partial), QStringList({"io", "setup"}));
    view.partialTable()->sortByColumn(model->percentColumn(2), Qt::DescendingOrder);
    QCOMPARE(regionsOf(partial), QStringList({"io", "setup"}));

    // At 60 %: io changed by +200 % on C and stays; setup changed by 50 % on B
    // only (its −100 % on C is no change), so it goes.
    view.setMinimumPercent(60.0);
    QCOMPARE(regionsOf(partial), QStringList{"io"});
}

void TestComparison::noCommonRegionSaysSo() {
    ComparisonSet set;
    set.add(handMadeRun("A", {{"assemble", 1.0}}), "A");
    set.add(handMadeRun("B", {{"solve", 2.0}}), "B");
    ComparisonView view(&set);
    QVERIFY2(view.commonMessage().contains("No region is in every run"),
             qPrintable(view.commonMessage()));
    QCOMPARE(view.partialProxy()->rowCount(), 2);
    QVERIFY(view.partialTable()->isVisibleTo(&view));

    // With a common region the table is back; a threshold above every change
    // says that instead of leaving it empty.
    set.add(handMadeRun("C", {{"assemble", 1.0}, {"solve", 2.0}}), "C");
    set.remove(2);
    set.add(handMadeRun("D", {{"assemble", 1.5}}), "D");
    set.remove(1);
    QCOMPARE(set.labels(), QStringList({"A", "D"}));
    QCOMPARE(view.commonMessage(), QString());
    QCOMPARE(view.commonProxy()->rowCount(), 1);
    view.setMinimumPercent(60.0); // assemble changed by +50 %
    QVERIFY2(view.commonMessage().contains("60 %"), qPrintable(view.commonMessage()));
    view.setMinimumPercent(40.0);
    QCOMPARE(view.commonMessage(), QString());
}

void TestComparison::firstClickOnLargestChangeSortsLargestFirst() {
    ComparisonSet set;
    set.add(handMadeRun("A", {{"r1", 1.0}, {"r2", 2.0}, {"r3", 3.0}}), "A");
    // Changes +0.5 s, +2 s, −1 s.
    set.add(handMadeRun("B", {{"r1", 1.5}, {"r2", 4.0}, {"r3", 2.0}}), "B");
    ComparisonView view(&set);
    view.resize(1280, 800);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    ComparisonTableModel* model = view.tableModel();
    QTableView* table = view.commonTable();
    QCOMPARE(regionsOf(*view.commonProxy()), QStringList({"r1", "r2", "r3"}));
    clickHeader(table, model->largestChangeColumn());
    QCOMPARE(table->horizontalHeader()->sortIndicatorSection(), model->largestChangeColumn());
    QCOMPARE(table->horizontalHeader()->sortIndicatorOrder(), Qt::DescendingOrder);
    QCOMPARE(regionsOf(*view.commonProxy()), QStringList({"r2", "r3", "r1"}));
    // The second click reverses it.
    clickHeader(table, model->largestChangeColumn());
    QCOMPARE(regionsOf(*view.commonProxy()), QStringList({"r1", "r3", "r2"}));
    // Other columns sort ascending first, as everywhere in Qt.
    clickHeader(table, model->valueColumn(1));
    QCOMPARE(table->horizontalHeader()->sortIndicatorOrder(), Qt::AscendingOrder);
    QCOMPARE(regionsOf(*view.commonProxy()), QStringList({"r1", "r3", "r2"})); // 1.5, 2, 4 s
}

// Orange on white is 2.2:1; the names keep the text colour and the run colour
// goes to a swatch beside them.
void TestComparison::runNamesAreReadableWithAColourSwatch() {
    ComparisonSet set;
    for (const char* name : {"A", "B", "C", "D"})
        set.add(handMadeRun(name, {{"solve", 1.0}}), name);
    ComparisonView view(&set);
    QListWidget* list = view.runList();
    QCOMPARE(list->count(), 4);
    const QColor base = list->palette().color(QPalette::Base);
    for (int run = 0; run < list->count(); ++run) {
        QListWidgetItem* item = list->item(run);
        const QVariant foreground = item->data(Qt::ForegroundRole);
        const QColor text = foreground.isValid() ? foreground.value<QBrush>().color()
                                                 : list->palette().color(QPalette::Text);
        QVERIFY2(contrast(text, base) >= 4.5,
                 qPrintable(QStringLiteral("run %1: %2").arg(run).arg(contrast(text, base))));
        const QImage swatch = item->icon().pixmap(16, 16).toImage();
        QVERIFY(!swatch.isNull());
        QCOMPARE(swatch.pixelColor(8, 8).rgb(), ComparisonBarChart::runColor(run).rgb());
    }
}

void TestComparison::barsSortedLargestFirst() {
    // Totals; by the largest of the two runs: main 1 s, solve 0.9 s (B), setup
    // 0.6 s (A), io 0.5 ms. The baseline's order would put setup before solve.
    const auto a =
        handMadeRun("A", {{"io", 0.0005}, {"setup", 0.6}, {"solve", 0.2}, {"main", 1.0}});
    const auto b =
        handMadeRun("B", {{"io", 0.0004}, {"setup", 0.1}, {"solve", 0.9}, {"main", 0.8}});
    ComparisonBarChart chart;
    chart.setMetric(ComparisonMetric::Total);
    chart.setRuns({a->results.get(), b->results.get()}, {"A", "B"});
    QCOMPARE(chart.regions(), QStringList({"main", "solve", "setup", "io"}));
    QCOMPARE(chart.bars(1)->data()->at(1)->value, 0.9); // solve on B
    QVERIFY2(chart.plot()->xAxis->label().contains("largest first"),
             qPrintable(chart.plot()->xAxis->label()));
}

void TestComparison::logScaleWhenValuesSpanMoreThan100() {
    // 1 s against 0.4 ms: 2500 times; a linear axis shows io as a flat line.
    const auto wideA = handMadeRun("A", {{"main", 1.0}, {"io", 0.0005}});
    const auto wideB = handMadeRun("B", {{"main", 0.8}, {"io", 0.0004}});
    // 1 s against 50 ms: 20 times, fine on a linear axis.
    const auto narrowA = handMadeRun("A", {{"main", 1.0}, {"solve", 0.2}});
    const auto narrowB = handMadeRun("B", {{"main", 0.5}, {"solve", 0.05}});
    ComparisonBarChart chart;
    chart.setMetric(ComparisonMetric::Total);
    chart.setRuns({wideA->results.get(), wideB->results.get()}, {"A", "B"});
    QVERIFY(chart.logScaleByDefault());
    QVERIFY(chart.logScale());
    QCOMPARE(chart.plot()->yAxis->scaleType(), QCPAxis::stLogarithmic);
    QVERIFY(chart.plot()->yAxis->range().lower <= 0.0004);
    // Powers of ten, each in its own unit.
    QVector<double> ticks;
    QVector<QString> labels;
    chart.plot()->yAxis->ticker()->generate(QCPRange(1e-5, 1.0), QLocale::c(), 'g', 6, ticks,
                                            nullptr, &labels);
    QCOMPARE(QStringList(labels.begin(), labels.end()),
             QStringList({"10 µs", "100 µs", "1 ms", "10 ms", "100 ms", "1 s"}));
    chart.setRuns({narrowA->results.get(), narrowB->results.get()}, {"A", "B"});
    QVERIFY(!chart.logScaleByDefault());
    QCOMPARE(chart.plot()->yAxis->scaleType(), QCPAxis::stLinear);
    QCOMPARE(chart.plot()->yAxis->range().lower, 0.0);

    // In the view, the check box shows the default and the user's click sticks.
    ComparisonSet set;
    set.add(wideA, "A");
    set.add(wideB, "B");
    ComparisonView view(&set);
    view.showPage(ComparisonView::BarsPage);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    QCheckBox* box = view.logScaleBox();
    QVERIFY(box->isChecked());
    QCOMPARE(view.barChart()->plot()->yAxis->scaleType(), QCPAxis::stLogarithmic);
    QTest::mouseClick(box, Qt::LeftButton, {}, QPoint(8, box->height() / 2));
    QVERIFY(!box->isChecked());
    QCOMPARE(view.barChart()->plot()->yAxis->scaleType(), QCPAxis::stLinear);
    set.add(handMadeRun("C", {{"main", 2.0}, {"io", 0.0001}}), "C");
    QVERIFY(view.barChart()->logScaleByDefault());
    QCOMPARE(view.barChart()->plot()->yAxis->scaleType(), QCPAxis::stLinear);
    QVERIFY(!box->isChecked());
}

void TestComparison::barToolTipNamesRegionRunAndValue() {
    const auto a = handMadeRun("A", {{"main", 1.0}, {"io", 0.0005}});
    const auto b = handMadeRun("B", {{"main", 0.8}, {"io", 0.0004}});
    ComparisonBarChart chart;
    chart.setMetric(ComparisonMetric::Total);
    chart.setRuns({a->results.get(), b->results.get()}, {"before", "after"});
    chart.resize(800, 500);
    chart.show();
    QVERIFY(QTest::qWaitForWindowExposed(&chart));
    chart.plot()->replot();
    QCOMPARE(chart.regions(), QStringList({"main", "io"}));
    // Two runs share a region's 0.8 wide slot: io's second bar is centred at
    // 1 − 0.4 + 0.4 × 1.5 = 1.2; the tooltip comes anywhere over that column,
    // even above a bar of a few pixels.
    QCPAxis* x = chart.plot()->xAxis;
    const QRect rect = chart.plot()->axisRect()->rect();
    const QPointF overIo(x->coordToPixel(1.2), rect.top() + 10);
    const auto bar = chart.barAt(overIo);
    QVERIFY(bar.has_value());
    QCOMPARE(bar->first, 1);
    QCOMPARE(bar->second, 1);
    QCOMPARE(chart.toolTipFor(bar->first, bar->second), QStringLiteral("io\nafter: 400 µs, total"));
    const auto first = chart.barAt(QPointF(x->coordToPixel(-0.2), rect.center().y()));
    QVERIFY(first.has_value());
    QCOMPARE(chart.toolTipFor(first->first, first->second),
             QStringLiteral("main\nbefore: 1.00 s, total"));
    // Between the groups, no bar.
    QVERIFY(!chart.barAt(QPointF(x->coordToPixel(0.5), rect.center().y())).has_value());
}

void TestComparison::speedupOffersOnlyNumbersTheRunsDifferIn() {
    using Text = std::string;
    const auto a = handMadeRun("A", {{"solve", 2.0}},
                               {{"hostname", Text("node01")}, {"problem_size", std::int64_t{100}}});
    const auto b = handMadeRun("B", {{"solve", 1.0}},
                               {{"hostname", Text("node02")}, {"problem_size", std::int64_t{100}}});
    SpeedupChart chart;
    chart.setRuns({a->results.get(), b->results.get()});
    QCOMPARE(chart.fieldCombo()->count(), 0);
    QVERIFY(!chart.hasCurves());
    QVERIFY2(chart.message().contains("differ in nothing numeric"), qPrintable(chart.message()));

    const auto c = handMadeRun("C", {{"solve", 1.0}},
                               {{"hostname", Text("node02")}, {"problem_size", std::int64_t{200}}});
    chart.setRuns({a->results.get(), c->results.get()});
    QCOMPARE(chart.fieldCombo()->count(), 1);
    QCOMPARE(chart.xField(), QStringLiteral("problem_size"));
    QVERIFY(chart.hasCurves());
}

QTEST_MAIN(TestComparison)
#include "tst_Comparison.moc"
