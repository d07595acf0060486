// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "isolate/WorkerMessage.h"

#include <chrono>
#include <mutex>
#include <string>
#include <string_view>

namespace scope::worker {

// The helper's side of the message pipe. Shared by the reading thread and the
// heartbeat thread; a failed write means the viewer is gone, so it exits,
// calling `lost` first (it stops what the helper started).
class WorkerChannel {
public:
    explicit WorkerChannel(int fd, void (*lost)() = nullptr) : fd_(fd), lost_(lost) {}

    void send(const isolate::WorkerMessage& message);
    // Progress throttled to what the viewer can show; a new step always goes out.
    void progress(double fraction, std::string_view text);
    void heartbeat();
    // `bytes` as Data frames, then Done (a served remote read's answers).
    void sendData(std::string_view bytes);

private:
    int fd_;
    void (*lost_)();
    std::mutex mutex_;
    std::string lastText_;
    std::chrono::steady_clock::time_point lastSent_{};
};

} // namespace scope::worker
