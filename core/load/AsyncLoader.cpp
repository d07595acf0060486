// SPDX-License-Identifier: GPL-3.0-or-later
#include "AsyncLoader.h"

#include "LoadJob.h"

namespace scope {

AsyncLoader::AsyncLoader(Callbacks callbacks) : callbacks_(std::move(callbacks)) {}

AsyncLoader::~AsyncLoader() {
    cancelAll();
    waitAll();
}

std::uint64_t AsyncLoader::start(LoadRequest request) {
    reapFinished();
    std::lock_guard lock(mutex_);
    const std::uint64_t id = nextId_++;
    auto task = std::make_unique<Task>();
    Task& ref = *task;
    tasks_.emplace(id, std::move(task));
    ref.thread =
        std::thread([this, id, request = std::move(request), &ref] { run(id, request, ref); });
    return id;
}

void AsyncLoader::run(std::uint64_t id, const LoadRequest& request, Task& task) {
    LoadJob job(id, request, task.cancel, callbacks_);
    const LoadOutcome outcome = job.run();
    if (callbacks_.finished)
        callbacks_.finished(outcome);
    task.done.store(true);
}

std::shared_ptr<const ProfilingResults> AsyncLoader::readStageCopy(ProfilingResults& results) {
    // The columns step aside while the rest is copied: a copy of millions of
    // calls would cost more than the timeline it saves waiting for.
    EventColumns events;
    std::swap(events, results.events);
    auto copy = std::make_shared<ProfilingResults>(results);
    std::swap(events, results.events);
    copy->eventsRead = false;
    return copy;
}

void AsyncLoader::cancel(std::uint64_t id) {
    std::lock_guard lock(mutex_);
    if (auto it = tasks_.find(id); it != tasks_.end())
        it->second->cancel.store(true);
}

void AsyncLoader::cancelAll() {
    std::lock_guard lock(mutex_);
    for (auto& [id, task] : tasks_)
        task->cancel.store(true);
}

void AsyncLoader::waitAll() {
    std::map<std::uint64_t, std::unique_ptr<Task>> tasks;
    {
        std::lock_guard lock(mutex_);
        tasks.swap(tasks_);
    }
    for (auto& [id, task] : tasks)
        if (task->thread.joinable())
            task->thread.join();
}

std::size_t AsyncLoader::running() const {
    std::lock_guard lock(mutex_);
    std::size_t n = 0;
    for (const auto& [id, task] : tasks_)
        n += task->done.load() ? 0 : 1;
    return n;
}

void AsyncLoader::reapFinished() {
    std::map<std::uint64_t, std::unique_ptr<Task>> finished;
    {
        std::lock_guard lock(mutex_);
        for (auto it = tasks_.begin(); it != tasks_.end();) {
            if (it->second->done.load()) {
                finished.insert(tasks_.extract(it++));
            } else {
                ++it;
            }
        }
    }
    for (auto& [id, task] : finished)
        task->thread.join();
}

} // namespace scope
