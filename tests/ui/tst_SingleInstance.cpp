// SPDX-License-Identifier: GPL-3.0-or-later
// A second viewer hands its files to the first one instead of opening a window.
#include "OldForwardRequest.h"
#include "shell/SingleInstance.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QLocalServer>
#include <QSignalSpy>
#include <QUuid>
#include <QtConcurrent>
#include <QtTest>

#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

#include <cstring>

namespace {

// Unique per run so that tests never talk to a real viewer or to each other.
QString uniqueServerName() {
    return QStringLiteral("scope-viewer-test-") +
           QUuid::createUuid().toString(QUuid::WithoutBraces).left(12);
}

// The sender blocks until the receiver acknowledges, and the receiver needs this
// thread's event loop: send from another thread and spin the loop meanwhile.
bool forwardInBackground(const SingleInstance& sender, const QStringList& paths, bool summary) {
    QFuture<bool> sent = QtConcurrent::run(
        [&sender, paths, summary] { return sender.forwardToRunning(paths, summary); });
    if (!QTest::qWaitFor([&sent] { return sent.isFinished(); }, 10000))
        sent.waitForFinished();
    return sent.result();
}

// What a viewer that crashed leaves behind: a socket file nobody listens on.
bool makeStaleSocket(const QString& path) {
    const QByteArray native = QFile::encodeName(path);
    sockaddr_un address{};
    address.sun_family = AF_UNIX;
    if (native.size() >= static_cast<qsizetype>(sizeof(address.sun_path)))
        return false;
    std::memcpy(address.sun_path, native.constData(), native.size());
    const int fd = ::socket(AF_UNIX, SOCK_STREAM, 0);
    if (fd < 0)
        return false;
    const bool bound = ::bind(fd, reinterpret_cast<sockaddr*>(&address), sizeof(address)) == 0;
    ::close(fd);
    return bound;
}

} // namespace

class tst_SingleInstance : public QObject {
    Q_OBJECT
private slots:
    void forwardsFilesToTheRunningInstance();
    void forwardsRelativePathsAsAbsolute();
    void forwardsCombineRanks();
    void noRunningInstanceMeansNoForwarding();
    void replacesAStaleSocket();
    void leavesALiveInstanceAlone();
    void defaultNameIsPerUser();
};

void tst_SingleInstance::forwardsFilesToTheRunningInstance() {
    const QString name = uniqueServerName();
    SingleInstance first(name);
    QVERIFY(first.listen());
    QSignalSpy requested(&first, &SingleInstance::filesRequested);

    SingleInstance second(name);
    const QStringList paths{QStringLiteral("/data/a.h5"), QStringLiteral("/data/b c.h5")};
    QVERIFY(forwardInBackground(second, paths, true));
    QTRY_COMPARE(requested.size(), 1);
    QCOMPARE(requested.at(0).at(0).toStringList(), paths);
    QCOMPARE(requested.at(0).at(1).toBool(), true);

    // The first instance keeps listening for the next double-click.
    QVERIFY(forwardInBackground(second, {QStringLiteral("/data/c.h5")}, false));
    QTRY_COMPARE(requested.size(), 2);
    QCOMPARE(requested.at(1).at(0).toStringList(), QStringList{QStringLiteral("/data/c.h5")});
    QCOMPARE(requested.at(1).at(1).toBool(), false);
}

void tst_SingleInstance::forwardsRelativePathsAsAbsolute() {
    const QString name = uniqueServerName();
    SingleInstance first(name);
    QVERIFY(first.listen());
    QSignalSpy requested(&first, &SingleInstance::filesRequested);

    SingleInstance second(name);
    QVERIFY(forwardInBackground(second, {QStringLiteral("run.h5")}, false));
    QTRY_COMPARE(requested.size(), 1);
    QCOMPARE(requested.at(0).at(0).toStringList(),
             QStringList{QDir::current().absoluteFilePath(QStringLiteral("run.h5"))});
}

// scope-viewer --combine-ranks FILE... with a viewer running: it opens them as
// one run (the flag at 3); a sender of version 2 knew no such flag.
void tst_SingleInstance::forwardsCombineRanks() {
    const QString name = uniqueServerName();
    SingleInstance first(name);
    QVERIFY(first.listen());
    QSignalSpy requested(&first, &SingleInstance::filesRequested);

    SingleInstance second(name);
    QVERIFY(forwardInBackground(second, {QStringLiteral("/data/a.h5")}, false));
    second.setCombineRanks(true);
    QVERIFY(forwardInBackground(second, {QStringLiteral("/data/a.h5")}, false));
    QTRY_COMPARE(requested.size(), 2);
    QCOMPARE(requested.at(0).at(3).toBool(), false);
    QCOMPARE(requested.at(1).at(3).toBool(), true);

    const auto old = sendOldForwardRequest(name, 2, {QStringLiteral("/b.h5")});
    QVERIFY(old);
    QTRY_COMPARE(requested.size(), 3);
    QCOMPARE(requested.at(2).at(0).toStringList(), QStringList{QStringLiteral("/b.h5")});
    QCOMPARE(requested.at(2).at(3).toBool(), false);
}

void tst_SingleInstance::noRunningInstanceMeansNoForwarding() {
    SingleInstance alone(uniqueServerName());
    QVERIFY(!alone.forwardToRunning({QStringLiteral("/data/a.h5")}, false, 500));
}

void tst_SingleInstance::replacesAStaleSocket() {
    const QString name = uniqueServerName();
    const QString path = QDir(QDir::tempPath()).absoluteFilePath(name);
    if (!makeStaleSocket(path))
        QSKIP("cannot create a Unix socket in the temporary directory");
    QVERIFY(QFileInfo::exists(path));

    SingleInstance second(name);
    QVERIFY(!second.forwardToRunning({QStringLiteral("/data/a.h5")}, false, 500));
    SingleInstance first(name);
    QVERIFY(first.listen());
    QSignalSpy requested(&first, &SingleInstance::filesRequested);
    QVERIFY(forwardInBackground(second, {QStringLiteral("/data/a.h5")}, false));
    QTRY_COMPARE(requested.size(), 1);
}

void tst_SingleInstance::leavesALiveInstanceAlone() {
    const QString name = uniqueServerName();
    SingleInstance first(name);
    QVERIFY(first.listen());
    SingleInstance other(name);
    QVERIFY(!other.listen());
    QVERIFY(first.isListening());
}

void tst_SingleInstance::defaultNameIsPerUser() {
    const QString name = SingleInstance::defaultServerName();
    QVERIFY(name.startsWith(QStringLiteral("scope-viewer-")));
    QVERIFY(!name.contains(u'/'));
    const QString user = qEnvironmentVariable("USER");
    if (!user.isEmpty() && !user.contains(u'/'))
        QVERIFY(name.endsWith(user));
}

QTEST_MAIN(tst_SingleInstance)
#include "tst_SingleInstance.moc"
