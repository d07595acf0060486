// SPDX-License-Identifier: GPL-3.0-or-later
#include "SummarySender.h"

#include "WorkerChannel.h"

#include <utility>

namespace scope::worker {

SummarySender::SummarySender(WorkerChannel& channel)
    : channel_(channel), thread_([this] { run(); }) {}

SummarySender::~SummarySender() {
    wait();
    {
        std::lock_guard lock(mutex_);
        stop_ = true;
    }
    wake_.notify_all();
    thread_.join();
}

void SummarySender::send(std::string bytes) {
    {
        std::lock_guard lock(mutex_);
        pending_ = std::move(bytes);
    }
    wake_.notify_all();
}

void SummarySender::wait() {
    std::unique_lock lock(mutex_);
    wake_.wait(lock, [this] { return !pending_ && !sending_; });
}

void SummarySender::run() {
    std::unique_lock lock(mutex_);
    for (;;) {
        wake_.wait(lock, [this] { return stop_ || pending_; });
        if (!pending_)
            return;
        const std::string bytes = *std::exchange(pending_, std::nullopt);
        sending_ = true;
        lock.unlock();
        channel_.sendData(bytes);
        lock.lock();
        sending_ = false;
        wake_.notify_all();
    }
}

} // namespace scope::worker
