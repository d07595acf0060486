// SPDX-License-Identifier: GPL-3.0-or-later
// ssh:// addresses of runs on other hosts: what is accepted, what each part
// is, and what never reaches ssh as an option.
#include "remote/RemoteUrl.h"

#include <QtTest>

using namespace scope;

class TestRemoteUrl : public QObject {
    Q_OBJECT
private slots:
    void parsesEveryPart() {
        const auto url = RemoteUrl::parse("ssh://alice@cluster.example.org:2222/scratch/run.h5");
        QVERIFY(url);
        QCOMPARE(url->user, std::string("alice"));
        QCOMPARE(url->host, std::string("cluster.example.org"));
        QCOMPARE(url->port, 2222);
        QCOMPARE(url->path, std::string("/scratch/run.h5"));
        QCOMPARE(url->destination(), std::string("alice@cluster.example.org"));
        QCOMPARE(url->fileName(), std::string("run.h5"));
        QCOMPARE(url->text(), std::string("ssh://alice@cluster.example.org:2222/scratch/run.h5"));
    }

    void userAndPortAreOptional() {
        const auto url = RemoteUrl::parse("ssh://login1/data/run.h5");
        QVERIFY(url);
        QCOMPARE(url->user, std::string());
        QCOMPARE(url->port, 0);
        QCOMPARE(url->destination(), std::string("login1"));
        QCOMPARE(url->text(), std::string("ssh://login1/data/run.h5"));
    }

    void tildeIsTheRemoteHome() {
        const auto url = RemoteUrl::parse("ssh://login1/~/runs/a.h5");
        QVERIFY(url);
        QCOMPARE(url->path, std::string("runs/a.h5"));
        QCOMPARE(url->text(), std::string("ssh://login1/~/runs/a.h5"));
    }

    void percentEscapesAreDecodedAndWrittenBack() {
        const auto url = RemoteUrl::parse("ssh://h/runs/my%20run%25.h5");
        QVERIFY(url);
        QCOMPARE(url->path, std::string("/runs/my run%.h5"));
        QCOMPARE(url->text(), std::string("ssh://h/runs/my%20run%25.h5"));
        QCOMPARE(RemoteUrl::parse(url->text())->path, url->path);
    }

    void ipv6InBrackets() {
        const auto url = RemoteUrl::parse("ssh://[::1]:22/run.h5");
        QVERIFY(url);
        QCOMPARE(url->host, std::string("::1"));
        QCOMPARE(url->port, 22);
        QCOMPARE(url->text(), std::string("ssh://[::1]:22/run.h5"));
    }

    void rejectsWhatIsNotAnAddress_data() {
        QTest::addColumn<QString>("text");
        QTest::newRow("not ssh") << "/local/run.h5";
        QTest::newRow("other scheme") << "sftp://h/run.h5";
        QTest::newRow("no path") << "ssh://host";
        QTest::newRow("root only") << "ssh://host/";
        QTest::newRow("empty host") << "ssh:///run.h5";
        QTest::newRow("port not a number") << "ssh://host:ab/run.h5";
        QTest::newRow("port zero") << "ssh://host:0/run.h5";
        QTest::newRow("port too large") << "ssh://host:65536/run.h5";
        QTest::newRow("bad escape") << "ssh://host/run%2.h5";
        // What ssh would read as an option, or the shell as a second word.
        QTest::newRow("host as option") << "ssh://-oProxyCommand=x/run.h5";
        QTest::newRow("user as option") << "ssh://-l@host/run.h5";
        QTest::newRow("quote in host") << "ssh://ho'st/run.h5";
        QTest::newRow("space in host") << "ssh://ho st/run.h5";
    }
    void rejectsWhatIsNotAnAddress() {
        QFETCH(QString, text);
        QVERIFY(!RemoteUrl::parse(text.toStdString()));
    }

    void looksRemoteOnlyForSsh() {
        QVERIFY(RemoteUrl::looksRemote("ssh://h/x"));
        QVERIFY(!RemoteUrl::looksRemote("/home/ssh://x"));
        QVERIFY(!RemoteUrl::looksRemote("run.h5"));
    }
};

QTEST_GUILESS_MAIN(TestRemoteUrl)
#include "tst_RemoteUrl.moc"
