// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "analysis/DurationSeries.h"
#include "analysis/TimelineSource.h"
#include "remote/RemoteQuestion.h"

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>

namespace scope::worker {

class WorkerChannel;

// The helper's side of a run kept open over SSH: after the results, each
// request the viewer writes to the helper's standard input is answered from
// the calls here (in memory or read on demand), as Data frames and Done,
// until the input ends. A Window (a zoom) gets the spans its timeline source
// gives; a Question (a rank selection's histogram or percentiles, a region's
// durations over time) the answer its calls give.
class RemoteRequests {
public:
    // `open` gives the run's timeline source, whose results hold the calls;
    // it is called at the first request (a run opened from its index opens
    // its calls only then). byteLimit bounds the calls a question's
    // percentiles hold at once.
    RemoteRequests(WorkerChannel& channel, std::string path, std::uint64_t byteLimit,
                   std::function<std::shared_ptr<const TimelineSource>()> open);

    // Answers until the end of `input`. An error of one request goes out as
    // an Error message; the helper stays.
    void serve(int input);

private:
    void zoom(const std::string& request);
    void question(const std::string& request);

    WorkerChannel& channel_;
    std::string path_;
    std::uint64_t byteLimit_;
    std::function<std::shared_ptr<const TimelineSource>()> open_;
    std::shared_ptr<const TimelineSource> source_;
    // The durations over time last asked for, kept for the windows that
    // follow (each zoom and pan of the view asks again).
    std::optional<RemoteQuestion> seriesOf_;
    DurationSeries series_;
};

} // namespace scope::worker
