// SPDX-License-Identifier: GPL-3.0-or-later
// scope-bench: wall time, throughput and peak memory of the core's reads, next
// to a bare H5Dread loop over the same datasets in the same run. Every
// measurement runs in a child process of its own, so its peak memory is that
// of one read alone and no read warms another's heap.
#include "BenchSupport.h"
#include "BudgetBench.h"
#include "ChildMeasurement.h"
#include "FixtureWriter.h"
#include "IndexBench.h"
#include "SignificanceBench.h"
#include "SyntheticRun.h"

#include "base/MemoryBudget.h"

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace fs = std::filesystem;
using namespace scope;
using namespace scope::bench;

namespace {

struct BenchFile {
    std::string label;
    int schema = 1;
    fixtures::SyntheticRun::Shape shape;
    fs::path path;
};

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

std::string fileLabel(const BenchFile& file) {
    return bench::fileLabel(file.label, file.path);
}

// The h5py + NumPy script beside this program's source, run by the first
// python3 that has h5py; nullopt (with a note) when there is none.
std::optional<Measurement> bestH5py(const fs::path& file, int repeat) {
    const fs::path script = fs::path(SCOPE_BENCH_SOURCE_DIR) / "h5py_stats.py";
    for (const char* python : {"python3", "/usr/bin/python3"}) {
        try {
            spawnCapture({python, "-c", "import h5py, numpy"}, true);
        } catch (const std::exception&) {
            continue;
        }
        Measurement result = spawnArgs({python, script.string(), file.string()});
        for (int i = 1; i < repeat; ++i) {
            const Measurement m = spawnArgs({python, script.string(), file.string()});
            result.seconds = std::min(result.seconds, m.seconds);
        }
        return result;
    }
    std::printf("  (no python3 with h5py and numpy: the h5py comparison is skipped)\n");
    return std::nullopt;
}

// Full read, its bare-loop floor and the h5py script on one events file.
void measureFullRead(const BenchFile& file, int repeat) {
    const std::string name = fileLabel(file);
    const Measurement pread = best("pread", file.path, repeat);
    printRow(name, "bare parallel pread of the file", pread,
             "every core, 4 MiB blocks, fresh memory: the floor");
    const Measurement bare = best(file.schema == 1 ? "bare1" : "bare3", file.path, repeat);
    printRow("", "bare H5Dread loop", bare, ratio(bare, pread, "pread"));
    const Measurement full = best("full", file.path, repeat);
    printRow("", "readH5 + statistics", full, ratio(full, bare, "bare"));
    printRow("", "... its libhdf5 step (planH5)", best("plan", file.path, repeat),
             "structure and where the event bytes are: the helper's part");
    const Measurement isolated = best("isolated", file.path, repeat);
    const Measurement helper = best("isolated-helper", file.path, 1);
    printRow("", "read as the viewer does", isolated,
             ratio(isolated, bare, "bare") + ", " + ratio(isolated, pread, "pread") +
                 "; helper, then the bytes here; helper peak " +
                 std::to_string(static_cast<int>(helper.peakMiB)) + " MiB");
    if (const auto h5py = bestH5py(file.path, repeat))
        printRow("", "h5py + NumPy script", *h5py,
                 ratio(*h5py, isolated, "the viewer's read") + ", " + ratio(*h5py, bare, "bare"));
    if (file.schema >= 2) {
        const Measurement summary = best("summary", file.path, repeat);
        printRow("", "readH5Summary", summary, ratio(summary, full, "full read"));
    }
}

void measureTimelineOf(const BenchFile& file, int repeat) {
    const std::string name = fileLabel(file) + " timeline";
    printRow(name, "build TimelineIndex", best("timeline-build", file.path, repeat),
             "peak includes the read");
    printRow("", "query all lanes at 2000 px", best("timeline-query", file.path, repeat),
             "whole run, one thread");
    printRow("", "... on every core", best("timeline-query-parallel", file.path, repeat),
             "as the timeline view does");
    printRow("", "build the call tree", best("timeline-calltree", file.path, repeat),
             "every call path of every rank, from the index");
    const Measurement copy = best("read-stage-copy", file.path, repeat);
    printRow("", "copy for the table-first stage", {copy.seconds, 0, copy.peakMiB},
             std::to_string(static_cast<int>(copy.seconds * 1e6)) + " us: all but the events, " +
                 std::to_string(static_cast<long>(copy.events)) + " rows");
}

void measureViewer(const BenchFile& file, int repeat) {
    const auto figures = bestViewer(file.path, repeat);
    if (!figures)
        return;
    const auto [tableMs, stallMs, peakMiB, redrawMs, frameMs, events, percentilesMs, timelineMs,
                onDemand, firstRanksMs] = *figures;
    // The floor in the same run, which the table's target is set against (<= 1.5x it).
    const Measurement pread = best("pread", file.path, repeat);
    // 16 bytes of start and end per call, as the file stores them.
    const double limitMiB = (1.25 * events * 16 + 150e6) / (1024.0 * 1024.0);
    char note[96];
    std::snprintf(note, sizeof note, "target <= %.0f MiB (1.25 x %.0f MB events + 150 MB)",
                  limitMiB, events * 16 / 1e6);
    printRow(fileLabel(file) + " viewer", "bare parallel pread of the file", pread,
             "the floor, this run");
    const Measurement table{tableMs / 1000, events, peakMiB};
    printRow("", "open to table showing", table,
             ratio(table, pread, "pread (target 1.5x); ") + note);
    printRow("", "open to timeline index in", Measurement{timelineMs / 1000, 0, 0},
             "the complete run: exclusive times, timeline, call paths");
    printRow("", "... with the percentiles", Measurement{percentilesMs / 1000, 0, 0},
             "they sort every call of a region");
    printRow("", "longest UI-thread stall", Measurement{stallMs / 1000, 0, 0}, "target 50 ms");
    printRow("", "slowest timeline redraw", Measurement{redrawMs / 1000, 0, 0},
             "new zoom, whole run to 1e-5 of it, all frames; target 30 ms");
    printRow("", "slowest timeline frame", Measurement{frameMs / 1000, 0, 0},
             "the longest the UI thread waits on one");
}

// Summary-only opens of one shape with `calls` and 10x `calls` per region:
// the time must not follow the number of calls.
void measureSummaryScaling(const std::vector<BenchFile>& files, int repeat) {
    Measurement first;
    for (const BenchFile& file : files) {
        printRow(fileLabel(file), "readH5Summary", best("summary", file.path, repeat),
                 "with every row's source and tags");
        Measurement m = best("summary-lean", file.path, repeat);
        printRow("", "readH5Summary, no row details", m,
                 &file == &files.front() ? std::string("as the viewer reads")
                                         : ratio(m, first, "the 10x fewer calls"));
        printRow("", "the same in the helper process", best("isolated-summary", file.path, repeat),
                 "the viewer's read");
        if (&file == &files.front())
            first = m;
    }
    if (const auto viewer = bestViewer(files.back().path, repeat, {"--summary-only"})) {
        printRow(fileLabel(files.back()) + " viewer", "summary-only open to table showing",
                 Measurement{viewer->tableMs / 1000, 0, viewer->peakMiB}, "target 200 ms");
        printRow("", "longest UI-thread stall", Measurement{viewer->stallMs / 1000, 0, 0},
                 "target 50 ms");
    }
}

fixtures::SyntheticRun::Shape makeShape(std::uint32_t ranks, std::uint32_t regions,
                                        std::uint64_t calls) {
    fixtures::SyntheticRun::Shape shape;
    shape.ranks = ranks;
    shape.regions = regions;
    shape.calls = calls;
    shape.withCallIds = false;
    shape.withSources = false;
    return shape;
}

BenchFile benchFile(const fs::path& dir, int schema, const fixtures::SyntheticRun::Shape& shape) {
    const std::string size = std::to_string(shape.ranks) + "x" + std::to_string(shape.regions) +
                             "x" + std::to_string(shape.calls);
    return {"schema " + std::to_string(schema) + ", " + size, schema, shape,
            dir / ("schema" + std::to_string(schema) + "_" + size + ".h5")};
}

// The 307 MB run under the budget that makes it read on demand, then the
// 10^9-call run at the default budget (--quick: their small stand-ins, under
// budgets small enough to read them on demand too).
void measureIndex(const fs::path& dir, int repeat, const BenchFile& file, BudgetBench& budget,
                  bool quick) {
    std::printf("\nIndex\n");
    IndexBench index(dir, repeat);
    const char* small = quick ? "2M" : "160M";
    index.measure(file.path, fileLabel(file) + ", " + small, MemoryBudget::parse(small), false);
    if (const fs::path huge = budget.hugeRun(); !huge.empty())
        index.measure(huge,
                      bench::fileLabel(quick ? "64 M calls (quick), 256M" : "10^9 calls", huge),
                      quick ? MemoryBudget::parse("256M") : MemoryBudget::defaultBytes(), !quick);
}

} // namespace

int main(int argc, char** argv) {
    if (argc >= 4 && std::strcmp(argv[1], "--measure") == 0) {
        const std::vector<std::string> extra(argv + 4, argv + argc);
        return bench::measureInChild(argv[2], argv[3], extra);
    }
    fs::path dir = fs::temp_directory_path() / "scope-bench";
    int repeat = 3;
    bool quick = false;
    std::string only;
    for (int i = 1; i < argc; ++i) {
        const std::string arg = argv[i];
        if (arg == "--dir" && i + 1 < argc) {
            dir = argv[++i];
        } else if (arg == "--repeat" && i + 1 < argc) {
            repeat = std::max(1, std::atoi(argv[++i]));
        } else if (arg == "--quick") {
            quick = true;
        } else if (arg == "--only" && i + 1 < argc &&
                   (std::strcmp(argv[i + 1], "budget") == 0 ||
                    std::strcmp(argv[i + 1], "significance") == 0 ||
                    std::strcmp(argv[i + 1], "index") == 0)) {
            only = argv[++i];
        } else {
            std::fprintf(stderr, "usage: scope-bench [--dir DIR] [--repeat N] [--quick] "
                                 "[--only budget|significance|index]\n");
            return 1;
        }
    }
    fs::create_directories(dir);
    // 16 x 12 x 100k: 19 M calls, 300 MB; 256 x 50 x 2000: many ranks and
    // lanes; 1024 x 200 with 10 and 100 calls per region (205 k rows, up to
    // 20 M calls and 0.3 GB): summary-only opens of many rows.
    const std::vector<BenchFile> files = {
        benchFile(dir, 1, makeShape(quick ? 4 : 16, 12, quick ? 10'000 : 100'000)),
        benchFile(dir, 3, makeShape(quick ? 4 : 16, 12, quick ? 10'000 : 100'000)),
    };
    const BenchFile manyRanks =
        benchFile(dir, 3, makeShape(quick ? 32 : 256, 50, quick ? 200 : 2000));
    const std::vector<BenchFile> summaryFiles = {
        benchFile(dir, 3, makeShape(quick ? 128 : 1024, 200, quick ? 1 : 10)),
        benchFile(dir, 3, makeShape(quick ? 128 : 1024, 200, quick ? 10 : 100)),
    };
    if (only == "significance") {
        printHeader();
        SignificanceBench::measure(quick, repeat);
        return 0;
    }
    BudgetBench budget(dir, repeat, quick);
    if (only == "budget") {
        ensureWritten(files.back());
        printHeader();
        budget.measure(files.back().path, fileLabel(files.back()));
        return 0;
    }
    if (only == "index") {
        ensureWritten(files.back());
        printHeader();
        measureIndex(dir, repeat, files.back(), budget, quick);
        return 0;
    }
    for (const BenchFile& file : files)
        ensureWritten(file);
    ensureWritten(manyRanks);
    for (const BenchFile& file : summaryFiles)
        ensureWritten(file);

    printHeader();
    for (const BenchFile& file : files)
        measureFullRead(file, repeat);
    measureTimelineOf(files.back(), repeat);
    measureViewer(files.back(), repeat);
    measureFullRead(manyRanks, repeat);
    measureTimelineOf(manyRanks, repeat);
    measureSummaryScaling(summaryFiles, repeat);
    budget.measure(files.back().path, fileLabel(files.back()));
    SignificanceBench::measure(quick, repeat);
    measureIndex(dir, repeat, files.back(), budget, quick);
    return 0;
}
