// SPDX-License-Identifier: GPL-3.0-or-later
// A read whose helper starts before the caller takes it up (the viewer shows
// a large run's summaries meanwhile): the same results as a read started at
// once, through the control given at the end; another request starts the
// helper again; a helper that cannot start is an error of finish(), and an
// abandoned read leaves no process behind. Asked for the summaries first, the
// one helper hands over what a summary-only read gives, then the calls (also
// summaries larger than the pipe holds); a file without summaries, a damaged
// file and damaged summaries are errors that name the file.
#include "../isolate/ResultsEquality.h"
#include "FixtureWriter.h"
#include "SampleSpecs.h"
#include "TestSupport.h"
#include "format/ProfileReader.h"
#include "isolate/IsolatedRead.h"
#include "isolate/ResultsCodec.h"
#include "model/Errors.h"

#include <QDir>
#include <QTemporaryDir>
#include <QtTest>

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <optional>
#include <thread>

using namespace scope;
using namespace scope::fixtures;
using scope::testing::thrown;
using namespace std::chrono_literals;

namespace {

ReadRequest realWorker() {
    ReadRequest request;
    request.worker = SCOPE_READ_WORKER_EXE;
    return request;
}

ReadRequest summariesFirst(std::string worker) {
    ReadRequest request;
    request.worker = std::move(worker);
    request.summariesFirst = true;
    return request;
}

// What the viewer asks of the summaries (LoadJob::showSummariesFirst).
ReadRequest summariesOf(const ReadRequest& started) {
    ReadRequest request = started;
    request.summaryOnly = true;
    request.includeLikwid = true;
    request.includeLineProfile = true;
    return request;
}

// This process's children, zombies included.
std::vector<pid_t> childProcesses() {
    std::vector<pid_t> found;
    for (const auto& entry : std::filesystem::directory_iterator("/proc")) {
        const std::string name = entry.path().filename().string();
        if (name.find_first_not_of("0123456789") != std::string::npos)
            continue;
        std::ifstream status(entry.path() / "status");
        for (std::string line; std::getline(status, line);)
            if (line.starts_with("PPid:") && std::stoi(line.substr(5)) == getpid())
                found.push_back(static_cast<pid_t>(std::stoi(name)));
    }
    return found;
}

} // namespace

class TestIsolatedRead : public QObject {
    Q_OBJECT

    QTemporaryDir dir_;
    std::string file_;

private slots:
    void initTestCase() {
        QVERIFY(dir_.isValid());
        file_ = dir_.filePath(QStringLiteral("run.h5")).toStdString();
        FixtureWriter::write(SampleSpecs::standard(3), file_);
    }

    // The progress of the read goes to the control given to finish(), not
    // to the one it was started with.
    void aStartedReadEqualsOneReadAtOnce() {
        bool early = false;
        ReadRequest started = realWorker();
        started.control.progress = [&](double, std::string_view) { early = true; };
        IsolatedRead read(file_, started);
        std::this_thread::sleep_for(50ms);
        std::vector<double> fractions;
        ReadRequest taken = realWorker();
        taken.control.progress = [&](double fraction, std::string_view) {
            fractions.push_back(fraction);
        };
        const ProfilingResults results = read.finish(taken);
        const QString difference = scope::testing::resultsDifference(results, readH5(file_));
        QVERIFY2(difference.isEmpty(), qPrintable(difference));
        QVERIFY(!early);
        QVERIFY(!fractions.empty());
        QCOMPARE(fractions.back(), 1.0);
    }

    // Started for every call, taken up for the summaries alone: the
    // summaries, not the calls.
    void anotherRequestStartsTheHelperAgain() {
        IsolatedRead read(file_, realWorker());
        ReadRequest summary = realWorker();
        summary.summaryOnly = true;
        const ProfilingResults results = read.finish(summary);
        QVERIFY(results.events.starts.empty());
        const QString difference =
            scope::testing::resultsDifference(results, readH5Summary(file_, summary));
        QVERIFY2(difference.isEmpty(), qPrintable(difference));
    }

    void aHelperThatCannotStartIsAnErrorOfFinish() {
        ReadRequest request;
        request.worker = dir_.filePath(QStringLiteral("no-such-helper")).toStdString();
        std::optional<IsolatedRead> read;
        const QString atStart = thrown([&] { read.emplace(file_, request); });
        QCOMPARE(atStart, QStringLiteral("no error"));
        const QString error = thrown([&] { read->finish(request); });
        QVERIFY2(error.startsWith(QStringLiteral("ProfileError: ") + QString::fromStdString(file_)),
                 qPrintable(error));
        QVERIFY2(error.contains(QStringLiteral("starting the read helper")), qPrintable(error));
    }

    // One helper for both: the summaries as a summary-only read gives them,
    // then every call as a read of its own gives them.
    void theSummariesComeFirstFromTheSameHelper() {
        const ReadRequest started = summariesFirst(SCOPE_READ_WORKER_EXE);
        IsolatedRead read(file_, started);
        const ProfilingResults summaries = read.summaries(summariesOf(started));
        QCOMPARE(childProcesses().size(), std::size_t{1});
        QVERIFY(summaries.events.starts.empty());
        QVERIFY(!summaries.rows.empty());
        const QString summaryDifference = scope::testing::resultsDifference(
            summaries, readH5Summary(file_, summariesOf(realWorker())));
        QVERIFY2(summaryDifference.isEmpty(), qPrintable(summaryDifference));
        const ProfilingResults results = read.finish(started);
        const QString difference = scope::testing::resultsDifference(results, readH5(file_));
        QVERIFY2(difference.isEmpty(), qPrintable(difference));
    }

    void aFileWithoutSummariesSaysSoAndIsStillRead() {
        FixtureSpec spec = SampleSpecs::standard(3);
        spec.summaryStatistics = false;
        const std::string file = dir_.filePath(QStringLiteral("plain.h5")).toStdString();
        FixtureWriter::write(spec, file);
        const ReadRequest started = summariesFirst(SCOPE_READ_WORKER_EXE);
        IsolatedRead read(file, started);
        const QString error = thrown([&] { read.summaries(summariesOf(started)); });
        QVERIFY2(error.startsWith(QStringLiteral("SummaryDataUnavailable: ") +
                                  QString::fromStdString(file)),
                 qPrintable(error));
        const ProfilingResults results = read.finish(started);
        const QString difference = scope::testing::resultsDifference(results, readH5(file));
        QVERIFY2(difference.isEmpty(), qPrintable(difference));
    }

    // The helper's own error, from both steps.
    void aDamagedFileIsTheErrorOfBothSteps() {
        const std::string file = dir_.filePath(QStringLiteral("cut.h5")).toStdString();
        std::filesystem::copy_file(file_, file, std::filesystem::copy_options::overwrite_existing);
        std::filesystem::resize_file(file, 3000);
        const ReadRequest started = summariesFirst(SCOPE_READ_WORKER_EXE);
        IsolatedRead read(file, started);
        const QString first = thrown([&] { read.summaries(summariesOf(started)); });
        QVERIFY2(first.startsWith(QStringLiteral("CorruptProfileError: ") +
                                  QString::fromStdString(file)),
                 qPrintable(first));
        QCOMPARE(thrown([&] { read.finish(started); }), first);
    }

    // Summaries larger than the pipe holds go while the helper plans every
    // call: they still arrive whole, before the results.
    void largeSummariesArriveWholeBeforeTheCalls() {
        FixtureSpec spec = SampleSpecs::standard(3);
        spec.regionTable.clear();
        spec.rows.clear();
        for (std::uint32_t rank = 0; rank < 64; ++rank)
            for (int region = 0; region < 40; ++region) {
                FixtureRow row;
                row.rank = rank;
                row.region = "region." + std::to_string(region);
                row.starts = {region * 10, region * 10 + 6};
                row.ends = {region * 10 + 5, region * 10 + 8};
                spec.rows.push_back(std::move(row));
            }
        const std::string file = dir_.filePath(QStringLiteral("wide.h5")).toStdString();
        FixtureWriter::write(spec, file);
        QVERIFY(
            isolate::ResultsCodec::encodeSummaries(planH5Summary(file, summariesOf(realWorker())))
                .size() > 4 * 65536);
        const ProfilingResults expectedSummaries = readH5Summary(file, summariesOf(realWorker()));
        const ProfilingResults expected = readH5(file);
        QCOMPARE(expected.totalCalls(), std::uint64_t{2 * 64 * 40});
        // Which comes first is up to the helper's threads: a few reads
        // give an early result a fair chance to show.
        for (int attempt = 0; attempt < 8; ++attempt) {
            const ReadRequest started = summariesFirst(SCOPE_READ_WORKER_EXE);
            IsolatedRead read(file, started);
            const QString summaryDifference = scope::testing::resultsDifference(
                read.summaries(summariesOf(started)), expectedSummaries);
            QVERIFY2(summaryDifference.isEmpty(), qPrintable(summaryDifference));
            const QString difference =
                scope::testing::resultsDifference(read.finish(started), expected);
            QVERIFY2(difference.isEmpty(), qPrintable(difference));
        }
    }

    void damagedSummariesAreAnErrorNamingTheFile_data() {
        QTest::addColumn<QByteArray>("how");
        QTest::newRow("bytes that do not decode") << QByteArray("bad-summaries");
        QTest::newRow("fewer bytes than announced") << QByteArray("short-summaries");
    }

    void damagedSummariesAreAnErrorNamingTheFile() {
        QFETCH(QByteArray, how);
        qputenv("SCOPE_FAKE_WORKER", how);
        const ReadRequest started = summariesFirst(SCOPE_FAKE_READ_WORKER_EXE);
        IsolatedRead read(file_, started);
        const QString error = thrown([&] { read.summaries(summariesOf(started)); });
        QVERIFY2(error.startsWith(QStringLiteral("CorruptProfileError: ") +
                                  QString::fromStdString(file_)),
                 qPrintable(error));
    }

    // Every cut and every flipped byte of the summaries' bytes: an error
    // naming the file or summaries that finish, never another exception, a
    // crash or a read past the end (the sanitizer build checks that).
    void damagedSummaryBytesNeverReadOutOfBounds() {
        FixtureSpec spec = SampleSpecs::standard(3);
        SampleSpecs::addAuxiliary(spec);
        const std::string file = dir_.filePath(QStringLiteral("aux.h5")).toStdString();
        FixtureWriter::write(spec, file);
        const std::string bytes =
            isolate::ResultsCodec::encodeSummaries(planH5Summary(file, summariesOf({})));
        const auto decode = [&](std::string_view damaged) {
            return thrown([&] {
                PlannedRead read = isolate::ResultsCodec::decodeSummaries(damaged, file);
                completeRead(std::move(read), EventBytes::image({}, file), {});
            });
        };
        QCOMPARE(decode(bytes), QStringLiteral("no error"));
        const QString corrupt =
            QStringLiteral("CorruptProfileError: ") + QString::fromStdString(file);
        for (std::size_t cut = 0; cut < bytes.size(); cut += 3) {
            const QString error = decode(std::string_view(bytes).substr(0, cut));
            QVERIFY2(error.startsWith(corrupt),
                     qPrintable(QStringLiteral("cut at %1: %2").arg(cut).arg(error)));
        }
        for (std::size_t at = 0; at < bytes.size(); ++at) {
            std::string damaged = bytes;
            damaged[at] = static_cast<char>(damaged[at] ^ 0xA5);
            const QString error = decode(damaged);
            QVERIFY2(error == QStringLiteral("no error") || error.startsWith(corrupt),
                     qPrintable(QStringLiteral("byte %1: %2").arg(at).arg(error)));
        }
    }

    // A load cancelled while the summaries show never takes its read up.
    void anAbandonedReadLeavesNoProcess() {
        QVERIFY(childProcesses().empty());
        qputenv("SCOPE_FAKE_WORKER", "hang");
        ReadRequest request;
        request.worker = SCOPE_FAKE_READ_WORKER_EXE;
        {
            IsolatedRead read(file_, request);
            QCOMPARE(childProcesses().size(), std::size_t{1});
        }
        QVERIFY(childProcesses().empty());
    }
};

QTEST_MAIN(TestIsolatedRead)
#include "tst_IsolatedRead.moc"
