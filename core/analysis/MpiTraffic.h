// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "MpiRegionName.h"
#include "model/ProfilingResults.h"

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace scope {

// The communication of a run as its MPI call regions (MpiRegionName) record
// it, from the rows' call counts and totals, so also for summary-only reads.
// Every (region, rank) row has one parameter set, so a row's bytes are the
// region's bytes times its calls. Matrices are flat, row-major
// rankCount() x rankCount(), row = the recording rank, column = its peer: at
// 1,024 ranks one allocation of a million cells each.
class MpiTraffic {
public:
    // A point-to-point row with a known peer and size.
    struct Link {
        std::uint32_t rank = 0;
        std::uint32_t peer = 0;
        std::int64_t comm = 0;
        std::size_t region = 0;
        std::uint64_t bytes = 0; // bytes x calls
        std::uint64_t calls = 0;
        bool send = false; // send/isend, else recv/irecv
    };
    struct SizeCalls {
        std::uint64_t bytes = 0; // of one call
        std::uint64_t calls = 0;
    };

    // Whether any region of the run is an MPI call region.
    static bool hasMpiRegions(const ProfilingResults& results);
    // Only the rows of the selected ranks count; the matrices still span
    // every rank that recorded an MPI call (or is named as a peer), so
    // peers outside the selection show.
    static MpiTraffic compute(const ProfilingResults& results, const RankSelection& ranks = {});

    // Beyond this many ranks the matrices are not built (two of 8 bytes a
    // cell would take gigabytes); links() still holds every pair.
    static constexpr std::size_t kMaxMatrixRanks = 4096;

    bool empty() const { return mpiRegions_ == 0; }
    std::size_t mpiRegionCount() const { return mpiRegions_; }
    // The recording ranks and the peers they name (0 without MPI regions).
    std::size_t rankCount() const { return ranks_; }
    // rankCount() > kMaxMatrixRanks: the matrices (and matrixOf) are empty.
    bool matrixOmitted() const { return matrixOmitted_; }

    // sent[rank][peer] over send+isend, received[rank][peer] over recv+irecv,
    // bytes; wait bytes never count (they repeat the request's).
    const std::vector<std::uint64_t>& sentMatrix() const { return sent_; }
    const std::vector<std::uint64_t>& receivedMatrix() const { return received_; }
    std::uint64_t sent(std::size_t rank, std::size_t peer) const {
        return sent_[rank * ranks_ + peer];
    }
    std::uint64_t received(std::size_t rank, std::size_t peer) const {
        return received_[rank * ranks_ + peer];
    }
    // One communicator's matrix (sent or received), from links().
    std::vector<std::uint64_t> matrixOf(std::int64_t comm, bool send) const;

    // Point-to-point calls left out of the matrices: unknown bytes or peer
    // (-1, e.g. any source), and peers the run has no rank for.
    std::uint64_t unknownPeerOrBytesCalls() const { return unknownCalls_; }
    std::uint64_t peerOutsideRunCalls() const { return outsideCalls_; }

    // The communicators of the point-to-point calls, ascending; more than
    // one means peers are ranks of different communicators and the summed
    // matrix mixes them (matrixOf tells them apart).
    const std::vector<std::int64_t>& comms() const { return comms_; }
    const std::vector<Link>& links() const { return links_; }

    // Collective ops in name order; seconds and calls per (rank, op), flat
    // rankCount() x ops.
    const std::vector<std::string>& collectiveOps() const { return collectiveOps_; }
    double collectiveSeconds(std::size_t rank, std::size_t op) const {
        return collectiveSeconds_[rank * collectiveOps_.size() + op];
    }
    std::uint64_t collectiveCalls(std::size_t rank, std::size_t op) const {
        return collectiveCalls_[rank * collectiveOps_.size() + op];
    }
    // Waits by the request's op ("isend", "irecv"; "unknown" without one).
    const std::vector<std::string>& waitRequests() const { return waitRequests_; }
    double waitSeconds(std::size_t rank, std::size_t request) const {
        return waitSeconds_[rank * waitRequests_.size() + request];
    }
    std::uint64_t waitCalls(std::size_t rank, std::size_t request) const {
        return waitCalls_[rank * waitRequests_.size() + request];
    }

    // Calls per message size, ascending, over send+isend (sendSizes) and
    // recv+irecv (receiveSizes) with known bytes.
    const std::vector<SizeCalls>& sendSizes() const { return sendSizes_; }
    const std::vector<SizeCalls>& receiveSizes() const { return receiveSizes_; }

    // The region carrying the most bytes from `rank` to `peer` (send) or
    // received by `rank` from `peer`, for a click on a matrix cell.
    std::optional<std::size_t> regionOf(std::size_t rank, std::size_t peer, bool send) const;

private:
    std::size_t mpiRegions_ = 0;
    std::size_t ranks_ = 0;
    bool matrixOmitted_ = false;
    std::vector<std::uint64_t> sent_;
    std::vector<std::uint64_t> received_;
    std::uint64_t unknownCalls_ = 0;
    std::uint64_t outsideCalls_ = 0;
    std::vector<std::int64_t> comms_;
    std::vector<Link> links_;
    std::vector<std::string> collectiveOps_;
    std::vector<double> collectiveSeconds_;
    std::vector<std::uint64_t> collectiveCalls_;
    std::vector<std::string> waitRequests_;
    std::vector<double> waitSeconds_;
    std::vector<std::uint64_t> waitCalls_;
    std::vector<SizeCalls> sendSizes_;
    std::vector<SizeCalls> receiveSizes_;
};

} // namespace scope
