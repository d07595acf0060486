// SPDX-License-Identifier: GPL-3.0-or-later
// A run on another host indexed there by the user's command
// (SCOPE_REMOTE_INDEX_COMMAND, here scope-index under mpirun -n 2 where it
// was built with MPI) before it is opened from that index: the same
// statistics and timeline as a read here, the command run only while the
// host has no index, and its failures naming host, file, command and what
// it said. A throwaway sshd on 127.0.0.1 (RemoteTestHost.h).
#include "RemoteTestHost.h"
#include "analysis/TimelineIndex.h"
#include "load/ProfileFileReader.h"
#include "model/Errors.h"
#include "remote/RemoteReader.h"

#include <QFile>
#include <QThread>
#include <QtTest>

#include <signal.h>

#include <algorithm>
#include <atomic>
#include <cerrno>

using namespace scope;

namespace {

QString quoted(const QString& word) {
    return "'" + QString(word).replace("'", "'\\''") + "'";
}

// The sanitizers' options of this test, for the processes the host starts:
// ssh does not pass the environment on.
QString sanitizerOptions() {
    QString prefix;
    for (const char* name : {"ASAN_OPTIONS", "LSAN_OPTIONS", "UBSAN_OPTIONS"})
        if (qEnvironmentVariableIsSet(name))
            prefix += quoted(QString(name) + "=" + qEnvironmentVariable(name)) + " ";
    return prefix.isEmpty() ? prefix : "env " + prefix;
}

QString indexCommand() {
#ifdef SCOPE_INDEX_MPI
    return sanitizerOptions() + quoted(SCOPE_MPIEXEC) +
           " --allow-run-as-root --oversubscribe -n 2 " + quoted(SCOPE_INDEX_EXE);
#else
    return sanitizerOptions() + quoted(SCOPE_INDEX_EXE);
#endif
}

bool tookStep(const std::vector<std::string>& steps, const std::string& prefix) {
    return std::any_of(steps.begin(), steps.end(),
                       [&](const std::string& step) { return step.starts_with(prefix); });
}

} // namespace

class TestRemoteIndexing : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() {
        if (!testing::SshServer::available())
            QSKIP("no /usr/sbin/sshd (Debian openssh-server)");
        QCOMPARE(host_.start(), QString());
    }

    void init() {
        host_.useOurHelper();
        QDir(host_.server().path("cache")).removeRecursively();
    }

    void cleanup() { qunsetenv("SCOPE_REMOTE_INDEX_COMMAND"); }

    void theCommandIndexesTheRunWhichOpensFromIt() {
        const ProfilingResults local = readProfileFile(host_.path(), {});
        const TimelineIndex index(local);
        qputenv("SCOPE_REMOTE_INDEX_COMMAND", indexCommand().toUtf8());
        std::vector<std::string> steps;
        ReadRequest request;
        request.control.progress = [&](double, std::string_view step) { steps.emplace_back(step); };
        const RemoteRun remote = readRemote(host_.url(), request);
        QVERIFY(tookStep(steps, "indexing with "));
        QVERIFY(tookStep(steps, "opening from its index"));
        QCOMPARE(QDir(host_.server().path("cache/scope-viewer")).entryList(QDir::Files).size(), 1);

        QCOMPARE(remote.results.rows.size(), local.rows.size());
        for (std::size_t i = 0; i < local.rows.size(); ++i) {
            const CallSummary& a = remote.results.rows[i].summary;
            const CallSummary& b = local.rows[i].summary;
            QCOMPARE(remote.results.rows[i].rank, local.rows[i].rank);
            QCOMPARE(remote.results.rows[i].region, local.rows[i].region);
            QCOMPARE(a.count, b.count);
            QCOMPARE(a.total, b.total);
            QCOMPARE(a.minimum, b.minimum);
            QCOMPARE(a.maximum, b.maximum);
            QCOMPARE(a.m2, b.m2);
        }
        QVERIFY(remote.timeline);
        QCOMPARE(remote.timeline->ranks(), index.ranks());
        QCOMPARE(remote.timeline->lanes().size(), index.lanes().size());
        QCOMPARE(remote.timeline->startNs(), index.startNs());
        QCOMPARE(remote.timeline->endNs(), index.endNs());

        // With the index there, the command is not run again: one that
        // would fail changes nothing.
        qputenv("SCOPE_REMOTE_INDEX_COMMAND", "false");
        steps.clear();
        const RemoteRun again = readRemote(host_.url(), request);
        QVERIFY(!tookStep(steps, "indexing with "));
        QVERIFY(tookStep(steps, "opening from its index"));
        QCOMPARE(again.results.rows.size(), local.rows.size());
    }

    // The command the viewer keeps for a host (File ▸ Open Remote…) comes
    // with the request and goes before the environment's.
    void theRequestsCommandGoesBeforeTheEnvironments() {
        qputenv("SCOPE_REMOTE_INDEX_COMMAND", "false");
        std::vector<std::string> steps;
        ReadRequest request;
        request.remoteIndexCommand = indexCommand().toStdString();
        request.control.progress = [&](double, std::string_view step) { steps.emplace_back(step); };
        const RemoteRun remote = readRemote(host_.url(), request);
        QVERIFY(tookStep(steps, "indexing with "));
        QVERIFY(tookStep(steps, "opening from its index"));
        QCOMPARE(remote.results.rows.size(), readProfileFile(host_.path(), {}).rows.size());
    }

    void aFailingCommandNamesHostFileAndWhatItSaid() {
        const QString command =
            host_.executable("no-mpi.sh", "echo 'mpirun: not enough slots' >&2\n"
                                          "echo '-------------' >&2\necho >&2\nexit 7\n");
        qputenv("SCOPE_REMOTE_INDEX_COMMAND", command.toUtf8());
        QString what;
        try {
            readRemote(host_.url(), {});
        } catch (const ProfileError& error) {
            what = error.what();
        }
        QVERIFY2(what.startsWith(QString::fromStdString(host_.url().text()) + ": "),
                 qPrintable(what));
        QVERIFY2(what.contains("indexing on the host with \"" + command + "\""), qPrintable(what));
        QVERIFY2(what.contains("exit status 7"), qPrintable(what));
        QVERIFY2(what.endsWith("mpirun: not enough slots"), qPrintable(what));
    }

    void aCommandThatKeepsNoIndexSaysWhereItWasLookedFor() {
        qputenv("SCOPE_REMOTE_INDEX_COMMAND", "true");
        QString what;
        try {
            readRemote(host_.url(), {});
        } catch (const ProfileError& error) {
            what = error.what();
        }
        QVERIFY2(what.contains("kept no index"), qPrintable(what));
        QVERIFY2(what.contains(host_.server().path("cache/scope-viewer")), qPrintable(what));
    }

    // A user who gives up on a long indexing (cancel, or closing the viewer)
    // leaves nothing running on the host: the connection's end stops the
    // command, here a shell that sleeps for two minutes.
    void aCancelledOpenStopsTheCommandOnTheHost() {
        const QString pidFile = host_.server().path("indexer.pid");
        QFile::remove(pidFile);
        qputenv("SCOPE_REMOTE_INDEX_COMMAND",
                ("sh -c 'echo $$ > \"" + pidFile + "\"; exec sleep 120' sh").toUtf8());
        std::atomic<bool> cancel{false};
        ReadRequest request;
        request.control.cancel = &cancel;
        pid_t pid = 0;
        request.control.progress = [&](double, std::string_view step) {
            if (!step.starts_with("indexing with ") || pid != 0)
                return;
            QFile file(pidFile);
            for (int i = 0; i < 500 && !(file.exists() && file.size() > 0); ++i)
                QThread::msleep(10);
            if (file.open(QIODevice::ReadOnly))
                pid = file.readAll().trimmed().toInt();
            cancel.store(true);
        };
        QVERIFY_THROWS_EXCEPTION(ReadCancelled, readRemote(host_.url(), request));
        QVERIFY(pid > 0);
        QTRY_VERIFY_WITH_TIMEOUT(::kill(pid, 0) != 0 && errno == ESRCH, 10000);
    }

    // Statistics alone need no index: the command is not run.
    void aSummaryOnlyReadRunsNoCommand() {
        qputenv("SCOPE_REMOTE_INDEX_COMMAND", "false");
        ReadRequest request;
        request.summaryOnly = true;
        const RemoteRun remote = readRemote(host_.url(), request);
        QCOMPARE(remote.results.rows.size(), readProfileFile(host_.path(), {}).rows.size());
    }

private:
    testing::RemoteTestHost host_;
};

QTEST_GUILESS_MAIN(TestRemoteIndexing)
#include "tst_RemoteIndexing.moc"
