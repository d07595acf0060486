// SPDX-License-Identifier: GPL-3.0-or-later
// Everything besides the statistics that a file carries: metadata of every
// kind, the optional per-row and per-call columns, LIKWID, line profiles and
// perf events, with variable- and fixed-length strings.
#include "FixtureWriter.h"
#include "SampleSpecs.h"
#include "TestSupport.h"
#include "format/ProfileReader.h"

#include <QTemporaryDir>
#include <QtTest>

#include <variant>

using namespace scope;
using namespace scope::fixtures;

namespace {

FixtureSpec fullSpec(int schema, StringStorage strings) {
    FixtureSpec spec = SampleSpecs::standard(schema);
    spec.strings = strings;
    SampleSpecs::addAuxiliary(spec);
    for (FixtureRow& row : spec.rows)
        if (row.region == "solve")
            row.eventMetadata = R"({"solver": "cg", "rank": )" + std::to_string(row.rank) + "}";
    return spec;
}

void addRows(int schema) {
    for (const StringStorage strings : {StringStorage::Variable, StringStorage::Fixed})
        QTest::addRow("schema %d, %s strings", schema,
                      strings == StringStorage::Fixed ? "fixed" : "variable")
            << fullSpec(schema, strings);
}

ReadRequest withFallback() {
    ReadRequest options;
    options.fallback = true;
    return options;
}

QString describe(const MetadataItem& item) {
    return QString::fromStdString(item.key);
}

} // namespace

class TestFileContents : public QObject {
    Q_OBJECT

    QTemporaryDir dir_;
    std::string write(const FixtureSpec& spec) {
        const std::string file =
            dir_.filePath(QStringLiteral("%1.h5").arg(QTest::currentDataTag())).toStdString();
        FixtureWriter::write(spec, file);
        return file;
    }

private slots:
    void metadata_data() {
        QTest::addColumn<FixtureSpec>("spec");
        addRows(1);
        addRows(3);
    }
    void metadata() {
        QFETCH(FixtureSpec, spec);
        const std::string file = write(spec);
        for (const ProfilingResults& results :
             {readH5(file), readH5Summary(file, withFallback())}) {
            QCOMPARE(results.metadata.entries.size(), spec.metadata.size());
            for (const MetadataItem& item : spec.metadata) {
                const MetadataValue* value = results.metadata.find(item.key);
                QVERIFY2(value != nullptr, qPrintable(describe(item)));
                if (const auto* text = std::get_if<std::string>(&item.value)) {
                    QCOMPARE(results.metadata.text(item.key), std::optional<std::string>(*text));
                } else if (const auto* integer = std::get_if<std::int64_t>(&item.value)) {
                    QCOMPARE(results.metadata.integer(item.key),
                             std::optional<std::int64_t>(*integer));
                } else if (const auto* number = std::get_if<double>(&item.value)) {
                    QCOMPARE(results.metadata.number(item.key), std::optional<double>(*number));
                } else {
                    const auto* list = std::get_if<std::vector<std::string>>(value);
                    QVERIFY2(list != nullptr, qPrintable(describe(item)));
                    QCOMPARE(*list, std::get<std::vector<std::string>>(item.value));
                }
            }
        }
    }

    // Sources, tags, event metadata, exclusive totals, GPU durations and
    // call/parent ids, per row and per call.
    void optionalColumns_data() {
        QTest::addColumn<FixtureSpec>("spec");
        addRows(1);
        addRows(2);
        addRows(3);
    }
    void optionalColumns() {
        QFETCH(FixtureSpec, spec);
        const std::string file = write(spec);
        const ProfilingResults results = readH5(file);
        QVERIFY(results.events.hasCallIds());
        QCOMPARE(results.events.gpuDurations.size(), results.events.size());
        for (const FixtureRow& expected : spec.rows) {
            const QString at = testing::where(file, expected.region, expected.rank);
            const auto region = results.regionIndex(expected.region);
            QVERIFY2(region, qPrintable(at));
            const RankRegion* row = results.row(*region, expected.rank);
            QVERIFY2(row != nullptr, qPrintable(at));
            const RowDetails& details = results.details(*row);
            QCOMPARE(details.source.file, expected.sourceFile);
            QCOMPARE(details.source.line, expected.sourceLine);
            QCOMPARE(details.source.text, expected.sourceText);
            QCOMPARE(details.tags, expected.tags);
            if (spec.schema >= 2) {
                QCOMPARE(details.eventMetadata, expected.eventMetadata);
                QCOMPARE(row->exclusiveNs, expected.exclusiveTotal);
            }
            std::uint64_t gpuCount = 0;
            std::int64_t gpuTotal = 0;
            for (const std::int64_t gpu : expected.gpuDurations)
                if (gpu >= 0) {
                    ++gpuCount;
                    gpuTotal += gpu;
                }
            QCOMPARE(row->summary.gpuCount, gpuCount);
            QCOMPARE(row->summary.gpuTotal, gpuTotal);
            for (std::size_t i = 0; i < expected.starts.size(); ++i) {
                const std::size_t at = row->offset + i;
                QCOMPARE(results.events.callIds[at], expected.callIds[i]);
                QCOMPARE(results.events.parentIds[at], expected.parentIds[i]);
                QCOMPARE(results.events.gpuDurations[at],
                         expected.gpuDurations.empty() ? -1 : expected.gpuDurations[i]);
            }
        }
        if (spec.schema < 2)
            return;
        // The summary columns carry the GPU figures too.
        const ProfilingResults summary = readH5Summary(file);
        for (const RankRegion& row : results.rows) {
            const RankRegion* other = summary.row(row.region, row.rank);
            QVERIFY(other != nullptr);
            QCOMPARE(other->summary.gpuCount, row.summary.gpuCount);
            QCOMPARE(other->summary.gpuTotal, row.summary.gpuTotal);
            QCOMPARE(summary.details(*other).tags, results.details(row).tags);
            QCOMPARE(summary.details(*other).source.file, results.details(row).source.file);
        }
    }

    void auxiliary_data() {
        QTest::addColumn<FixtureSpec>("spec");
        addRows(1);
        addRows(3);
    }
    void auxiliary() {
        QFETCH(FixtureSpec, spec);
        const std::string file = write(spec);
        const ProfilingResults results = readH5(file);
        std::size_t likwidRegions = 0;
        for (const LikwidRankSpec& rank : spec.likwid) {
            const auto found =
                std::find_if(results.likwidRanks.begin(), results.likwidRanks.end(),
                             [&](const LikwidRank& r) { return r.rank == rank.rank; });
            QVERIFY(found != results.likwidRanks.end());
            for (const auto& [key, value] : rank.environment)
                QCOMPARE(found->attributes.text(key), std::optional<std::string>(value));
            QCOMPARE(found->attributes.integer("num_regions"),
                     std::optional<std::int64_t>(static_cast<std::int64_t>(rank.regions.size())));
            for (const LikwidRegionSpec& expected : rank.regions) {
                ++likwidRegions;
                const auto got = std::find_if(
                    results.likwid.begin(), results.likwid.end(), [&](const LikwidRegion& r) {
                        return r.rank == rank.rank && r.tag == expected.tag;
                    });
                QVERIFY2(got != results.likwid.end(), expected.tag.c_str());
                QCOMPARE(got->groupId, expected.groupId);
                QCOMPARE(got->groupName, expected.groupName);
                QCOMPARE(got->source, expected.source);
                QCOMPARE(got->eventNames, expected.eventNames);
                QCOMPARE(got->counterNames,
                         expected.counterNames.value_or(std::vector<std::string>{}));
                QCOMPARE(got->metricNames, expected.metricNames);
                QCOMPARE(got->cpus, expected.cpus);
                QCOMPARE(got->times, expected.times);
                QCOMPARE(got->callCounts, expected.callCounts);
                QCOMPARE(got->events, expected.events);
                QCOMPARE(got->metrics, expected.metrics);
            }
        }
        QCOMPARE(results.likwid.size(), likwidRegions);

        QCOMPARE(results.lineProfiles.size(), spec.lineProfiles.size());
        for (const LineProfileSpec& expected : spec.lineProfiles) {
            const auto got =
                std::find_if(results.lineProfiles.begin(), results.lineProfiles.end(),
                             [&](const LineProfile& p) {
                                 return p.rank == expected.rank && p.function == expected.function;
                             });
            QVERIFY2(got != results.lineProfiles.end(), expected.function.c_str());
            QCOMPARE(got->region, expected.region);
            QCOMPARE(got->filename, expected.filename);
            QCOMPARE(got->firstLine, expected.firstLine);
            QCOMPARE(got->unit, expected.unit);
            QCOMPARE(got->source, expected.source.value_or(std::string{}));
            if (expected.source)
                QCOMPARE(got->sourceFirstLine, expected.sourceFirstLine);
            QCOMPARE(got->lineNumbers, expected.lineNumbers);
            QCOMPARE(got->hits, expected.hits);
            QCOMPARE(got->times, expected.times);
        }

        QCOMPARE(results.perfEvents.size(), spec.perfEvents.size());
        for (const PerfEventSpec& expected : spec.perfEvents) {
            const auto got = std::find_if(
                results.perfEvents.begin(), results.perfEvents.end(), [&](const PerfEventSet& p) {
                    return p.rank == expected.rank && p.region == expected.region;
                });
            QVERIFY2(got != results.perfEvents.end(), expected.region.c_str());
            QCOMPARE(got->calls, expected.calls);
            QCOMPARE(got->eventNames, expected.eventNames);
            QCOMPARE(got->values, expected.values);
        }

        // A summary read leaves LIKWID and line profiles out unless asked.
        ReadRequest options;
        options.fallback = true;
        const ProfilingResults lean = readH5Summary(file, options);
        QVERIFY(lean.likwid.empty());
        QVERIFY(lean.lineProfiles.empty());
        options.includeLikwid = true;
        options.includeLineProfile = true;
        const ProfilingResults rich = readH5Summary(file, options);
        QCOMPARE(rich.likwid.size(), likwidRegions);
        QCOMPARE(rich.lineProfiles.size(), spec.lineProfiles.size());
    }

    // A summary read restricted to some regions and ranks.
    void summarySelection() {
        FixtureSpec spec = SampleSpecs::standard(3);
        const std::string file = write(spec);
        ReadRequest options;
        options.regions = {"Löser-ε", "solve", "no such region"};
        options.ranks = {0, 2};
        const ProfilingResults results = readH5Summary(file, options);
        QCOMPARE(results.regions, (std::vector<std::string>{"solve", "Löser-ε"}));
        for (const RankRegion& row : results.rows)
            QVERIFY(row.rank == 0 || row.rank == 2);
        for (std::size_t i = 0; i < results.regions.size(); ++i) {
            QCOMPARE(results.rowsOf(i).size(), std::size_t{2});
            const QString error = testing::compareStats(
                results.pooled(i),
                ReferenceStats::of(spec, results.regions[i], std::set<std::uint32_t>{0, 2}),
                testing::where(file, results.regions[i], std::nullopt), true, false);
            QVERIFY2(error.isEmpty(), qPrintable(error));
        }
    }
};

QTEST_APPLESS_MAIN(TestFileContents)
#include "tst_FileContents.moc"
