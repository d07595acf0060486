// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "base/ReadControl.h"
#include "model/ProfilingResults.h"

#include <cstddef>
#include <span>
#include <string>
#include <string_view>

namespace scope {

// The first bytes of every native trace (`.spt`) of the C and Fortran APIs.
inline constexpr std::string_view kSptMagic = "SCOPEPRF";

// Whether `head` (the first bytes of a file, at least 8 to tell) starts a native trace.
bool startsWithSptMagic(std::span<const std::byte> head);

// Reads a native trace, version 1 or 2, as the contract (native-traces.md)
// describes it: one rank, one row per region record with its calls as
// events, the v2 source location in the row's details, metadata as the C
// API's HDF5 files have it. Parsed here, without libhdf5, every length and
// count checked against the bytes left. Anything the contract rejects or
// leaves unchecked (negative lengths, repeated names, end < start, calls that
// neither nest nor are disjoint, ...) is a CorruptProfileError naming `name`;
// a file that ends early says that the run probably died while writing it.
// Exclusive times are left unset: the trace stores none (fillExclusiveTimes).
ProfilingResults readSptImage(std::span<const std::byte> image, const std::string& name,
                              const ReadControl& control = {});

// The same, of a file read whole with plain I/O. FileNotFoundError when it cannot be opened.
ProfilingResults readSpt(const std::string& path, const ReadControl& control = {});

} // namespace scope
