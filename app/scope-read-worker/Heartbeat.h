// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <condition_variable>
#include <cstdint>
#include <mutex>
#include <thread>

namespace scope::worker {

class WorkerChannel;

// Tells the viewer the read is alive while the reader reports no progress (one
// large dataset can take a while). Alive means the reading (main) thread has
// read bytes since the last look, so a loop inside libhdf5 that reads nothing falls
// silent and the viewer's time-out catches it.
class Heartbeat {
public:
    explicit Heartbeat(WorkerChannel& channel);
    ~Heartbeat();
    Heartbeat(const Heartbeat&) = delete;
    Heartbeat& operator=(const Heartbeat&) = delete;

    // While set, every look counts as alive (the helper's own work, e.g.
    // writing the results, which reads nothing).
    void setBusy(bool busy);

private:
    void run();
    static int openIoCounters();
    std::uint64_t bytesRead() const;

    WorkerChannel& channel_;
    int ioFd_;
    std::mutex mutex_;
    std::condition_variable wake_;
    bool stop_ = false;
    bool busy_ = false;
    std::thread thread_;
};

} // namespace scope::worker
