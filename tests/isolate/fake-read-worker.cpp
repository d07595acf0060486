// SPDX-License-Identifier: GPL-3.0-or-later
// A read helper that misbehaves on purpose, for tst_IsolatedReader. The way is
// chosen by $SCOPE_FAKE_WORKER; the first progress message says "pid N" so the
// test can find (and check the end of) this process.
#include "isolate/WorkerMessage.h"

#include <signal.h>
#include <unistd.h>

#include <cstdlib>
#include <cstring>
#include <string>

using scope::isolate::WorkerMessage;

namespace {

void send(const std::string& bytes) {
    if (write(WorkerMessage::kMessageFd, bytes.data(), bytes.size()) < 0)
        _exit(1);
}

void progress(const std::string& text) {
    WorkerMessage message;
    message.kind = WorkerMessage::Kind::Progress;
    message.fraction = 0.5;
    message.text = text;
    send(message.frame());
}

} // namespace

int main() {
    const char* mode = std::getenv("SCOPE_FAKE_WORKER");
    const std::string how = mode != nullptr ? mode : "";
    progress("pid " + std::to_string(getpid()));
    if (how == "segfault") {
        progress("reading end times");
        // The default action, as in a release build: sanitizers catch SIGSEGV
        // and exit with a status instead.
        signal(SIGSEGV, SIG_DFL);
        raise(SIGSEGV);
    } else if (how == "abort") {
        std::abort();
    } else if (how == "hang") {
        for (;;)
            pause();
    } else if (how == "garbage") {
        send(std::string("\x7f\x03\0\0\0abcdef garbage", 19));
        return 0;
    } else if (how == "bad-results") {
        const char junk[] = "SCOPERS2\xff\xff\xff\xff\xff\xff\xff\x7f and more junk";
        if (write(WorkerMessage::kResultFd, junk, sizeof junk) < 0)
            return 1;
        WorkerMessage done;
        done.kind = WorkerMessage::Kind::Result;
        done.resultBytes = sizeof junk;
        send(done.frame());
        return 0;
    } else if (how == "bad-summaries" || how == "short-summaries") {
        // Summaries that do not decode, or fewer bytes than Done says.
        WorkerMessage data;
        data.kind = WorkerMessage::Kind::Data;
        data.text = "not a header";
        send(data.frame());
        WorkerMessage done;
        done.kind = WorkerMessage::Kind::Done;
        done.resultBytes = data.text.size() + (how == "short-summaries" ? 5 : 0);
        send(done.frame());
        for (;;)
            pause();
    } else if (how == "slow") {
        // Reading a slow disk: nothing new for 1.2 s but a heartbeat every
        // 100 ms, then an error of its own.
        for (int i = 0; i < 12; ++i) {
            usleep(100'000);
            send(WorkerMessage{}.frame());
        }
        WorkerMessage error;
        error.kind = WorkerMessage::Kind::Error;
        error.errorType = WorkerMessage::ErrorType::Corrupt;
        error.path = "slow.h5";
        error.step = "reading start times";
        error.text = "slow but answered";
        send(error.frame());
        return 3;
    } else if (how == "silent-exit") {
        return 0;
    } else if (how == "exit-status") {
        return 7;
    }
    return 9;
}
