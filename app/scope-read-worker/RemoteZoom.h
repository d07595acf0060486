// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "analysis/TimelineSource.h"

#include <functional>
#include <memory>
#include <string>

namespace scope::worker {

class WorkerChannel;

// The helper's side of the zooms of a run kept open over SSH: after the
// results, each Window the viewer writes to the helper's standard input is
// answered with the spans its timeline source gives here (the calls read on
// demand), as Data frames and Done; until the input ends.
class RemoteZoom {
public:
    // `open` gives the run's timeline source; it is called at the first zoom
    // (a run opened from its index opens its calls only then).
    RemoteZoom(WorkerChannel& channel, std::string path,
               std::function<std::shared_ptr<const TimelineSource>()> open);

    // Answers until the end of `input`. An error of one zoom goes out as an
    // Error message; the helper stays.
    void serve(int input);

private:
    void answer(const std::string& request);

    WorkerChannel& channel_;
    std::string path_;
    std::function<std::shared_ptr<const TimelineSource>()> open_;
    std::shared_ptr<const TimelineSource> source_;
};

} // namespace scope::worker
