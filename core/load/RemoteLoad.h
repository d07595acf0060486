// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "AsyncLoader.h"
#include "base/ReadControl.h"

#include <functional>
#include <string>

namespace scope {

// A load of a run on another host (an ssh:// path, RemoteUrl): read where it
// lies by readRemote, which brings its statistics and its whole-run timeline
// but none of its calls. The request's memory budget is the host's for
// reading there, not this process's.
class RemoteLoad {
public:
    // Whether the request names a run on another host (rank files never do).
    static bool handles(const LoadRequest& request);

    // `control` reports the progress of the whole load and holds its cancel.
    RemoteLoad(const LoadRequest& request, ReadControl control);

    // Fills `outcome` (results, timelineSource; or error / cancelled) and
    // returns it. `readDone`, when given and the request is not summary-only,
    // gets the results first, as other loads hand over their table before
    // `finished`.
    LoadOutcome run(LoadOutcome outcome,
                    const std::function<void(const LoadOutcome&)>& readDone) const;

private:
    const LoadRequest& request_;
    ReadControl control_;
};

} // namespace scope
