// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace scope::index_tool {

// The processes indexing one run together: under mpirun with MPI
// (SCOPE_INDEX_MPI), MPI_COMM_WORLD; otherwise, or without MPI, this one
// process. Process 0 gathers and writes.
class Processes {
public:
    Processes(int& argc, char**& argv);
    ~Processes();
    Processes(const Processes&) = delete;
    Processes& operator=(const Processes&) = delete;

    int size() const { return size_; }
    int rank() const { return rank_; }
    bool root() const { return rank_ == 0; }
    static bool withMpi();

    // Process 0's value, on every process.
    std::uint64_t broadcast(std::uint64_t value) const;
    // Every process's bytes, by process, on process 0 (empty elsewhere).
    // Any size: sent in rounds of at most kRoundBytes over all processes,
    // since MPI counts bytes in an int.
    std::vector<std::string> gather(const std::string& bytes) const;
    // Ends every process with `status` at once; the caller has said why.
    [[noreturn]] void abort(int status) const;

    static constexpr std::uint64_t kRoundBytes = std::uint64_t{1} << 30;

private:
    int size_ = 1;
    int rank_ = 0;
};

} // namespace scope::index_tool
