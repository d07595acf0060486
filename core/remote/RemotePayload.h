// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "analysis/CallTree.h"
#include "analysis/RankLaneTable.h"
#include "analysis/TimelinePyramid.h"
#include "isolate/ByteReader.h"
#include "isolate/ByteWriter.h"
#include "model/ProfilingResults.h"

#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>

namespace scope {

class CorruptProfileError;
class PartialTimeline;

// What a remote read sends back once the helper on the host is done: the
// results without calls and the whole-run timeline's coarse levels, as one
// zstd-compressed buffer (Data frames carry it; core/remote and
// scope-read-worker --serve).
class RemotePayload {
public:
    // Levels sent: those at least (run span / kColumns) wide, coarsest first
    // (256, 1,024 and 4,096 columns over the run).
    static constexpr double kColumns = 8192.0;

    // The coarse levels of a built timeline, as they cross.
    struct Timeline {
        std::int64_t originNs = 0; // the pyramid's
        std::int64_t endNs = 0;
        TimelinePyramid::RankPart levels; // all lanes as one part
        RankLaneTable rankLanes;
        // The call tree of each rank of rankLanes, ascending; empty when
        // the host has none to send.
        std::vector<CallTree> rankTrees;
    };
    // The coarse levels of `pyramid` (a whole run's: every rank added), the
    // lanes of its ranks and their call trees (empty or one per rank).
    static Timeline timelineOf(const TimelinePyramid& pyramid, RankLaneTable rankLanes,
                               std::vector<CallTree> rankTrees);

    // `results`' events and calls on demand are not sent. eventsOnHost: its
    // statistics came from the calls, read on the host.
    static std::string encode(const ProfilingResults& results, bool eventsOnHost,
                              const std::optional<Timeline>& timeline);

    struct Decoded {
        ProfilingResults results; // finalized; path = `url`
        bool eventsOnHost = false;
        std::shared_ptr<const PartialTimeline> timeline; // null when none was sent
        std::vector<CallTree> rankTrees;                 // per rank of the timeline, ascending
    };
    // Throws RemoteReadError naming `url` on damaged bytes, or when they
    // would unpack to more than maxBytes (0 = no limit).
    static Decoded decode(std::string_view bytes, const std::string& url, std::uint64_t maxBytes);

    // The pieces shared with RemoteWindow. Spans cross as columns; readSpans
    // fails `in` on a span that ends before it starts or names a region past
    // `regions`.
    static void writeSpans(isolate::ByteWriter& out, std::span<const TimelineSpan> spans);
    static std::vector<TimelineSpan> readSpans(isolate::ByteReader& in, std::size_t regions);
    // zstd with a magic and the unpacked size in front; unpack throws
    // RemoteReadError naming `url` on damage or past maxBytes (0 = no limit).
    static std::string pack(std::string_view raw);
    static std::string unpack(std::string_view bytes, const std::string& url,
                              std::uint64_t maxBytes);
    // Throws RemoteReadError naming `url` unless the bytes unpack to `size`.
    static std::string unpackExactly(std::string_view bytes, const std::string& url,
                                     std::uint64_t size);
    // Damaged bytes from the host at `url` while `step` (a reader's
    // CorruptProfileError) as the RemoteReadError they are here.
    [[noreturn]] static void damaged(const CorruptProfileError& error, const std::string& url,
                                     const std::string& step);

private:
    // What packed bytes declare they unpack to; throws on another format.
    static std::uint64_t unpackedSize(std::string_view bytes, const std::string& url);
    static std::string unpackChecked(std::string_view bytes, const std::string& url,
                                     std::uint64_t rawSize);
};

} // namespace scope
