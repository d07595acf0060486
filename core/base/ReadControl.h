// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <atomic>
#include <functional>
#include <string_view>

namespace scope {

class StreamedCalls; // model/StreamedCalls.h

// Called from the reading thread with a fraction in [0, 1] and a short message.
using ProgressCallback = std::function<void(double fraction, std::string_view message)>;

// How a read reports progress and notices cancellation. Readers check `cancel`
// between datasets and between chunks of large datasets.
struct ReadControl {
    ProgressCallback progress;
    const std::atomic<bool>* cancel = nullptr;
    // Called once the file is open, before one byte of it is read: the read
    // helper confines itself there (app/scope-read-worker/Sandbox.h).
    std::function<void()> opened;
    // Of a read that streams its calls for the statistics: sees them as they
    // pass (not owned; outlives the read).
    StreamedCalls* streamed = nullptr;
};

// `control` with its progress mapped from [0, 1] into [from, to], for one
// step of a longer read that reports fractions of its own.
inline ReadControl scaledControl(const ReadControl& control, double from, double to) {
    ReadControl step = control;
    if (control.progress)
        step.progress = [progress = control.progress, from, to](double fraction,
                                                                std::string_view message) {
            progress(from + (to - from) * fraction, message);
        };
    return step;
}

} // namespace scope
