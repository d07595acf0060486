// SPDX-License-Identifier: GPL-3.0-or-later
#include "Heartbeat.h"

#include "WorkerChannel.h"

#include <chrono>
#include <cstdio>

#include <unistd.h>

namespace scope::worker {
namespace {

constexpr auto kInterval = std::chrono::milliseconds(250);

} // namespace

Heartbeat::Heartbeat(WorkerChannel& channel) : channel_(channel), thread_([this] { run(); }) {}

Heartbeat::~Heartbeat() {
    {
        std::lock_guard lock(mutex_);
        stop_ = true;
    }
    wake_.notify_all();
    thread_.join();
}

void Heartbeat::setBusy(bool busy) {
    std::lock_guard lock(mutex_);
    busy_ = busy;
}

std::uint64_t Heartbeat::bytesRead() {
    // The main thread's own counter: this thread's look at it must not count.
    char name[64];
    std::snprintf(name, sizeof name, "/proc/self/task/%d/io", static_cast<int>(getpid()));
    std::FILE* io = std::fopen(name, "r");
    if (io == nullptr)
        return 0;
    unsigned long long bytes = 0;
    if (std::fscanf(io, "rchar: %llu", &bytes) != 1)
        bytes = 0;
    std::fclose(io);
    return bytes;
}

void Heartbeat::run() {
    std::uint64_t last = bytesRead();
    std::unique_lock lock(mutex_);
    while (!wake_.wait_for(lock, kInterval, [this] { return stop_; })) {
        const bool busy = busy_;
        lock.unlock();
        const std::uint64_t now = bytesRead();
        if (busy || now != last)
            channel_.heartbeat();
        last = now;
        lock.lock();
    }
}

} // namespace scope::worker
