// SPDX-License-Identifier: GPL-3.0-or-later
// A run read on demand keeps its index: the first load writes it, the next
// opens from it with the same statistics, whole-run timeline and call tree as
// the read; a damaged index is ignored, the run read from its file and the
// index written again; runs read into memory, and loads that do not ask for
// it, keep none; scope-report --index keeps one the viewer opens.
#include "FileDamage.h"
#include "HugeRunWriter.h"
#include "IndexTestRun.h"
#include "analysis/CallTree.h"
#include "analysis/OnDemandTimeline.h"
#include "analysis/PartialTimeline.h"
#include "index/IndexCache.h"
#include "load/AsyncLoader.h"

#include <QElapsedTimer>
#include <QProcess>
#include <QtTest>

#include <filesystem>
#include <fstream>
#include <map>
#include <mutex>

using namespace scope;
namespace fs = std::filesystem;

namespace {

// 38,400 calls: read on demand within it, as in tst_AsyncLoader.
constexpr std::uint64_t kBudget = 3'200'000;

struct Loaded {
    LoadOutcome outcome;
    std::vector<std::string> messages;
    int stages = 0;                 // readDone
    std::vector<LoadOutcome> soFar; // timelineSoFar, in turn
    double seconds = 0;
};

Loaded load(const std::string& path, bool useIndex = true, bool beside = false,
            std::uint64_t budget = kBudget) {
    std::mutex mutex;
    Loaded loaded;
    AsyncLoader::Callbacks callbacks;
    callbacks.progress = [&](std::uint64_t, double, const std::string& message) {
        std::lock_guard lock(mutex);
        loaded.messages.push_back(message);
    };
    callbacks.readDone = [&](const LoadOutcome&) {
        std::lock_guard lock(mutex);
        ++loaded.stages;
    };
    callbacks.timelineSoFar = [&](const LoadOutcome& outcome) {
        std::lock_guard lock(mutex);
        loaded.soFar.push_back(outcome);
    };
    callbacks.finished = [&](const LoadOutcome& outcome) {
        std::lock_guard lock(mutex);
        loaded.outcome = outcome;
    };
    QElapsedTimer timer;
    timer.start();
    {
        AsyncLoader loader(std::move(callbacks));
        LoadRequest request{path};
        request.memoryBudget = budget;
        request.useIndex = useIndex;
        request.indexBeside = beside;
        loader.start(request);
        loader.waitAll();
    }
    loaded.seconds = timer.nsecsElapsed() / 1e9;
    return loaded;
}

std::shared_ptr<const OnDemandTimeline> timelineOf(const LoadOutcome& outcome) {
    return std::dynamic_pointer_cast<const OnDemandTimeline>(outcome.timelineSource);
}

// Per path: calls, inclusive and exclusive time.
std::map<std::string, std::tuple<std::uint64_t, std::int64_t, std::int64_t>>
byPath(const CallTree& tree, const ProfilingResults& results) {
    std::map<std::string, std::tuple<std::uint64_t, std::int64_t, std::int64_t>> nodes;
    for (std::uint32_t n = 0; n < tree.size(); ++n)
        nodes[n == CallTree::kRoot ? std::string("<root>") : tree.pathText(n, results)] = {
            tree.calls[n], tree.inclusiveNs[n], tree.exclusiveNs[n]};
    return nodes;
}

// Empty when the run opened from its index shows what the read showed.
QString difference(const LoadOutcome& got, const LoadOutcome& read) {
    if (!got.results || !read.results)
        return QStringLiteral("no results");
    const ProfilingResults& a = *got.results;
    const ProfilingResults& b = *read.results;
    if (a.rows.size() != b.rows.size())
        return QStringLiteral("%1 rows, expected %2").arg(a.rows.size()).arg(b.rows.size());
    for (std::size_t i = 0; i < a.rows.size(); ++i) {
        const RankRegion& x = a.rows[i];
        const RankRegion& y = b.rows[i];
        if (x.rank != y.rank || x.region != y.region || x.summary.count != y.summary.count ||
            x.summary.total != y.summary.total || x.summary.minimum != y.summary.minimum ||
            x.summary.maximum != y.summary.maximum || x.exclusiveNs != y.exclusiveNs)
            return QStringLiteral("row %1 (rank %2) differs").arg(i).arg(y.rank);
    }
    const auto t = timelineOf(got);
    const auto u = timelineOf(read);
    if (!t || !u)
        return QStringLiteral("no on-demand timeline");
    if (t->startNs() != u->startNs() || t->endNs() != u->endNs())
        return QStringLiteral("another time range");
    if (t->lanes().size() != u->lanes().size())
        return QStringLiteral("%1 lanes, expected %2")
            .arg(t->lanes().size())
            .arg(u->lanes().size());
    // The whole run at 1,000 pixels, lane by lane.
    const double nsPerPixel = double(u->endNs() - u->startNs()) / 1000.0;
    for (std::size_t lane = 0; lane < u->lanes().size(); ++lane) {
        if (t->lanes()[lane].rank != u->lanes()[lane].rank ||
            t->lanes()[lane].depth != u->lanes()[lane].depth)
            return QStringLiteral("lane %1 is another rank or depth").arg(lane);
        std::vector<TimelineSpan> x;
        std::vector<TimelineSpan> y;
        const bool exactX = t->query(lane, t->startNs(), t->endNs(), nsPerPixel, x);
        const bool exactY = u->query(lane, u->startNs(), u->endNs(), nsPerPixel, y);
        if (exactX != exactY || x != y)
            return QStringLiteral("lane %1: %2 spans, expected %3")
                .arg(lane)
                .arg(x.size())
                .arg(y.size());
    }
    if (byPath(t->callTree(), a) != byPath(u->callTree(), b))
        return QStringLiteral("another call tree");
    return {};
}

// Empty when `head` (what a reopen shows before the rest of the index is
// read) draws the whole run as `read`'s timeline does at the coarsest level,
// every rank there.
QString headDifference(const PartialTimeline& head, const OnDemandTimeline& read) {
    if (head.ranksBuilt() != head.ranksTotal() || head.ranks() != read.ranks())
        return QStringLiteral("%1 of %2 ranks").arg(head.ranksBuilt()).arg(read.ranks().size());
    if (head.startNs() != read.startNs() || head.endNs() != read.endNs() ||
        head.lanes().size() != read.lanes().size())
        return QStringLiteral("another time range or other lanes");
    const TimelinePyramid& pyramid = head.pyramid();
    const double coarsest = pyramid.width(pyramid.levels() - 1);
    for (std::size_t lane = 0; lane < read.lanes().size(); ++lane) {
        std::vector<TimelineSpan> x;
        std::vector<TimelineSpan> y;
        const bool exactX = head.query(lane, head.startNs(), head.endNs() + 1, coarsest, x);
        const bool exactY = read.query(lane, read.startNs(), read.endNs() + 1, coarsest, y);
        if (!exactX || !exactY || x != y || x.empty())
            return QStringLiteral("lane %1: %2 spans, expected %3")
                .arg(lane)
                .arg(x.size())
                .arg(y.size());
    }
    return {};
}

std::vector<fs::path> filesIn(const fs::path& folder) {
    std::vector<fs::path> files;
    std::error_code error;
    for (fs::directory_iterator it(folder, error), end; !error && it != end; it.increment(error))
        files.push_back(it->path());
    return files;
}

} // namespace

class TestIndexedLoad : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() {
        QVERIFY(dir_.isValid());
        QVERIFY(cacheHome_.isValid());
        qputenv("XDG_CACHE_HOME", cacheHome_.path().toUtf8());
        folder_ = fs::path(cacheHome_.path().toStdString()) / "scope-viewer";
        run_ = dir_.filePath("run.h5").toStdString();
        fixtures::HugeRunWriter::write(indexTestRun(), run_);
    }

    void init() { fs::remove_all(folder_); }

    void theSecondLoadOpensFromTheIndexTheFirstKept() {
        const Loaded first = load(run_);
        QVERIFY(!first.outcome.error);
        QVERIFY(first.outcome.results && first.outcome.results->onDemand);
        QVERIFY2(first.outcome.timelineError.empty(), first.outcome.timelineError.c_str());
        const fs::path kept = IndexCache::standard().pathFor(run_, IndexKey::of(run_));
        QCOMPARE(first.outcome.indexNote, "index kept at " + kept.string());
        QVERIFY(fs::exists(kept));
        QVERIFY(std::count(first.messages.begin(), first.messages.end(), "keeping an index") > 0);

        const Loaded second = load(run_);
        QVERIFY(!second.outcome.error);
        QCOMPARE(second.outcome.indexNote, std::string("opened from its index"));
        QVERIFY(std::count(second.messages.begin(), second.messages.end(),
                           "opening from its index") > 0);
        QCOMPARE(second.stages, 1); // the table, as after a read
        // Shown from the index's head before its rest was read: the table
        // and every rank's whole-run timeline, as the read drew them.
        QCOMPARE(second.soFar.size(), std::size_t{1});
        const auto head =
            std::dynamic_pointer_cast<const PartialTimeline>(second.soFar[0].timelineSource);
        QVERIFY(head);
        QVERIFY(head->pyramid().levels() == 1);
        QVERIFY(timelineOf(first.outcome)->pyramid().levels() > 1);
        const QString headDiff = headDifference(*head, *timelineOf(first.outcome));
        QVERIFY2(headDiff.isEmpty(), qPrintable(headDiff));
        QCOMPARE(second.soFar[0].results->rows.size(), first.outcome.results->rows.size());
        QCOMPARE(second.soFar[0].results->rows[3].exclusiveNs,
                 first.outcome.results->rows[3].exclusiveNs);
        QVERIFY(second.outcome.results->onDemand);
        QVERIFY(!second.outcome.results->eventsRead);
        const QString diff = difference(second.outcome, first.outcome);
        QVERIFY2(diff.isEmpty(), qPrintable(diff));
        // Zooming below the index's pyramid still reads calls from the file.
        const auto timeline = timelineOf(second.outcome);
        std::vector<TimelineSpan> spans;
        const std::int64_t mid = (timeline->startNs() + timeline->endNs()) / 2;
        timeline->query(0, mid, mid + 1000, 0.01, spans);
        timeline->waitIdle();
        spans.clear();
        QVERIFY(timeline->query(0, mid, mid + 1000, 0.01, spans));
        QVERIFY2(timeline->readError().empty(), timeline->readError().c_str());
        qInfo("read on demand %.3f s, opened from its index %.3f s", first.seconds, second.seconds);
    }

    void aDamagedIndexIsReadAgainAndRewritten() {
        const Loaded first = load(run_);
        const fs::path kept = IndexCache::standard().pathFor(run_, IndexKey::of(run_));
        QVERIFY(fs::exists(kept));
        fixtures::FileDamage::flipByte(kept.string(), fs::file_size(kept) / 2);

        const Loaded again = load(run_);
        QVERIFY(!again.outcome.error);
        const std::string& note = again.outcome.indexNote;
        QVERIFY2(note.starts_with("index ignored: ") && note.ends_with(" (rebuilt)"), note.c_str());
        QVERIFY2(note.find(kept.string()) != std::string::npos, note.c_str());
        QVERIFY2(difference(again.outcome, first.outcome).isEmpty(),
                 qPrintable(difference(again.outcome, first.outcome)));
        QVERIFY(fs::exists(kept));
        QCOMPARE(load(run_).outcome.indexNote, std::string("opened from its index"));
    }

    // The head shows, then its rest turns out damaged: the run is read from
    // its file after all, and the index written again.
    void aDamagedRestIsReadAgainAfterTheHeadShowed() {
        const Loaded first = load(run_);
        const fs::path kept = IndexCache::standard().pathFor(run_, IndexKey::of(run_));
        fixtures::FileDamage::flipByte(kept.string(), fs::file_size(kept) - 3);

        const Loaded again = load(run_);
        QVERIFY(!again.outcome.error);
        QVERIFY(!again.soFar.empty());
        QVERIFY(std::dynamic_pointer_cast<const PartialTimeline>(again.soFar[0].timelineSource));
        const std::string& note = again.outcome.indexNote;
        QVERIFY2(note.starts_with("index ignored: ") && note.ends_with(" (rebuilt)"), note.c_str());
        QVERIFY2(note.find("checksum of its rest") != std::string::npos, note.c_str());
        QVERIFY2(difference(again.outcome, first.outcome).isEmpty(),
                 qPrintable(difference(again.outcome, first.outcome)));
        QCOMPARE(load(run_).outcome.indexNote, std::string("opened from its index"));
    }

    void aChangedRunIsReadAgain() {
        const std::string run = dir_.filePath("changing.h5").toStdString();
        fixtures::HugeRunWriter::write(indexTestRun(), run);
        QVERIFY(load(run).outcome.indexNote.starts_with("index kept at "));
        fixtures::HugeRunWriter::write(indexTestRun(9), run);
        const Loaded changed = load(run);
        QVERIFY(changed.outcome.indexNote.starts_with("index kept at "));
        const Loaded reopened = load(run);
        QCOMPARE(reopened.outcome.indexNote, std::string("opened from its index"));
        QVERIFY2(difference(reopened.outcome, changed.outcome).isEmpty(),
                 qPrintable(difference(reopened.outcome, changed.outcome)));
    }

    void besideTheRun() {
        const std::string beside = run_ + ".scopeindex";
        QVERIFY(load(run_, true, true).outcome.indexNote == "index kept at " + beside);
        QVERIFY(fs::exists(beside));
        QVERIFY(filesIn(folder_).empty());
        QCOMPARE(load(run_, true, true).outcome.indexNote, std::string("opened from its index"));
        fs::remove(beside);
    }

    // scope-report --index keeps the index where the viewer looks for it.
    void scopeReportKeepsTheIndexTheViewerOpens() {
        QProcess report;
        report.start(QStringLiteral(SCOPE_REPORT_EXE),
                     {QStringLiteral("--index"), QString::fromStdString(run_)});
        QVERIFY(report.waitForFinished(60'000));
        const QString err = QString::fromUtf8(report.readAllStandardError());
        QVERIFY2(report.exitCode() == 0, qPrintable(err));
        const fs::path kept = IndexCache::standard().pathFor(run_, IndexKey::of(run_));
        QVERIFY2(err.contains(QString::fromStdString("index kept at " + kept.string())),
                 qPrintable(err));
        QVERIFY(fs::exists(kept));
        const Loaded opened = load(run_);
        QCOMPARE(opened.outcome.indexNote, std::string("opened from its index"));
        const Loaded read = load(run_, false);
        QVERIFY2(difference(opened.outcome, read.outcome).isEmpty(),
                 qPrintable(difference(opened.outcome, read.outcome)));
    }

    void noIndexUnlessAskedOrReadOnDemand() {
        const Loaded unasked = load(run_, false);
        QVERIFY(unasked.outcome.results && unasked.outcome.results->onDemand);
        QVERIFY(unasked.outcome.indexNote.empty());
        QVERIFY(filesIn(folder_).empty());
        // Read into memory: shown as fast as an index could be read.
        const Loaded inMemory = load(run_, true, false, 0);
        QVERIFY(inMemory.outcome.results && inMemory.outcome.results->eventsRead);
        QVERIFY(inMemory.outcome.indexNote.empty());
        QVERIFY(filesIn(folder_).empty());
        // A kept index is not used for a run that fits the budget now: the
        // call tree and traces of calls in memory are why it was raised.
        QVERIFY(load(run_).outcome.indexNote.starts_with("index kept at "));
        const Loaded raised = load(run_, true, false, 0);
        QVERIFY(raised.outcome.results->eventsRead);
        QVERIFY(raised.outcome.indexNote.empty());
    }

private:
    QTemporaryDir dir_;
    QTemporaryDir cacheHome_;
    fs::path folder_;
    std::string run_;
};

QTEST_APPLESS_MAIN(TestIndexedLoad)
#include "tst_IndexedLoad.moc"
