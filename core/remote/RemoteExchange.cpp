// SPDX-License-Identifier: GPL-3.0-or-later
#include "RemoteExchange.h"

#include "model/Errors.h"

namespace scope {

RemoteExchange::RemoteExchange(std::unique_ptr<RemoteConnection> connection)
    : connection_(std::move(connection)), url_(connection_->url()),
      received_(connection_->bytesReceived()) {}

RemoteExchange::~RemoteExchange() {
    connection_->close(std::chrono::milliseconds(200));
}

std::string RemoteExchange::ask(const isolate::WorkerMessage& request, std::uint64_t maxBytes,
                                const std::atomic<bool>* stop) {
    const std::lock_guard lock(mutex_);
    if (failure_)
        std::rethrow_exception(failure_);
    try {
        connection_->send(request);
        ReadControl control;
        control.cancel = stop;
        std::string answer = connection_->receive(control, maxBytes);
        received_ = connection_->bytesReceived();
        return answer;
        // Out of step: a dropped connection, a garbled answer, a cancelled
        // wait. Any other error is the helper's answer to this request (an
        // Error message), after which the conversation goes on.
    } catch (const RemoteReadError&) {
        fail();
        throw;
    } catch (const ReadCancelled&) {
        fail();
        throw;
    }
}

void RemoteExchange::fail() {
    connection_->kill();
    received_ = connection_->bytesReceived();
    failure_ = std::current_exception();
}

std::uint64_t RemoteExchange::bytesReceived() const {
    const std::lock_guard lock(mutex_);
    return received_;
}

} // namespace scope
