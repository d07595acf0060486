// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "format/ReadRequest.h"
#include "model/ProfilingResults.h"

#include <chrono>
#include <string>

namespace scope {

// The read helper this process would run: $SCOPE_READ_WORKER if set ("none"
// = read in this process), else scope-read-worker beside the executable, else
// ../libexec/scope-viewer/scope-read-worker relative to it; empty when none is
// found, and reads then happen in this process.
std::string findReadWorker();

// readH5 (or readH5Summary for summary-only requests) with its libhdf5 step
// (planH5) in a helper process, so that a file on which libhdf5 crashes,
// aborts or loops costs an error, not the caller; the event bytes are then
// read here (completeRead). The ProfileErrors the helper reports arrive as the same types
// with the same path, step and message; a crash, a time-out or garbled output
// of the helper is a CorruptProfileError naming the file; a cancel is
// ReadCancelled.
ProfilingResults readIsolated(const std::string& path, const ReadRequest& request);

} // namespace scope
