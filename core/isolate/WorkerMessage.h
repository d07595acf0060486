// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace scope::isolate {

// One message of the read helper to the viewer, framed on a pipe as a kind
// byte, a 32-bit payload length and the payload. A helper serving a remote
// read (scope-read-worker --serve, core/remote) writes the same frames to
// its standard output: Hello first, then the results as Data, then Done; it
// then answers each Window and Question it reads on its standard input the
// same way. A local helper asked for the summaries first sends them as Data,
// then Done (resultBytes 0: the file has none), before its Result.
struct WorkerMessage {
    enum class Kind : std::uint8_t {
        Progress = 'P',  // fraction, text = what is being read
        Heartbeat = 'H', // still reading, nothing new to say
        Result = 'R',    // resultBytes of encoded results are in the memfd
        Error = 'E',     // errorType, path, step, text
        Hello = 'V',     // text = the serving helper's version
        Data = 'D',      // text = the next bytes of the encoded results
        Done = 'F',      // resultBytes = all the Data bytes sent
        Window = 'W',    // to the serving helper: text = a zoom (RemoteWindow)
        Question = 'Q',  // to the serving helper: text = a RemoteQuestion
    };
    // The ProfileError classes that cross the process boundary as themselves.
    enum class ErrorType : std::uint8_t {
        Profile = 1,
        FileNotFound,
        Corrupt,
        InvalidSchema,
        MissingFilter,
        SummaryUnavailable,
        Other, // any other std::exception: text is its what()
    };

    Kind kind = Kind::Heartbeat;
    double fraction = 0.0;
    std::uint64_t resultBytes = 0;
    ErrorType errorType = ErrorType::Other;
    std::string path;
    std::string step;
    std::string text;

    std::string frame() const;

    // The first message of `buffer`, which it removes; nullopt while the
    // message is incomplete. Throws std::runtime_error on a malformed frame.
    static std::optional<WorkerMessage> parse(std::string& buffer);

    static constexpr std::uint32_t kMaxPayload = 1u << 20;
    // The descriptors the helper finds open: the memfd for the results and the
    // write end of the message pipe.
    static constexpr int kResultFd = 3;
    static constexpr int kMessageFd = 4;
};

} // namespace scope::isolate
