// SPDX-License-Identifier: GPL-3.0-or-later
#include "WorkerMessage.h"

#include "ByteReader.h"
#include "ByteWriter.h"

#include <cstring>
#include <stdexcept>

namespace scope::isolate {
namespace {

constexpr std::size_t kFrameHeader = 1 + sizeof(std::uint32_t);

bool knownErrorType(std::uint8_t type) {
    return type >= static_cast<std::uint8_t>(WorkerMessage::ErrorType::Profile) &&
           type <= static_cast<std::uint8_t>(WorkerMessage::ErrorType::Other);
}

} // namespace

std::string WorkerMessage::frame() const {
    ByteWriter payload;
    switch (kind) {
    case Kind::Progress:
        payload.f64(fraction);
        payload.text(text);
        break;
    case Kind::Heartbeat:
        break;
    case Kind::Result:
        payload.u64(resultBytes);
        break;
    case Kind::Error:
        payload.u8(static_cast<std::uint8_t>(errorType));
        payload.text(path);
        payload.text(step);
        // A runaway message must not break the frame limit.
        payload.text(std::string_view(text).substr(0, kMaxPayload / 2));
        break;
    case Kind::Hello:
        payload.text(std::string_view(text).substr(0, 256));
        break;
    case Kind::Data:
    case Kind::Window:
    case Kind::Question:
        break; // the bytes themselves, below
    case Kind::Done:
        payload.u64(resultBytes);
        break;
    }
    const bool raw = kind == Kind::Data || kind == Kind::Window || kind == Kind::Question;
    const std::string_view data =
        raw ? std::string_view(text).substr(0, kMaxPayload) : payload.bytes();
    ByteWriter out;
    out.u8(static_cast<std::uint8_t>(kind));
    out.u32(static_cast<std::uint32_t>(data.size()));
    std::string frame = out.take();
    frame.append(data);
    return frame;
}

std::optional<WorkerMessage> WorkerMessage::parse(std::string& buffer) {
    if (buffer.size() < kFrameHeader)
        return std::nullopt;
    std::uint32_t length = 0;
    std::memcpy(&length, buffer.data() + 1, sizeof length);
    if (length > kMaxPayload)
        throw std::runtime_error("message too long");
    if (buffer.size() < kFrameHeader + length)
        return std::nullopt;
    WorkerMessage message;
    const auto kind = static_cast<std::uint8_t>(buffer[0]);
    // ByteReader reports damage as CorruptProfileError; the caller wants one
    // kind of failure for a garbled pipe, so it is translated below.
    ByteReader in(std::string_view(buffer).substr(kFrameHeader, length), {}, {});
    try {
        switch (static_cast<Kind>(kind)) {
        case Kind::Progress:
            message.kind = Kind::Progress;
            message.fraction = in.f64();
            message.text = in.text();
            break;
        case Kind::Heartbeat:
            message.kind = Kind::Heartbeat;
            break;
        case Kind::Result:
            message.kind = Kind::Result;
            message.resultBytes = in.u64();
            break;
        case Kind::Error: {
            message.kind = Kind::Error;
            const std::uint8_t type = in.u8();
            if (!knownErrorType(type))
                throw std::runtime_error("unknown error type");
            message.errorType = static_cast<ErrorType>(type);
            message.path = in.text();
            message.step = in.text();
            message.text = in.text();
            break;
        }
        case Kind::Hello:
            message.kind = Kind::Hello;
            message.text = in.text();
            break;
        case Kind::Data:
        case Kind::Window:
        case Kind::Question:
            message.kind = static_cast<Kind>(kind);
            message.text = buffer.substr(kFrameHeader, length);
            buffer.erase(0, kFrameHeader + length);
            return message;
        case Kind::Done:
            message.kind = Kind::Done;
            message.resultBytes = in.u64();
            break;
        default:
            throw std::runtime_error("unknown message kind");
        }
    } catch (const std::runtime_error&) {
        throw std::runtime_error("malformed message");
    }
    if (!in.atEnd())
        throw std::runtime_error("malformed message");
    buffer.erase(0, kFrameHeader + length);
    return message;
}

} // namespace scope::isolate
