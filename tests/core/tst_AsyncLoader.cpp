// SPDX-License-Identifier: GPL-3.0-or-later
// The worker-thread loader: progress, cancellation, errors and several loads at once.
#include "FixtureWriter.h"
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
        QCOMPARE(recorder.outcomes.size(), std::size_t(1));
    }

private:
    QTemporaryDir dir_;
    std::string big_;
    std::string small_;
};

QTEST_APPLESS_MAIN(TestAsyncLoader)
#include "tst_AsyncLoader.moc"
