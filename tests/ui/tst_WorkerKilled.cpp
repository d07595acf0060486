// SPDX-License-Identifier: GPL-3.0-or-later
// The read helper killed by hand (kill -9) while it reads a large file: the
// window reports an error naming the file in its banner, and the run that was
// already open, and the window itself, go on working.
#include "FixtureWriter.h"
#include "RunWaiter.h"
#include "SyntheticRun.h"
#include "common/MessageBanner.h"
#include "models/RegionTableModel.h"
#include "run/RunView.h"
#include "shell/MainWindow.h"

#include <QDir>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QtTest>

#include <signal.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <fstream>
#include <thread>

namespace {

// The scope-read-worker children of this process (the kernel cuts process
// names to 15 characters).
std::vector<pid_t> workerChildren() {
    std::vector<pid_t> found;
    const QStringList entries = QDir(QStringLiteral("/proc")).entryList(QDir::Dirs);
    for (const QString& entry : entries) {
        bool number = false;
        const pid_t pid = entry.toInt(&number);
        if (!number)
            continue;
        std::ifstream stat("/proc/" + entry.toStdString() + "/stat");
        std::string line;
        if (!std::getline(stat, line))
            continue;
        // "pid (comm) state ppid ...": comm may hold spaces, so split at the last ')'.
        const std::size_t close = line.rfind(')');
        const std::size_t open = line.find('(');
        if (open == std::string::npos || close == std::string::npos)
            continue;
        const std::string comm = line.substr(open + 1, close - open - 1);
        char state = 0;
        int parent = 0;
        if (std::sscanf(line.c_str() + close + 1, " %c %d", &state, &parent) != 2)
            continue;
        if (parent == getpid() && comm == "scope-read-work" && state != 'Z')
            found.push_back(pid);
    }
    return found;
}

} // namespace

class TestWorkerKilled : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() {
        prepareWindowTests();
        QVERIFY(dir_.isValid());
        qputenv("SCOPE_READ_WORKER", SCOPE_READ_WORKER_EXE);
        scope::fixtures::SyntheticRun::Shape shape;
        shape.ranks = 16;
        shape.regions = 8;
        shape.calls = 40'000; // 5 M calls, 80 MB of events
        scope::fixtures::FixtureSpec spec = scope::fixtures::SyntheticRun::generate(shape);
        spec.schema = 1;
        big_ = dir_.filePath(QStringLiteral("big-run.h5"));
        scope::fixtures::FixtureWriter::write(spec, big_.toStdString());
    }

    void killingTheHelperLeavesTheWindowWorking() {
        MainWindow window;
        QSignalSpy opened(&window, &MainWindow::runOpened);
        QSignalSpy failed(&window, &MainWindow::loadFailed);
        window.openFile(QStringLiteral(SCOPE_TEST_DATA_DIR "/run_np3.h5"));
        RunView* first = waitForRun(window, opened);
        QVERIFY(first);
        const int rows = first->tableModel()->rowCount();
        QVERIFY(rows > 0);
        QVERIFY(workerChildren().empty());

        // Watch for the helper from a thread of its own, so the kill does not
        // wait for the event loop.
        std::atomic<pid_t> killed{0};
        std::atomic<bool> stop{false};
        std::thread hunter([&] {
            const auto giveUp = std::chrono::steady_clock::now() + std::chrono::seconds(60);
            while (!stop.load() && std::chrono::steady_clock::now() < giveUp) {
                const std::vector<pid_t> workers = workerChildren();
                if (!workers.empty()) {
                    ::kill(workers.front(), SIGKILL);
                    killed.store(workers.front());
                    return;
                }
                std::this_thread::sleep_for(std::chrono::milliseconds(1));
            }
        });
        window.openFile(big_);
        const bool reported = failed.wait(60000) || !failed.isEmpty();
        stop.store(true);
        hunter.join();
        QVERIFY2(killed.load() > 0, "the read helper was never seen");
        QVERIFY2(reported, "no error was reported");
        QVERIFY(failed.at(0).at(0).toString().endsWith(QStringLiteral("big-run.h5")));
        const QString banner = window.banner()->text();
        QVERIFY2(banner.contains(QStringLiteral("big-run.h5")), qPrintable(banner));
        QVERIFY2(banner.contains(QStringLiteral("the HDF5 library failed")), qPrintable(banner));
        QVERIFY2(banner.contains(QStringLiteral("SIGKILL")), qPrintable(banner));

        // The first run is untouched and still answers.
        QCOMPARE(window.runCount(), 1);
        QCOMPARE(window.runView(0), first);
        QCOMPARE(first->tableModel()->rowCount(), rows);
        QVERIFY(first->tableModel()->data(first->tableModel()->index(0, 0)).isValid());
        QVERIFY(workerChildren().empty());

        // And the window still reads files: the same file opens when left alone.
        window.openFile(big_);
        RunView* second = waitForRun(window, opened);
        QVERIFY(second);
        QCOMPARE(window.runCount(), 2);
        QVERIFY(second->run()->hasEvents());
    }

private:
    QTemporaryDir dir_;
    QString big_;
};

QTEST_MAIN(TestWorkerKilled)
#include "tst_WorkerKilled.moc"
