// SPDX-License-Identifier: GPL-3.0-or-later
// scope-json-bench [CALLS]: JSON vs HDF5 open time. One synthetic run (4 ranks,
// 8 regions, CALLS calls of each region per rank, default 20,000: 640,000
// events) written as an HDF5 file (schema 3, deflate) and as its JSON profile,
// plain and gzipped; each file is read whole (events and statistics) three
// times and the best time printed, with the file size and the rate in events
// per second. The HDF5 read is the core's in-process readH5, without the helper.
#include "FixtureWriter.h"
#include "JsonProfileWriter.h"
#include "SyntheticRun.h"
#include "format/ProfileReader.h"
#include "json/JsonProfileReader.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <functional>
#include <unistd.h>

using namespace scope;
using namespace scope::fixtures;
namespace fs = std::filesystem;

namespace {

constexpr int kRepeats = 3;

double bestSeconds(const std::function<std::size_t()>& read, std::size_t& events) {
    double best = 1e300;
    for (int i = 0; i < kRepeats; ++i) {
        const auto start = std::chrono::steady_clock::now();
        events = read();
        const std::chrono::duration<double> took = std::chrono::steady_clock::now() - start;
        best = std::min(best, took.count());
    }
    return best;
}

void report(const char* label, const fs::path& file, const std::function<std::size_t()>& read) {
    std::size_t events = 0;
    const double seconds = bestSeconds(read, events);
    std::printf("  %-14s %9.1f MB %9.3f s %8.1f M events/s\n", label,
                double(fs::file_size(file)) / 1e6, seconds, double(events) / seconds / 1e6);
}

} // namespace

int main(int argc, char** argv) {
    SyntheticRun::Shape shape;
    shape.ranks = 4;
    shape.regions = 8;
    shape.calls = argc > 1 ? std::strtoull(argv[1], nullptr, 10) : 20000;
    shape.withGpu = true;
    FixtureSpec spec = SyntheticRun::generate(shape);
    spec.schema = 3;
    spec.compression = Compression::Deflate;

    const fs::path dir =
        fs::temp_directory_path() / ("scope-json-bench-" + std::to_string(::getpid()));
    fs::create_directories(dir);
    const fs::path h5 = dir / "run.h5";
    const fs::path json = dir / "run.json";
    const fs::path gz = dir / "run.json.gz";
    FixtureWriter::write(spec, h5.string());
    JsonProfileWriter::write(spec, json.string(), {false, false});
    JsonProfileWriter::write(spec, gz.string(), {true, false});

    std::printf("JSON vs HDF5 open time (%u ranks, %u regions, %llu calls each)\n", shape.ranks,
                shape.regions, static_cast<unsigned long long>(shape.calls));
    report("HDF5 (deflate)", h5, [&] { return readH5(h5.string()).events.size(); });
    report("JSON", json, [&] { return readJsonProfile(json.string()).events.size(); });
    report("JSON.gz", gz, [&] { return readJsonProfile(gz.string()).events.size(); });
    fs::remove_all(dir);
    return 0;
}
