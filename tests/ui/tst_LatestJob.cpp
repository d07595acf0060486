// SPDX-License-Identifier: GPL-3.0-or-later
// The views' background jobs: only the newest request is shown, in the order
// its results come, and a cancelled one shows nothing.
#include "common/LatestJob.h"

#include <QtTest>

#include <atomic>
#include <thread>
#include <vector>

namespace {

// Spins until `release` turns true or the job is told to stop.
void waitFor(const std::atomic<bool>& release, const std::atomic<bool>& stop) {
    while (!release.load() && !stop.load())
        std::this_thread::sleep_for(std::chrono::milliseconds(1));
}

} // namespace

class TestLatestJob : public QObject {
    Q_OBJECT
private slots:
    void resultsArriveInOrderThenFinished() {
        QObject owner;
        std::vector<std::pair<int, int>> delivered;
        int finished = 0;
        LatestJob<int> job(
            &owner, [&](int index, int value) { delivered.emplace_back(index, value); },
            [&] { ++finished; });
        job.start([](QPromise<int>& promise, const std::atomic<bool>&) {
            promise.addResult(10);
            promise.addResult(20);
        });
        QTRY_COMPARE(finished, 1);
        QCOMPARE(delivered, (std::vector<std::pair<int, int>>{{0, 10}, {1, 20}}));
    }

    void aNewerRequestStopsAndDropsTheOlder() {
        QObject owner;
        std::vector<int> delivered;
        int finished = 0;
        LatestJob<int> job(
            &owner, [&](int, int value) { delivered.push_back(value); }, [&] { ++finished; });
        std::atomic<bool> sawStop{false};
        std::atomic<bool> never{false};
        job.start([&](QPromise<int>& promise, const std::atomic<bool>& stop) {
            waitFor(never, stop);
            sawStop = stop.load();
            promise.addResult(1); // too late: dropped
        });
        job.startOne([](const std::atomic<bool>&) { return 2; });
        QTRY_COMPARE(finished, 1);
        QTRY_VERIFY(sawStop.load());
        QCoreApplication::processEvents();
        QCOMPARE(delivered, std::vector<int>{2});
    }

    void cancelDropsEverything() {
        QObject owner;
        int delivered = 0;
        int finished = 0;
        LatestJob<int> job(
            &owner, [&](int, int) { ++delivered; }, [&] { ++finished; });
        std::atomic<bool> release{false};
        job.start([&](QPromise<int>& promise, const std::atomic<bool>&) {
            waitFor(release, std::atomic<bool>{false});
            promise.addResult(1);
        });
        job.cancel();
        release = true;
        QTRY_VERIFY(!job.busy());
        QTest::qWait(20);
        QCOMPARE(delivered, 0);
        QCOMPARE(finished, 0);
    }

    // Stop asks the job to end early, but what it reports still arrives:
    // a trace export says it was cancelled.
    void stopStillDelivers() {
        QObject owner;
        std::vector<bool> delivered;
        LatestJob<bool> job(&owner, [&](int, bool stopped) { delivered.push_back(stopped); });
        std::atomic<bool> never{false};
        job.start([&](QPromise<bool>& promise, const std::atomic<bool>& stop) {
            waitFor(never, stop);
            promise.addResult(stop.load());
        });
        job.stop();
        QTRY_COMPARE(delivered, std::vector<bool>{true});
    }

    // Without an event loop: delivered at once, and never again when the
    // queued signals come after.
    void finishNowDeliversOnce() {
        QObject owner;
        std::vector<int> delivered;
        int finished = 0;
        LatestJob<int> job(
            &owner, [&](int, int value) { delivered.push_back(value); }, [&] { ++finished; });
        job.startOne([](const std::atomic<bool>&) { return 7; });
        job.finishNow();
        QCOMPARE(delivered, std::vector<int>{7});
        QCOMPARE(finished, 1);
        QTest::qWait(20);
        QCOMPARE(delivered, std::vector<int>{7});
        QCOMPARE(finished, 1);
    }
};

QTEST_GUILESS_MAIN(TestLatestJob)
#include "tst_LatestJob.moc"
