// scope-bench: wall time, throughput and peak memory of the core's reads, next
// to a bare H5Dread loop over the same datasets in the same run. Every
// measurement runs in a child process of its own, so its peak memory is that
// of one read alone and no read warms another's heap.
#include "BareReader.h"
#include "FixtureWriter.h"
#include "SyntheticRun.h"
#include "analysis/TimelineIndex.h"
#include "format/ProfileReader.h"

#include <spawn.h>
#include <sys/wait.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <string>
#include <vector>

extern char** environ;
namespace fs = std::filesystem;
using namespace scope;

namespace {

struct Measurement {
    double seconds = 0;
    double events = 0;
    double peakMiB = 0;
};

struct BenchFile {
    std::string label;
    int schema = 1;
    fixtures::SyntheticRun::Shape shape;
    fs::path path;
};

// VmHWM, not getrusage: Linux carries ru_maxrss across exec, so a child would
// report the parent's peak.
double peakRssMiB() {
    std::FILE* status = std::fopen("/proc/self/status", "r");
    if (status == nullptr)
        return 0;
    char line[256];
    double kib = 0;
    while (std::fgets(line, sizeof line, status) != nullptr)
        if (std::sscanf(line, "VmHWM: %lf kB", &kib) == 1)
            break;
    std::fclose(status);
    return kib / 1024.0;
}

// Child side: one read, then "seconds events peak_MiB" on stdout.
int measure(const std::string& kind, const std::string& path) {
    const auto begin = std::chrono::steady_clock::now();
    double events = 0;
    if (kind == "bare1") {
        events = static_cast<double>(bench::bareReadSchema1(path)) / 2;
    } else if (kind == "bare3") {
        events = static_cast<double>(bench::bareReadColumnar(path)) / 2;
    } else if (kind == "full") {
        events = static_cast<double>(readH5(path).totalCalls());
    } else if (kind == "summary") {
        events = static_cast<double>(readH5Summary(path).totalCalls());
    } else {
        std::fprintf(stderr, "unknown measurement %s\n", kind.c_str());
        return 1;
    }
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - begin).count();
    std::printf("%.6f %.0f %.1f\n", seconds, events, peakRssMiB());
    return 0;
}

// Child side of the timeline measurements (the viewer's level-of-detail index):
// the read is not timed; "timeline-query" times one query of every lane over
// the whole run at 2000 pixels, as the first frame of the timeline does.
int measureTimeline(const std::string& kind, const std::string& path) {
    const ProfilingResults results = readH5(path);
    auto begin = std::chrono::steady_clock::now();
    const TimelineIndex index(results);
    double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - begin).count();
    if (kind == "timeline-query") {
        const double nsPerPixel = static_cast<double>(index.endNs() - index.startNs()) / 2000;
        std::vector<TimelineSpan> spans;
        begin = std::chrono::steady_clock::now();
        for (std::size_t lane = 0; lane < index.lanes().size(); ++lane)
            index.query(lane, index.startNs(), index.endNs() + 1, nsPerPixel, spans);
        seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - begin).count();
    }
    std::printf("%.6f %.0f %.1f\n", seconds, static_cast<double>(results.totalCalls()),
                peakRssMiB());
    return 0;
}

Measurement spawnMeasure(const std::string& kind, const fs::path& file) {
    int pipeFds[2];
    if (pipe(pipeFds) != 0)
        throw std::runtime_error("pipe failed");
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_adddup2(&actions, pipeFds[1], 1);
    posix_spawn_file_actions_addclose(&actions, pipeFds[0]);
    std::string self = fs::read_symlink("/proc/self/exe").string();
    std::string path = file.string();
    std::string flag = "--measure";
    char* argv[] = {self.data(), flag.data(), const_cast<char*>(kind.c_str()), path.data(),
                    nullptr};
    pid_t pid = 0;
    if (posix_spawn(&pid, self.c_str(), &actions, nullptr, argv, environ) != 0)
        throw std::runtime_error("cannot start the measuring process");
    posix_spawn_file_actions_destroy(&actions);
    close(pipeFds[1]);
    std::string output;
    char buffer[256];
    for (ssize_t n; (n = read(pipeFds[0], buffer, sizeof buffer)) > 0;)
        output.append(buffer, static_cast<std::size_t>(n));
    close(pipeFds[0]);
    int status = 0;
    waitpid(pid, &status, 0);
    Measurement m;
    if (!WIFEXITED(status) || WEXITSTATUS(status) != 0 ||
        std::sscanf(output.c_str(), "%lf %lf %lf", &m.seconds, &m.events, &m.peakMiB) != 3)
        throw std::runtime_error("measurement " + kind + " of " + path + " failed");
    return m;
}

// Best time of `repeat` runs (the page cache is warm after the first), largest peak.
Measurement best(const std::string& kind, const fs::path& file, int repeat) {
    Measurement result = spawnMeasure(kind, file);
    for (int i = 1; i < repeat; ++i) {
        const Measurement m = spawnMeasure(kind, file);
        result.seconds = std::min(result.seconds, m.seconds);
        result.peakMiB = std::max(result.peakMiB, m.peakMiB);
    }
    return result;
}

void ensureWritten(const BenchFile& file) {
    if (fs::exists(file.path))
        return;
    std::printf("writing %s ...\n", file.path.c_str());
    std::fflush(stdout);
    fixtures::FixtureSpec spec = fixtures::SyntheticRun::generate(file.shape);
    spec.schema = file.schema;
    // Schema-1 files get h5py's default 1024-element chunks; the columnar
    // writer stores long columns in large chunks.
    spec.chunkSize = file.schema == 1 ? 1024 : 65536;
    fixtures::FixtureWriter::write(spec, file.path.string() + ".part");
    fs::rename(file.path.string() + ".part", file.path);
}

void printRow(const std::string& label, const Measurement& m, const Measurement* reference) {
    std::printf("  %-28s %9.3f s %12.3g events/s %9.1f MiB", label.c_str(), m.seconds,
                m.events / m.seconds, m.peakMiB);
    if (reference != nullptr)
        std::printf("   %.2fx bare", m.seconds / reference->seconds);
    std::printf("\n");
}

} // namespace

int main(int argc, char** argv) {
    if (argc == 4 && std::strcmp(argv[1], "--measure") == 0)
        return std::strncmp(argv[2], "timeline", 8) == 0 ? measureTimeline(argv[2], argv[3])
                                                         : measure(argv[2], argv[3]);
    fs::path dir = fs::temp_directory_path() / "scope-bench";
    int repeat = 3;
    bool quick = false;
    for (int i = 1; i < argc; ++i) {
        const std::string arg = argv[i];
        if (arg == "--dir" && i + 1 < argc) {
            dir = argv[++i];
        } else if (arg == "--repeat" && i + 1 < argc) {
            repeat = std::max(1, std::atoi(argv[++i]));
        } else if (arg == "--quick") {
            quick = true;
        } else {
            std::fprintf(stderr, "usage: scope-bench [--dir DIR] [--repeat N] [--quick]\n");
            return 1;
        }
    }
    fs::create_directories(dir);
    fixtures::SyntheticRun::Shape shape;
    shape.ranks = quick ? 4 : 16;
    shape.regions = 12;
    shape.calls = quick ? 10'000 : 100'000;
    shape.withCallIds = false;
    shape.withSources = false;
    const std::string size = std::to_string(shape.ranks) + "x" + std::to_string(shape.regions) +
                             "x" + std::to_string(shape.calls);
    std::vector<BenchFile> files = {
        {"schema 1, " + size, 1, shape, dir / ("schema1_" + size + ".h5")},
        {"schema 3, " + size, 3, shape, dir / ("schema3_" + size + ".h5")},
    };
    for (const BenchFile& file : files)
        ensureWritten(file);

    for (const BenchFile& file : files) {
        std::printf("%s (%.0f MB)\n", file.label.c_str(),
                    static_cast<double>(fs::file_size(file.path)) / 1e6);
        const Measurement bare = best(file.schema == 1 ? "bare1" : "bare3", file.path, repeat);
        printRow("bare H5Dread loop", bare, nullptr);
        const Measurement full = best("full", file.path, repeat);
        printRow("readH5 + statistics", full, &bare);
        if (file.schema >= 2) {
            const Measurement summary = best("summary", file.path, repeat);
            printRow("readH5Summary", summary, &bare);
            std::printf("  summary-only / full read: %.2f %%\n",
                        100.0 * summary.seconds / full.seconds);
        }
    }

    const BenchFile& timeline = files.back();
    std::printf("timeline index, %s (peak includes the read)\n", timeline.label.c_str());
    printRow("build TimelineIndex", best("timeline-build", timeline.path, repeat), nullptr);
    printRow("query all lanes at 2000 px", best("timeline-query", timeline.path, repeat), nullptr);
    return 0;
}
