// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "isolate/WorkerMessage.h"

namespace scope::worker {

// The exception being handled (call inside a catch block) as the Error
// message that brings it to the caller as the same ProfileError class.
isolate::WorkerMessage currentError();

} // namespace scope::worker
