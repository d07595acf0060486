// SPDX-License-Identifier: GPL-3.0-or-later
// scope-report --call-tree against a reconstruction written here from the
// raw start/end columns: calls nested by brute force as the contract words it
// (per rank, by start, longer first; a call's parent is the innermost earlier
// call still open), then aggregated per path. Nothing of core/analysis is used.
#include "FixtureWriter.h"
#include "ScopeReportRunner.h"
#include "format/ProfileReader.h"

#include <QtTest>

#include <algorithm>
#include <functional>
#include <map>
#include <set>
#include <tuple>

using namespace scope::fixtures;
using namespace scope::testing;

namespace {

struct PathTotals {
    std::uint64_t calls = 0;
    std::int64_t inclusiveNs = 0;
    std::int64_t exclusiveNs = 0;
    bool operator==(const PathTotals&) const = default;
};
using Tree = std::map<QStringList, PathTotals>;

struct Call {
    std::int64_t start;
    std::int64_t end;
    std::int64_t callId;
    std::uint64_t event;
    std::string region;
};

// The paths of the calls of `ranks` (all when empty) of the file at `path`.
Tree reconstruct(const QString& path, const std::set<std::uint32_t>& ranks = {}) {
    const scope::ProfilingResults results = scope::readH5(path.toStdString());
    const bool ids = results.events.hasCallIds();
    std::map<std::uint32_t, std::vector<Call>> perRank;
    for (const scope::RankRegion& row : results.rows) {
        if (!ranks.empty() && !ranks.contains(row.rank))
            continue;
        for (std::uint64_t i = 0; i < row.summary.count; ++i) {
            const std::uint64_t e = row.offset + i;
            const std::int64_t start = results.events.starts[e];
            const std::int64_t end = std::max(results.events.ends[e], start);
            perRank[row.rank].push_back(
                {start, end, ids ? results.events.callIds[e] : 0, e, results.regions[row.region]});
        }
    }
    Tree tree;
    for (auto& [rank, calls] : perRank) {
        std::sort(calls.begin(), calls.end(), [](const Call& a, const Call& b) {
            return std::tie(a.start, b.end, a.callId, a.event) <
                   std::tie(b.start, a.end, b.callId, b.event);
        });
        const std::size_t n = calls.size();
        // Latest end among calls 0..k: once it is at or before a start, no
        // call up to k can still be open then.
        std::vector<std::int64_t> latestEnd(n);
        for (std::size_t k = 0; k < n; ++k)
            latestEnd[k] = std::max(k > 0 ? latestEnd[k - 1] : calls[k].end, calls[k].end);
        std::vector<QStringList> paths(n);
        std::vector<std::int64_t> nestedNs(n, 0);
        std::vector<std::size_t> parent(n, n);
        for (std::size_t k = 0; k < n; ++k) {
            const Call& c = calls[k];
            for (std::size_t j = k; j-- > 0;) {
                const Call& p = calls[j];
                const bool zeroSharing = p.start == p.end && p.start == c.start;
                if (p.end > c.start || zeroSharing) {
                    parent[k] = j;
                    break;
                }
                if (p.start < c.start && latestEnd[j] <= c.start)
                    break;
            }
            if (parent[k] < n) {
                const Call& p = calls[parent[k]];
                paths[k] = paths[parent[k]];
                nestedNs[parent[k]] += std::min(c.end, p.end) - c.start;
            }
            paths[k] << QString::fromStdString(c.region);
        }
        for (std::size_t k = 0; k < n; ++k) {
            PathTotals& totals = tree[paths[k]];
            ++totals.calls;
            totals.inclusiveNs += calls[k].end - calls[k].start;
            totals.exclusiveNs += calls[k].end - calls[k].start - nestedNs[k];
        }
    }
    return tree;
}

QStringList pathOf(const QJsonObject& entry) {
    QStringList path;
    for (const QJsonValue& name : entry["path"].toArray())
        path << name.toString();
    return path;
}

// Every entry of `entries` matches `expected` (1e-12 s), and every expected
// path accepted by `listed` is there.
void compareTree(const QJsonArray& entries, const Tree& expected,
                 const std::function<bool(const QStringList&)>& listed) {
    std::set<QStringList> seen;
    for (const QJsonValue& value : entries) {
        const QJsonObject entry = value.toObject();
        const QStringList path = pathOf(entry);
        const QString name = path.join(" > ");
        QVERIFY2(seen.insert(path).second, qPrintable("listed twice: " + name));
        QVERIFY2(listed(path), qPrintable("should not be listed: " + name));
        const auto it = expected.find(path);
        QVERIFY2(it != expected.end(), qPrintable("no such path: " + name));
        QCOMPARE(entry["calls"].toInteger(), static_cast<qint64>(it->second.calls));
        QVERIFY2(std::abs(entry["inclusive_seconds"].toDouble() - it->second.inclusiveNs * 1e-9) <=
                     1e-12,
                 qPrintable(name));
        QVERIFY2(std::abs(entry["exclusive_seconds"].toDouble() - it->second.exclusiveNs * 1e-9) <=
                     1e-12,
                 qPrintable(name));
    }
    for (const auto& [path, totals] : expected)
        QVERIFY2(!listed(path) || seen.contains(path), qPrintable("missing: " + path.join(" > ")));
}

// Depth first, each path right after its caller's subtree began, siblings
// costliest first.
void checkOrder(const QJsonArray& entries) {
    std::vector<QStringList> stack; // the current chain of listed paths
    std::map<QStringList, double> lastSibling;
    for (const QJsonValue& value : entries) {
        const QStringList path = pathOf(value.toObject());
        while (!stack.empty() && stack.back() != path.mid(0, path.size() - 1))
            stack.pop_back();
        QVERIFY2(path.size() == 1 || !stack.empty(),
                 qPrintable("listed away from its caller: " + path.join(" > ")));
        const QStringList caller = path.mid(0, path.size() - 1);
        const double inclusive = value.toObject()["inclusive_seconds"].toDouble();
        if (const auto it = lastSibling.find(caller); it != lastSibling.end())
            QVERIFY2(inclusive <= it->second,
                     qPrintable("not costliest first: " + path.join(" > ")));
        lastSibling[caller] = inclusive;
        stack.push_back(path);
    }
}

QJsonArray callTreeOf(const Run& run, int file = 0) {
    return parseJson(run.out)["files"].toArray().at(file).toObject()["call_tree"].toArray();
}

const auto kAll = [](const QStringList&) { return true; };

} // namespace

class TestScopeReportCallTree : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void matchesIndependentNesting_data();
    void matchesIndependentNesting();
    void ranksSubset();
    void includeAndExcludeChooseListedPaths();
    void withoutPerCallDataIsNull();
    void overlapsWarnOncePerFile();
    void textIndentsTheTree();
    void jsonWithoutCallTreeUnchanged();
    void rejectedWithDiff();

private:
    QTemporaryDir dir_;
    QString handMade_;
    QString overlapping_;
};

void TestScopeReportCallTree::initTestCase() {
    QVERIFY(dir_.isValid());
    // Rank 0 on paper (ms): main [0, 10] > setup [0.5, 1.5], solve [2, 8] >
    // rhs [3, 4] and [5, 7]. Rank 1: zero-length calls and equal intervals.
    constexpr std::int64_t ms = 1'000'000;
    FixtureSpec spec;
    spec.rows = {
        FixtureRow::make(0, "main", {0}, {10 * ms}),
        FixtureRow::make(0, "setup", {ms / 2}, {3 * ms / 2}),
        FixtureRow::make(0, "solve", {2 * ms}, {8 * ms}),
        FixtureRow::make(0, "rhs", {3 * ms, 5 * ms}, {4 * ms, 7 * ms}),
        FixtureRow::make(1, "main", {0}, {4 * ms}),
        FixtureRow::make(1, "solve", {ms, 2 * ms}, {ms, 3 * ms}),
        FixtureRow::make(1, "rhs", {ms, 2 * ms}, {ms, 3 * ms}),
    };
    handMade_ = dir_.filePath("hand_made.h5");
    FixtureWriter::write(spec, handMade_.toStdString());

    // 'b' starts inside 'a' and ends after it.
    FixtureSpec overlap;
    overlap.rows = {
        FixtureRow::make(0, "main", {0}, {10 * ms}),
        FixtureRow::make(0, "a", {2 * ms}, {6 * ms}),
        FixtureRow::make(0, "b", {4 * ms}, {8 * ms}),
    };
    overlapping_ = dir_.filePath("overlapping.h5");
    FixtureWriter::write(overlap, overlapping_.toStdString());
}

void TestScopeReportCallTree::matchesIndependentNesting_data() {
    QTest::addColumn<QString>("file");
    for (const char* file : {"run_serial.h5", "run_np3.h5", "run_cli_cg.h5", "v3_serial.h5",
                             "c-api/capi_run_rank00000.h5"})
        QTest::newRow(file) << kDataDir + "/" + file;
    QTest::newRow("hand_made") << handMade_;
    QTest::newRow("overlapping") << overlapping_;
}

void TestScopeReportCallTree::matchesIndependentNesting() {
    QFETCH(QString, file);
    const Run run = runReport({"--call-tree", "--json", "-", file});
    QCOMPARE(run.exitCode, 0);
    const QJsonArray entries = callTreeOf(run);
    const Tree expected = reconstruct(file);
    QVERIFY(!expected.empty());
    QCOMPARE(entries.size(), static_cast<qsizetype>(expected.size()));
    compareTree(entries, expected, kAll);
    checkOrder(entries);
}

void TestScopeReportCallTree::ranksSubset() {
    const QString file = kDataDir + "/run_np3.h5";
    const Run run = runReport({"--call-tree", "--ranks", "1-2", "--json", "-", file});
    QCOMPARE(run.exitCode, 0);
    const Tree expected = reconstruct(file, {1, 2});
    QVERIFY(expected != reconstruct(file));
    compareTree(callTreeOf(run), expected, kAll);

    // The hand-made rank 1 alone, on paper: main [0, 4] > solve [1, 1] >
    // rhs [1, 1] (zero-length calls sharing a start nest), solve [2, 3] >
    // rhs [2, 3] (the equal interval recorded second is the callee).
    const Run one = runReport({"--call-tree", "--ranks", "1", "--json", "-", handMade_});
    QCOMPARE(one.exitCode, 0);
    const Tree paper = {
        {{"main"}, {1, 4'000'000, 3'000'000}},
        {{"main", "solve"}, {2, 1'000'000, 0}},
        {{"main", "solve", "rhs"}, {2, 1'000'000, 1'000'000}},
    };
    compareTree(callTreeOf(one), paper, kAll);
    QCOMPARE(callTreeOf(one).size(), 3);
}

void TestScopeReportCallTree::includeAndExcludeChooseListedPaths() {
    const QString file = kDataDir + "/run_np3.h5";
    const Tree expected = reconstruct(file);
    const Run include = runReport({"--call-tree", "--json", "-", file, "--include", "rhs"});
    QCOMPARE(include.exitCode, 0);
    const auto endsInRhs = [](const QStringList& path) { return path.back().startsWith("rhs"); };
    // The listed paths keep their callers, with the whole tree's times.
    compareTree(callTreeOf(include), expected, endsInRhs);
    QVERIFY(!callTreeOf(include).isEmpty());
    QCOMPARE(pathOf(callTreeOf(include).at(0).toObject()),
             (QStringList{"main", "solve", "rhs.eval"}));

    const Run exclude =
        runReport({"--call-tree", "--json", "-", file, "--exclude", "solve", "main"});
    QCOMPARE(exclude.exitCode, 0);
    const auto notSolveOrMain = [](const QStringList& path) {
        return !path.back().startsWith("solve") && !path.back().startsWith("main");
    };
    compareTree(callTreeOf(exclude), expected, notSolveOrMain);
}

void TestScopeReportCallTree::withoutPerCallDataIsNull() {
    const Run aggregate = runReport({"--call-tree", "--json", "-", "v3_aggregate.h5"});
    QCOMPARE(aggregate.exitCode, 0);
    const QJsonObject file = parseJson(aggregate.out)["files"].toArray().at(0).toObject();
    QVERIFY(file.contains("call_tree"));
    QVERIFY(file["call_tree"].isNull());
    QVERIFY2(aggregate.err.contains("v3_aggregate.h5 has no per-call data") &&
                 aggregate.err.contains("no call tree"),
             aggregate.err.constData());

    // Summary-only next to a file with events: one null, one tree, one warning.
    const Run mixed = runReport(
        {"--call-tree", "--summary-only", "--json", "-", "v3_serial.h5", "run_serial.h5"});
    QCOMPARE(mixed.exitCode, 0);
    const QJsonArray files = parseJson(mixed.out)["files"].toArray();
    QCOMPARE(files.size(), 2);
    QVERIFY(files[0].toObject()["call_tree"].isNull());
    QCOMPARE(mixed.err.count("no per-call data"), 1);
    QVERIFY(mixed.err.contains("v3_serial.h5 has no per-call data"));
    // run_serial.h5 has no summary columns: read in full, so it has its tree.
    QVERIFY(files[1].toObject()["call_tree"].isArray());
    QVERIFY(!files[1].toObject()["call_tree"].toArray().isEmpty());

    const Run text = runReport({"--call-tree", "v3_aggregate.h5"});
    QCOMPARE(text.exitCode, 0);
    QVERIFY(text.out.contains("call tree: not available"));
}

void TestScopeReportCallTree::overlapsWarnOncePerFile() {
    const Run run = runReport({"--call-tree", "--json", "-", overlapping_, overlapping_});
    QCOMPARE(run.exitCode, 0);
    QCOMPARE(run.err.count("scope-report: warning:"), 2);
    QCOMPARE(run.err.count("1 call overlaps its caller without nesting"), 2);
    QVERIFY2(run.err.contains("'a' [2.00 ms, 6.00 ms] and 'b' [4.00 ms, 8.00 ms]"),
             run.err.constData());
    // b stays below a; a loses only what b spent inside it (2 ms of 4 ms).
    const Tree paper = {
        {{"main"}, {1, 10'000'000, 6'000'000}},
        {{"main", "a"}, {1, 4'000'000, 2'000'000}},
        {{"main", "a", "b"}, {1, 4'000'000, 4'000'000}},
    };
    compareTree(callTreeOf(run), paper, kAll);
    QVERIFY(runReport({"--call-tree", "--json", "-", handMade_}).err.isEmpty());
}

void TestScopeReportCallTree::textIndentsTheTree() {
    const Run run = runReport({"--call-tree", "--ranks", "0", handMade_});
    QCOMPARE(run.exitCode, 0);
    const QStringList lines = nonEmptyLines(run.out);
    const auto heading = lines.indexOf("  call tree:");
    QVERIFY2(heading > 0, run.out.constData());
    // After the region table; % of run of the rank's 10 ms.
    QVERIFY(lines.indexOf(QRegularExpression("^  region +ranks")) < heading);
    const QStringList expected = {
        "  call path  calls  inclusive  exclusive  % of run",
        "  main           1    10.0 ms    3.00 ms    100.0%",
        "    solve        1    6.00 ms    3.00 ms     60.0%",
        "      rhs        2    3.00 ms    3.00 ms     30.0%",
        "    setup        1    1.00 ms    1.00 ms     10.0%",
    };
    QCOMPARE(lines.mid(heading + 1), expected);

    // A filter lists rhs alone, still at its depth.
    const Run filtered = runReport({"--call-tree", "--ranks", "0", handMade_, "--include", "rhs"});
    const QStringList filteredLines = nonEmptyLines(filtered.out);
    QCOMPARE(filteredLines.last(),
             QStringLiteral("      rhs        2    3.00 ms    3.00 ms     30.0%"));
}

void TestScopeReportCallTree::jsonWithoutCallTreeUnchanged() {
    for (const char* file : {"run_np3.h5", "v3_aggregate.h5"}) {
        const Run plain = runReport({"--json", "-", file});
        const Run withTree = runReport({"--call-tree", "--json", "-", file});
        QCOMPARE(plain.exitCode, 0);
        QCOMPARE(withTree.exitCode, 0);
        QVERIFY(!plain.out.contains("call_tree"));
        QVERIFY(plain.err.isEmpty());
        // The tree is the last key of the file entry: cut it and the rest is
        // the plain export byte for byte.
        QByteArray cut = withTree.out;
        const QByteArray key = ",\n      \"call_tree\": ";
        const auto from = cut.indexOf(key);
        QVERIFY(from > 0);
        auto to = from + key.size();
        to = cut.mid(to, 4) == "null" ? to + 4 : cut.indexOf("\n      ]", to) + 8;
        cut.remove(from, to - from);
        QCOMPARE(cut, plain.out);
    }
}

void TestScopeReportCallTree::rejectedWithDiff() {
    const Run run = runReport({"--call-tree", "--diff", "run_serial.h5", "run_np3.h5"});
    QCOMPARE(run.exitCode, 1);
    QVERIFY(run.err.contains("--call-tree"));
    QVERIFY(runReport({"--help"}).out.contains("--call-tree"));
}

QTEST_GUILESS_MAIN(TestScopeReportCallTree)
#include "tst_ScopeReportCallTree.moc"
