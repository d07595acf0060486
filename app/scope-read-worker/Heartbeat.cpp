// SPDX-License-Identifier: GPL-3.0-or-later
#include "Heartbeat.h"

#include "WorkerChannel.h"

#include <chrono>
#include <cstdio>

#include <fcntl.h>
#include <unistd.h>

namespace scope::worker {
namespace {

constexpr auto kInterval = std::chrono::milliseconds(250);

} // namespace

Heartbeat::Heartbeat(WorkerChannel& channel)
    : channel_(channel), ioFd_(openIoCounters()), thread_([this] { run(); }) {}

Heartbeat::~Heartbeat() {
    {
        std::lock_guard lock(mutex_);
        stop_ = true;
    }
    wake_.notify_all();
    thread_.join();
    if (ioFd_ >= 0)
        close(ioFd_);
}

void Heartbeat::setBusy(bool busy) {
    std::lock_guard lock(mutex_);
    busy_ = busy;
}

int Heartbeat::openIoCounters() {
    // The main thread's own counter: this thread's look at it must not count.
    // Opened once, here: the sandbox forbids opening anything once the read
    // has begun, and a proc file read from offset 0 is read afresh.
    char name[64];
    std::snprintf(name, sizeof name, "/proc/self/task/%d/io", static_cast<int>(getpid()));
    return open(name, O_RDONLY | O_CLOEXEC);
}

std::uint64_t Heartbeat::bytesRead() const {
    if (ioFd_ < 0)
        return 0;
    char text[512];
    const ssize_t n = pread(ioFd_, text, sizeof text - 1, 0);
    if (n <= 0)
        return 0;
    text[n] = '\0';
    unsigned long long bytes = 0;
    if (std::sscanf(text, "rchar: %llu", &bytes) != 1)
        return 0;
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
