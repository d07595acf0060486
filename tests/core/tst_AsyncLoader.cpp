// SPDX-License-Identifier: GPL-3.0-or-later
// The worker-thread loader: progress, cancellation, errors and several loads at once.
#include "FixtureWriter.h"
#include "HugeRunWriter.h"
#include "SyntheticRun.h"
#include "analysis/CallStack.h"
#include "analysis/ExclusiveTime.h"
#include "analysis/TimelineIndex.h"
#include "load/AsyncLoader.h"
#include "model/Errors.h"

#include <QtTest>

#include <condition_variable>
#include <mutex>

using namespace scope;

namespace {

// Collects what the loader reports from its worker threads.
struct Recorder {
    std::mutex mutex;
    std::condition_variable changed;
    std::vector<double> fractions;
    std::vector<LoadOutcome> outcomes;

    AsyncLoader::Callbacks callbacks() {
        return {[this](std::uint64_t, double fraction, const std::string&) {
                    std::lock_guard lock(mutex);
                    fractions.push_back(fraction);
                },
                [this](const LoadOutcome& outcome) {
                    std::lock_guard lock(mutex);
                    outcomes.push_back(outcome);
                    changed.notify_all();
                }};
    }
    bool waitForOutcomes(std::size_t n, std::chrono::seconds timeout) {
        std::unique_lock lock(mutex);
        return changed.wait_for(lock, timeout, [&] { return outcomes.size() >= n; });
    }
};

} // namespace

class TestAsyncLoader : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() {
        QVERIFY(dir_.isValid());
        fixtures::SyntheticRun::Shape shape;
        shape.ranks = 4;
        shape.regions = 8;
        shape.calls = 40'000; // 1.3 M events: long enough to cancel mid-read
        fixtures::FixtureSpec spec = fixtures::SyntheticRun::generate(shape);
        spec.schema = 1;
        big_ = dir_.filePath("big.h5").toStdString();
        fixtures::FixtureWriter::write(spec, big_);
        small_ = QStringLiteral(SCOPE_TEST_DATA_DIR "/run_np3.h5").toStdString();
    }

    void loadsAndReportsProgress() {
        Recorder recorder;
        AsyncLoader loader(recorder.callbacks());
        const std::uint64_t id = loader.start({big_});
        QVERIFY(recorder.waitForOutcomes(1, std::chrono::seconds(60)));
        const LoadOutcome& outcome = recorder.outcomes[0];
        QCOMPARE(outcome.id, id);
        QVERIFY(!outcome.error);
        QVERIFY(!outcome.cancelled);
        QVERIFY(outcome.results);
        QCOMPARE(outcome.results->totalCalls(), std::uint64_t(4) * 8 * 40'000);
        QVERIFY(recorder.fractions.size() >= 2);
        QVERIFY(std::is_sorted(recorder.fractions.begin(), recorder.fractions.end()));
        QCOMPARE(recorder.fractions.back(), 1.0);
        // The loader finishes the analysis a viewer needs: the timeline index
        // and exclusive times, which must equal those of the call stack rebuilt
        // independently by sorting every call.
        QVERIFY(outcome.timeline);
        QCOMPARE(&outcome.timeline->results(), outcome.results.get());
        const std::vector<std::int64_t> fromStack =
            CallStack::build(*outcome.results).exclusivePerRow(*outcome.results);
        for (std::size_t i = 0; i < outcome.results->rows.size(); ++i) {
            QVERIFY(outcome.results->rows[i].exclusiveNs.has_value());
            QCOMPARE(*outcome.results->rows[i].exclusiveNs, fromStack[i]);
        }
    }

    // Table first: the read stage arrives before the timeline, without events
    // and without the exclusive times the file lacks; `finished` brings both.
    void readStageComesFirstWithoutExclusiveTimes() {
        // Rank 0: outer [0, 100] holds inner [10, 40] and [50, 60]; schema 1
        // stores no exclusive times. By hand: outer 100 - 30 - 10 = 60 ns,
        // inner 30 + 10 = 40 ns.
        fixtures::FixtureSpec spec;
        spec.schema = 1;
        spec.rows.push_back(fixtures::FixtureRow::make(0, "outer", {0}, {100}));
        spec.rows.push_back(fixtures::FixtureRow::make(0, "inner", {10, 50}, {40, 60}));
        const std::string path = dir_.filePath("nested.h5").toStdString();
        fixtures::FixtureWriter::write(spec, path);

        std::mutex mutex;
        std::vector<std::string> order;
        std::vector<LoadOutcome> stages;
        AsyncLoader::Callbacks callbacks;
        callbacks.readDone = [&](const LoadOutcome& outcome) {
            std::lock_guard lock(mutex);
            order.push_back("read");
            stages.push_back(outcome);
        };
        callbacks.finished = [&](const LoadOutcome& outcome) {
            std::lock_guard lock(mutex);
            order.push_back("finished");
            stages.push_back(outcome);
        };
        {
            AsyncLoader loader(callbacks);
            const std::uint64_t id = loader.start({path});
            loader.waitAll();
            QCOMPARE(stages.size(), std::size_t(2));
            QCOMPARE(stages[0].id, id);
            QCOMPARE(stages[1].id, id);
        }
        QCOMPARE(order, (std::vector<std::string>{"read", "finished"}));

        const LoadOutcome& read = stages[0];
        QVERIFY(read.results);
        QVERIFY(!read.timeline);
        QVERIFY(!read.error);
        QVERIFY(!read.results->eventsRead); // no event columns: never copied
        QCOMPARE(read.results->events.size(), std::size_t(0));
        QCOMPARE(read.results->rows.size(), std::size_t(2));
        const auto outer = *read.results->regionIndex("outer");
        const auto inner = *read.results->regionIndex("inner");
        QCOMPARE(read.results->stats(outer, 0).count, std::uint64_t(1));
        QCOMPARE(read.results->stats(inner, 0).count, std::uint64_t(2));
        QCOMPARE(read.results->stats(inner, 0).total, 40e-9);
        QVERIFY(!read.results->row(outer, 0)->exclusiveNs);
        QVERIFY(!read.results->row(inner, 0)->exclusiveNs);

        const LoadOutcome& done = stages[1];
        QVERIFY(done.results);
        QVERIFY(done.timeline);
        QVERIFY(done.results != read.results);
        QVERIFY(done.results->eventsRead);
        QCOMPARE(done.results->events.size(), std::size_t(3));
        QCOMPARE(*done.results->row(outer, 0)->exclusiveNs, std::int64_t(60));
        QCOMPARE(*done.results->row(inner, 0)->exclusiveNs, std::int64_t(40));
        // The first stage's copy was not touched by the second.
        QVERIFY(!read.results->row(outer, 0)->exclusiveNs);
    }

    // Nothing follows a summary-only read: no read stage either.
    void summaryOnlyHasNoReadStage() {
        std::atomic<int> reads{0};
        std::atomic<int> finished{0};
        AsyncLoader::Callbacks callbacks;
        callbacks.readDone = [&](const LoadOutcome&) { ++reads; };
        callbacks.finished = [&](const LoadOutcome&) { ++finished; };
        AsyncLoader loader(callbacks);
        loader.start({QStringLiteral(SCOPE_TEST_DATA_DIR "/v3_serial.h5").toStdString(), true});
        loader.waitAll();
        QCOMPARE(finished.load(), 1);
        QCOMPARE(reads.load(), 0);
    }

    void cancelStopsTheReadPromptly() {
        Recorder recorder;
        AsyncLoader loader(recorder.callbacks());
        const std::uint64_t id = loader.start({big_});
        loader.cancel(id);
        QVERIFY(recorder.waitForOutcomes(1, std::chrono::seconds(60)));
        QVERIFY(recorder.outcomes[0].cancelled);
        QVERIFY(!recorder.outcomes[0].results);
        QVERIFY(!recorder.outcomes[0].error);
    }

    void errorsArriveAsOutcomes() {
        Recorder recorder;
        AsyncLoader loader(recorder.callbacks());
        loader.start({dir_.filePath("missing.h5").toStdString()});
        QVERIFY(recorder.waitForOutcomes(1, std::chrono::seconds(30)));
        QVERIFY(recorder.outcomes[0].error);
        QVERIFY_THROWS_EXCEPTION(FileNotFoundError,
                                 std::rethrow_exception(recorder.outcomes[0].error));
    }

    void summaryOnlyFallsBackForSchema1() {
        Recorder recorder;
        AsyncLoader loader(recorder.callbacks());
        loader.start({small_, true, true});
        QVERIFY(recorder.waitForOutcomes(1, std::chrono::seconds(30)));
        QVERIFY(recorder.outcomes[0].results);
        QVERIFY(recorder.outcomes[0].results->summaryFallback);
        QVERIFY(recorder.outcomes[0].results->eventsRead);
    }

    void severalFilesLoadAtOnce() {
        Recorder recorder;
        AsyncLoader loader(recorder.callbacks());
        const auto a = loader.start({big_});
        const auto b = loader.start({small_});
        const auto c = loader.start({small_, true, false}); // schema 1 without fallback
        QVERIFY(recorder.waitForOutcomes(3, std::chrono::seconds(60)));
        std::map<std::uint64_t, LoadOutcome> byId;
        for (const LoadOutcome& o : recorder.outcomes)
            byId[o.id] = o;
        QVERIFY(byId[a].results);
        QVERIFY(byId[b].results);
        QCOMPARE(byId[b].results->numRanks, 3u);
        QVERIFY_THROWS_EXCEPTION(SummaryDataUnavailable, std::rethrow_exception(byId[c].error));
    }

    void destroyingTheLoaderCancelsRunningReads() {
        Recorder recorder;
        {
            AsyncLoader loader(recorder.callbacks());
            loader.start({big_});
        }
        // The destructor returns only once the read has stopped, and it
        // stopped because it was cancelled, not because it ran to the end.
        QCOMPARE(recorder.outcomes.size(), std::size_t(1));
        QVERIFY(recorder.outcomes[0].cancelled);
        QVERIFY(!recorder.outcomes[0].results);
        QVERIFY(!recorder.outcomes[0].error);
    }

    // The bar follows the wait: a run read on demand whose table came from
    // its summary columns spends most of its load building the timeline,
    // not in the streamed read.
    void aRunReadOnDemandLeavesMostOfTheBarToItsTimeline() {
        fixtures::HugeRunWriter::Shape shape;
        shape.ranks = 16;
        shape.regions = 4;
        shape.calls = 600;
        shape.chunkElements = 1024;
        const std::string path = dir_.filePath("on-demand.h5").toStdString();
        fixtures::HugeRunWriter::write(shape, path);

        std::mutex mutex;
        std::vector<std::pair<double, std::string>> reports;
        std::vector<LoadOutcome> stages;
        AsyncLoader::Callbacks callbacks;
        callbacks.progress = [&](std::uint64_t, double fraction, const std::string& message) {
            std::lock_guard lock(mutex);
            reports.emplace_back(fraction, message);
        };
        callbacks.readDone = [&](const LoadOutcome& outcome) {
            std::lock_guard lock(mutex);
            stages.push_back(outcome);
        };
        LoadOutcome done;
        callbacks.finished = [&](const LoadOutcome& outcome) { done = outcome; };
        {
            AsyncLoader loader(std::move(callbacks));
            LoadRequest request{path};
            request.memoryBudget = 3'200'000; // 800 KB for its 38,400 calls
            loader.start(request);
            loader.waitAll();
        }
        QVERIFY(!done.error);
        QVERIFY(done.results && done.results->onDemand);
        QVERIFY2(done.timelineError.empty(), done.timelineError.c_str());
        QCOMPARE(stages.size(), std::size_t(1)); // the table, from the summary columns
        QVERIFY(!reports.empty());
        QCOMPARE(reports.back().first, 1.0);
        for (std::size_t i = 1; i < reports.size(); ++i)
            QVERIFY(reports[i - 1].first <= reports[i].first);
        const auto building = std::find_if(reports.begin(), reports.end(), [](const auto& r) {
            return r.second == "building the timeline";
        });
        QVERIFY(building != reports.end());
        // The streamed read may take at most a fifth of the bar.
        QVERIFY2(building->first <= 0.2, qPrintable(QString::number(building->first)));
    }

private:
    QTemporaryDir dir_;
    std::string big_;
    std::string small_;
};

QTEST_APPLESS_MAIN(TestAsyncLoader)
#include "tst_AsyncLoader.moc"
