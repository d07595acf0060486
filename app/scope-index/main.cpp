// SPDX-License-Identifier: GPL-3.0-or-later
// scope-index: a run's index, built by one process or by the processes of
// mpirun, each building its share of the run's ranks.
#include "IndexOptions.h"
#include "Processes.h"
#include "base/MemoryBudget.h"
#include "index/IndexBuilder.h"
#include "index/IndexCache.h"
#include "index/IndexCodec.h"
#include "model/Errors.h"

#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <vector>

namespace {

using namespace scope;
using namespace scope::index_tool;

#ifdef SCOPE_INDEX_VERSION
constexpr const char* kVersion = SCOPE_INDEX_VERSION;
#else
constexpr const char* kVersion = "0.1.0";
#endif

// Written whole under another name, then renamed: a reader never sees half an index.
std::filesystem::path writeIndex(const std::string& path, const std::string& bytes) {
    const std::string temporary = path + ".tmp-" + std::to_string(getpid());
    {
        std::ofstream out(temporary, std::ios::binary | std::ios::trunc);
        out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
        out.close();
        if (!out) {
            const std::string why = std::strerror(errno);
            std::filesystem::remove(temporary);
            throw ProfileError(path, "writing the index", why);
        }
    }
    std::error_code error;
    std::filesystem::rename(temporary, path, error);
    if (error) {
        std::filesystem::remove(temporary);
        throw ProfileError(path, "writing the index", error.message());
    }
    return path;
}

// The ranks of this process: every size-th from its own position on.
std::vector<std::uint32_t> shareOf(const std::vector<std::uint32_t>& ranks,
                                   const Processes& processes) {
    std::vector<std::uint32_t> mine;
    for (std::size_t i = 0; i < ranks.size(); ++i)
        if (i % static_cast<std::size_t>(processes.size()) ==
            static_cast<std::size_t>(processes.rank()))
            mine.push_back(ranks[i]);
    return mine;
}

int run(const IndexOptions& options, const Processes& processes) {
    const auto begin = std::chrono::steady_clock::now();
    // One budget for all: the index's bytes depend on it.
    const std::uint64_t budget = processes.broadcast(
        options.memoryBudget > 0 ? options.memoryBudget : MemoryBudget::defaultBytes());
    // Process 0's phases, for the line it prints.
    std::vector<double> phases;
    auto phaseDone = [&phases, last = begin]() mutable {
        const auto now = std::chrono::steady_clock::now();
        phases.push_back(std::chrono::duration<double>(now - last).count());
        last = now;
    };
    const IndexBuilder builder(options.file, budget, {});
    phaseDone();
    std::vector<OnDemandTimeline::RankBuild> builds =
        builder.build(shareOf(builder.ranks(), processes));
    phaseDone();
    if (processes.size() > 1) {
        const std::vector<std::string> gathered = processes.gather(
            processes.root() ? std::string() : IndexBuilder::encodeRankBuilds(builds));
        for (std::size_t p = 1; p < gathered.size(); ++p) {
            std::vector<OnDemandTimeline::RankBuild> theirs = builder.decodeRankBuilds(
                gathered[p],
                options.file + " (the ranks built by process " + std::to_string(p) + ")");
            builds.insert(builds.end(), std::make_move_iterator(theirs.begin()),
                          std::make_move_iterator(theirs.end()));
        }
    }
    phaseDone();
    if (!processes.root())
        return 0;
    const RunIndex index = builder.assemble(std::move(builds));
    std::filesystem::path where;
    if (options.output)
        where = writeIndex(*options.output, IndexCodec::encode(index));
    else if (options.beside)
        where = IndexCache::beside().store(options.file, index);
    else
        where = IndexCache::standard().store(options.file, index);
    phaseDone();
    double seconds = 0;
    for (const double phase : phases)
        seconds += phase;
    std::error_code error;
    const std::uintmax_t bytes = std::filesystem::file_size(where, error);
    std::printf("%s: index written to %s (%s) in %.2f s with %d process%s (read %.2f s, "
                "ranks built %.2f s, gathered %.2f s, assembled and written %.2f s)\n",
                options.file.c_str(), where.c_str(),
                error ? "size unknown" : MemoryBudget::format(bytes).c_str(), seconds,
                processes.size(), processes.size() == 1 ? "" : "es", phases[0], phases[1],
                phases[2], phases[3]);
    std::fflush(stdout);
    return 0;
}

} // namespace

int main(int argc, char** argv) {
    // MPI first: mpirun may hand over arguments of its own.
    const Processes processes(argc, argv);
    const std::vector<std::string_view> arguments(argv + 1, argv + argc);
    IndexOptions options;
    try {
        options = IndexOptions::parse(arguments);
    } catch (const UsageError& error) {
        // Every process parsed the same line: one says so.
        if (processes.root())
            std::cerr << "scope-index: error: " << error.what()
                      << "\nTry 'scope-index --help' for more information.\n";
        return 2;
    }
    if (options.help || options.version) {
        if (processes.root())
            std::cout << (options.help ? IndexOptions::usage()
                                       : std::string("scope-index ") + kVersion + "\n");
        return 0;
    }
    int status = 1;
    try {
        status = run(options, processes);
    } catch (const std::exception& error) {
        // A ProfileError names its file; anything else is named here.
        const std::string message = error.what();
        const std::string who = processes.size() > 1
                                    ? " (process " + std::to_string(processes.rank()) + " of " +
                                          std::to_string(processes.size()) + ")"
                                    : std::string();
        // One write: the lines of several processes do not interleave.
        const std::string line =
            "scope-index: error" + who + ": " +
            (message.starts_with(options.file) ? message : options.file + ": " + message) + "\n";
        std::fwrite(line.data(), 1, line.size(), stderr);
        std::fflush(stderr);
        // The others may be waiting for this one: end them all.
        if (processes.size() > 1)
            processes.abort(1);
        return 1;
    }
    // The others exit once process 0 has written, and with its status.
    return static_cast<int>(processes.broadcast(static_cast<std::uint64_t>(status)));
}
