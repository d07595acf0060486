// SPDX-License-Identifier: GPL-3.0-or-later
// Reading a file image from memory (what the fuzz target does) must give what
// reading the file gives, and damage must end in the same errors.
#include "TestData.h"
#include "TestSupport.h"
#include "format/ProfileReader.h"
#include "h5/H5File.h"
#include "model/Errors.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QtTest>

#include <cstddef>
#include <span>

using namespace scope;

namespace {

QByteArray bytesOf(const QString& path) {
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

std::span<const std::byte> spanOf(const QByteArray& bytes) {
    return {reinterpret_cast<const std::byte*>(bytes.constData()), std::size_t(bytes.size())};
}

// Every region pooled and on every rank, plus what the read knows of the file.
QString compareResults(const ProfilingResults& image, const ProfilingResults& file) {
    if (image.regions != file.regions)
        return QStringLiteral("regions differ");
    if (image.numRanks != file.numRanks || image.schemaVersion != file.schemaVersion ||
        image.layout != file.layout || image.eventsRead != file.eventsRead ||
        image.rows.size() != file.rows.size() || image.totalCalls() != file.totalCalls())
        return QStringLiteral("ranks, schema, layout, rows or calls differ");
    if (image.metadata.entries.size() != file.metadata.entries.size())
        return QStringLiteral("metadata differs");
    for (std::size_t region = 0; region < file.regions.size(); ++region) {
        const std::string& name = file.regions[region];
        QString error = testing::compareReads(image.pooled(region), file.pooled(region),
                                              testing::where("image", name, std::nullopt));
        for (std::uint32_t rank = 0; error.isEmpty() && rank < file.numRanks; ++rank)
            error = testing::compareReads(image.stats(region, rank), file.stats(region, rank),
                                          testing::where("image", name, rank));
        if (!error.isEmpty())
            return error;
    }
    return {};
}

} // namespace

class TestFileImage : public QObject {
    Q_OBJECT
private slots:
    void sameAsFile_data() {
        QTest::addColumn<QString>("name");
        for (const char* name :
             {"run_serial", "run_np3", "run_cli_cg", "v3_serial", "v3_aggregate"})
            QTest::newRow(name) << QString::fromLatin1(name);
    }
    void sameAsFile() {
        QFETCH(QString, name);
        const QString path = dataPath(name + QStringLiteral(".h5"));
        const QByteArray bytes = bytesOf(path);
        QVERIFY(!bytes.isEmpty());
        const ProfilingResults fromFile = readH5(path.toStdString());
        const ProfilingResults fromImage = readH5Image(spanOf(bytes), "memory.h5");
        QCOMPARE(fromImage.path, std::string("memory.h5"));
        QVERIFY(fromFile.totalCalls() > 0);
        QVERIFY2(compareResults(fromImage, fromFile).isEmpty(),
                 qPrintable(compareResults(fromImage, fromFile)));

        ReadRequest options;
        options.fallback = true;
        const ProfilingResults summaryFile = readH5Summary(path.toStdString(), options);
        const ProfilingResults summaryImage = readH5SummaryImage(spanOf(bytes), "m.h5", options);
        QCOMPARE(summaryImage.summaryFallback, summaryFile.summaryFallback);
        QVERIFY2(compareResults(summaryImage, summaryFile).isEmpty(),
                 qPrintable(compareResults(summaryImage, summaryFile)));
    }

    // Independent of readH5: scope-profiler's own numbers for run_np3.
    void matchesProfilerJson() {
        QFile json(dataPath(QStringLiteral("run_np3.region_statistics.json")));
        QVERIFY(json.open(QIODevice::ReadOnly));
        const QJsonObject stats = QJsonDocument::fromJson(json.readAll())
                                      .object()[QStringLiteral("files")]
                                      .toArray()[0]
                                      .toObject()[QStringLiteral("region_statistics")]
                                      .toObject();
        QVERIFY(!stats.isEmpty());
        const QByteArray bytes = bytesOf(dataPath(QStringLiteral("run_np3.h5")));
        const ProfilingResults results = readH5Image(spanOf(bytes), "run_np3.h5");
        for (auto it = stats.begin(); it != stats.end(); ++it) {
            const auto region = results.regionIndex(it.key().toStdString());
            QVERIFY2(region, qPrintable(it.key()));
            const QJsonObject expected = it.value().toObject();
            const RegionStats got = results.pooled(*region);
            QCOMPARE(qint64(got.count), expected[QStringLiteral("count")].toInteger());
            QVERIFY2(testing::relativelyClose(
                         got.total, expected[QStringLiteral("total_duration_seconds")].toDouble()),
                     qPrintable(it.key()));
        }
    }

    void damagedImagesThrow() {
        const QByteArray bytes = bytesOf(dataPath(QStringLiteral("v3_serial.h5")));
        const QByteArray notHdf5("this is not an HDF5 file, only text");
        QVERIFY_THROWS_EXCEPTION(CorruptProfileError, readH5Image({}, "empty.h5"));
        QVERIFY_THROWS_EXCEPTION(CorruptProfileError, readH5Image(spanOf(notHdf5), "text.h5"));
        QVERIFY_THROWS_EXCEPTION(CorruptProfileError,
                                 readH5Image(spanOf(bytes.left(100)), "short.h5"));
        try {
            readH5SummaryImage(spanOf(bytes.left(bytes.size() / 2)), "half.h5");
            QFAIL("a file cut in half was read");
        } catch (const ProfileError& error) {
            // The name given stands for the path, as a file's path would.
            QCOMPARE(error.path(), std::string("half.h5"));
        }
    }

    // HDF5 takes two open files of the same name for one; images must not be.
    void twoImagesOpenAtOnce() {
        const QByteArray schema1 = bytesOf(dataPath(QStringLiteral("run_serial.h5")));
        const QByteArray schema3 = bytesOf(dataPath(QStringLiteral("v3_aggregate.h5")));
        const h5::H5File a = h5::H5File::openImage(spanOf(schema1), "same.h5", {});
        const h5::H5File b = h5::H5File::openImage(spanOf(schema3), "same.h5", {});
        QVERIFY(a.isGroup(a.root(), "rank0"));
        QVERIFY(!b.isGroup(b.root(), "rank0"));
        QVERIFY(b.isGroup(b.root(), "region_table"));
    }
};

QTEST_GUILESS_MAIN(TestFileImage)
#include "tst_FileImage.moc"
