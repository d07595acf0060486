// SPDX-License-Identifier: GPL-3.0-or-later
// LZF-compressed columns (h5py's filter 32000), in an executable of their own:
// Debian's plugin is linked without liblzf, so a reader that lets HDF5 load it
// naively can fail to find the filter or abort the whole process.
#include "FixtureWriter.h"
#include "SampleSpecs.h"
#include "TestSupport.h"
#include "format/ProfileReader.h"
#include "model/Errors.h"

#include <QTemporaryDir>
#include <QtTest>

using namespace scope;
using namespace scope::fixtures;

class TestLzfFilter : public QObject {
    Q_OBJECT

    QTemporaryDir dir_;

private slots:
    void readsLzfColumns_data() {
        QTest::addColumn<int>("schema");
        QTest::addColumn<std::uint64_t>("chunkSize");
        QTest::newRow("schema 1") << 1 << std::uint64_t{1024};
        QTest::newRow("schema 3") << 3 << std::uint64_t{1024};
        // Chunks of one element do not compress: stored raw, filter skipped.
        QTest::newRow("schema 3 chunks of 1") << 3 << std::uint64_t{1};
    }
    void readsLzfColumns() {
        QFETCH(int, schema);
        QFETCH(std::uint64_t, chunkSize);
        FixtureSpec spec = SampleSpecs::standard(schema);
        SampleSpecs::addAuxiliary(spec);
        spec.compression = Compression::Lzf;
        spec.chunkSize = chunkSize;
        const std::string file =
            dir_.filePath(QStringLiteral("%1.h5").arg(QTest::currentDataTag())).toStdString();
        FixtureWriter::write(spec, file);
        try {
            const ProfilingResults results = readH5(file);
            const QString error = testing::compareToSpec(results, spec, file);
            QVERIFY2(error.isEmpty(), qPrintable(error));
            QCOMPARE(results.lineProfiles.size(), spec.lineProfiles.size());
            QCOMPARE(results.lineProfiles.front().hits, spec.lineProfiles.front().hits);
        } catch (const std::exception& error) {
            QFAIL(error.what());
        }
    }
};

QTEST_APPLESS_MAIN(TestLzfFilter)
#include "tst_LzfFilter.moc"
