// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The runs of tests/core/KnownEffectRuns.h written as scope-profiler HDF5
// files, for the tests that run scope-report on them.
#include "../core/KnownEffectRuns.h"
#include "FixtureWriter.h"

#include <QDir>
#include <QString>

namespace known {

// The regions' calls one after the other on rank 0, as known::run lays them.
inline QString write(const QDir& dir, const QString& name, const std::vector<Region>& regions,
                     bool summaries = true) {
    using namespace scope::fixtures;
    FixtureSpec spec;
    spec.summaryStatistics = summaries;
    std::int64_t clock = 1000;
    for (const Region& region : regions) {
        FixtureRow row;
        row.rank = 0;
        row.region = region.name;
        row.sourceFile = region.file;
        row.sourceLine = region.line;
        for (const std::int64_t d : region.durationsNs) {
            row.starts.push_back(clock);
            row.ends.push_back(clock + d);
            clock += d + 10;
        }
        spec.rows.push_back(std::move(row));
    }
    const QString path = dir.filePath(name);
    FixtureWriter::write(spec, path.toStdString());
    return path;
}

} // namespace known
