// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "RemoteConnection.h"

#include <atomic>
#include <chrono>
#include <cstdint>
#include <exception>
#include <memory>
#include <mutex>
#include <string>

namespace scope {

// The connection to a run's helper once its results are in, shared by the
// zooms (RemoteTimeline) and the questions about its calls (RemoteCalls): one
// request and its answer at a time, from any thread. Once the connection
// fails (it dropped, an answer was garbled, or a wait was cancelled) it is
// killed, the conversation being out of step, and every later exchange
// fails with that error. An error the helper answers stays that request's.
class RemoteExchange {
public:
    explicit RemoteExchange(std::unique_ptr<RemoteConnection> connection);
    // Tells the helper to end and gives ssh a moment to go.
    ~RemoteExchange();
    RemoteExchange(const RemoteExchange&) = delete;
    RemoteExchange& operator=(const RemoteExchange&) = delete;

    // Sends `request` and returns the Data bytes of its answer (at most
    // maxBytes, 0 = no limit). Throws RemoteReadError naming the URL,
    // ReadCancelled once *stop is set while waiting, or the error the helper
    // answered (a ProfileError naming the URL).
    std::string ask(const isolate::WorkerMessage& request, std::uint64_t maxBytes,
                    const std::atomic<bool>* stop = nullptr);
    std::uint64_t bytesReceived() const;
    const RemoteUrl& url() const { return url_; }

private:
    // Within a catch block: kills the connection and keeps its error.
    void fail();

    mutable std::mutex mutex_;
    std::unique_ptr<RemoteConnection> connection_;
    const RemoteUrl url_;
    std::exception_ptr failure_;
    std::uint64_t received_ = 0;
};

} // namespace scope
