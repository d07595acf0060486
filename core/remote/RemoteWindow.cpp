// SPDX-License-Identifier: GPL-3.0-or-later
#include "RemoteWindow.h"

#include "RemotePayload.h"
#include "isolate/ByteReader.h"
#include "isolate/ByteWriter.h"
#include "model/Errors.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace scope {
namespace {

using isolate::ByteReader;
using isolate::ByteWriter;

constexpr const char* kRequestStep = "reading a zoom request";
constexpr const char* kAnswerStep = "receiving the calls of a zoom from the host";
// A window this much finer than a query still serves it, drawn as it is.
constexpr double kFinerServed = 8.0;

void writeHead(ByteWriter& out, const RemoteWindow& window) {
    out.i64(window.t0Ns);
    out.i64(window.t1Ns);
    out.f64(window.nsPerPixel);
    out.u64(window.lanes.size());
    for (const std::uint32_t lane : window.lanes)
        out.u32(lane);
}

RemoteWindow readHead(ByteReader& in, std::size_t laneCount) {
    RemoteWindow window;
    window.t0Ns = in.i64();
    window.t1Ns = in.i64();
    window.nsPerPixel = in.f64();
    if (window.t1Ns <= window.t0Ns || !(window.nsPerPixel > 0.0) ||
        !std::isfinite(window.nsPerPixel))
        in.fail("an empty window or a resolution that is not positive");
    window.lanes.resize(in.count(4));
    for (std::uint32_t& lane : window.lanes) {
        lane = in.u32();
        if (lane >= laneCount || (&lane != window.lanes.data() && lane <= *(&lane - 1)))
            in.fail("lanes out of order or not there");
    }
    return window;
}

} // namespace

std::string RemoteWindow::encodeRequest() const {
    ByteWriter out;
    writeHead(out, *this);
    return out.take();
}

RemoteWindow RemoteWindow::decodeRequest(std::string_view bytes, const std::string& source,
                                         std::size_t laneCount) {
    ByteReader in(bytes, source, kRequestStep);
    RemoteWindow window = readHead(in, laneCount);
    if (!in.atEnd())
        in.fail("bytes after the request");
    return window;
}

std::string RemoteWindow::encodeAnswer() const {
    ByteWriter out;
    writeHead(out, *this);
    for (const std::vector<TimelineSpan>& laneSpans : spans)
        RemotePayload::writeSpans(out, laneSpans);
    return RemotePayload::pack(out.bytes());
}

RemoteWindow RemoteWindow::decodeAnswer(std::string_view bytes, const RemoteWindow& request,
                                        const std::string& url, std::size_t regions,
                                        std::uint64_t maxBytes) {
    const std::string raw = RemotePayload::unpack(bytes, url, maxBytes);
    try {
        ByteReader in(raw, url, kAnswerStep);
        RemoteWindow window = readHead(in, std::numeric_limits<std::uint32_t>::max());
        if (window.t0Ns != request.t0Ns || window.t1Ns != request.t1Ns ||
            window.nsPerPixel != request.nsPerPixel || window.lanes != request.lanes)
            in.fail("an answer to another zoom");
        for (std::size_t i = 0; i < window.lanes.size(); ++i) {
            std::vector<TimelineSpan> laneSpans = RemotePayload::readSpans(in, regions);
            for (std::size_t s = 1; s < laneSpans.size(); ++s)
                if (laneSpans[s].startNs < laneSpans[s - 1].startNs)
                    in.fail("spans out of order");
            window.spans.push_back(std::move(laneSpans));
        }
        if (!in.atEnd())
            in.fail("bytes after the answer");
        return window;
    } catch (const CorruptProfileError& error) {
        RemotePayload::damaged(error, url, kAnswerStep);
    }
}

bool RemoteWindow::serves(std::size_t lane, std::int64_t t0, std::int64_t t1,
                          double pixelNs) const {
    return t0Ns <= t0 && t1 <= t1Ns && nsPerPixel <= pixelNs &&
           nsPerPixel * kFinerServed >= pixelNs &&
           std::binary_search(lanes.begin(), lanes.end(), lane);
}

const std::vector<TimelineSpan>* RemoteWindow::laneSpans(std::size_t lane) const {
    const auto at = std::lower_bound(lanes.begin(), lanes.end(), lane);
    if (at == lanes.end() || *at != lane || spans.size() != lanes.size())
        return nullptr;
    return &spans[static_cast<std::size_t>(at - lanes.begin())];
}

void RemoteWindow::spansOf(std::size_t lane, std::int64_t t0, std::int64_t t1,
                           std::vector<TimelineSpan>& out) const {
    out.clear();
    const std::vector<TimelineSpan>* all = laneSpans(lane);
    if (all == nullptr)
        return;
    // A lane's spans never overlap: sorted by start, they are sorted by reach.
    auto at = std::partition_point(all->begin(), all->end(), [&](const TimelineSpan& s) {
        return reachOf(s.startNs, s.endNs) <= t0;
    });
    for (; at != all->end() && at->startNs < t1; ++at)
        out.push_back(*at);
}

std::size_t RemoteWindow::bytes() const {
    std::size_t total = sizeof *this + lanes.size() * sizeof(std::uint32_t);
    for (const std::vector<TimelineSpan>& laneSpans : spans)
        total += laneSpans.size() * sizeof(TimelineSpan);
    return total;
}

} // namespace scope
