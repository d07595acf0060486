// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The index of a real run: a fixture file (two ranks, nested calls, delta
// encoded, Zstandard chunks) read on demand, its timeline built and kept
// whole, as the viewer keeps it after a complete read.
#include "FixtureWriter.h"
#include "SyntheticRun.h"
#include "analysis/OnDemandTimeline.h"
#include "format/ProfileReader.h"
#include "index/RunIndex.h"

#include <algorithm>
#include <memory>
#include <stdexcept>
#include <string>

inline scope::RunIndex fixtureIndex(const std::string& file) {
    using namespace scope;
    using namespace scope::fixtures;
    SyntheticRun::Shape shape;
    shape.ranks = 2;
    shape.regions = 3;
    shape.calls = 300;
    shape.withMain = true;
    FixtureSpec spec = SyntheticRun::generate(shape);
    spec.schema = 3;
    spec.compression = Compression::Zstd;
    spec.encoding = EventEncoding::Delta;
    spec.chunkSize = 128;
    FixtureWriter::write(spec, file);
    // The least budget above what only libhdf5 reads: the rest on demand.
    ReadRequest options;
    options.memoryBudget =
        std::max<std::uint64_t>(planH5(file).events.inlineValues.size() * sizeof(std::int64_t), 1);
    auto results = std::make_shared<const ProfilingResults>(readH5(file, options));
    if (!results->onDemand)
        throw std::logic_error("the fixture was not read on demand");
    const auto timeline = OnDemandTimeline::build(results, 64ull << 20, {});
    return RunIndex::of(*timeline, IndexKey::of(file), ~std::uint64_t{0});
}
