// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

namespace scope::h5 {

// Prepares the calling thread for HDF5 reads: silences HDF5's own error printing
// (per thread in the thread-safe library) and registers our Zstandard filter once.
void prepareThread();

} // namespace scope::h5
