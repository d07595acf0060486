// SPDX-License-Identifier: GPL-3.0-or-later
#include "Processes.h"

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <thread>

#ifdef SCOPE_INDEX_MPI
#include <mpi.h>
#endif

namespace scope::index_tool {

#ifdef SCOPE_INDEX_MPI

Processes::Processes(int& argc, char**& argv) {
    MPI_Init(&argc, &argv);
    MPI_Comm_size(MPI_COMM_WORLD, &size_);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank_);
}

Processes::~Processes() {
    MPI_Finalize();
}

bool Processes::withMpi() {
    return true;
}

std::uint64_t Processes::broadcast(std::uint64_t value) const {
    MPI_Bcast(&value, 1, MPI_UINT64_T, 0, MPI_COMM_WORLD);
    return value;
}

std::vector<std::string> Processes::gather(const std::string& bytes) const {
    // Waiting in a collective, Open MPI polls on a core of its own: the
    // processes that finish first would take it from those still building
    // (mpirun -n N on N cores or fewer). A barrier tested between naps does not.
    MPI_Request arrived;
    MPI_Ibarrier(MPI_COMM_WORLD, &arrived);
    for (int done = 0;;) {
        MPI_Test(&arrived, &done, MPI_STATUS_IGNORE);
        if (done)
            break;
        std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
    const auto n = static_cast<std::size_t>(size_);
    std::uint64_t mine = bytes.size();
    std::vector<std::uint64_t> sizes(n, 0);
    MPI_Gather(&mine, 1, MPI_UINT64_T, sizes.data(), 1, MPI_UINT64_T, 0, MPI_COMM_WORLD);
    std::uint64_t largest = 0;
    if (root())
        for (const std::uint64_t size : sizes)
            largest = std::max(largest, size);
    largest = broadcast(largest);
    // Each process sends at most its slice of a round, so that a round's
    // counts and displacements all fit in an int.
    const std::uint64_t slice = kRoundBytes / n;
    std::vector<std::string> all;
    if (root()) {
        all.resize(n);
        for (std::size_t p = 0; p < n; ++p)
            all[p].resize(sizes[p]);
    }
    std::vector<int> counts(n, 0);
    std::vector<int> displacements(n, 0);
    std::vector<char> round;
    for (std::uint64_t at = 0; at < largest || at == 0; at += slice) {
        const std::uint64_t send = mine > at ? std::min(slice, mine - at) : 0;
        if (root()) {
            int total = 0;
            for (std::size_t p = 0; p < n; ++p) {
                counts[p] = static_cast<int>(sizes[p] > at ? std::min(slice, sizes[p] - at) : 0);
                displacements[p] = total;
                total += counts[p];
            }
            round.resize(static_cast<std::size_t>(total));
        }
        MPI_Gatherv(bytes.data() + std::min<std::uint64_t>(at, mine), static_cast<int>(send),
                    MPI_BYTE, round.data(), counts.data(), displacements.data(), MPI_BYTE, 0,
                    MPI_COMM_WORLD);
        if (root())
            for (std::size_t p = 0; p < n; ++p)
                if (counts[p] > 0)
                    std::copy_n(round.data() + displacements[p], counts[p],
                                all[p].data() + static_cast<std::ptrdiff_t>(at));
        if (largest == 0)
            break;
    }
    return all;
}

void Processes::abort(int status) const {
    MPI_Abort(MPI_COMM_WORLD, status);
    std::_Exit(status);
}

#else

Processes::Processes(int&, char**&) {}

Processes::~Processes() = default;

bool Processes::withMpi() {
    return false;
}

std::uint64_t Processes::broadcast(std::uint64_t value) const {
    return value;
}

std::vector<std::string> Processes::gather(const std::string& bytes) const {
    return {bytes};
}

void Processes::abort(int status) const {
    std::_Exit(status);
}

#endif

} // namespace scope::index_tool
