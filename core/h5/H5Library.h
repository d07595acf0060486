// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

namespace scope::h5 {

// Prepares the calling thread for HDF5 reads: silences HDF5's own error printing
// (per thread in the thread-safe library) and, once per process, registers the
// filters we read (our Zstandard, Debian's LZF plugin loaded by its file name)
// and turns libhdf5's plugin search off: a file naming any other filter gets
// "filter not available", never a dlopen of whatever its plugin folders hold.
void prepareThread();

} // namespace scope::h5
