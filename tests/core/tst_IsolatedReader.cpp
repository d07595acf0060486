// SPDX-License-Identifier: GPL-3.0-or-later
// Reads in the helper process: the same results as the in-process reader,
// field by field, for the samples and every layout; the same errors; and a
// helper that crashes, hangs, is killed or talks nonsense costs an error
// naming the file, never the caller.
#include "../isolate/ResultsEquality.h"
#include "FileDamage.h"
#include "FixtureWriter.h"
#include "SampleSpecs.h"
#include "TestSupport.h"
#include "format/ProfileReader.h"
#include "isolate/IsolatedReader.h"
#include "isolate/ResultsCodec.h"
#include "isolate/SharedColumnArena.h"
#include "isolate/UniqueFd.h"
#include "model/Errors.h"

#include <QDir>
#include <QTemporaryDir>
#include <QtTest>

#include <signal.h>
#include <sys/mman.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <cstring>
#include <functional>

using namespace scope;
using namespace scope::fixtures;
using scope::testing::thrown;
using namespace std::chrono_literals;

Q_DECLARE_METATYPE(scope::fixtures::FixtureSpec)

namespace {

const QString kData = QStringLiteral(SCOPE_TEST_DATA_DIR);

ReadRequest realWorker(bool summaryOnly = false) {
    ReadRequest request;
    request.worker = SCOPE_READ_WORKER_EXE;
    request.summaryOnly = summaryOnly;
    return request;
}

// The fake helper misbehaves as `mode` says and reports its pid first.
ReadRequest fakeWorker(const char* mode, std::chrono::milliseconds timeout = 60s) {
    qputenv("SCOPE_FAKE_WORKER", mode);
    ReadRequest request;
    request.worker = SCOPE_FAKE_READ_WORKER_EXE;
    request.timeout = timeout;
    return request;
}

ProfilingResults readInProcess(const std::string& path, const ReadRequest& request) {
    if (!request.summaryOnly)
        return readH5(path);
    return readH5Summary(path, request);
}

bool processGone(pid_t pid) {
    return ::kill(pid, 0) != 0 && errno == ESRCH;
}

FixtureSpec variant(int schema, void (*change)(FixtureSpec&) = nullptr) {
    FixtureSpec spec = SampleSpecs::standard(schema);
    if (change != nullptr)
        change(spec);
    return spec;
}

} // namespace

class TestIsolatedReader : public QObject {
    Q_OBJECT

    QTemporaryDir dir_;
    std::string path(const QString& name) const { return dir_.filePath(name).toStdString(); }

    // The isolated read must equal the in-process read, full and summary-only.
    void compareBothReads(const std::string& file) {
        const QString full = resultsDifference(readIsolated(file, realWorker()), readH5(file));
        QVERIFY2(full.isEmpty(), qPrintable(full));
        ReadRequest summary = realWorker(true);
        summary.fallback = true;
        summary.includeLikwid = true;
        summary.includeLineProfile = true;
        const QString part =
            resultsDifference(readIsolated(file, summary), readH5Summary(file, summary));
        QVERIFY2(part.isEmpty(), qPrintable(part));
    }

    QString resultsDifference(const ProfilingResults& got, const ProfilingResults& expected) {
        return scope::testing::resultsDifference(got, expected);
    }

private slots:
    void initTestCase() { QVERIFY(dir_.isValid()); }

    void samples_data() {
        QTest::addColumn<QString>("file");
        for (const QString& name : QDir(kData).entryList({QStringLiteral("*.h5")}))
            QTest::newRow(qPrintable(name)) << QDir(kData).filePath(name);
    }
    void samples() {
        QFETCH(QString, file);
        compareBothReads(file.toStdString());
    }

    void layouts_data() {
        QTest::addColumn<FixtureSpec>("spec");
        QTest::newRow("schema 1") << variant(1);
        QTest::newRow("schema 2 without summary columns")
            << variant(2, [](FixtureSpec& s) { s.summaryStatistics = false; });
        QTest::newRow("schema 2 delta")
            << variant(2, [](FixtureSpec& s) { s.encoding = EventEncoding::Delta; });
        QTest::newRow("schema 3 auxiliary groups") << variant(3, SampleSpecs::addAuxiliary);
        QTest::newRow("schema 3 empty region") << variant(3, SampleSpecs::addEmptyRegion);
        QTest::newRow("schema 3 zstd")
            << variant(3, [](FixtureSpec& s) { s.compression = Compression::Zstd; });
        QTest::newRow("aggregate")
            << variant(3, [](FixtureSpec& s) { s.layout = Layout::Aggregate; });
    }
    void layouts() {
        QFETCH(FixtureSpec, spec);
        const std::string file = path(QStringLiteral("%1.h5").arg(QTest::currentDataTag()));
        FixtureWriter::write(spec, file);
        compareBothReads(file);
    }

    // Region and rank selection reach the helper.
    void summarySelection() {
        const std::string file = path(QStringLiteral("selection.h5"));
        FixtureWriter::write(SampleSpecs::standard(3), file);
        ReadRequest request = realWorker(true);
        request.regions = {"step", "main"};
        request.ranks = {0, 2};
        const ProfilingResults isolated = readIsolated(file, request);
        QCOMPARE(isolated.regions.size(), std::size_t{2});
        for (const RankRegion& row : isolated.rows)
            QVERIFY(row.rank == 0 || row.rank == 2);
        const QString error = resultsDifference(isolated, readH5Summary(file, request));
        QVERIFY2(error.isEmpty(), qPrintable(error));
    }

    // The comparison above can fail: one changed event is noticed.
    void comparisonNoticesOneChangedEvent() {
        const std::string file = (kData + QStringLiteral("/run_np3.h5")).toStdString();
        ProfilingResults changed = readIsolated(file, realWorker());
        QVERIFY(!changed.events.ends.empty());
        changed.events.ends.back() += 1;
        QVERIFY(!resultsDifference(changed, readH5(file)).isEmpty());
    }

    void errorsArriveAsTheSameTypes_data() {
        QTest::addColumn<QString>("file");
        QTest::addColumn<bool>("summaryOnly");
        QTest::addColumn<QString>("type");
        QTest::newRow("missing file")
            << dir_.filePath(QStringLiteral("missing.h5")) << false << "FileNotFoundError";
        const QString notHdf5 = dir_.filePath(QStringLiteral("not-hdf5.h5"));
        FileDamage::writeNotHdf5(notHdf5.toStdString());
        QTest::newRow("not HDF5") << notHdf5 << false << "CorruptProfileError";
        const QString truncated = dir_.filePath(QStringLiteral("truncated.h5"));
        FileDamage::truncatedCopy((kData + QStringLiteral("/v3_serial.h5")).toStdString(),
                                  truncated.toStdString(), 3000);
        QTest::newRow("truncated") << truncated << false << "CorruptProfileError";
        const QString schema = dir_.filePath(QStringLiteral("schema-string.h5"));
        FixtureSpec invalid = SampleSpecs::standard(3);
        invalid.schemaAttribute.kind = SchemaAttribute::Kind::String;
        invalid.schemaAttribute.text = "three";
        FixtureWriter::write(invalid, schema.toStdString());
        QTest::newRow("invalid schema") << schema << false << "InvalidSchemaError";
        const QString filter = dir_.filePath(QStringLiteral("filter.h5"));
        FixtureSpec missingFilter = SampleSpecs::standard(3);
        missingFilter.compression = Compression::Unavailable;
        FixtureWriter::write(missingFilter, filter.toStdString());
        QTest::newRow("missing filter") << filter << false << "MissingFilterError";
        QTest::newRow("no summary columns")
            << kData + QStringLiteral("/run_np3.h5") << true << "SummaryDataUnavailable";
    }
    void errorsArriveAsTheSameTypes() {
        QFETCH(QString, file);
        QFETCH(bool, summaryOnly);
        QFETCH(QString, type);
        const std::string name = file.toStdString();
        const ReadRequest request = realWorker(summaryOnly);
        const QString isolated = thrown([&] { readIsolated(name, request); });
        QVERIFY2(isolated.startsWith(type + QStringLiteral(": ") + file), qPrintable(isolated));
        QCOMPARE(isolated, thrown([&] { readInProcess(name, request); }));
    }

    void aCrashIsACorruptFileError_data() {
        QTest::addColumn<QString>("mode");
        QTest::addColumn<QString>("signal");
        QTest::newRow("segmentation fault") << "segfault"
                                            << "SIGSEGV";
        QTest::newRow("abort") << "abort"
                               << "SIGABRT";
    }
    void aCrashIsACorruptFileError() {
        QFETCH(QString, mode);
        QFETCH(QString, signal);
        const std::string file = path(QStringLiteral("crash.h5"));
        const QString error = thrown([&] { readIsolated(file, fakeWorker(qPrintable(mode))); });
        QVERIFY2(error.startsWith(QStringLiteral("CorruptProfileError: ") +
                                  QString::fromStdString(file)),
                 qPrintable(error));
        QVERIFY2(error.contains(QStringLiteral("the HDF5 library failed while reading the file")),
                 qPrintable(error));
        QVERIFY2(error.contains(QStringLiteral("killed by signal ") + signal), qPrintable(error));
    }

    // The step of the error is the last thing the helper said it was doing.
    void aCrashNamesTheStep() {
        const std::string file = path(QStringLiteral("crash.h5"));
        const QString error = thrown([&] { readIsolated(file, fakeWorker("segfault")); });
        QVERIFY2(error.contains(QString::fromStdString(file + ": reading end times: ")),
                 qPrintable(error));
    }

    void aHangTimesOut() {
        const std::string file = path(QStringLiteral("hang.h5"));
        const QString error = thrown([&] { readIsolated(file, fakeWorker("hang", 1s)); });
        QVERIFY2(error.startsWith(QStringLiteral("CorruptProfileError: ") +
                                  QString::fromStdString(file)),
                 qPrintable(error));
        QVERIFY2(
            error.contains(QStringLiteral("did not finish reading the file (timed out after 1 s")),
            qPrintable(error));
    }

    // A helper that is slow but alive (its heartbeat arrives) is waited for
    // however long it takes: the time-out counts from the last sign of life.
    void aSlowReadIsNotAHang() {
        const std::string file = path(QStringLiteral("slow.h5"));
        const QString error = thrown([&] { readIsolated(file, fakeWorker("slow", 400ms)); });
        QVERIFY2(error.contains(QStringLiteral("slow but answered")), qPrintable(error));
        QVERIFY2(!error.contains(QStringLiteral("timed out")), qPrintable(error));
    }

    // Cancelling a hung read kills the helper at once (the time-out is a
    // minute: were the cancel ignored, the error would be the time-out's) and
    // leaves no process behind, not even a zombie.
    void cancelKillsTheHelper() {
        std::atomic<bool> cancel{false};
        pid_t pid = 0;
        ReadRequest request = fakeWorker("hang");
        request.control.cancel = &cancel;
        request.control.progress = [&](double, std::string_view text) {
            if (text.starts_with("pid "))
                pid = static_cast<pid_t>(std::stoi(std::string(text.substr(4))));
            cancel.store(true);
        };
        const QString error = thrown([&] { readIsolated(path(QStringLiteral("x.h5")), request); });
        QVERIFY2(error.startsWith(QStringLiteral("ReadCancelled: ")), qPrintable(error));
        QVERIFY(pid > 0);
        QVERIFY(processGone(pid));
    }

    // What a user does to a stuck helper: kill -9.
    void aHelperKilledByHandIsAnError() {
        pid_t pid = 0;
        ReadRequest request = fakeWorker("hang");
        request.control.progress = [&](double, std::string_view text) {
            if (text.starts_with("pid ")) {
                pid = static_cast<pid_t>(std::stoi(std::string(text.substr(4))));
                ::kill(pid, SIGKILL);
            }
        };
        const std::string file = path(QStringLiteral("killed.h5"));
        const QString error = thrown([&] { readIsolated(file, request); });
        QVERIFY2(error.startsWith(QStringLiteral("CorruptProfileError: ") +
                                  QString::fromStdString(file)),
                 qPrintable(error));
        QVERIFY2(error.contains(QStringLiteral("killed by signal SIGKILL")), qPrintable(error));
        QVERIFY(processGone(pid));
    }

    void nonsenseFromTheHelperIsACorruptFileError_data() {
        QTest::addColumn<QString>("mode");
        QTest::addColumn<QString>("detail");
        QTest::newRow("garbage on the pipe") << "garbage"
                                             << "malformed output";
        QTest::newRow("garbage results")
            << "bad-results"
            << "receiving the results of the read helper: damaged data";
        QTest::newRow("exit without results") << "silent-exit"
                                              << "without handing back results";
        QTest::newRow("exit status") << "exit-status"
                                     << "exited with status 7";
    }
    void nonsenseFromTheHelperIsACorruptFileError() {
        QFETCH(QString, mode);
        QFETCH(QString, detail);
        const std::string file = path(QStringLiteral("nonsense.h5"));
        const QString error = thrown([&] { readIsolated(file, fakeWorker(qPrintable(mode))); });
        QVERIFY2(error.startsWith(QStringLiteral("CorruptProfileError: ") +
                                  QString::fromStdString(file)),
                 qPrintable(error));
        QVERIFY2(error.contains(detail), qPrintable(error));
    }

    // The viewer and scope-report leave out the rows' source locations, tags
    // and event metadata (no view shows them): every statistic is unchanged.
    void rowDetailsCanBeLeftOut() {
        FixtureSpec spec = SampleSpecs::standard(3);
        for (FixtureRow& row : spec.rows) {
            row.sourceFile = "solver.py";
            row.sourceLine = 42;
            row.sourceText = "def step(self):";
        }
        const std::string file = path(QStringLiteral("details.h5"));
        FixtureWriter::write(spec, file);
        for (const bool summaryOnly : {false, true}) {
            ReadRequest request = realWorker(summaryOnly);
            request.rowDetails = false;
            const ProfilingResults lean = readIsolated(file, request);
            const ProfilingResults full = summaryOnly ? readH5Summary(file) : readH5(file);
            QCOMPARE(lean.rows.size(), full.rows.size());
            bool tagged = false;
            for (std::size_t i = 0; i < lean.rows.size(); ++i) {
                const RankRegion& a = lean.rows[i];
                const RankRegion& b = full.rows[i];
                QCOMPARE(a.rank, b.rank);
                QCOMPARE(lean.regions[a.region], full.regions[b.region]);
                QCOMPARE(a.summary.count, b.summary.count);
                QCOMPARE(a.summary.total, b.summary.total);
                QCOMPARE(a.summary.minimum, b.summary.minimum);
                QCOMPARE(a.summary.maximum, b.summary.maximum);
                QCOMPARE(a.summary.m2, b.summary.m2);
                QCOMPARE(a.exclusiveNs, b.exclusiveNs);
                QCOMPARE(full.details(b).source.file, std::string("solver.py"));
                QCOMPARE(full.details(b).source.line, std::int64_t{42});
                QVERIFY(lean.details(a).empty());
                tagged = tagged || !full.details(b).tags.empty();
            }
            QVERIFY(tagged);
            QCOMPARE(lean.totalCalls(), full.totalCalls());
            QVERIFY(lean.rowDetails.empty());
        }
    }

    // Event values that libhdf5 reads in the helper (big-endian columns here,
    // which the byte reader leaves to it) are allocated in the results memfd
    // and the caller maps them: the completed read equals a plain one, and
    // values made on the heap are copied in.
    void inlineValuesCrossWithoutACopy_data() {
        QTest::addColumn<bool>("inArena");
        QTest::newRow("read into the arena") << true;
        QTest::newRow("read on the heap") << false;
    }
    void inlineValuesCrossWithoutACopy() {
        QFETCH(bool, inArena);
        FixtureSpec spec = SampleSpecs::standard(3);
        SampleSpecs::addAuxiliary(spec);
        spec.bigEndianEvents = true;
        const std::string file = path(QStringLiteral("arena.h5"));
        FixtureWriter::write(spec, file);
        isolate::UniqueFd memory(memfd_create("arena", MFD_CLOEXEC));
        auto arena = std::make_shared<isolate::SharedColumnArena>(
            memory.get(), isolate::ResultsCodec::kReservedBytes);
        ReadRequest options;
        if (inArena)
            options.eventColumns = ColumnAllocator<std::int64_t>(arena);
        PlannedRead read = planH5(file, options);
        QVERIFY(!read.events.inlineValues.empty());
        QCOMPARE(arena->offsetOf(read.events.inlineValues.data()).has_value(), inArena);
        const std::uint64_t size = isolate::ResultsCodec::encode(std::move(read), *arena);
        PlannedRead received = isolate::ResultsCodec::decode(memory.get(), size, file);
        QVERIFY(received.events.inlineValues.get_allocator().store() != nullptr);
        // The adopted mapping outlives the memfd and the arena.
        arena.reset();
        memory = isolate::UniqueFd();
        const EventBytes bytes = EventBytes::forPlan(file, received.events);
        const ProfilingResults completed = completeRead(std::move(received), bytes, {});
        const QString error = resultsDifference(completed, readH5(file));
        QVERIFY2(error.isEmpty(), qPrintable(error));
    }

    // Every cut and every flipped byte of a valid buffer's frame and header
    // either decodes and completes or throws CorruptProfileError: no other
    // exception, no crash, no read or mapping past the end (the sanitizer
    // build checks that). The header holds the plan of the event bytes too,
    // which the caller reads on its word.
    void damagedBuffersNeverReadOutOfBounds() {
        FixtureSpec spec = SampleSpecs::standard(3);
        SampleSpecs::addAuxiliary(spec);
        const std::string file = path(QStringLiteral("codec.h5"));
        FixtureWriter::write(spec, file);
        isolate::UniqueFd source(memfd_create("codec", MFD_CLOEXEC));
        isolate::SharedColumnArena arena(source.get(), isolate::ResultsCodec::kReservedBytes);
        const std::uint64_t size = isolate::ResultsCodec::encode(planH5(file), arena);
        std::string bytes(size, '\0');
        QCOMPARE(pread(source.get(), bytes.data(), size, 0), static_cast<ssize_t>(size));
        std::uint64_t headerOffset = 0;
        std::memcpy(&headerOffset, bytes.data() + 8, sizeof headerOffset);
        QVERIFY(headerOffset < size);
        std::vector<std::uint64_t> positions;
        for (std::uint64_t at = 0; at < 24; ++at)
            positions.push_back(at);
        for (std::uint64_t at = headerOffset; at < size; ++at)
            positions.push_back(at);

        const auto decode = [&](const std::string& buffer, std::uint64_t claimed) {
            isolate::UniqueFd fd(memfd_create("damaged", MFD_CLOEXEC));
            if (write(fd.get(), buffer.data(), buffer.size()) !=
                static_cast<ssize_t>(buffer.size()))
                return QStringLiteral("write failed");
            return thrown([&] {
                PlannedRead read = isolate::ResultsCodec::decode(fd.get(), claimed, file);
                const EventBytes bytes = EventBytes::forPlan(file, read.events);
                completeRead(std::move(read), bytes, {});
            });
        };
        for (std::uint64_t at = 0; at < positions.size(); at += 7) {
            const std::uint64_t cut = positions[at];
            const QString error = decode(bytes.substr(0, cut), cut);
            QVERIFY2(error.startsWith(QStringLiteral("CorruptProfileError")), qPrintable(error));
        }
        for (std::uint64_t at : positions) {
            std::string damaged = bytes;
            damaged[at] = static_cast<char>(damaged[at] ^ 0xA5);
            const QString error = decode(damaged, size);
            QVERIFY2(error == QStringLiteral("no error") ||
                         error.startsWith(QStringLiteral("CorruptProfileError")),
                     qPrintable(QStringLiteral("byte %1: %2").arg(at).arg(error)));
        }
        // A buffer claiming more than the memfd holds: mapping it would fault.
        const QString error = decode(bytes.substr(0, size - 4096), size);
        QVERIFY2(error.startsWith(QStringLiteral("CorruptProfileError")), qPrintable(error));
    }

    void workerLookup() {
        qputenv("SCOPE_READ_WORKER", "none");
        QCOMPARE(findReadWorker(), std::string());
        // "none" reads in this process, with the same results.
        const std::string file = (kData + QStringLiteral("/v3_serial.h5")).toStdString();
        const QString error = resultsDifference(readIsolated(file, {}), readH5(file));
        QVERIFY2(error.isEmpty(), qPrintable(error));
        qputenv("SCOPE_READ_WORKER", SCOPE_READ_WORKER_EXE);
        QCOMPARE(findReadWorker(), std::string(SCOPE_READ_WORKER_EXE));
        qunsetenv("SCOPE_READ_WORKER");
    }

    // Progress arrives from the helper, ends at 1 and never goes back.
    void progressArrivesInOrder() {
        std::vector<double> fractions;
        ReadRequest request = realWorker();
        request.control.progress = [&](double fraction, std::string_view) {
            fractions.push_back(fraction);
        };
        readIsolated((kData + QStringLiteral("/run_np3.h5")).toStdString(), request);
        QVERIFY(fractions.size() >= 2);
        QVERIFY(std::is_sorted(fractions.begin(), fractions.end()));
        QCOMPARE(fractions.back(), 1.0);
    }
};

QTEST_MAIN(TestIsolatedReader)
#include "tst_IsolatedReader.moc"
