// SPDX-License-Identifier: GPL-3.0-or-later
// RegionStatisticsJson and RegionStatisticsCsv on results built by hand, so the
// whole text can be checked: the expected JSON is what json.dumps(indent=2)
// prints for the payload scope-profiler's collect_region_statistics builds.
// (No \" inside the raw string: Qt 6.4's moc mis-tokenizes it and emits nothing.)
#include "events/RowStatistics.h"
#include "export/RegionStatisticsCsv.h"
#include "export/RegionStatisticsJson.h"
#include "model/ExportSelection.h"
#include "model/ProfilingResults.h"

#include <QtTest>

using namespace scope;

namespace {

CallSummary summary(std::vector<std::int64_t> durations, std::int64_t start) {
    std::vector<std::int64_t> starts;
    std::vector<std::int64_t> ends;
    for (const std::int64_t d : durations) {
        starts.push_back(start);
        ends.push_back(start + d);
        start += d + 1;
    }
    return RowStatistics::measure(starts, ends).summary;
}

RankRegion row(std::uint32_t rank, std::uint32_t region, CallSummary calls) {
    RankRegion r;
    r.rank = rank;
    r.region = region;
    r.summary = calls;
    return r;
}

// Two ranks; "main" on both (1, 2 us on rank 0, 3 us on rank 1), "Löser-ε" on
// rank 1, "idle" entered on rank 0 without calls.
ProfilingResults handBuilt(std::string path) {
    ProfilingResults results;
    results.path = std::move(path);
    results.schemaVersion = 3;
    results.numRanks = 2;
    results.regions = {"idle", "Löser-ε", "main"};
    results.rows.push_back(row(0, 2, summary({1000, 2000}, 10)));
    results.rows.push_back(row(1, 2, summary({3000}, 20)));
    results.rows.push_back(row(1, 1, summary({500}, 100)));
    results.rows.push_back(row(0, 0, CallSummary{}));
    results.metadata.entries = {{"label", std::string("case ü")},
                                {"mpi_size", std::int64_t{2}},
                                {"ratio", 0.5},
                                {"modules", std::vector<std::string>{}}};
    results.damaged.push_back({1, "bad", "lengths differ"});
    results.finalize();
    return results;
}

const char* const kExpectedJson = R"({
  "units": {
    "durations": "seconds"
  },
  "filters": {
    "include": null,
    "exclude": null,
    "ranks": null
  },
  "common_regions": [
    "main",
    "L\u00f6ser-\u03b5",
    "idle"
  ],
  "files": [
    {
      "label": "run",
      "file_path": "/nonexistent/case/run.h5",
      "num_ranks": 2,
      "region_statistics": {
        "main": {
          "count": 3,
          "average_duration_seconds": 2e-06,
          "min_duration_seconds": 1e-06,
          "max_duration_seconds": 3e-06,
          "std_duration_seconds": 8.16496580927726e-07,
          "total_duration_seconds": 6e-06,
          "per_rank": {
            "0": {
              "count": 2,
              "average_duration_seconds": 1.5e-06,
              "min_duration_seconds": 1e-06,
              "max_duration_seconds": 2e-06,
              "std_duration_seconds": 5e-07,
              "total_duration_seconds": 3e-06
            },
            "1": {
              "count": 1,
              "average_duration_seconds": 3e-06,
              "min_duration_seconds": 3e-06,
              "max_duration_seconds": 3e-06,
              "std_duration_seconds": 0.0,
              "total_duration_seconds": 3e-06
            }
          }
        },
        "L\u00f6ser-\u03b5": {
          "count": 1,
          "average_duration_seconds": 5e-07,
          "min_duration_seconds": 5e-07,
          "max_duration_seconds": 5e-07,
          "std_duration_seconds": 0.0,
          "total_duration_seconds": 5e-07,
          "per_rank": {
            "1": {
              "count": 1,
              "average_duration_seconds": 5e-07,
              "min_duration_seconds": 5e-07,
              "max_duration_seconds": 5e-07,
              "std_duration_seconds": 0.0,
              "total_duration_seconds": 5e-07
            }
          }
        },
        "idle": {
          "count": 0,
          "average_duration_seconds": null,
          "min_duration_seconds": null,
          "max_duration_seconds": null,
          "std_duration_seconds": null,
          "total_duration_seconds": null,
          "per_rank": {
            "0": {
              "count": 0,
              "average_duration_seconds": null,
              "min_duration_seconds": null,
              "max_duration_seconds": null,
              "std_duration_seconds": null,
              "total_duration_seconds": null
            }
          }
        }
      },
      "schema_version": 3,
      "summary_only": true,
      "region_order": [
        "main",
        "L\u00f6ser-\u03b5",
        "idle"
      ],
      "minimum_start_time_seconds": 1e-08,
      "metadata": {
        "label": "case \u00fc",
        "mpi_size": 2,
        "ratio": 0.5,
        "modules": []
      },
      "damaged": [
        {
          "rank": 1,
          "region": "bad",
          "reason": "lengths differ"
        }
      ]
    }
  ]
})";

const QJsonObject parse(const std::string& text) {
    QJsonParseError error;
    const auto document = QJsonDocument::fromJson(QByteArray::fromStdString(text), &error);
    if (error.error != QJsonParseError::NoError)
        qWarning() << error.errorString();
    return document.object();
}

ExportSelection selection(std::vector<std::string> include, std::vector<std::string> exclude,
                          RankSelection ranks = {}) {
    return ExportSelection(RegionFilter(std::move(include), std::move(exclude)), std::move(ranks));
}

} // namespace

class TestRegionStatisticsExport : public QObject {
    Q_OBJECT

private slots:
    void jsonTextEqualsJsonDumps();
    void filtersAreEchoed();
    void rankSelectionPoolsAndListsOnlySelectedRanks();
    void severalFilesShareCommonRegionsAndUniqueLabels();
    void aggregateStdIsNull();
    void csvRowsAndQuoting();
};

void TestRegionStatisticsExport::jsonTextEqualsJsonDumps() {
    const ProfilingResults results = handBuilt("/nonexistent/case/run.h5");
    QCOMPARE(QString::fromStdString(RegionStatisticsJson().write(results)),
             QString::fromUtf8(kExpectedJson));
}

void TestRegionStatisticsExport::filtersAreEchoed() {
    const ProfilingResults results = handBuilt("/nonexistent/case/run.h5");
    const auto json = parse(
        RegionStatisticsJson(selection({"main", "L"}, {"Lö"}, RankSelection({1}))).write(results));
    const QJsonObject filters = json["filters"].toObject();
    QCOMPARE(filters["include"].toArray(), (QJsonArray{"main", "L"}));
    QCOMPARE(filters["exclude"].toArray(), QJsonArray{QStringLiteral("Lö")});
    QCOMPARE(filters["ranks"].toArray(), QJsonArray{1});
    QCOMPARE(json["common_regions"].toArray(), QJsonArray{"main"});
    const QJsonObject stats = json["files"][0]["region_statistics"].toObject();
    QCOMPARE(stats.keys(), QStringList{"main"});
}

void TestRegionStatisticsExport::rankSelectionPoolsAndListsOnlySelectedRanks() {
    const ProfilingResults results = handBuilt("/nonexistent/case/run.h5");
    const auto json =
        parse(RegionStatisticsJson(selection({}, {}, RankSelection({1}))).write(results));
    const QJsonObject stats = json["files"][0]["region_statistics"].toObject();
    const QJsonObject main = stats["main"].toObject();
    QCOMPARE(main["count"].toInt(), 1);
    QCOMPARE(main["total_duration_seconds"].toDouble(), 3e-06);
    QCOMPARE(main["per_rank"].toObject().keys(), QStringList{"1"});
    // "idle" has a row only on rank 0: nothing selected, so no calls and no per_rank entry.
    const QJsonObject idle = stats["idle"].toObject();
    QCOMPARE(idle["count"].toInt(), 0);
    QVERIFY(idle["average_duration_seconds"].isNull());
    QVERIFY(idle["per_rank"].toObject().isEmpty());
}

void TestRegionStatisticsExport::severalFilesShareCommonRegionsAndUniqueLabels() {
    const ProfilingResults first = handBuilt("/nonexistent/a/run.h5");
    ProfilingResults second;
    second.path = "/nonexistent/b/run.h5";
    second.numRanks = 1;
    second.regions = {"idle", "main", "other"};
    second.rows.push_back(row(0, 1, summary({10}, 0)));
    second.rows.push_back(row(0, 2, summary({10}, 5)));
    second.finalize();
    ProfilingResults third = second;
    third.path = "/nonexistent/c/run.h5";

    const ProfilingResults* files[] = {&first, &second, &third};
    QCOMPARE(ExportSelection::labels(files),
             (std::vector<std::string>{"run", "run (2)", "run (3)"}));
    const auto json = parse(RegionStatisticsJson().write(files));
    // In the first file's order: "Löser-ε" is missing from the others.
    QCOMPARE(json["common_regions"].toArray(), (QJsonArray{"main", "idle"}));
    QCOMPARE(json["files"].toArray().size(), 3);
    QCOMPARE(json["files"][1]["label"].toString(), QStringLiteral("run (2)"));
    // A region excluded from one file drops out of the common ones.
    const auto filtered = parse(RegionStatisticsJson(selection({}, {"idle"})).write(files));
    QCOMPARE(filtered["common_regions"].toArray(), QJsonArray{"main"});
}

void TestRegionStatisticsExport::aggregateStdIsNull() {
    ProfilingResults results;
    results.path = "agg.h5";
    results.layout = StorageLayout::Aggregate;
    results.numRanks = 1;
    results.regions = {"main"};
    CallSummary calls;
    calls.count = 2;
    calls.total = 3000;
    calls.minimum = 1000;
    calls.maximum = 2000;
    calls.hasSpread = false;
    calls.hasTimes = false;
    results.rows.push_back(row(0, 0, calls));
    results.finalize();

    const auto json = parse(RegionStatisticsJson().write(results));
    const QJsonObject main = json["files"][0]["region_statistics"]["main"].toObject();
    QVERIFY(main["std_duration_seconds"].isNull());
    QCOMPARE(main["average_duration_seconds"].toDouble(), 1.5e-06);
    QVERIFY(main["per_rank"]["0"]["std_duration_seconds"].isNull());
    QVERIFY(json["files"][0]["minimum_start_time_seconds"].isNull());

    const std::string csv = RegionStatisticsCsv().write(results);
    QCOMPARE(csv, std::string("file,region,rank,count,total_s,average_s,min_s,max_s,std_s\r\n"
                              "agg,main,0,2,3e-06,1.5e-06,1e-06,2e-06,\r\n"
                              "agg,main,all,2,3e-06,1.5e-06,1e-06,2e-06,\r\n"));
}

void TestRegionStatisticsExport::csvRowsAndQuoting() {
    ProfilingResults results = handBuilt("/nonexistent/case/run.h5");
    results.regions[results.regionIndex("main").value()] = "f(a, \"b\")";
    const std::string csv = RegionStatisticsCsv().write(results);
    QCOMPARE(csv, std::string("file,region,rank,count,total_s,average_s,min_s,max_s,std_s\r\n"
                              "run,\"f(a, \"\"b\"\")\",0,2,3e-06,1.5e-06,1e-06,2e-06,5e-07\r\n"
                              "run,\"f(a, \"\"b\"\")\",1,1,3e-06,3e-06,3e-06,3e-06,0.0\r\n"
                              "run,\"f(a, \"\"b\"\")\",all,3,6e-06,2e-06,1e-06,3e-06,"
                              "8.16496580927726e-07\r\n"
                              "run,Löser-ε,1,1,5e-07,5e-07,5e-07,5e-07,0.0\r\n"
                              "run,Löser-ε,all,1,5e-07,5e-07,5e-07,5e-07,0.0\r\n"
                              "run,idle,0,0,,,,,\r\n"
                              "run,idle,all,0,,,,,\r\n"));
}

QTEST_APPLESS_MAIN(TestRegionStatisticsExport)
#include "tst_RegionStatisticsExport.moc"
