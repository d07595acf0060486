// SPDX-License-Identifier: GPL-3.0-or-later
// Damaged files must be reported, never crash or hang: hundreds of mutants of
// the samples and fixture files (make_mutants.py, fixed seed) go through
// scope-report and through the viewer's loader, and each one must end within
// 20 s with success or a ProfileError (exit status 0 or 3).
//
// SCOPE_MUTANTS=N and SCOPE_MUTANT_SEED=S change the corpus for longer runs by
// hand. A failure lists every failing mutant with its manifest line; to get
// one back: write-robustness-inputs DIR, then make_mutants.py --seed S
// --count N --only INDEX --out OUT tests/data/*.h5 tests/data/c-api/*.spt DIR/*.h5
// DIR/*.json DIR/*.json.gz tests/data/json-v1.json.
#include "load/AsyncLoader.h"
#include "model/Errors.h"

#include <QtTest>

#include <array>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <csignal>
#include <cstring>
#include <map>
#include <memory>
#include <mutex>
#include <thread>
#include <unistd.h>

using namespace scope;

namespace {

constexpr int kDefaultMutants = 600;
constexpr int kDefaultSeed = 20261130;
constexpr int kParallel = 2;
constexpr auto kLimit = std::chrono::seconds(20);

int fromEnvironment(const char* name, int fallback) {
    bool ok = false;
    const int value = qEnvironmentVariableIntValue(name, &ok);
    return ok && value > 0 ? value : fallback;
}

// A crash inside libhdf5 takes this process down (until reads run in a helper
// process); the handler names the files being read so that the crash can be
// reproduced, then lets the signal kill the process as it would have.
std::array<std::array<char, 512>, kParallel> inFlight{};

void nameInFlight(int) {
    constexpr char header[] = "\ncrashed while loading (mutant, full/summary):\n";
    [[maybe_unused]] auto w = write(STDERR_FILENO, header, sizeof header - 1);
    for (const auto& slot : inFlight) {
        w = write(STDERR_FILENO, slot.data(), strnlen(slot.data(), slot.size()));
        w = write(STDERR_FILENO, "\n", 1);
    }
}

void setInFlight(std::size_t slot, const QString& text) {
    const QByteArray bytes = text.toUtf8().left(int(inFlight[slot].size()) - 1);
    std::memset(inFlight[slot].data(), 0, inFlight[slot].size());
    std::memcpy(inFlight[slot].data(), bytes.constData(), std::size_t(bytes.size()));
}

// Qt Test cuts long failure messages, so every failure gets a line of its own.
QString listFailures(const QStringList& failures, std::size_t total, int seed) {
    for (const QString& failure : failures)
        qWarning("%s", qPrintable(failure));
    return QStringLiteral("%1 of %2 failed (seed %3), each listed above with its manifest line")
        .arg(failures.size())
        .arg(total)
        .arg(seed);
}

struct Mutant {
    QString path;
    QString manifestLine;
};

} // namespace

class TestMutationCorpus : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void unmutatedInputsRead();
    void scopeReportOnEveryMutant();
    void loaderOnEveryMutant();

private:
    QStringList run(const QString& program, const QStringList& arguments);

    QTemporaryDir dir_;
    QStringList inputs_;
    std::vector<Mutant> mutants_;
    int seed_ = kDefaultSeed;
};

QStringList TestMutationCorpus::run(const QString& program, const QStringList& arguments) {
    QProcess process;
    process.start(program, arguments);
    if (!process.waitForFinished(120'000) || process.exitStatus() != QProcess::NormalExit ||
        process.exitCode() != 0)
        return {program + QStringLiteral(" failed: ") +
                QString::fromLocal8Bit(process.readAllStandardError())};
    return {};
}

void TestMutationCorpus::initTestCase() {
    QVERIFY(dir_.isValid());
    // The loader reads through the helper process, as in the viewer: a test
    // executable has no scope-read-worker beside it to find. The helper's leaks
    // on damaged files (inside libhdf5) are not what this test is about.
    qputenv("SCOPE_READ_WORKER", SCOPE_READ_WORKER_EXE);
    qputenv("ASAN_OPTIONS", qgetenv("ASAN_OPTIONS") + ":detect_leaks=0");
    const QString inputDir = dir_.filePath(QStringLiteral("inputs"));
    const QStringList written = run(QStringLiteral(SCOPE_ROBUSTNESS_INPUTS_EXE), {inputDir});
    QVERIFY2(written.isEmpty(), qPrintable(written.join(QString())));
    for (const QString& folder : {QStringLiteral(SCOPE_TEST_DATA_DIR), inputDir})
        for (const QFileInfo& info : QDir(folder).entryInfoList({QStringLiteral("*.h5")}))
            inputs_ << info.absoluteFilePath();
    // JSON profiles are streamed by our own code, without the helper.
    for (const QFileInfo& info :
         QDir(inputDir).entryInfoList({QStringLiteral("*.json"), QStringLiteral("*.json.gz")}))
        inputs_ << info.absoluteFilePath();
    inputs_ << QStringLiteral(SCOPE_TEST_DATA_DIR "/json-v1.json");
    // Native traces are parsed by our own code, without the helper.
    for (const QFileInfo& info : QDir(QStringLiteral(SCOPE_TEST_DATA_DIR "/c-api"))
                                     .entryInfoList({QStringLiteral("*.spt")}))
        inputs_ << info.absoluteFilePath();
    QVERIFY(inputs_.size() >= 10);

    const int count = fromEnvironment("SCOPE_MUTANTS", kDefaultMutants);
    seed_ = fromEnvironment("SCOPE_MUTANT_SEED", kDefaultSeed);
    const QString out = dir_.filePath(QStringLiteral("mutants"));
    const QStringList made =
        run(QStringLiteral(SCOPE_PYTHON_EXE),
            QStringList{QStringLiteral(SCOPE_MAKE_MUTANTS_SCRIPT), QStringLiteral("--seed"),
                        QString::number(seed_), QStringLiteral("--count"), QString::number(count),
                        QStringLiteral("--out"), out} +
                inputs_);
    QVERIFY2(made.isEmpty(), qPrintable(made.join(QString())));

    QFile manifest(out + QStringLiteral("/manifest.tsv"));
    QVERIFY(manifest.open(QIODevice::ReadOnly | QIODevice::Text));
    while (!manifest.atEnd()) {
        const QString line = QString::fromUtf8(manifest.readLine()).trimmed();
        if (line.isEmpty() || line.startsWith(QLatin1Char('#')))
            continue;
        const QString name = line.section(QLatin1Char('\t'), 0, 0);
        QVERIFY2(QFileInfo::exists(out + QLatin1Char('/') + name), qPrintable(name));
        mutants_.push_back({out + QLatin1Char('/') + name, line});
    }
    QCOMPARE(int(mutants_.size()), count);
    qInfo("%d mutants of %d inputs, seed %d", count, int(inputs_.size()), seed_);
}

// Without this the other tests could pass by rejecting everything.
void TestMutationCorpus::unmutatedInputsRead() {
    for (const QString& input : inputs_) {
        QProcess process;
        process.setStandardOutputFile(QProcess::nullDevice());
        process.start(QStringLiteral(SCOPE_REPORT_EXE), {input});
        QVERIFY(process.waitForFinished(60'000));
        QVERIFY2(process.exitStatus() == QProcess::NormalExit && process.exitCode() == 0,
                 qPrintable(input + QLatin1Char(' ') + process.readAllStandardError()));
    }
}

void TestMutationCorpus::scopeReportOnEveryMutant() {
    std::mutex mutex;
    QStringList failures;
    std::array<int, 4> statuses{}; // exit 0, exit 3, other, signal or hang
    std::atomic<std::size_t> next{0};
    // libhdf5 leaks a little on some damaged files; under LeakSanitizer that
    // would change the exit status, and leaks are not what this test is about.
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    environment.insert(QStringLiteral("ASAN_OPTIONS"),
                       environment.value(QStringLiteral("ASAN_OPTIONS")) +
                           QStringLiteral(":detect_leaks=0"));
    auto worker = [&](int slot) {
        const QString json = dir_.filePath(QStringLiteral("report%1.json").arg(slot));
        for (std::size_t i = next++; i < mutants_.size(); i = next++) {
            QProcess process;
            process.setProcessEnvironment(environment);
            process.setStandardOutputFile(QProcess::nullDevice());
            process.start(QStringLiteral(SCOPE_REPORT_EXE),
                          {QStringLiteral("--json"), json, mutants_[i].path});
            QString problem;
            int bucket = 3;
            if (!process.waitForFinished(int(std::chrono::milliseconds(kLimit).count()))) {
                process.kill();
                process.waitForFinished();
                problem = QStringLiteral("still running after 20 s (killed)");
            } else if (process.exitStatus() != QProcess::NormalExit) {
                problem = QStringLiteral("killed by a signal");
            } else if (process.exitCode() == 0 || process.exitCode() == 3) {
                bucket = process.exitCode() == 0 ? 0 : 1;
            } else {
                bucket = 2;
                problem = QStringLiteral("exit status %1").arg(process.exitCode());
            }
            std::lock_guard lock(mutex);
            ++statuses[std::size_t(bucket)];
            if (!problem.isEmpty())
                failures << mutants_[i].manifestLine + QStringLiteral("\n    ") + problem +
                                QStringLiteral(": ") +
                                QString::fromLocal8Bit(process.readAllStandardError().right(400))
                                    .trimmed();
        }
    };
    std::vector<std::thread> threads;
    for (int slot = 0; slot < kParallel; ++slot)
        threads.emplace_back(worker, slot);
    for (std::thread& thread : threads)
        thread.join();
    qInfo("scope-report: %d read, %d corrupt (status 3), %d other status, %d crashed or hung",
          statuses[0], statuses[1], statuses[2], statuses[3]);
    QVERIFY2(failures.isEmpty(), qPrintable(listFailures(failures, mutants_.size(), seed_)));
    // Damage must be noticed: a corpus that reads cleanly tests nothing.
    QVERIFY(statuses[1] > 0);
}

void TestMutationCorpus::loaderOnEveryMutant() {
    struct Job {
        std::size_t mutant;
        bool summaryOnly;
    };
    std::vector<Job> jobs;
    for (std::size_t i = 0; i < mutants_.size(); ++i) {
        jobs.push_back({i, false});
        if (i % 4 == 0)
            jobs.push_back({i, true});
    }

    // Shared with the callback, which a hung read may still call after this test.
    struct Inbox {
        std::mutex mutex;
        std::condition_variable changed;
        std::vector<LoadOutcome> finished;
    };
    auto inbox = std::make_shared<Inbox>();
    auto loader = std::make_unique<AsyncLoader>(
        AsyncLoader::Callbacks{nullptr, [inbox](const LoadOutcome& outcome) {
                                   std::lock_guard lock(inbox->mutex);
                                   inbox->finished.push_back(outcome);
                                   inbox->changed.notify_all();
                               }});
    std::vector<LoadOutcome>& finished = inbox->finished;
    struct Running {
        std::size_t job;
        std::size_t slot;
        std::chrono::steady_clock::time_point started;
    };
    std::map<std::uint64_t, Running> running;
    std::array<bool, kParallel> slotBusy{};
    QStringList failures;
    int succeeded = 0;
    int rejected = 0;
    int hung = 0;
    auto describe = [&](const Job& job) {
        return mutants_[job.mutant].manifestLine +
               (job.summaryOnly ? QStringLiteral(" [summary only]") : QStringLiteral(" [full]"));
    };

    struct sigaction action {};
    action.sa_handler = nameInFlight;
    action.sa_flags = SA_RESETHAND | SA_NODEFER;
    struct sigaction previous[2];
    sigaction(SIGSEGV, &action, &previous[0]);
    sigaction(SIGABRT, &action, &previous[1]);

    std::size_t nextJob = 0;
    std::unique_lock lock(inbox->mutex);
    while ((hung == 0 && nextJob < jobs.size()) || !running.empty()) {
        // A call hung inside HDF5 holds HDF5's global lock: every later read
        // would wait for it and be reported as hung too, so none is started.
        while (hung == 0 && nextJob < jobs.size() && running.size() < kParallel) {
            const std::size_t slot =
                std::size_t(std::find(slotBusy.begin(), slotBusy.end(), false) - slotBusy.begin());
            slotBusy[slot] = true;
            setInFlight(slot, describe(jobs[nextJob]));
            const Job& job = jobs[nextJob];
            lock.unlock();
            const std::uint64_t id =
                loader->start({mutants_[job.mutant].path.toStdString(), job.summaryOnly, true});
            lock.lock();
            running[id] = {nextJob++, slot, std::chrono::steady_clock::now()};
        }
        inbox->changed.wait_for(lock, std::chrono::milliseconds(200),
                                [&] { return !finished.empty(); });
        for (const LoadOutcome& outcome : finished) {
            const auto it = running.find(outcome.id);
            if (it == running.end())
                continue; // finished after it was reported as hung
            const Job& job = jobs[it->second.job];
            slotBusy[it->second.slot] = false;
            running.erase(it);
            if (outcome.results) {
                ++succeeded;
            } else if (outcome.cancelled) {
                failures << describe(job) + QStringLiteral("\n    cancelled without a request");
            } else {
                try {
                    std::rethrow_exception(outcome.error);
                } catch (const ProfileError&) {
                    ++rejected;
                } catch (const std::exception& error) {
                    failures << describe(job) + QStringLiteral("\n    not a ProfileError: ") +
                                    QString::fromLocal8Bit(error.what());
                } catch (...) {
                    failures << describe(job) + QStringLiteral("\n    unknown exception");
                }
            }
        }
        finished.clear();
        const auto now = std::chrono::steady_clock::now();
        // A hung read's thread cannot be stopped: it is reported and left
        // running, and the other mutants go on in its slot.
        for (auto it = running.begin(); it != running.end();) {
            if (now - it->second.started > kLimit) {
                failures << describe(jobs[it->second.job]) +
                                (hung == 0 ? QStringLiteral("\n    still loading after 20 s")
                                           : QStringLiteral("\n    still loading after 20 s "
                                                            "(perhaps waiting for the hung read)"));
                loader->cancel(it->first);
                slotBusy[it->second.slot] = false;
                it = running.erase(it);
                ++hung;
            } else {
                ++it;
            }
        }
    }
    lock.unlock();
    if (nextJob < jobs.size())
        failures << QStringLiteral("%1 loads not started after a hung read (HDF5 is locked)")
                        .arg(jobs.size() - nextJob);
    sigaction(SIGSEGV, &previous[0], nullptr);
    sigaction(SIGABRT, &previous[1], nullptr);
    if (hung > 0)
        (void)loader.release(); // its destructor would wait for the hung reads forever
    qInfo("loader: %d read, %d rejected with a ProfileError, %d failed", succeeded, rejected,
          int(failures.size()));
    QVERIFY2(failures.isEmpty(), qPrintable(listFailures(failures, jobs.size(), seed_)));
    QVERIFY(rejected > 0);
    QVERIFY(succeeded > 0);
}

QTEST_GUILESS_MAIN(TestMutationCorpus)
#include "tst_MutationCorpus.moc"
