// SPDX-License-Identifier: GPL-3.0-or-later
#include "MpiPrinter.h"

#include "DisplayWidth.h"
#include "analysis/MpiTraffic.h"
#include "base/DurationFormat.h"

#include <algorithm>
#include <numeric>

namespace scope::report {

namespace {

using Row = std::vector<std::string>;

std::string bytesText(std::uint64_t bytes) {
    return bytes == 0 ? "0" : MpiRegionName::formatBytes(bytes);
}

void printMatrix(std::ostream& out, const std::vector<std::uint64_t>& matrix, std::size_t n,
                 const char* title, const char* arrow) {
    out << "  " << title << '\n';
    if (std::all_of(matrix.begin(), matrix.end(), [](std::uint64_t b) { return b == 0; })) {
        out << "  none\n";
        return;
    }
    if (n <= MpiPrinter::kMatrixRanks) {
        std::vector<Row> rows;
        Row header{"rank"};
        for (std::size_t peer = 0; peer < n; ++peer)
            header.push_back(std::string(arrow) + " " + std::to_string(peer));
        rows.push_back(std::move(header));
        for (std::size_t rank = 0; rank < n; ++rank) {
            Row row{std::to_string(rank)};
            for (std::size_t peer = 0; peer < n; ++peer)
                row.push_back(bytesText(matrix[rank * n + peer]));
            rows.push_back(std::move(row));
        }
        printAligned(out, rows);
        return;
    }
    std::vector<std::size_t> cells;
    for (std::size_t i = 0; i < matrix.size(); ++i)
        if (matrix[i] > 0)
            cells.push_back(i);
    const std::size_t shown = std::min(cells.size(), MpiPrinter::kLargestPairs);
    std::partial_sort(cells.begin(), cells.begin() + static_cast<std::ptrdiff_t>(shown),
                      cells.end(), [&](std::size_t a, std::size_t b) {
                          return matrix[a] != matrix[b] ? matrix[a] > matrix[b] : a < b;
                      });
    std::vector<Row> rows{{"rank", "peer", "bytes"}};
    for (std::size_t i = 0; i < shown; ++i)
        rows.push_back({std::to_string(cells[i] / n),
                        std::string(arrow) + " " + std::to_string(cells[i] % n),
                        bytesText(matrix[cells[i]])});
    printAligned(out, rows);
    if (cells.size() > shown)
        out << "  (the " << shown << " largest of " << cells.size() << " pairs; all in --json)\n";
}

template <class Seconds, class Calls>
void printTimes(std::ostream& out, const char* title, std::size_t ranks,
                const std::vector<std::string>& names, Seconds seconds, Calls calls) {
    out << "  " << title << '\n';
    if (names.empty()) {
        out << "  none\n";
        return;
    }
    std::vector<Row> rows;
    Row header{"rank"};
    header.insert(header.end(), names.begin(), names.end());
    rows.push_back(std::move(header));
    for (std::size_t rank = 0; rank < ranks; ++rank) {
        Row row{std::to_string(rank)};
        bool any = false;
        for (std::size_t i = 0; i < names.size(); ++i) {
            any = any || calls(rank, i) > 0;
            row.push_back(calls(rank, i) > 0 ? formatDuration(seconds(rank, i)) : "-");
        }
        if (any)
            rows.push_back(std::move(row));
    }
    printAligned(out, rows);
}

} // namespace

void MpiPrinter::print(std::ostream& out, const ProfilingResults& results,
                       const RankSelection& ranks) {
    out << "\n  MPI communication:\n";
    const MpiTraffic t = MpiTraffic::compute(results, ranks);
    if (t.empty()) {
        out << "  no MPI call regions\n";
        return;
    }
    const std::size_t n = t.rankCount();
    if (t.matrixOmitted()) {
        out << "  bytes per rank and peer: not built for " << n << " ranks (more than "
            << MpiTraffic::kMaxMatrixRanks << ")\n";
    } else {
        printMatrix(out, t.sentMatrix(), n, "bytes sent (send, isend) by rank to peer:", "→");
        printMatrix(out, t.receivedMatrix(), n,
                    "bytes received (recv, irecv) by rank from peer:", "←");
    }
    if (t.unknownPeerOrBytesCalls() > 0)
        out << "  " << t.unknownPeerOrBytesCalls()
            << " point-to-point calls with unknown peer or bytes are not in the matrices\n";
    if (t.peerOutsideRunCalls() > 0)
        out << "  " << t.peerOutsideRunCalls()
            << " point-to-point calls name a peer the run has no rank for\n";
    if (t.comms().size() > 1) {
        out << "  the matrices sum over " << t.comms().size() << " communicators:";
        for (const std::int64_t comm : t.comms())
            out << ' ' << comm;
        out << " (peers are ranks of each)\n";
    }
    printTimes(
        out, "time in collectives by rank:", n, t.collectiveOps(),
        [&](std::size_t r, std::size_t i) { return t.collectiveSeconds(r, i); },
        [&](std::size_t r, std::size_t i) { return t.collectiveCalls(r, i); });
    printTimes(
        out, "time in waits by rank and request:", n, t.waitRequests(),
        [&](std::size_t r, std::size_t i) { return t.waitSeconds(r, i); },
        [&](std::size_t r, std::size_t i) { return t.waitCalls(r, i); });
}

} // namespace scope::report
