// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

namespace scope::worker {

// scope-read-worker --serve: the helper's side of a read over SSH
// (core/remote/RemoteReader.h). Started by ssh on the host where the run
// lies; its standard output is the connection. It says hello (its version),
// reads the file as the viewer would here (its libhdf5 step in a confined
// helper of its own, the calls on demand within the memory budget given),
// builds the whole-run timeline, and sends the results without calls plus
// the timeline's coarse levels (RemotePayload), with progress and
// heartbeats on the way, or the read's error as an Error message. With a
// timeline sent it then answers the viewer's zooms and questions about the
// calls (RemoteRequests) until its standard input ends.
class RemoteServe {
public:
    // argv[1] is "--serve". Returns the exit status.
    static int run(int argc, char** argv);
};

} // namespace scope::worker
