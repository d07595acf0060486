// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "analysis/TimelineSource.h"

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace scope {

// A zoom below the coarse levels of a run on another host: the viewer asks
// for the spans of some lanes over [t0Ns, t1Ns) at nsPerPixel, and the helper
// there answers with exactly what its own timeline source gives for them
// (the calls read on demand on the host). Requests cross as a Window frame,
// answers as Data frames and Done, packed as RemotePayload is.
struct RemoteWindow {
    std::int64_t t0Ns = 0;
    std::int64_t t1Ns = 0;
    double nsPerPixel = 1.0;
    std::vector<std::uint32_t> lanes; // ascending, no repeats
    // The answer: per entry of `lanes`, its spans (empty in a request).
    std::vector<std::vector<TimelineSpan>> spans;

    std::string encodeRequest() const;
    // Throws CorruptProfileError naming `source` on damaged bytes, a lane
    // past laneCount, an empty range or a resolution that is not positive.
    static RemoteWindow decodeRequest(std::string_view bytes, const std::string& source,
                                      std::size_t laneCount);

    std::string encodeAnswer() const;
    // The answer to `request`. Throws RemoteReadError naming `url` on damaged
    // bytes, an answer to another request, or past maxBytes (0 = no limit).
    static RemoteWindow decodeAnswer(std::string_view bytes, const RemoteWindow& request,
                                     const std::string& url, std::size_t regions,
                                     std::uint64_t maxBytes);

    // Whether this answer serves a query of `lane` over [t0Ns, t1Ns) at
    // nsPerPixel: its range holds the query's, and it is as fine (but not far
    // finer, which would only cost drawing).
    bool serves(std::size_t lane, std::int64_t t0, std::int64_t t1, double pixelNs) const;
    // The spans of `lane` intersecting [t0, t1): none for a lane not answered.
    void spansOf(std::size_t lane, std::int64_t t0, std::int64_t t1,
                 std::vector<TimelineSpan>& out) const;
    const std::vector<TimelineSpan>* laneSpans(std::size_t lane) const;
    std::size_t bytes() const;
};

} // namespace scope
