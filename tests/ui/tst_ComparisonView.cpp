// SPDX-License-Identifier: GPL-3.0-or-later
// The comparison view on runs made by hand, each expected value worked out on
// paper: the table fitting the window with four runs, "removed" cells, the
// message without common regions, the |Δ| max sort, the run list's contrast,
// the Durations chart's order, log scale and tooltips, and the speedup axes.
#include "RunWaiter.h"
#include "common/ColorContrast.h"
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

class TestComparisonView : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { prepareWindowTests(); }
    void tableOfFourRunsFitsTheWindow();
    void removedRegionSaysRemoved();
    void noCommonRegionSaysSo();
    void firstClickOnLargestChangeSortsLargestFirst();
    void runNamesAreReadableWithAColourSwatch();
    void barsSortedLargestFirst();
    void logScaleWhenValuesSpanMoreThan100();
    void barToolTipNamesRegionRunAndValue();
    void speedupOffersOnlyNumbersTheRunsDifferIn();
};

// At 1280×800, four runs with their 12 columns must not push "|Δ| max" off
// the right edge.
void TestComparisonView::tableOfFourRunsFitsTheWindow() {
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

// A region the baseline has and a run lacks is "removed" there, uncoloured,
// not a green −100 %; such cells sort last either way and do not count as a
// change for the threshold or "|Δ| max".
void TestComparisonView::removedRegionSaysRemoved() {
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
    const int io = regionsOf(partial).indexOf("io");
    const int setup = regionsOf(partial).indexOf("setup");
    QVERIFY(io >= 0 && setup >= 0);
    for (const int column : {model->deltaColumn(1), model->percentColumn(1)}) {
        const QModelIndex cell = partial.index(io, column);
        QCOMPARE(cell.data().toString(), QStringLiteral("removed"));
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

    // Sorted on B's Δ %, the removed io comes last in both directions.
    view.partialTable()->sortByColumn(model->percentColumn(1), Qt::AscendingOrder);
    QCOMPARE(regionsOf(partial), QStringList({"setup", "io"}));
    view.partialTable()->sortByColumn(model->percentColumn(1), Qt::DescendingOrder);
    QCOMPARE(regionsOf(partial), QStringList({"setup", "io"}));
    // And on C's, setup (removed on C) is last.
    view.partialTable()->sortByColumn(model->percentColumn(2), Qt::AscendingOrder);
    QCOMPARE(regionsOf(partial), QStringList({"io", "setup"}));
    view.partialTable()->sortByColumn(model->percentColumn(2), Qt::DescendingOrder);
    QCOMPARE(regionsOf(partial), QStringList({"io", "setup"}));

    // At 60 %: io changed by +200 % on C and stays; setup changed by 50 % on B
    // only (its −100 % on C is no change), so it goes.
    view.setMinimumPercent(60.0);
    QCOMPARE(regionsOf(partial), QStringList{"io"});
}

void TestComparisonView::noCommonRegionSaysSo() {
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

void TestComparisonView::firstClickOnLargestChangeSortsLargestFirst() {
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
void TestComparisonView::runNamesAreReadableWithAColourSwatch() {
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
        QVERIFY2(ColorContrast::ratio(text, base) >= 4.5,
                 qPrintable(
                     QStringLiteral("run %1: %2").arg(run).arg(ColorContrast::ratio(text, base))));
        const QImage swatch = item->icon().pixmap(16, 16).toImage();
        QVERIFY(!swatch.isNull());
        QCOMPARE(swatch.pixelColor(8, 8).rgb(), ComparisonBarChart::runColor(run).rgb());
    }
}

void TestComparisonView::barsSortedLargestFirst() {
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

void TestComparisonView::logScaleWhenValuesSpanMoreThan100() {
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

void TestComparisonView::barToolTipNamesRegionRunAndValue() {
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

void TestComparisonView::speedupOffersOnlyNumbersTheRunsDifferIn() {
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

QTEST_MAIN(TestComparisonView)
#include "tst_ComparisonView.moc"
