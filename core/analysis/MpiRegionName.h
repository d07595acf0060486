// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace scope {

// A region that records one MPI call's parameters in its name (scope-profiler's
// profile_mpi_calls and scope_profiler_mpi.hpp):
// "mpi:<op> kind=<k> bytes=<n> peer=<p> root=<r> tag=<t> comm=<c>", waits add
// " request=<op>". -1 means unknown or not applicable for bytes, peer, root
// and tag.
struct MpiRegionName {
    std::string op;
    std::string kind; // "point-to-point", "collective" or "wait"
    std::int64_t bytes = -1;
    std::int64_t peer = -1;
    std::int64_t root = -1;
    std::int64_t tag = -1;
    std::int64_t comm = 0;
    std::string request; // the request's op on waits, else empty

    // The parameters, or nullopt for an ordinary region: the contract's
    // grammar exactly (prefix, op, single-space separated key=value tokens,
    // all six keys once, the integers whole), since a user region may well
    // start with "mpi:" and must not be counted as traffic.
    static std::optional<MpiRegionName> parse(std::string_view name);

    bool isSend() const { return op == "send" || op == "isend"; }
    bool isReceive() const { return op == "recv" || op == "irecv"; }
    bool isCollective() const { return kind == "collective"; }
    bool isWait() const { return kind == "wait"; }

    // For people: "allreduce (8 KiB)", "send → 3 (1 MiB)", "recv ← any",
    // "bcast from 0 (4 KiB)", "wait (isend → 3)".
    std::string shortName() const;
    // The short name of an MPI region, any other name as it is: what a
    // label with little room shows.
    static std::string displayName(std::string_view region);
    // "512 B", "8 KiB", "1.5 MiB".
    static std::string formatBytes(std::uint64_t bytes);
};

} // namespace scope
