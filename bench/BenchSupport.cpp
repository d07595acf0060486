// SPDX-License-Identifier: GPL-3.0-or-later
#include "BenchSupport.h"

#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <stdexcept>

extern char** environ;
namespace fs = std::filesystem;

namespace scope::bench {

std::string spawnCapture(std::vector<std::string> args, bool quietErrors) {
    int pipeFds[2];
    if (pipe(pipeFds) != 0)
        throw std::runtime_error("pipe failed");
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_adddup2(&actions, pipeFds[1], 1);
    posix_spawn_file_actions_addclose(&actions, pipeFds[0]);
    if (quietErrors)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0);
    std::vector<char*> argv;
    for (std::string& arg : args)
        argv.push_back(arg.data());
    argv.push_back(nullptr);
    pid_t pid = 0;
    if (posix_spawnp(&pid, argv[0], &actions, nullptr, argv.data(), environ) != 0)
        throw std::runtime_error("cannot start " + args[0]);
    posix_spawn_file_actions_destroy(&actions);
    close(pipeFds[1]);
    std::string output;
    char buffer[256];
    for (ssize_t n; (n = read(pipeFds[0], buffer, sizeof buffer)) > 0;)
        output.append(buffer, static_cast<std::size_t>(n));
    close(pipeFds[0]);
    int status = 0;
    waitpid(pid, &status, 0);
    if (!WIFEXITED(status) || WEXITSTATUS(status) != 0)
        throw std::runtime_error(args[0] + " " + args.back() + " failed");
    return output;
}

fs::path selfPath() {
    return fs::read_symlink("/proc/self/exe");
}

Measurement spawnArgs(std::vector<std::string> args) {
    const std::string what = args[0] + " " + args.back();
    std::string output = spawnCapture(std::move(args));
    const std::size_t last = output.find_last_of('\n', output.size() >= 2 ? output.size() - 2 : 0);
    Measurement m;
    if (std::sscanf(output.c_str() + (last == std::string::npos ? 0 : last + 1), "%lf %lf %lf",
                    &m.seconds, &m.events, &m.peakMiB) != 3)
        throw std::runtime_error("measurement " + what + " failed");
    return m;
}

Measurement spawnMeasure(const std::string& kind, const fs::path& file) {
    return spawnArgs({selfPath().string(), "--measure", kind, file.string()});
}

Measurement best(const std::string& kind, const fs::path& file, int repeat) {
    Measurement result = spawnMeasure(kind, file);
    for (int i = 1; i < repeat; ++i) {
        const Measurement m = spawnMeasure(kind, file);
        result.seconds = std::min(result.seconds, m.seconds);
        result.peakMiB = std::max(result.peakMiB, m.peakMiB);
    }
    return result;
}

void printHeader() {
    std::printf("%-42s %-34s %11s %10s %10s  %s\n", "file", "measurement", "wall", "events/s",
                "peak", "note");
}

void printRow(const std::string& file, const std::string& label, const Measurement& m,
              const std::string& note) {
    char rate[32] = "";
    if (m.events > 0 && m.seconds > 0)
        std::snprintf(rate, sizeof rate, "%.1f M", m.events / m.seconds / 1e6);
    char peak[32] = "";
    if (m.peakMiB > 0)
        std::snprintf(peak, sizeof peak, "%.0f MiB", m.peakMiB);
    // A row of memory alone leaves the time empty.
    char wall[32] = "";
    if (m.seconds > 0 || m.peakMiB <= 0)
        std::snprintf(wall, sizeof wall, "%.3f s", m.seconds);
    std::printf("%-42s %-34s %11s %10s %10s  %s\n", file.c_str(), label.c_str(), wall, rate, peak,
                note.c_str());
    std::fflush(stdout);
}

std::string ratio(const Measurement& m, const Measurement& reference, const char* what) {
    char text[64];
    std::snprintf(text, sizeof text, "%.2fx %s", m.seconds / reference.seconds, what);
    return text;
}

std::string fileLabel(const std::string& label, const fs::path& path) {
    char size[32];
    std::snprintf(size, sizeof size, " (%.0f MB)", static_cast<double>(fs::file_size(path)) / 1e6);
    return label + size;
}

std::optional<ViewerFigures> runViewer(const fs::path& file,
                                       const std::vector<std::string>& extra) {
    const fs::path viewer = selfPath().parent_path() / "scope-viewer-bench";
    // The window reads through the helper process, as scope-viewer does (the
    // bench programs have no helper beside them to find).
    setenv("SCOPE_READ_WORKER", SCOPE_READ_WORKER_EXE, 0);
    std::vector<std::string> arguments{viewer.string(), file.string()};
    arguments.insert(arguments.end(), extra.begin(), extra.end());
    std::string output;
    try {
        output = spawnCapture(arguments, true);
    } catch (const std::exception& e) {
        std::printf("  (viewer measurement skipped: %s)\n", e.what());
        return std::nullopt;
    }
    ViewerFigures f;
    const std::size_t at = output.find("VIEWER ");
    if (at == std::string::npos ||
        std::sscanf(output.c_str() + at, "VIEWER %lf %lf %lf %lf %lf %lf %lf %lf", &f.tableMs,
                    &f.stallMs, &f.peakMiB, &f.redrawMs, &f.frameMs, &f.events, &f.percentilesMs,
                    &f.timelineMs) != 8) {
        std::printf("  (viewer measurement failed)\n");
        return std::nullopt;
    }
    // A ninth figure from builds that know the memory budget, a tenth from
    // those that draw a timeline while it is built.
    double ignored = 0;
    std::sscanf(output.c_str() + at, "VIEWER %lf %lf %lf %lf %lf %lf %lf %lf %lf %lf", &ignored,
                &ignored, &ignored, &ignored, &ignored, &ignored, &ignored, &ignored, &f.onDemand,
                &f.firstRanksMs);
    return f;
}

std::optional<ViewerFigures> bestViewer(const fs::path& file, int repeat,
                                        const std::vector<std::string>& extra) {
    auto best = runViewer(file, extra);
    if (!best)
        return best;
    for (int i = 1; i < repeat; ++i) {
        const auto f = runViewer(file, extra);
        if (!f)
            return f;
        best->tableMs = std::min(best->tableMs, f->tableMs);
        best->percentilesMs = std::min(best->percentilesMs, f->percentilesMs);
        best->timelineMs = std::min(best->timelineMs, f->timelineMs);
        best->stallMs = std::min(best->stallMs, f->stallMs);
        best->redrawMs = std::min(best->redrawMs, f->redrawMs);
        best->frameMs = std::min(best->frameMs, f->frameMs);
        best->peakMiB = std::max(best->peakMiB, f->peakMiB);
    }
    return best;
}

} // namespace scope::bench
