// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

// What every section of scope-bench shares: running measurements in child
// processes and printing them as rows of one table.
namespace scope::bench {

struct Measurement {
    double seconds = 0;
    double events = 0;
    double peakMiB = 0;
};

// Runs `args` (args[0] is the program) and returns what it printed on stdout;
// throws when it fails.
std::string spawnCapture(std::vector<std::string> args, bool quietErrors = false);
std::filesystem::path selfPath();
// A child printing "seconds events peak_MiB" as its last line.
Measurement spawnArgs(std::vector<std::string> args);
Measurement spawnMeasure(const std::string& kind, const std::filesystem::path& file);
// Best time of `repeat` runs (the page cache is warm after the first), largest peak.
Measurement best(const std::string& kind, const std::filesystem::path& file, int repeat);

void printHeader();
void printRow(const std::string& file, const std::string& label, const Measurement& m,
              const std::string& note = {});
std::string ratio(const Measurement& m, const Measurement& reference, const char* what);
// "label (N MB)" with the file's size.
std::string fileLabel(const std::string& label, const std::filesystem::path& path);

// The real window opening a file (scope-viewer-bench, a separate program):
// time to the table, longest UI stall, peak memory with the timeline ready and
// the timeline's redraw times.
struct ViewerFigures {
    double tableMs = 0;
    double stallMs = 0;
    double peakMiB = 0;
    double redrawMs = 0;
    double frameMs = 0;
    double events = 0;
    double percentilesMs = 0;
    double timelineMs = 0;    // open to the complete run (timeline index) in the window
    double onDemand = -1;     // 1: read on demand, 0: every call in memory, -1: not said
    double firstRanksMs = -1; // the first ranks of a timeline being built drawn; -1: none
};

// `extra`: more arguments for scope-viewer-bench (--summary-only, --memory-budget SIZE).
std::optional<ViewerFigures> runViewer(const std::filesystem::path& file,
                                       const std::vector<std::string>& extra = {});
// Times: the best of `repeat` opens, like the reads; memory: the largest.
std::optional<ViewerFigures> bestViewer(const std::filesystem::path& file, int repeat,
                                        const std::vector<std::string>& extra = {});

} // namespace scope::bench
