// SPDX-License-Identifier: GPL-3.0-or-later
#include "BudgetBench.h"

#include "BenchSupport.h"
#include "HugeRunWriter.h"
#include "base/MemoryBudget.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iterator>
#include <optional>
#include <sstream>

namespace fs = std::filesystem;

namespace scope::bench {
namespace {

// The target: the 307 MB run in the viewer under 160 MiB peaks at <= 1.15 x it.
constexpr const char* kSmallBudget = "160M";
constexpr double kSmallBudgetMiB = 160;
constexpr double kPeakFactor = 1.15;
// What the writer stores per call (zstd level 1 after shuffle, measured on
// this shape): to tell whether the disk has room before writing.
constexpr double kStoredBytesPerCall = 3.7;

fixtures::HugeRunWriter::Shape hugeShape(bool quick) {
    fixtures::HugeRunWriter::Shape shape;
    if (quick)
        shape.ranks = 64;
    return shape;
}

std::string shapeName(const fixtures::HugeRunWriter::Shape& shape) {
    return std::to_string(shape.ranks) + "x" + std::to_string(shape.regions) + "x" +
           std::to_string(shape.calls);
}

std::string readFile(const fs::path& path) {
    std::ifstream in(path, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

// The two reports' region_statistics.json, byte by byte.
std::string compareJson(const fs::path& a, const fs::path& b) {
    const std::string left = readFile(a);
    const std::string right = readFile(b);
    if (left.empty() || right.empty())
        return "JSON missing";
    if (left == right)
        return "same region_statistics.json (" + std::to_string(left.size()) + " bytes)";
    const auto differ = std::mismatch(left.begin(), left.end(), right.begin(), right.end());
    return "region_statistics.json DIFFERS from byte " +
           std::to_string(differ.first - left.begin());
}

std::string mib(double value) {
    char text[32];
    std::snprintf(text, sizeof text, "%.0f MiB", value);
    return text;
}

} // namespace

BudgetBench::BudgetBench(fs::path dir, int repeat, bool quick)
    : dir_(std::move(dir)), repeat_(repeat), quick_(quick),
      huge_(dir_ / ("huge_" + shapeName(hugeShape(quick)) + ".h5")) {}

void BudgetBench::measure(const fs::path& run, const std::string& label) {
    std::printf("\nMemory budget\n");
    std::fflush(stdout);
    measureReport(run, label);
    measureViewer(run, label);
    measureHugeRun();
}

void BudgetBench::measureReport(const fs::path& run, const std::string& label) {
    const fs::path plainJson = dir_ / "budget_report_default.json";
    const fs::path budgetJson = dir_ / "budget_report_160M.json";
    fs::remove(plainJson);
    fs::remove(budgetJson);
    const auto report = [&](const fs::path& json, bool budget) {
        std::vector<std::string> args{selfPath().string(), "--measure", "report", run.string(),
                                      json.string()};
        if (budget)
            args.emplace_back(kSmallBudget);
        Measurement result = spawnArgs(args);
        for (int i = 1; i < repeat_; ++i) {
            const Measurement m = spawnArgs(args);
            result.seconds = std::min(result.seconds, m.seconds);
            result.peakMiB = std::max(result.peakMiB, m.peakMiB);
        }
        return result;
    };
    printRow(label + " report", "scope-report --json", report(plainJson, false),
             "default budget: the run fits in memory");
    try {
        const Measurement budgeted = report(budgetJson, true);
        printRow("", std::string("... --memory-budget ") + kSmallBudget, budgeted,
                 compareJson(plainJson, budgetJson));
    } catch (const std::exception&) {
        std::printf("  (scope-report --memory-budget %s failed: not in this build yet?)\n",
                    kSmallBudget);
    }
}

void BudgetBench::measureViewer(const fs::path& run, const std::string& label) {
    const Measurement pread = best("pread", run, repeat_);
    printRow(label + " viewer", "bare parallel pread of the file", pread, "the floor, this run");
    const auto f = bestViewer(run, repeat_, {"--memory-budget", kSmallBudget});
    if (!f)
        return;
    const Measurement table{f->tableMs / 1000, f->events, f->peakMiB};
    const std::string onDemand = f->onDemand < 0    ? ""
                                 : f->onDemand == 1 ? "; read on demand"
                                                    : "; every call in memory";
    printRow("", std::string("open to table at ") + kSmallBudget, table,
             ratio(table, pread, "pread") + "; peak target <= " +
                 mib(kPeakFactor * kSmallBudgetMiB) + " (1.15 x 160 MiB)" + onDemand);
    printRow("", "open to the complete run", Measurement{f->timelineMs / 1000, 0, 0},
             "timeline ready in the window");
    printRow("", "slowest timeline redraw", Measurement{f->redrawMs / 1000, 0, 0},
             "new zoom, whole run to 1e-5 of it; target 30 ms");
}

bool BudgetBench::ensureHugeRun() {
    const fs::path seconds = huge_.string() + ".seconds";
    if (fs::exists(huge_)) {
        const int took = std::atoi(readFile(seconds).c_str());
        std::printf("%s: written earlier in %s (cached)\n", huge_.c_str(),
                    took > 0 ? (std::to_string(took) + " s").c_str() : "an unknown time");
        return true;
    }
    const fixtures::HugeRunWriter::Shape shape = hugeShape(quick_);
    const double expected =
        kStoredBytesPerCall * static_cast<double>(fixtures::HugeRunWriter::totalCalls(shape));
    const double available = static_cast<double>(fs::space(dir_).available);
    // Room for the file and 2 GB to spare for everyone else.
    if (available < expected * 1.1 + 2e9) {
        std::printf("  (the %s-call run is skipped: %s has %.1f GB free, it needs about %.1f GB)\n",
                    shapeName(shape).c_str(), dir_.c_str(), available / 1e9, expected / 1e9);
        return false;
    }
    std::printf("writing %s (about %.1f GB) ...\n", huge_.c_str(), expected / 1e9);
    std::fflush(stdout);
    const auto begin = std::chrono::steady_clock::now();
    const std::string part = huge_.string() + ".part";
    fixtures::HugeRunWriter::write(shape, part, [&shape](std::uint32_t ranks) {
        if (ranks % 128 == 0 || ranks == shape.ranks) {
            std::printf("  %u of %u ranks\n", ranks, shape.ranks);
            std::fflush(stdout);
        }
    });
    fs::rename(part, huge_);
    const double took =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - begin).count();
    std::ofstream(seconds) << std::to_string(static_cast<int>(took + 0.5));
    std::printf("  written in %.0f s (%.2f GB)\n", took,
                static_cast<double>(fs::file_size(huge_)) / 1e9);
    return true;
}

fs::path BudgetBench::hugeRun() {
    return ensureHugeRun() ? huge_ : fs::path();
}

bool BudgetBench::readsOnDemand() {
    const fs::path probe = dir_ / "budget_probe_2x3x100.h5";
    fixtures::HugeRunWriter::Shape shape;
    shape.ranks = 2;
    shape.regions = 3;
    shape.calls = 100;
    if (!fs::exists(probe))
        fixtures::HugeRunWriter::write(shape, probe.string());
    try {
        return spawnMeasure("budget-probe", probe).events == 1;
    } catch (const std::exception&) {
        return false;
    }
}

void BudgetBench::measureHugeRun() {
    if (!ensureHugeRun())
        return;
    const std::uint64_t budget = MemoryBudget::defaultBytes();
    const double budgetMiB = static_cast<double>(budget) / (1024.0 * 1024.0);
    const std::string label = fileLabel(quick_ ? "64 M calls (quick)" : "10^9 calls", huge_);
    const Measurement stream = best("pread-stream", huge_, repeat_);
    printRow(label, "bare parallel pread, streamed", stream,
             "every byte, 4 MiB per thread, nothing kept: the floor of every call");
    const Measurement zstd = best("bare-zstd", huge_, repeat_);
    printRow("", "bare zstd decompression, both cores", zstd,
             "every chunk, no unshuffle or decoding: the floor of a pass over the calls");
    const Measurement summary = best("bare-summary", huge_, repeat_);
    printRow("", "bare H5Dread of the summary columns", summary, "the table's floor");
    const Measurement lean = best("summary-lean", huge_, repeat_);
    printRow("", "readH5Summary, no row details", Measurement{lean.seconds, 0, lean.peakMiB},
             ratio(lean, summary, "its floor") + "; a table from the summary columns alone");
    if (!readsOnDemand()) {
        std::printf("  (this build reads every call whatever the budget: the run's budget "
                    "figures are skipped)\n");
        return;
    }
    std::optional<Measurement> order;
    try {
        order = spawnArgs({selfPath().string(), "--measure", "order-floor", huge_.string(),
                           std::to_string(budget)});
        printRow("", "read back and order each rank by start", *order,
                 "both cores, no nesting or spans: the least an exact timeline costs");
    } catch (const std::exception& e) {
        std::printf("  (the ordering floor failed: %s)\n", e.what());
    }
    std::string output;
    try {
        output = spawnCapture({selfPath().string(), "--measure", "budget-load", huge_.string(),
                               std::to_string(budget)});
    } catch (const std::exception& e) {
        std::printf("  (load at the default budget failed: %s)\n", e.what());
        return;
    }
    std::istringstream lines(output);
    double table = 0, timeline = 0, redraw = 0, peak = 0, calls = 0, firstRanks = -1;
    int onDemand = 0;
    bool parsed = false;
    for (std::string line; std::getline(lines, line);) {
        if (line.starts_with("  "))
            std::printf("%s\n", line.c_str());
        parsed =
            parsed || std::sscanf(line.c_str(), "BUDGET %lf %lf %lf %lf %lf %d %lf", &table,
                                  &timeline, &redraw, &peak, &calls, &onDemand, &firstRanks) == 7;
    }
    if (!parsed) {
        std::printf("  (load at the default budget printed no figures)\n");
        return;
    }
    const Measurement opened{table, calls, 0};
    printRow("", "open to table, default budget", opened,
             "target <= 2 s; " + ratio(opened, summary, "its floor") +
                 (onDemand == 1 ? "; read on demand" : "; every call in memory"));
    if (timeline < 0) {
        std::printf("  (no timeline source for a run read on demand in this build)\n");
    } else {
        if (firstRanks >= 0)
            printRow("", "open to the first ranks of the timeline", Measurement{firstRanks, 0, 0},
                     "drawn while the rest are built (PartialTimeline)");
        const Measurement whole{timeline, 0, 0};
        printRow("", "open to whole-run timeline", whole,
                 "target <= 5 s; " + ratio(whole, zstd, "zstd decompression") +
                     (order ? "; " + ratio(whole, *order, "ordering") : std::string()));
        printRow("", "slowest redraw once read", Measurement{redraw / 1000, 0, 0},
                 "every lane at 1,200 px, one thread, zooms 1 to 1e-6; target < 30 ms");
    }
    printRow("", "peak memory of the load", Measurement{0, 0, peak},
             "target <= the default budget, " + mib(budgetMiB));
    if (const auto f = runViewer(huge_, {"--budget-guard"})) {
        printRow(label + " viewer", "open to table, default budget",
                 Measurement{f->tableMs / 1000, f->events, f->peakMiB},
                 "target <= 2 s; peak target <= " + mib(budgetMiB));
        if (f->firstRanksMs >= 0)
            printRow("", "open to the first ranks of the timeline",
                     Measurement{f->firstRanksMs / 1000, 0, 0}, "drawn while the rest are built");
        const Measurement complete{f->timelineMs / 1000, 0, 0};
        printRow("", "open to the complete run", complete,
                 "timeline ready in the window; target <= 5 s; " +
                     ratio(complete, zstd, "zstd decompression"));
        printRow("", "slowest timeline redraw", Measurement{f->redrawMs / 1000, 0, 0},
                 "new zoom, all frames; target 30 ms");
    }
}

} // namespace scope::bench
