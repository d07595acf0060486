// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

namespace scope::h5 {

// Prepares the calling thread for HDF5 reads: silences HDF5's own error printing
// (per thread in the thread-safe library) and registers our Zstandard filter once.
void prepareThread();

// For a process that confines itself before reading (the read helper): loads
// the filter plugins our writers use (LZF) now, while opening files is still
// allowed, and, with `searchOthers` false, stops libhdf5 from searching its
// plugin path later, so that a file naming another filter gets "filter not
// available" instead of a directory search.
void loadFilterPlugins(bool searchOthers);

} // namespace scope::h5
