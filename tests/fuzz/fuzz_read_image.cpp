// SPDX-License-Identifier: GPL-3.0-or-later
// libFuzzer target: the bytes are an HDF5 file image read from memory by the
// core's full read (plus the timeline index and exclusive times the viewer
// builds from the events) and its summary-only read; bytes that start with a
// native trace's magic go through the .spt reader instead, and bytes that
// start like JSON or gzip through the JSON profile reader. Damage must end in a
// scope::ProfileError; any other exception, crash, leak or hang is a finding.
// Build and run: see tests/fuzz/README.md.
#include "analysis/ExclusiveTime.h"
#include "analysis/TimelineIndex.h"
#include "format/ProfileReader.h"
#include "model/Errors.h"
#include "native/SptReader.h"
#include "json/JsonProfileReader.h"

#include <cstddef>
#include <cstdint>
#include <span>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::span<const std::byte> image(reinterpret_cast<const std::byte*>(data), size);
    if (scope::startsWithSptMagic(image)) {
        try {
            scope::ProfilingResults results = scope::readSptImage(image, "fuzz.spt");
            const scope::TimelineIndex timeline(results);
            scope::fillExclusiveTimes(results, timeline);
        } catch (const scope::ProfileError&) {
        }
        return 0;
    }
    if (scope::looksLikeJson(image)) {
        try {
            scope::ProfilingResults results = scope::readJsonProfileImage(image, "fuzz.json");
            if (results.eventsRead) {
                const scope::TimelineIndex timeline(results);
                scope::fillExclusiveTimes(results, timeline);
            }
        } catch (const scope::ProfileError&) {
        }
        try {
            scope::ReadRequest options;
            options.summaryOnly = true;
            options.memoryBudget = 4096;
            (void)scope::readJsonProfileImage(image, "fuzz.json", options);
        } catch (const scope::ProfileError&) {
        }
        return 0;
    }
    try {
        scope::ProfilingResults results = scope::readH5Image(image, "fuzz.h5");
        if (results.eventsRead) {
            const scope::TimelineIndex timeline(results);
            scope::fillExclusiveTimes(results, timeline);
        }
    } catch (const scope::ProfileError&) {
    }
    try {
        scope::ReadRequest options;
        options.fallback = false;
        options.includeLikwid = true;
        options.includeLineProfile = true;
        (void)scope::readH5SummaryImage(image, "fuzz.h5", options);
    } catch (const scope::ProfileError&) {
    }
    return 0;
}
