// SPDX-License-Identifier: GPL-3.0-or-later
#include "IndexBench.h"

#include "BenchSupport.h"

#include <chrono>
#include <cstdio>
#include <fstream>
#include <iterator>
#include <optional>

namespace fs = std::filesystem;

namespace scope::bench {
namespace {

// The targets on the 10^9-call run.
constexpr double kOverviewTarget = 5.0;
constexpr double kReopenTarget = 1.0;

std::string readFile(const fs::path& path) {
    std::ifstream in(path, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

std::string target(double seconds, double limit) {
    char text[64];
    std::snprintf(text, sizeof text, "target <= %.0f s: %s", limit,
                  seconds <= limit ? "met" : "MISSED");
    return text;
}

std::optional<fs::path> onlyIndexIn(const fs::path& folder) {
    for (const auto& entry : fs::directory_iterator(folder))
        if (entry.path().extension() == ".scopeindex")
            return entry.path();
    return std::nullopt;
}

} // namespace

IndexBench::IndexBench(fs::path dir, int repeat) : dir_(std::move(dir)), repeat_(repeat) {}

void IndexBench::measure(const fs::path& run, const std::string& label, std::uint64_t budget,
                         bool huge) {
    const fs::path folder = dir_ / ("index-" + run.stem().string());
    fs::remove_all(folder);
    fs::create_directories(folder);
    const std::string budgetText = std::to_string(budget);
    auto step = [&](const char* kind) {
        return spawnArgs(
            {selfPath().string(), "--measure", kind, run.string(), budgetText, folder.string()});
    };
    try {
        const Measurement first = step("index-first-open");
        printRow(label, "first open, read on demand, to the table", first);
        const Measurement zstd = best("bare-zstd", run, repeat_);
        const Measurement overview = step("index-overview");
        printRow("", "overview: a pass of its own over every call", overview,
                 ratio(overview, zstd, "bare zstd"));
        const Measurement gathered = step("index-overview-gathered");
        printRow("", "open to the overview gathered in the statistics' pass", gathered,
                 ratio(gathered, first, "the first open") +
                     (huge ? "; " + target(gathered.seconds, kOverviewTarget) : ""));
        const Measurement firstRanks = step("index-overview-first-ranks");
        char ranksShown[64];
        std::snprintf(ranksShown, sizeof ranksShown, "%.0f spans drawn", firstRanks.events);
        printRow("", "open to the overview's first ranks, the rest estimated", firstRanks,
                 ranksShown);
        const Measurement timeline = step("index-timeline");
        printRow("", "exact timeline, built from the calls", timeline);
        const Measurement write = step("index-write");
        const double eventBytes = first.events * 16.0;
        char share[96];
        std::snprintf(share, sizeof share, "index %.1f MB, %.2f %% of the calls' 16 B each",
                      write.events / 1e6, 100.0 * write.events / std::max(eventBytes, 1.0));
        printRow("", "keep the index (after the timeline)",
                 Measurement{write.seconds, 0, write.peakMiB}, share);
        const auto fastest = [&](const char* kind) {
            Measurement m = step(kind);
            for (int i = 1; i < repeat_; ++i) {
                const Measurement again = step(kind);
                if (again.seconds < m.seconds)
                    m = again;
            }
            return m;
        };
        const Measurement reopen = fastest("index-reopen");
        printRow("", "reopen: table and whole-run timeline (the index's head)",
                 Measurement{reopen.seconds, 0, reopen.peakMiB},
                 huge ? target(reopen.seconds, kReopenTarget) : std::string());
        const Measurement whole = fastest("index-reopen-whole");
        std::string note;
        if (const std::optional<fs::path> index = onlyIndexIn(folder))
            note = ratio(whole, best("pread", *index, repeat_), "a bare pread of the index");
        printRow("", "reopen: the whole index, every zoom",
                 Measurement{whole.seconds, 0, whole.peakMiB}, note);
    } catch (const std::exception& e) {
        std::printf("  (the index figures failed: %s)\n", e.what());
    }
    measureScopeIndex(run);
    std::fflush(stdout);
}

// Wall time of the whole program, as a user on a cluster waits for it.
void IndexBench::measureScopeIndex(const fs::path& run) {
    const fs::path serialOut = dir_ / (run.stem().string() + ".serial.scopeindex");
    const fs::path mpiOut = dir_ / (run.stem().string() + ".mpi2.scopeindex");
    auto timed = [](std::vector<std::string> args) {
        const auto begin = std::chrono::steady_clock::now();
        spawnCapture(std::move(args));
        return std::chrono::duration<double>(std::chrono::steady_clock::now() - begin).count();
    };
    try {
        const double serial =
            timed({SCOPE_INDEX_EXE, "--output", serialOut.string(), run.string()});
        printRow("", "scope-index, one process", Measurement{serial, 0, 0});
        const double two = timed({"mpirun", "--allow-run-as-root", "--oversubscribe", "-n", "2",
                                  SCOPE_INDEX_EXE, "--output", mpiOut.string(), run.string()});
        const bool same = readFile(serialOut) == readFile(mpiOut);
        char note[96];
        std::snprintf(note, sizeof note, "%.2fx one process; %s", serial / two,
                      same ? "the same bytes" : "DIFFERENT bytes");
        printRow("", "mpirun -n 2 scope-index", Measurement{two, 0, 0}, note);
    } catch (const std::exception& e) {
        std::printf("  (scope-index figures failed: %s)\n", e.what());
    }
    fs::remove(serialOut);
    fs::remove(mpiOut);
}

} // namespace scope::bench
