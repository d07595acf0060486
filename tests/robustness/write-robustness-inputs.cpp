// SPDX-License-Identifier: GPL-3.0-or-later
// Writes the fixture files the mutation corpus starts from, one per layout of
// the contract, into the directory given as the only argument:
//   write-robustness-inputs DIR
// Each file is small (well under 1 MB) so that hundreds of mutants read fast,
// yet the synthetic runs have enough events for several chunks per column, so
// that chunk B-trees and chunk data are there to be damaged.
#include "FixtureWriter.h"
#include "JsonProfileWriter.h"
#include "SampleSpecs.h"
#include "SyntheticRun.h"

#include <exception>
#include <filesystem>
#include <iostream>
#include <string>

using namespace scope::fixtures;

namespace {

FixtureSpec synthetic(int schema) {
    SyntheticRun::Shape shape;
    shape.ranks = 3;
    shape.regions = 6;
    shape.calls = 600; // 10,800 events: about ten chunks of 1024 per column
    shape.withGpu = true;
    FixtureSpec spec = SyntheticRun::generate(shape);
    spec.schema = schema;
    return spec;
}

void write(const std::filesystem::path& dir, const std::string& name, const FixtureSpec& spec) {
    FixtureWriter::write(spec, (dir / name).string());
}

} // namespace

int main(int argc, char** argv) {
    if (argc != 2) {
        std::cerr << "usage: write-robustness-inputs DIR\n";
        return 1;
    }
    try {
        const std::filesystem::path dir(argv[1]);
        std::filesystem::create_directories(dir);

        FixtureSpec schema1 = SampleSpecs::standard(1);
        SampleSpecs::addAuxiliary(schema1);
        write(dir, "fx_schema1.h5", schema1);
        write(dir, "fx_schema1_synthetic.h5", synthetic(1));

        FixtureSpec schema2 = SampleSpecs::standard(2);
        schema2.strings = StringStorage::Fixed;
        write(dir, "fx_schema2_absolute.h5", schema2);

        FixtureSpec schema3 = SampleSpecs::standard(3);
        SampleSpecs::addAuxiliary(schema3);
        schema3.threadTaskColumns = true;
        write(dir, "fx_schema3_delta_summary.h5", schema3);
        write(dir, "fx_schema3_synthetic.h5", synthetic(3));

        FixtureSpec aggregate = SampleSpecs::standard(3);
        aggregate.layout = Layout::Aggregate;
        write(dir, "fx_schema3_aggregate.h5", aggregate);

        FixtureSpec zstd = synthetic(3);
        zstd.compression = Compression::Zstd;
        write(dir, "fx_schema3_zstd.h5", zstd);

        FixtureSpec lzf = synthetic(3);
        lzf.compression = Compression::Lzf;
        write(dir, "fx_schema3_lzf.h5", lzf);

        // JSON profiles (threads-tasks-json.md §4), plain and gzipped.
        JsonProfileWriter::write(schema3, (dir / "fx_json.json").string());
        JsonProfileWriter::write(aggregate, (dir / "fx_json_aggregate.json").string());
        JsonProfileWriter::write(synthetic(3), (dir / "fx_json_synthetic.json.gz").string(),
                                 {true, false});

        FixtureSpec deflate = synthetic(2);
        deflate.compression = Compression::Deflate;
        write(dir, "fx_schema2_deflate.h5", deflate);
    } catch (const std::exception& error) {
        std::cerr << "write-robustness-inputs: " << error.what() << '\n';
        return 1;
    }
    return 0;
}
