// SPDX-License-Identifier: GPL-3.0-or-later
#include "MpiJson.h"

#include "JsonWriter.h"
#include "analysis/MpiTraffic.h"

namespace scope {

namespace {

void writeMatrix(JsonWriter& json, const std::vector<std::uint64_t>& matrix, std::size_t n) {
    if (matrix.size() != n * n) {
        json.null(); // MpiTraffic::matrixOmitted
        return;
    }
    json.beginArray();
    for (std::size_t row = 0; row < n; ++row) {
        json.beginArray();
        for (std::size_t column = 0; column < n; ++column)
            json.value(matrix[row * n + column]);
        json.endArray();
    }
    json.endArray();
}

// {"<rank>": {"<name>": seconds}} for the (rank, name) pairs with calls.
template <class Seconds, class Calls>
void writeTimes(JsonWriter& json, std::size_t ranks, const std::vector<std::string>& names,
                Seconds seconds, Calls calls) {
    json.beginObject();
    for (std::size_t rank = 0; rank < ranks; ++rank) {
        bool any = false;
        for (std::size_t i = 0; i < names.size(); ++i) {
            if (calls(rank, i) == 0)
                continue;
            if (!any)
                json.key(std::to_string(rank)).beginObject();
            any = true;
            json.key(names[i]).value(seconds(rank, i));
        }
        if (any)
            json.endObject();
    }
    json.endObject();
}

} // namespace

void MpiJson::write(JsonWriter& json, const ProfilingResults& file, const RankSelection& ranks) {
    json.key("mpi");
    const MpiTraffic t = MpiTraffic::compute(file, ranks);
    if (t.empty()) {
        json.null();
        return;
    }
    const std::size_t n = t.rankCount();
    json.beginObject();
    json.key("bytes_sent");
    writeMatrix(json, t.sentMatrix(), n);
    json.key("bytes_received");
    writeMatrix(json, t.receivedMatrix(), n);
    json.key("collective_seconds");
    writeTimes(
        json, n, t.collectiveOps(),
        [&](std::size_t r, std::size_t i) { return t.collectiveSeconds(r, i); },
        [&](std::size_t r, std::size_t i) { return t.collectiveCalls(r, i); });
    json.key("wait_seconds");
    writeTimes(
        json, n, t.waitRequests(),
        [&](std::size_t r, std::size_t i) { return t.waitSeconds(r, i); },
        [&](std::size_t r, std::size_t i) { return t.waitCalls(r, i); });
    json.key("unknown_peer_or_bytes").value(t.unknownPeerOrBytesCalls());
    json.key("peer_outside_run").value(t.peerOutsideRunCalls());
    json.key("communicators").beginArray();
    for (const std::int64_t comm : t.comms())
        json.value(comm);
    json.endArray();
    json.endObject();
}

} // namespace scope
