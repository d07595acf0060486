// SPDX-License-Identifier: GPL-3.0-or-later
#include "RemoteRequests.h"

#include "ErrorReport.h"
#include "WorkerChannel.h"
#include "analysis/OnDemandTimeline.h"
#include "analysis/TimelineIndex.h"
#include "isolate/WorkerMessage.h"
#include "model/Errors.h"
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

// The results, with their calls, that `source` was built from.
const ProfilingResults& resultsOf(const TimelineSource& source, const std::string& path) {
    if (const auto* onDemand = dynamic_cast<const OnDemandTimeline*>(&source))
        return onDemand->results();
    if (const auto* inMemory = dynamic_cast<const TimelineIndex*>(&source))
        return inMemory->results();
    throw ProfileError(path, "answering a question about the calls", "no calls here");
}

} // namespace

RemoteRequests::RemoteRequests(WorkerChannel& channel, std::string path, std::uint64_t byteLimit,
                               std::function<std::shared_ptr<const TimelineSource>()> open)
    : channel_(channel), path_(std::move(path)), byteLimit_(byteLimit), open_(std::move(open)) {}

void RemoteRequests::serve(int input) {
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
            while ((message = WorkerMessage::parse(buffer))) {
                if (message->kind == WorkerMessage::Kind::Window)
                    zoom(message->text);
                else if (message->kind == WorkerMessage::Kind::Question)
                    question(message->text);
            }
        } catch (const std::runtime_error&) {
            return;
        }
    }
}

void RemoteRequests::zoom(const std::string& request) {
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

void RemoteRequests::question(const std::string& request) {
    try {
        if (!source_)
            source_ = open_();
        const ProfilingResults& results = resultsOf(*source_, path_);
        const RemoteQuestion asked = RemoteQuestion::decode(request, path_, results.regions.size());
        if (asked.kind != RemoteQuestion::Kind::Durations) {
            channel_.sendData(asked.answer(results, byteLimit_));
            return;
        }
        if (!seriesOf_ || seriesOf_->region != asked.region || seriesOf_->ranks != asked.ranks) {
            seriesOf_.reset();
            series_ = DurationSeries::of(results, asked.region, asked.ranks,
                                         DurationSeries::kMedianWindow, byteLimit_);
            seriesOf_ = asked;
        }
        channel_.sendData(asked.answer(series_));
    } catch (...) {
        channel_.send(currentError());
    }
}

} // namespace scope::worker
