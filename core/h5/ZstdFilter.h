// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

namespace scope::h5 {

// HDF5 filter id 32015 as registered by the HDF5 filter plugins project.
inline constexpr int kZstdFilterId = 32015;

// Registers a decompress-only Zstandard filter over libzstd, because Debian ships
// no HDF5 plugin for it. Does nothing when a 32015 filter is already available.
void registerZstdFilter();

} // namespace scope::h5
