// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <condition_variable>
#include <mutex>
#include <optional>
#include <string>
#include <thread>

namespace scope::worker {

class WorkerChannel;

// Sends the summaries down the pipe while the main thread plans the read of
// every call: the viewer takes megabytes of summaries at its own pace, and
// the plan need not wait for that. The thread starts before the sandbox,
// which forbids starting one later.
class SummarySender {
public:
    explicit SummarySender(WorkerChannel& channel);
    ~SummarySender();
    SummarySender(const SummarySender&) = delete;
    SummarySender& operator=(const SummarySender&) = delete;

    // Returns at once; the bytes go as WorkerChannel::sendData sends them.
    void send(std::string bytes);
    // Until what send() was given is on the pipe. Anything sent after it
    // (the results, an error) must come after the summaries' last byte: the
    // viewer reads them in order, and a helper that exits mid-message leaves
    // a garbled pipe.
    void wait();

private:
    void run();

    WorkerChannel& channel_;
    std::mutex mutex_;
    std::condition_variable wake_;
    std::optional<std::string> pending_;
    bool sending_ = false;
    bool stop_ = false;
    std::thread thread_;
};

} // namespace scope::worker
