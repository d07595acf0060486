// SPDX-License-Identifier: GPL-3.0-or-later
// The chunk index read from the file's bytes must name exactly the chunks
// libhdf5 names, one lookup at a time: on h5py's own files, on fixtures with
// B-trees of one, two and three levels, and never anything else on damage.
#include "FixtureWriter.h"
#include "SampleSpecs.h"
#include "SplitMix64.h"
#include "h5/BTreeChunkIndex.h"
#include "h5/H5Handle.h"

#include <QTemporaryDir>
#include <QtTest>

#include <fstream>
#include <optional>

using namespace scope;
using namespace scope::fixtures;

namespace {

const QString kData = QStringLiteral(SCOPE_TEST_DATA_DIR);

struct Dataset {
    haddr_t header = HADDR_UNDEF;
    std::uint64_t chunkElements = 0;
    std::uint64_t chunkCount = 0;
    std::vector<StoredChunk> chunks; // as libhdf5 reports them
};

herr_t collect(hid_t object, const char* name, const H5O_info_t* info, void* data) {
    if (info->type != H5O_TYPE_DATASET)
        return 0;
    h5::Dataset dataset(H5Dopen2(object, name, H5P_DEFAULT));
    h5::PropertyList creation(H5Dget_create_plist(dataset.get()));
    h5::Datatype type(H5Dget_type(dataset.get()));
    h5::Dataspace space(H5Dget_space(dataset.get()));
    hsize_t chunk = 0;
    hsize_t length = 0;
    if (H5Pget_layout(creation.get()) != H5D_CHUNKED || H5Tget_class(type.get()) != H5T_INTEGER ||
        H5Tget_size(type.get()) != 8 || H5Sget_simple_extent_ndims(space.get()) != 1 ||
        H5Pget_chunk(creation.get(), 1, &chunk) != 1)
        return 0;
    H5Sget_simple_extent_dims(space.get(), &length, nullptr);
    Dataset d;
    d.header = info->addr;
    d.chunkElements = chunk;
    d.chunkCount = (length + chunk - 1) / chunk;
    for (std::uint64_t k = 0; k < d.chunkCount; ++k) {
        hsize_t offset[1] = {k * chunk};
        unsigned mask = 0;
        haddr_t address = HADDR_UNDEF;
        hsize_t size = 0;
        H5Dget_chunk_info_by_coord(dataset.get(), offset, &mask, &address, &size);
        d.chunks.push_back({address, size, mask});
    }
    if (d.chunkCount > 0)
        static_cast<std::vector<Dataset>*>(data)->push_back(std::move(d));
    return 0;
}

// Every chunked 1-D dataset of 8-byte integers in the file, as libhdf5 sees it.
std::vector<Dataset> datasetsOf(const std::string& path) {
    h5::File file(H5Fopen(path.c_str(), H5F_ACC_RDONLY, H5P_DEFAULT));
    std::vector<Dataset> datasets;
    H5Ovisit2(file.get(), H5_INDEX_NAME, H5_ITER_INC, collect, &datasets, H5O_INFO_BASIC);
    return datasets;
}

} // namespace

class TestBTreeChunkIndex : public QObject {
    Q_OBJECT

    QTemporaryDir dir_;
    std::string path(const QString& name) const { return dir_.filePath(name).toStdString(); }

private slots:
    void agreesWithLibhdf5_data() {
        QTest::addColumn<QString>("sample"); // or "": a fixture of the columns below
        QTest::addColumn<int>("schema");
        QTest::addColumn<std::uint64_t>("calls");
        QTest::addColumn<std::uint64_t>("chunkSize");
        QTest::addColumn<int>("compression");
        QTest::addColumn<std::uint64_t>("minChunks"); // of the largest dataset
        QTest::newRow("h5py: run_np3.h5") << QStringLiteral("run_np3.h5") << 1 << std::uint64_t{0}
                                          << std::uint64_t{0} << 0 << std::uint64_t{1};
        QTest::newRow("h5py: run_serial.h5")
            << QStringLiteral("run_serial.h5") << 1 << std::uint64_t{0} << std::uint64_t{0} << 0
            << std::uint64_t{1};
        QTest::newRow("h5py: run_cli_cg.h5")
            << QStringLiteral("run_cli_cg.h5") << 1 << std::uint64_t{0} << std::uint64_t{0} << 0
            << std::uint64_t{1};
        QTest::newRow("one node") << QString() << 1 << std::uint64_t{5000} << std::uint64_t{1024}
                                  << 0 << std::uint64_t{5};
        // A node holds up to 64 chunks: inner nodes above the leaves.
        QTest::newRow("two levels")
            << QString() << 1 << std::uint64_t{2000} << std::uint64_t{3} << 0 << std::uint64_t{600};
        QTest::newRow("three levels") << QString() << 3 << std::uint64_t{6000} << std::uint64_t{1}
                                      << 0 << std::uint64_t{6000};
        // Chunks of two values do not compress: LZF is skipped, masks set.
        QTest::newRow("LZF, filter masks")
            << QString() << 3 << std::uint64_t{300} << std::uint64_t{2}
            << static_cast<int>(Compression::Lzf) << std::uint64_t{150};
    }
    void agreesWithLibhdf5() {
        QFETCH(QString, sample);
        QFETCH(int, schema);
        QFETCH(std::uint64_t, calls);
        QFETCH(std::uint64_t, chunkSize);
        QFETCH(int, compression);
        QFETCH(std::uint64_t, minChunks);
        std::string name = (kData + QLatin1Char('/') + sample).toStdString();
        if (sample.isEmpty()) {
            FixtureSpec spec;
            spec.schema = schema;
            spec.chunkSize = chunkSize;
            spec.compression = static_cast<Compression>(compression);
            std::vector<std::int64_t> starts;
            std::vector<std::int64_t> ends;
            for (std::uint64_t i = 0; i < calls; ++i) {
                starts.push_back(static_cast<std::int64_t>(1000 * i));
                ends.push_back(static_cast<std::int64_t>(1000 * i + 10 + i % 7));
            }
            spec.rows = {FixtureRow::make(0, "long", starts, ends),
                         FixtureRow::make(1, "long", starts, ends)};
            name = path(QStringLiteral("%1.h5").arg(QTest::currentDataTag()));
            FixtureWriter::write(spec, name);
        }
        const std::vector<Dataset> datasets = datasetsOf(name);
        QVERIFY(!datasets.empty());
        const EventBytes bytes = EventBytes::open(name, std::nullopt);
        std::uint64_t largest = 0;
        for (const Dataset& d : datasets) {
            const auto chunks =
                h5::BTreeChunkIndex(bytes).read(d.header, d.chunkElements, d.chunkCount);
            QVERIFY(chunks.has_value());
            QVERIFY(*chunks == d.chunks);
            largest = std::max(largest, d.chunkCount);
        }
        QVERIFY(largest >= minChunks);
    }

    // The same count of chunks must be there: a dataset asked for more or
    // fewer (or a chunk size it does not have) is not taken.
    void refusesWhatDoesNotAddUp() {
        const std::string name = (kData + QStringLiteral("/run_np3.h5")).toStdString();
        const Dataset d = datasetsOf(name).front();
        const EventBytes bytes = EventBytes::open(name, std::nullopt);
        const h5::BTreeChunkIndex index(bytes);
        QVERIFY(index.read(d.header, d.chunkElements, d.chunkCount).has_value());
        QVERIFY(!index.read(d.header, d.chunkElements, d.chunkCount + 1).has_value());
        QVERIFY(!index.read(d.header, d.chunkElements * 2, d.chunkCount).has_value());
        QVERIFY(!index.read(d.header + 8, d.chunkElements, d.chunkCount).has_value());
        QVERIFY(!index.read(std::uint64_t{1} << 50, d.chunkElements, d.chunkCount).has_value());
    }

    // Flipped bytes in the file's structure: the index is refused where they
    // break it, and it never reads out of bounds (the sanitizer build checks)
    // or loops. (Where they hit a chunk's address, libhdf5 reads the same
    // wrong place.)
    void damageIsRefusedWithoutHarm() {
        FixtureSpec spec = SampleSpecs::standard(1);
        spec.chunkSize = 3;
        const std::string clean = path(QStringLiteral("clean.h5"));
        FixtureWriter::write(spec, clean);
        const std::vector<Dataset> datasets = datasetsOf(clean);
        std::ifstream in(clean, std::ios::binary);
        const std::string original((std::istreambuf_iterator<char>(in)),
                                   std::istreambuf_iterator<char>());
        SplitMix64 random(3);
        int refused = 0;
        for (int round = 0; round < 300; ++round) {
            std::string damaged = original;
            for (int i = 0; i < 8; ++i)
                damaged[random.below(damaged.size())] ^= static_cast<char>(1 << random.below(8));
            const EventBytes bytes = EventBytes::image(std::as_bytes(std::span(damaged)), "x.h5");
            for (const Dataset& d : datasets)
                if (!h5::BTreeChunkIndex(bytes).read(d.header, d.chunkElements, d.chunkCount))
                    ++refused;
        }
        QVERIFY(refused > 0);
    }
};

QTEST_MAIN(TestBTreeChunkIndex)
#include "tst_BTreeChunkIndex.moc"
