// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QFutureWatcher>
#include <QObject>
#include <QPromise>
#include <QtConcurrent/QtConcurrentRun>

#include <algorithm>
#include <atomic>
#include <functional>
#include <memory>
#include <utility>

// A background computation of which only the newest request counts. start()
// tells the job before it to stop and drops what that one still delivers;
// the newest job's results arrive on the owner's thread, each as the job
// adds it (a table first without, then with its percentiles). The views use
// it for whatever would hold the UI thread: tables, call trees, reads of
// calls on demand.
template <typename T> class LatestJob {
public:
    // deliver(index, result) for each result of the newest job, in order;
    // finished() once after its last one, unless it was cancelled.
    LatestJob(QObject* owner, std::function<void(int index, T result)> deliver,
              std::function<void()> finished = {})
        : watcher_(new QFutureWatcher<T>(owner)), deliver_(std::move(deliver)),
          finished_(std::move(finished)) {
        QObject::connect(watcher_, &QFutureWatcherBase::resultsReadyAt, owner,
                         [this](int begin, int end) { deliverResults(begin, end); });
        QObject::connect(watcher_, &QFutureWatcherBase::finished, owner, [this] { finish(); });
    }
    LatestJob(const LatestJob&) = delete;
    LatestJob& operator=(const LatestJob&) = delete;
    // A cancelled job stops at its next check; the owner outlives it.
    ~LatestJob() {
        cancel();
        watcher_->waitForFinished();
    }

    // work(promise, stop) runs on a worker thread, adds its results to the
    // promise and returns early once stop turns true.
    template <typename Work> void start(Work work) {
        cancel();
        stop_ = std::make_shared<std::atomic<bool>>(false);
        dropped_ = false;
        delivered_ = 0;
        done_ = false;
        watcher_->setFuture(QtConcurrent::run([work = std::move(work), stop = stop_](
                                                  QPromise<T>& promise) { work(promise, *stop); }));
    }
    // A job of one result: work(stop) returns it; a stopped job delivers nothing.
    template <typename Work> void startOne(Work work) {
        start([work = std::move(work)](QPromise<T>& promise, const std::atomic<bool>& stop) {
            T result = work(stop);
            if (!stop.load())
                promise.addResult(std::move(result));
        });
    }
    // Asks the newest job to stop; what it has delivered, or still delivers
    // (a result saying it stopped), arrives as usual.
    void stop() {
        if (stop_)
            stop_->store(true);
    }
    // Stops the newest job and drops whatever it would still deliver.
    void cancel() {
        stop();
        dropped_ = true;
    }
    bool busy() const { return watcher_->isRunning(); }
    // Waits for the newest job and delivers what it has not yet delivered,
    // here and now: for headless exports, which have no event loop.
    void finishNow() {
        watcher_->waitForFinished();
        deliverResults(delivered_, watcher_->future().resultCount());
        finish();
    }

private:
    // Results [begin, end) of the newest job, those not delivered yet.
    void deliverResults(int begin, int end) {
        // Results reported before a finishNow() delivered them arrive again.
        for (int i = std::max(begin, delivered_); i < end && !dropped_; ++i) {
            delivered_ = i + 1;
            deliver_(i, watcher_->resultAt(i));
        }
    }
    void finish() {
        if (dropped_ || done_ || !watcher_->isFinished())
            return;
        done_ = true;
        if (finished_)
            finished_();
    }

    QFutureWatcher<T>* watcher_;
    std::function<void(int, T)> deliver_;
    std::function<void()> finished_;
    std::shared_ptr<std::atomic<bool>> stop_;
    bool dropped_ = false;
    int delivered_ = 0;
    bool done_ = false;
};
