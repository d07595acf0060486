// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "RemoteUrl.h"
#include "SshProcess.h"
#include "base/ReadControl.h"
#include "isolate/WorkerMessage.h"

#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace scope {

// One ssh connection to the read helper on a host (scope-read-worker
// --serve): the helper's answers come in as framed messages on ssh's standard
// output, requests go out on its standard input. Not thread-safe: one user
// at a time. Destroying it kills ssh, which ends the helper.
class RemoteConnection {
public:
    // Starts `argv` (ssh and the helper's command). `helper` is the helper's
    // path as asked for on the host, for error messages. Throws
    // RemoteReadError naming the URL when ssh cannot be started.
    RemoteConnection(const RemoteUrl& url, const std::vector<std::string>& argv,
                     std::string helper);

    // The Data bytes of the helper's next answer, up to its Done, with its
    // progress (scaled to 95 %) and cancel (ReadCancelled, which kills ssh)
    // through `control`. Throws RemoteReadError naming the URL when ssh
    // cannot connect, the helper is missing or of another version, the
    // connection drops or the answer exceeds maxBytes (0 = no limit); the
    // ProfileErrors of the helper as themselves, naming the URL.
    std::string receive(const ReadControl& control, std::uint64_t maxBytes);
    // Throws RemoteReadError when the connection has dropped.
    void send(const isolate::WorkerMessage& message);
    // Tells the helper to end and waits up to `grace` for ssh to end.
    void close(std::chrono::milliseconds grace);
    void kill() { ssh_->kill(); }

    std::uint64_t bytesReceived() const { return received_; }
    const RemoteUrl& url() const { return url_; }

private:
    void pump(const ReadControl& control, std::uint64_t maxBytes);
    void readError();
    bool consume(const ReadControl& control, std::uint64_t maxBytes);
    void hello(const std::string& version);
    [[noreturn]] void rethrow(const isolate::WorkerMessage& error) const;
    [[noreturn]] void ended();
    [[noreturn]] void dropped(const std::string& why);

    RemoteUrl url_;
    std::string name_;
    std::string helper_;
    std::optional<SshProcess> ssh_;
    std::string step_ = "connecting";
    std::string buffer_;
    std::string payload_;
    std::string stderr_;
    std::uint64_t received_ = 0;
    bool hello_ = false;
    bool done_ = false;
};

} // namespace scope
