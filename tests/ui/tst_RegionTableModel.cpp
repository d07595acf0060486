// SPDX-License-Identifier: GPL-3.0-or-later
// The region table: model and proxy under QAbstractItemModelTester, sorting on
// raw numbers, the regex filter, rank selection against scope-report and
// against scope-profiler's own per-rank numbers, and unavailable statistics.
#include "../core/HandMadeRun.h"
#include "FixtureWriter.h"
#include "SampleSpecs.h"
#include "TableRows.h"
#include "analysis/RegionTable.h"
#include "common/ColorContrast.h"
#include "common/RunData.h"
#include "format/ProfileReader.h"
#include "models/RegionFilterProxy.h"
#include "models/RegionTableCsv.h"
#include "models/RegionTableModel.h"

#include <QAbstractItemModelTester>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTableView>
#include <QTemporaryDir>
#include <QtTest>

#include <cmath>

namespace {

const QString kData = QStringLiteral(SCOPE_TEST_DATA_DIR);

std::shared_ptr<const RunData> load(const QString& name, bool summaryOnly = false) {
    auto run = std::make_shared<RunData>();
    run->path = kData + "/" + name;
    run->results = std::make_shared<const scope::ProfilingResults>(
        summaryOnly ? scope::readH5Summary(run->path.toStdString())
                    : scope::readH5(run->path.toStdString()));
    return run;
}

void fill(RegionTableModel& model, const std::shared_ptr<const RunData>& run,
          const scope::RankSelection& ranks = {}) {
    model.setRows(run, scope::RegionTable::compute(*run->results, ranks));
}

double number(const QAbstractItemModel& model, const QString& region, int column) {
    return model.index(rowOf(model, region), column).data(RegionTableModel::SortRole).toDouble();
}

bool close(double got, double expected) {
    return std::abs(got - expected) <= 1e-9 * std::abs(expected) + 1e-15;
}

QJsonObject regionStatistics(const QString& jsonFile) {
    QFile file(kData + "/" + jsonFile);
    file.open(QIODevice::ReadOnly);
    return QJsonDocument::fromJson(file.readAll())
        .object()["files"]
        .toArray()[0]
        .toObject()["region_statistics"]
        .toObject();
}

} // namespace

class TestRegionTableModel : public QObject {
    Q_OBJECT
private slots:
    void passesTheModelTester() {
        RegionTableModel model;
        RegionFilterProxy proxy;
        proxy.setSourceModel(&model);
        QAbstractItemModelTester modelTester(
            &model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QAbstractItemModelTester proxyTester(
            &proxy, QAbstractItemModelTester::FailureReportingMode::QtTest);
        const auto run = load("run_np3.h5");
        fill(model, run);
        proxy.sort(RegionTableModel::Total, Qt::DescendingOrder);
        proxy.setPattern(QStringLiteral("s"));
        fill(model, run, scope::RankSelection({1}));
        proxy.setPattern(QString());
        proxy.sort(RegionTableModel::P99, Qt::AscendingOrder);
        model.clear();
        QCOMPARE(proxy.rowCount(), 0);
    }

    void showsScopeProfilersNumbers() {
        RegionTableModel model;
        fill(model, load("run_np3.h5"));
        const QJsonObject expected = regionStatistics("run_np3.region_statistics.json");
        QCOMPARE(model.rowCount(), expected.size());
        for (const QString& region : expected.keys()) {
            const QJsonObject e = expected[region].toObject();
            QVERIFY2(rowOf(model, region) >= 0, qPrintable(region));
            QCOMPARE(number(model, region, RegionTableModel::Calls), e["count"].toDouble());
            QVERIFY(close(number(model, region, RegionTableModel::Total),
                          e["total_duration_seconds"].toDouble()));
            QVERIFY(close(number(model, region, RegionTableModel::Average),
                          e["average_duration_seconds"].toDouble()));
            QVERIFY(close(number(model, region, RegionTableModel::Std),
                          e["std_duration_seconds"].toDouble()));
        }
        // Readable units in the cell, full precision in the tooltip.
        const QModelIndex total = model.index(rowOf(model, "main"), RegionTableModel::Total);
        QCOMPARE(total.data().toString(), QStringLiteral("180 ms"));
        QVERIFY(total.data(Qt::ToolTipRole).toString().startsWith("0.179690717"));
    }

    void sortsOnRawNumbersNotText() {
        RegionTableModel model;
        RegionFilterProxy proxy;
        proxy.setSourceModel(&model);
        fill(model, load("run_np3.h5"));
        proxy.sort(RegionTableModel::Total, Qt::DescendingOrder);
        QCOMPARE(proxy.index(0, 0).data().toString(), QStringLiteral("main")); // 180 ms
        double previous = std::numeric_limits<double>::infinity();
        for (int row = 0; row < proxy.rowCount(); ++row) {
            const double v = proxy.index(row, RegionTableModel::Total)
                                 .data(RegionTableModel::SortRole)
                                 .toDouble();
            QVERIFY(v <= previous);
            previous = v;
        }
        // As text "99.7 ms" would sort before "180 ms"; as numbers it must not.
        QCOMPARE(proxy.index(1, 0).data().toString(), QStringLiteral("mpi.allreduce")); // 99.7 ms
    }

    void sortsRegionNamesIgnoringCase() {
        auto results = std::make_shared<scope::ProfilingResults>();
        results->regions = {"gamma", "Beta", "alpha", "beta"};
        auto run = std::make_shared<RunData>();
        run->results = results;
        std::vector<scope::RegionTableRow> rows(results->regions.size());
        for (std::size_t i = 0; i < rows.size(); ++i)
            rows[i].region = i;
        RegionTableModel model;
        RegionFilterProxy proxy;
        proxy.setSourceModel(&model);
        model.setRows(run, rows);
        const auto names = [&proxy] {
            QStringList out;
            for (int row = 0; row < proxy.rowCount(); ++row)
                out << proxy.index(row, RegionTableModel::Region).data().toString();
            return out;
        };
        // Code-point order would put "Beta" before "alpha".
        proxy.sort(RegionTableModel::Region, Qt::AscendingOrder);
        QCOMPARE(names(), (QStringList{"alpha", "Beta", "beta", "gamma"}));
        proxy.sort(RegionTableModel::Region, Qt::DescendingOrder);
        QCOMPARE(names(), (QStringList{"gamma", "beta", "Beta", "alpha"}));
    }

    void filtersLikePprocInclude() {
        RegionTableModel model;
        RegionFilterProxy proxy;
        proxy.setSourceModel(&model);
        fill(model, load("run_np3.h5"));
        QVERIFY(proxy.setPattern(QStringLiteral("s")));
        QStringList names;
        for (int row = 0; row < proxy.rowCount(); ++row)
            names << proxy.index(row, 0).data().toString();
        names.sort();
        // Matched at the start: "rhs.eval" and "linalg solve" contain an s but are not kept.
        QCOMPARE(names, (QStringList{"setup", "solve"}));
        QVERIFY(proxy.setPattern(QStringLiteral("mpi\\.|io_")));
        QCOMPARE(proxy.rowCount(), 2);
        QVERIFY(!proxy.setPattern(QStringLiteral("(")));
        QCOMPARE(proxy.rowCount(), model.rowCount()); // an invalid pattern hides nothing
    }

    void rankSelectionPoolsTheSelectedRanks_data() {
        QTest::addColumn<QString>("region");
        for (const char* r : {"main", "solve", "io_checkpoint", "mpi.allreduce", "rhs.eval"})
            QTest::newRow(r) << QString::fromUtf8(r);
    }
    void rankSelectionPoolsTheSelectedRanks() {
        QFETCH(QString, region);
        RegionTableModel model;
        fill(model, load("run_np3.h5"), scope::RankSelection({0, 2}));
        // By hand from scope-profiler's per-rank numbers: pooled count, total,
        // mean, min, max and std (m2 = sum(n_i s_i^2 + n_i (mu_i - mu)^2)).
        const QJsonObject perRank = regionStatistics("run_np3.region_statistics.json")[region]
                                        .toObject()["per_rank"]
                                        .toObject();
        double n = 0, total = 0, lo = 1e300, hi = 0;
        for (const char* rank : {"0", "2"}) {
            const QJsonObject r = perRank[rank].toObject();
            n += r["count"].toDouble();
            total += r["total_duration_seconds"].toDouble();
            lo = std::min(lo, r["min_duration_seconds"].toDouble());
            hi = std::max(hi, r["max_duration_seconds"].toDouble());
        }
        const double mean = total / n;
        double m2 = 0;
        for (const char* rank : {"0", "2"}) {
            const QJsonObject r = perRank[rank].toObject();
            const double ni = r["count"].toDouble();
            const double si = r["std_duration_seconds"].toDouble();
            const double di = r["average_duration_seconds"].toDouble() - mean;
            m2 += ni * si * si + ni * di * di;
        }
        QCOMPARE(number(model, region, RegionTableModel::Calls), n);
        QVERIFY(close(number(model, region, RegionTableModel::Total), total));
        QVERIFY(close(number(model, region, RegionTableModel::Average), mean));
        QVERIFY(close(number(model, region, RegionTableModel::Min), lo));
        QVERIFY(close(number(model, region, RegionTableModel::Max), hi));
        QVERIFY(std::abs(number(model, region, RegionTableModel::Std) - std::sqrt(m2 / n)) <=
                1e-7 * std::sqrt(m2 / n));
    }

    void rankSelectionMatchesScopeReport() {
        QProcess report;
        report.start(QStringLiteral(SCOPE_REPORT_EXE),
                     {"--json", "-", "--ranks", "0,2", kData + "/run_np3.h5"});
        QVERIFY(report.waitForFinished(60000));
        QCOMPARE(report.exitCode(), 0);
        const QJsonObject printed = QJsonDocument::fromJson(report.readAllStandardOutput())
                                        .object()["files"]
                                        .toArray()[0]
                                        .toObject()["region_statistics"]
                                        .toObject();
        RegionTableModel model;
        fill(model, load("run_np3.h5"), scope::RankSelection({0, 2}));
        QCOMPARE(model.rowCount(), printed.size());
        for (const QString& region : printed.keys()) {
            const QJsonObject e = printed[region].toObject();
            QCOMPARE(number(model, region, RegionTableModel::Calls), e["count"].toDouble());
            QVERIFY(close(number(model, region, RegionTableModel::Total),
                          e["total_duration_seconds"].toDouble()));
            QVERIFY(close(number(model, region, RegionTableModel::Average),
                          e["average_duration_seconds"].toDouble()));
            QVERIFY(close(number(model, region, RegionTableModel::Max),
                          e["max_duration_seconds"].toDouble()));
        }
    }

    void percentilesOnlyWithEvents() {
        RegionTableModel model;
        fill(model, load("v3_serial.h5", true));
        const QModelIndex p50 = model.index(rowOf(model, "solve"), RegionTableModel::P50);
        QCOMPARE(p50.data().toString(), QStringLiteral("n/a"));
        QCOMPARE(p50.data(RegionTableModel::AvailableRole).toBool(), false);
        QVERIFY(p50.data(Qt::ToolTipRole).toString().contains("summary-only"));

        const auto full = load("v3_serial.h5");
        fill(model, full);
        // NumPy's linear percentile of the six "solve" durations, worked out here.
        const scope::RankRegion* row = full->results->row(*full->results->regionIndex("solve"), 0);
        std::vector<double> d;
        for (std::size_t i = 0; i < row->summary.count; ++i)
            d.push_back(
                static_cast<double>(full->results->ends(*row)[i] - full->results->starts(*row)[i]) /
                1e9);
        std::sort(d.begin(), d.end());
        const double position = 0.9 * (d.size() - 1);
        const auto k = static_cast<std::size_t>(position);
        const double p90 = d[k] + (d[k + 1] - d[k]) * (position - k);
        QVERIFY(close(number(model, "solve", RegionTableModel::P90), p90));
        QVERIFY(close(number(model, "solve", RegionTableModel::P50), (d[2] + d[3]) / 2));
    }

    // The viewer shows the numbers first and fills the percentiles in when
    // they are sorted out: the table keeps its order and the selection.
    void percentilesArriveAfterTheNumbers() {
        RegionTableModel model;
        RegionFilterProxy proxy;
        proxy.setSourceModel(&model);
        QAbstractItemModelTester tester(&model,
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        const auto run = load("run_np3.h5");
        model.setRows(run, scope::RegionTable::compute(*run->results, {}, nullptr, false), true);
        proxy.sort(RegionTableModel::Total, Qt::DescendingOrder);
        const QJsonObject expected = regionStatistics("run_np3.region_statistics.json");
        QVERIFY(close(number(model, "solve", RegionTableModel::Total),
                      expected["solve"].toObject()["total_duration_seconds"].toDouble()));
        const QModelIndex p50 = model.index(rowOf(model, "solve"), RegionTableModel::P50);
        QCOMPARE(p50.data().toString(), QStringLiteral("…"));
        QVERIFY(p50.data(Qt::ToolTipRole).toString().contains(QStringLiteral("Computing")));
        const QString topRegion = proxy.index(0, RegionTableModel::Region).data().toString();

        QSignalSpy reset(&model, &QAbstractItemModel::modelReset);
        QSignalSpy changed(&model, &QAbstractItemModel::dataChanged);
        model.setPercentiles(scope::RegionTable::compute(*run->results, {}));
        QCOMPARE(reset.size(), 0);
        QCOMPARE(changed.size(), 1);
        QVERIFY(!model.percentilesPending());
        QVERIFY(p50.data(RegionTableModel::AvailableRole).toBool());
        QCOMPARE(
            p50.data(RegionTableModel::SortRole).toDouble(),
            scope::Percentiles::of(*run->results, *run->results->regionIndex("solve"), {}).p50);
        QCOMPARE(proxy.index(0, RegionTableModel::Region).data().toString(), topRegion);
    }

    void imbalanceCountsRanksWithoutCalls() {
        // io_checkpoint runs on ranks 0 and 2 of 3: the mean is over all three
        // (rank 1 did none of the work), from scope-profiler's per-rank totals.
        RegionTableModel model;
        fill(model, load("run_np3.h5"));
        const QJsonObject perRank =
            regionStatistics("run_np3.region_statistics.json")["io_checkpoint"]
                .toObject()["per_rank"]
                .toObject();
        QCOMPARE(perRank.size(), 2);
        const double t0 = perRank["0"].toObject()["total_duration_seconds"].toDouble();
        const double t2 = perRank["2"].toObject()["total_duration_seconds"].toDouble();
        const double expected = std::max(t0, t2) / ((t0 + t2) / 3.0);
        QVERIFY(expected > 1.4);
        QVERIFY(close(number(model, "io_checkpoint", RegionTableModel::Imbalance), expected));
        QVERIFY(model.index(rowOf(model, "io_checkpoint"), RegionTableModel::Imbalance)
                    .data(Qt::ToolTipRole)
                    .toString()
                    .contains("3 selected ranks"));
    }

    void recursiveRegionIsMarkedAndItsShareIsTheTimeItCovered() {
        // main [0,200]; fib [0,100] > [10,90] > [20,80] and [120,150]: Total
        // 270 ns (every call, as scope-profiler sums it), covered 130 ns.
        auto run = std::make_shared<RunData>();
        run->results = std::make_shared<const scope::ProfilingResults>(makeResults(
            {{0, "main", {{0, 200}}}, {0, "fib", {{0, 100}, {10, 90}, {20, 80}, {120, 150}}}}));
        RegionTableModel model;
        QAbstractItemModelTester tester(&model,
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        fill(model, run);
        const int fib = rowOf(model, "fib");
        QVERIFY(fib >= 0);
        QCOMPARE(model.index(fib, RegionTableModel::Region).data().toString(),
                 QStringLiteral("fib ↻"));
        QVERIFY(model.index(fib, RegionTableModel::Region)
                    .data(Qt::ToolTipRole)
                    .toString()
                    .contains("counts the nested calls again"));
        QVERIFY(close(number(model, "fib", RegionTableModel::Total), 270e-9));
        QVERIFY(close(number(model, "fib", RegionTableModel::Wall), 130e-9));
        QVERIFY(close(number(model, "fib", RegionTableModel::Share), 0.65));
        QCOMPARE(model.index(rowOf(model, "main"), RegionTableModel::Region).data().toString(),
                 QStringLiteral("main"));
    }

    void aggregateStdIsUnavailableNotZero() {
        RegionTableModel model;
        fill(model, load("v3_aggregate.h5"));
        const QModelIndex std = model.index(rowOf(model, "solve"), RegionTableModel::Std);
        QCOMPARE(std.data().toString(), QStringLiteral("n/a"));
        QVERIFY(std.data(Qt::ToolTipRole).toString().contains("aggregate"));
        QVERIFY(model.index(rowOf(model, "solve"), RegionTableModel::Average)
                    .data(RegionTableModel::AvailableRole)
                    .toBool());
        // Greyed, yet readable on both row colours (WCAG AA).
        const QColor grey = std.data(Qt::ForegroundRole).value<QColor>();
        QVERIFY(grey.isValid());
        for (QPalette::ColorRole row : {QPalette::Base, QPalette::AlternateBase})
            QVERIFY2(ColorContrast::ratio(grey, QPalette().color(row)) >= 4.5,
                     qPrintable(grey.name()));
        QVERIFY(grey != QPalette().color(QPalette::Text)); // still told apart
    }

    void gpuColumnsOnlyForRunsWithGpuTime() {
        RegionTableModel model;
        QAbstractItemModelTester tester(&model,
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        QTableView view;
        view.setModel(&model);
        fill(model, load("run_np3.h5"));
        QVERIFY(!model.hasGpuColumns());
        QCOMPARE(model.columnCount(), int(RegionTableModel::ColumnCount));
        QVERIFY(RegionTableCsv::text(model, *view.horizontalHeader()).find("GPU") ==
                std::string::npos);

        QTemporaryDir dir;
        const QString path = dir.filePath("gpu.h5");
        scope::fixtures::FixtureWriter::write(scope::fixtures::SampleSpecs::gpuRun(),
                                              path.toStdString());
        auto run = std::make_shared<RunData>();
        run->path = path;
        run->results =
            std::make_shared<const scope::ProfilingResults>(scope::readH5(path.toStdString()));
        fill(model, run);
        QVERIFY(model.hasGpuColumns());
        QCOMPARE(model.columnCount(), int(RegionTableModel::ColumnCountWithGpu));
        QCOMPARE(RegionTableModel::columnIds(true).size(), model.columnCount());
        QCOMPARE(model.headerData(RegionTableModel::GpuTotal, Qt::Horizontal).toString(),
                 QStringLiteral("GPU total"));
        // SampleSpecs::gpuRun: 20 + 30 + 70 ns in 3 of 5 kernel calls (-1 = none).
        QCOMPARE(number(model, "kernel", RegionTableModel::GpuCalls), 3.0);
        QVERIFY(close(number(model, "kernel", RegionTableModel::GpuTotal), 120e-9));
        QVERIFY(close(number(model, "kernel", RegionTableModel::GpuAverage), 40e-9));
        QCOMPARE(model.index(rowOf(model, "kernel"), RegionTableModel::GpuTotal).data().toString(),
                 QStringLiteral("120 ns"));
        const QModelIndex hostGpu = model.index(rowOf(model, "host"), RegionTableModel::GpuTotal);
        QCOMPARE(number(model, "host", RegionTableModel::GpuCalls), 0.0);
        QVERIFY(!hostGpu.data(RegionTableModel::AvailableRole).toBool());
        QCOMPARE(hostGpu.data().toString(), QStringLiteral("n/a"));

        fill(model, run, scope::RankSelection({0}));
        QVERIFY(close(number(model, "kernel", RegionTableModel::GpuTotal), 50e-9));

        // The CSV follows the columns: full names, seconds, counts as integers.
        fill(model, run);
        const std::string csv = RegionTableCsv::text(model, *view.horizontalHeader());
        QVERIFY2(csv.find(",GPU calls,GPU total time (s),GPU average (s)\r\n") != std::string::npos,
                 csv.c_str());
        QVERIFY2(csv.find(",3,1.2e-07,4e-08\r\n") != std::string::npos, csv.c_str());
    }
};

QTEST_MAIN(TestRegionTableModel)
#include "tst_RegionTableModel.moc"
