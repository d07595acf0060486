// SPDX-License-Identifier: GPL-3.0-or-later
#include "WorkerChannel.h"

#include <unistd.h>

#include <cerrno>

namespace scope::worker {
namespace {

constexpr auto kProgressInterval = std::chrono::milliseconds(50);

} // namespace

void WorkerChannel::send(const isolate::WorkerMessage& message) {
    const std::string frame = message.frame();
    std::lock_guard lock(mutex_);
    for (std::size_t done = 0; done < frame.size();) {
        const ssize_t n = write(fd_, frame.data() + done, frame.size() - done);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0) {
            if (lost_ != nullptr)
                lost_();
            _exit(1);
        }
        done += static_cast<std::size_t>(n);
    }
    lastSent_ = std::chrono::steady_clock::now();
}

void WorkerChannel::progress(double fraction, std::string_view text) {
    {
        std::lock_guard lock(mutex_);
        const auto now = std::chrono::steady_clock::now();
        if (text == lastText_ && fraction < 1.0 && now - lastSent_ < kProgressInterval)
            return;
        lastText_ = text;
    }
    isolate::WorkerMessage message;
    message.kind = isolate::WorkerMessage::Kind::Progress;
    message.fraction = fraction;
    message.text = std::string(text);
    send(message);
}

void WorkerChannel::sendData(std::string_view bytes) {
    // Room for the frame's header within the limit.
    constexpr std::size_t kChunk = isolate::WorkerMessage::kMaxPayload - 64;
    isolate::WorkerMessage data;
    data.kind = isolate::WorkerMessage::Kind::Data;
    for (std::size_t at = 0; at < bytes.size(); at += kChunk) {
        data.text = std::string(bytes.substr(at, kChunk));
        send(data);
    }
    isolate::WorkerMessage done;
    done.kind = isolate::WorkerMessage::Kind::Done;
    done.resultBytes = bytes.size();
    send(done);
}

void WorkerChannel::heartbeat() {
    isolate::WorkerMessage message;
    message.kind = isolate::WorkerMessage::Kind::Heartbeat;
    send(message);
}

} // namespace scope::worker
