// SPDX-License-Identifier: GPL-3.0-or-later
// libFuzzer target: the bytes of a run on another host, as a hostile or
// broken host (or viewer) might send them. The first byte picks the reader:
// the results and whole-run timeline (RemotePayload), a zoom's answer and
// request (RemoteWindow), a question about the calls and its four kinds of
// answer (RemoteQuestion: histogram, percentiles, durations over time, every
// call's duration).
// Damage must end in a scope::ProfileError (RemoteReadError or
// CorruptProfileError); any other exception, crash, leak or hang is a
// finding. Build and run: see tests/fuzz/README.md.
#include "model/Errors.h"
#include "remote/RemotePayload.h"
#include "remote/RemoteQuestion.h"
#include "remote/RemoteWindow.h"

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace {

using namespace scope;

const std::string kUrl = "ssh://fuzz/run.h5";
constexpr std::uint64_t kMaxBytes = std::uint64_t{64} << 20;

RemoteQuestion question(RemoteQuestion::Kind kind) {
    RemoteQuestion asked;
    asked.kind = kind;
    asked.region = 1;
    asked.bins = 40;
    asked.ranks = RankSelection({0, 2});
    if (kind == RemoteQuestion::Kind::Durations) {
        asked.t0 = 0.0;
        asked.t1 = 2.0;
        asked.columns = 16;
    }
    return asked;
}

void read(std::uint8_t reader, std::string_view bytes) {
    switch (reader % 8) {
    case 0:
        (void)RemotePayload::decode(bytes, kUrl, kMaxBytes);
        break;
    case 1: {
        RemoteWindow request;
        request.t0Ns = 0;
        request.t1Ns = 1000;
        request.nsPerPixel = 1.0;
        request.lanes = {0, 3};
        (void)RemoteWindow::decodeAnswer(bytes, request, kUrl, 4, kMaxBytes);
        break;
    }
    case 2:
        (void)RemoteWindow::decodeRequest(bytes, "the viewer", 8);
        break;
    case 3:
        (void)RemoteQuestion::decode(bytes, "the viewer", 4);
        break;
    case 4:
        (void)question(RemoteQuestion::Kind::Histogram).histogramFrom(bytes, kUrl);
        break;
    case 5:
        (void)question(RemoteQuestion::Kind::Percentiles).percentilesFrom(bytes, kUrl, 4);
        break;
    case 6:
        (void)question(RemoteQuestion::Kind::Durations).durationsFrom(bytes, kUrl);
        break;
    default:
        (void)question(RemoteQuestion::Kind::CallDurations)
            .callDurationsFrom(bytes, kUrl, kMaxBytes);
        break;
    }
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    if (size == 0)
        return 0;
    try {
        read(data[0], std::string_view(reinterpret_cast<const char*>(data) + 1, size - 1));
    } catch (const scope::ProfileError&) {
    }
    return 0;
}
