// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <span>
#include <string>

namespace scope::bench {

// "remote-zoom URL [BUDGET|default [FILE_BYTES]]": opens a run over SSH (an ssh:// URL; set
// SCOPE_SSH_COMMAND and SCOPE_REMOTE_HELPER as a user would), then zooms
// as the viewer does at 1,000 pixels on the lanes of the first 16 ranks:
// into a 200th of the run in its middle, then a 20,000th. Prints, per step,
// the seconds and the bytes that crossed, beside the file's size on the host
// when it is given as extra[1].
int measureRemoteZoom(const std::string& url, std::span<const std::string> extra);

} // namespace scope::bench
