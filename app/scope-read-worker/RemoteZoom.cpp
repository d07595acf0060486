// SPDX-License-Identifier: GPL-3.0-or-later
#include "RemoteZoom.h"

#include "ErrorReport.h"
#include "WorkerChannel.h"
#include "analysis/OnDemandTimeline.h"
#include "isolate/WorkerMessage.h"
#include "remote/RemoteWindow.h"

#include <unistd.h>

#include <cerrno>
#include <optional>

namespace scope::worker {
namespace {

using isolate::WorkerMessage;

// The exact spans, waiting for the calls a timeline on disk reads.
void exactSpans(const TimelineSource& source, std::size_t lane, const RemoteWindow& window,
                std::vector<TimelineSpan>& out) {
    const auto* onDemand = dynamic_cast<const OnDemandTimeline*>(&source);
    for (int tries = 0; !source.query(lane, window.t0Ns, window.t1Ns, window.nsPerPixel, out) &&
                        onDemand != nullptr && tries < 3;
         ++tries)
        onDemand->waitIdle();
}

} // namespace

RemoteZoom::RemoteZoom(WorkerChannel& channel, std::string path,
                       std::function<std::shared_ptr<const TimelineSource>()> open)
    : channel_(channel), path_(std::move(path)), open_(std::move(open)) {}

void RemoteZoom::serve(int input) {
    std::string buffer;
    char chunk[64 * 1024];
    while (true) {
        const ssize_t n = read(input, chunk, sizeof chunk);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            return;
        buffer.append(chunk, static_cast<std::size_t>(n));
        std::optional<WorkerMessage> message;
        // A garbled request ends the conversation: the viewer sees it drop.
        try {
            while ((message = WorkerMessage::parse(buffer)))
                if (message->kind == WorkerMessage::Kind::Window)
                    answer(message->text);
        } catch (const std::runtime_error&) {
            return;
        }
    }
}

void RemoteZoom::answer(const std::string& request) {
    try {
        if (!source_)
            source_ = open_();
        RemoteWindow window = RemoteWindow::decodeRequest(request, path_, source_->lanes().size());
        window.spans.resize(window.lanes.size());
        for (std::size_t i = 0; i < window.lanes.size(); ++i)
            exactSpans(*source_, window.lanes[i], window, window.spans[i]);
        channel_.sendData(window.encodeAnswer());
    } catch (...) {
        channel_.send(currentError());
    }
}

} // namespace scope::worker
