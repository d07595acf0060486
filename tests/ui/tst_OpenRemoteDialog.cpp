// SPDX-License-Identifier: GPL-3.0-or-later
// File ▸ Open Remote… as a user fills it in: the ssh:// URL built from its
// fields, what is wrong with them said in a sentence, a pasted URL taken
// apart, the recent hosts, and each host's user, port and index command
// coming back with the host; every field reached from the keyboard.
#include "OpenRemoteFill.h"
#include "RunWaiter.h"
#include "shell/OpenRemoteDialog.h"

#include <QApplication>
#include <QComboBox>
#include <QCompleter>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSettings>
#include <QtTest>

namespace {

QLabel* labelFor(const QWidget& dialog, const QWidget* field) {
    for (QLabel* label : dialog.findChildren<QLabel*>())
        if (label->buddy() == field)
            return label;
    return nullptr;
}

} // namespace

class tst_OpenRemoteDialog : public QObject {
    Q_OBJECT

private slots:
    void initTestCase() { prepareWindowTests(); }
    void init();
    void buildsTheUrlFromTheFields();
    void saysWhatIsWrong();
    void takesAPastedUrl();
    void keepsTheRecentHosts();
    void keepsUserAndPortPerHost();
    void keepsAnIndexCommandPerHost();
    void offersTheRunsOpenedOnTheHost();
    void isUsableByKeyboard();
};

void tst_OpenRemoteDialog::init() {
    QSettings().remove(QStringLiteral("remote/recentHosts"));
    QSettings().remove(QStringLiteral("remote/logins"));
    QSettings().remove(QStringLiteral("remote/indexCommands"));
    QSettings().remove(QStringLiteral("recentFiles"));
}

void tst_OpenRemoteDialog::buildsTheUrlFromTheFields() {
    OpenRemoteDialog dialog;
    fill(dialog, QStringLiteral("alice"), QStringLiteral("cluster.example.org"),
         QStringLiteral("2222"), QStringLiteral("/scratch/alice/run.h5"));
    QCOMPARE(dialog.url(),
             QStringLiteral("ssh://alice@cluster.example.org:2222/scratch/alice/run.h5"));
    QVERIFY(dialog.problem().isEmpty());
    QVERIFY(dialog.openButton()->isEnabled());
    QCOMPARE(dialog.urlLabel()->text(), dialog.url());

    // User and port are ssh's own when left empty.
    fill(dialog, {}, QStringLiteral("cluster"), {}, QStringLiteral("/data/run.h5"));
    QCOMPARE(dialog.url(), QStringLiteral("ssh://cluster/data/run.h5"));
    // Spaces are escaped, so that the URL is one word on a command line.
    fill(dialog, {}, QStringLiteral("cluster"), {}, QStringLiteral("/data/my run.h5"));
    QCOMPARE(dialog.url(), QStringLiteral("ssh://cluster/data/my%20run.h5"));
    // In the remote home, as scp writes it.
    fill(dialog, {}, QStringLiteral("cluster"), {}, QStringLiteral("~/runs/run.h5"));
    QCOMPARE(dialog.url(), QStringLiteral("ssh://cluster/~/runs/run.h5"));
    // "user@host" typed into the host field, as for ssh.
    fill(dialog, {}, QStringLiteral("bob@cluster"), {}, QStringLiteral("/r.h5"));
    QCOMPARE(dialog.url(), QStringLiteral("ssh://bob@cluster/r.h5"));
}

void tst_OpenRemoteDialog::saysWhatIsWrong() {
    OpenRemoteDialog dialog;
    fill(dialog, {}, {}, {}, QStringLiteral("/data/run.h5"));
    QVERIFY(dialog.url().isEmpty());
    QVERIFY(dialog.problemLabel()->text().contains(QStringLiteral("host")));
    QVERIFY(!dialog.openButton()->isEnabled());

    for (const QString& host :
         {QStringLiteral("my host"), QStringLiteral("-oProxyCommand=x"), QStringLiteral("a/b")}) {
        fill(dialog, {}, host, {}, QStringLiteral("/data/run.h5"));
        QVERIFY2(dialog.url().isEmpty(), qPrintable(host));
        QVERIFY2(dialog.problem().contains(host), qPrintable(dialog.problem()));
        QVERIFY(!dialog.openButton()->isEnabled());
    }
    fill(dialog, QStringLiteral("a b"), QStringLiteral("cluster"), {}, QStringLiteral("/r.h5"));
    QVERIFY(dialog.problem().contains(QStringLiteral("user")));
    fill(dialog, {}, QStringLiteral("cluster"), QStringLiteral("0"), QStringLiteral("/r.h5"));
    QVERIFY(dialog.problem().contains(QStringLiteral("port")));
    fill(dialog, {}, QStringLiteral("cluster"), {}, {});
    QVERIFY(dialog.problem().contains(QStringLiteral("path")));
    fill(dialog, {}, QStringLiteral("cluster"), {}, QStringLiteral("/data/"));
    QVERIFY(dialog.problem().contains(QStringLiteral("folder")));
    QVERIFY(!dialog.openButton()->isEnabled());

    // OK does nothing while something is wrong: no host is remembered.
    dialog.accept();
    QCOMPARE(dialog.result(), int(QDialog::Rejected));
    QVERIFY(OpenRemoteDialog::recentHosts().isEmpty());
}

void tst_OpenRemoteDialog::takesAPastedUrl() {
    OpenRemoteDialog dialog;
    dialog.hostBox()->setEditText(QStringLiteral("ssh://carol@hpc:2200/work/a%20b/run.h5"));
    QCOMPARE(dialog.hostBox()->currentText(), QStringLiteral("hpc"));
    QCOMPARE(dialog.userField()->text(), QStringLiteral("carol"));
    QCOMPARE(dialog.portField()->text(), QStringLiteral("2200"));
    QCOMPARE(dialog.pathField()->text(), QStringLiteral("/work/a b/run.h5"));
    QCOMPARE(dialog.url(), QStringLiteral("ssh://carol@hpc:2200/work/a%20b/run.h5"));
}

void tst_OpenRemoteDialog::keepsTheRecentHosts() {
    for (const QString& host : {QStringLiteral("a"), QStringLiteral("b"), QStringLiteral("a")}) {
        OpenRemoteDialog dialog;
        fill(dialog, QStringLiteral("me"), host, {}, QStringLiteral("/r.h5"));
        dialog.accept();
        QCOMPARE(dialog.result(), int(QDialog::Accepted));
    }
    QCOMPARE(OpenRemoteDialog::recentHosts(),
             (QStringList{QStringLiteral("a"), QStringLiteral("b")}));
    {
        // The next dialog offers them, the last one first.
        OpenRemoteDialog dialog;
        QCOMPARE(dialog.hostBox()->count(), 2);
        QCOMPARE(dialog.hostBox()->itemText(1), QStringLiteral("b"));
        QCOMPARE(dialog.hostBox()->currentText(), QStringLiteral("a"));
    }
    for (int i = 0; i < 12; ++i)
        OpenRemoteDialog::rememberHost(QStringLiteral("host%1").arg(i));
    const QStringList hosts = OpenRemoteDialog::recentHosts();
    QCOMPARE(hosts.size(), 10);
    QCOMPARE(hosts.front(), QStringLiteral("host11"));
    QCOMPARE(hosts.back(), QStringLiteral("host2"));
}

// A recent host comes back with the user and port it was opened with, and
// only with it; what is typed (in the fields, as user@host, or in a pasted
// address) is never replaced.
void tst_OpenRemoteDialog::keepsUserAndPortPerHost() {
    {
        OpenRemoteDialog dialog;
        fill(dialog, QStringLiteral("alice"), QStringLiteral("hpc"), QStringLiteral("2299"),
             QStringLiteral("/r.h5"));
        dialog.accept();
    }
    {
        OpenRemoteDialog dialog; // "hpc", the last host, comes first
        QCOMPARE(dialog.hostBox()->currentText(), QStringLiteral("hpc"));
        QCOMPARE(dialog.userField()->text(), QStringLiteral("alice"));
        QCOMPARE(dialog.portField()->text(), QStringLiteral("2299"));
        dialog.pathField()->setText(QStringLiteral("/r.h5"));
        QCOMPARE(dialog.url(), QStringLiteral("ssh://alice@hpc:2299/r.h5"));
        dialog.hostBox()->setEditText(QStringLiteral("laptop"));
        QCOMPARE(dialog.userField()->text(), QString());
        QCOMPARE(dialog.portField()->text(), QString());
        dialog.userField()->setText(QStringLiteral("bob"));
        dialog.hostBox()->setEditText(QStringLiteral("hpc"));
        QCOMPARE(dialog.userField()->text(), QStringLiteral("bob"));
        QCOMPARE(dialog.portField()->text(), QStringLiteral("2299"));
    }
    {
        OpenRemoteDialog dialog;
        dialog.hostBox()->setEditText(QStringLiteral("carol@hpc"));
        QCOMPARE(dialog.userField()->text(), QString());
        QCOMPARE(dialog.portField()->text(), QStringLiteral("2299"));
        dialog.hostBox()->setEditText(QStringLiteral("ssh://hpc/data/r.h5"));
        QCOMPARE(dialog.userField()->text(), QString());
        QCOMPARE(dialog.portField()->text(), QString());
        QCOMPARE(dialog.url(), QStringLiteral("ssh://hpc/data/r.h5"));
        // Opened without them, the host is opened so from then on.
        dialog.accept();
    }
    {
        OpenRemoteDialog dialog;
        QCOMPARE(dialog.hostBox()->currentText(), QStringLiteral("hpc"));
        QCOMPARE(dialog.userField()->text(), QString());
        QCOMPARE(dialog.portField()->text(), QString());
    }
}

// The command typed for a host comes back with the host, and only with it;
// one typed before the host is picked is not replaced.
void tst_OpenRemoteDialog::keepsAnIndexCommandPerHost() {
    const QString command = QStringLiteral("mpirun -n 8 scope-index");
    {
        OpenRemoteDialog dialog;
        fill(dialog, {}, QStringLiteral("hpc"), {}, QStringLiteral("/r.h5"));
        QCOMPARE(dialog.indexField()->text(), QString());
        dialog.indexField()->setText(command);
        dialog.accept();
    }
    {
        OpenRemoteDialog dialog; // "hpc", the last host, comes first
        QCOMPARE(dialog.hostBox()->currentText(), QStringLiteral("hpc"));
        QCOMPARE(dialog.indexField()->text(), command);
        dialog.hostBox()->setEditText(QStringLiteral("laptop"));
        QCOMPARE(dialog.indexField()->text(), QString());
        dialog.hostBox()->setEditText(QStringLiteral("hpc"));
        QCOMPARE(dialog.indexField()->text(), command);
        // Emptied, it is forgotten.
        dialog.indexField()->clear();
        fill(dialog, {}, QStringLiteral("hpc"), {}, QStringLiteral("/r.h5"));
        dialog.accept();
    }
    {
        OpenRemoteDialog dialog;
        QCOMPARE(dialog.indexField()->text(), QString());
        dialog.hostBox()->setEditText(QString());
        dialog.indexField()->setText(QStringLiteral("typed first"));
        dialog.hostBox()->setEditText(QStringLiteral("hpc"));
        QCOMPARE(dialog.indexField()->text(), QStringLiteral("typed first"));
    }
}

// File ▸ Open Recent's runs on the host in the host field, as the path field
// writes them (in the remote home: ~/), found by any part of their path.
void tst_OpenRemoteDialog::offersTheRunsOpenedOnTheHost() {
    QSettings().setValue(QStringLiteral("recentFiles"),
                         QStringList{QStringLiteral("ssh://hpc/scratch/a/run1.h5"),
                                     QStringLiteral("/home/me/local.h5"),
                                     QStringLiteral("ssh://alice@hpc:2222/~/runs/run2.h5"),
                                     QStringLiteral("ssh://other/data/x.h5"),
                                     QStringLiteral("ssh://hpc/scratch/a/run1.h5")});
    OpenRemoteDialog dialog;
    dialog.hostBox()->setEditText(QStringLiteral("hpc"));
    QCOMPARE(dialog.recentPaths(),
             (QStringList{QStringLiteral("/scratch/a/run1.h5"), QStringLiteral("~/runs/run2.h5")}));
    dialog.hostBox()->setEditText(QStringLiteral("bob@other"));
    QCOMPARE(dialog.recentPaths(), QStringList{QStringLiteral("/data/x.h5")});
    dialog.hostBox()->setEditText(QStringLiteral("hpc"));
    QCompleter* completer = dialog.pathCompleter();
    QCOMPARE(dialog.pathField()->completer(), completer);
    completer->setCompletionPrefix(QStringLiteral("run2"));
    QCOMPARE(completer->completionCount(), 1);
    QCOMPARE(completer->currentCompletion(), QStringLiteral("~/runs/run2.h5"));
    completer->setCompletionPrefix(QStringLiteral("/scratch"));
    QCOMPARE(completer->currentCompletion(), QStringLiteral("/scratch/a/run1.h5"));
    dialog.hostBox()->setEditText(QStringLiteral("laptop"));
    completer->setCompletionPrefix(QStringLiteral("run"));
    QCOMPARE(completer->completionCount(), 0);
}

void tst_OpenRemoteDialog::isUsableByKeyboard() {
    OpenRemoteDialog dialog;
    for (QWidget* field :
         std::initializer_list<QWidget*>{dialog.hostBox(), dialog.userField(), dialog.portField(),
                                         dialog.pathField(), dialog.indexField()}) {
        QLabel* label = labelFor(dialog, field);
        QVERIFY(label != nullptr);
        QVERIFY2(label->text().contains(QLatin1Char('&')), qPrintable(label->text()));
    }
    dialog.show();
    QVERIFY(QTest::qWaitForWindowExposed(&dialog));
    dialog.activateWindow();
    dialog.hostBox()->setFocus();
    QTRY_VERIFY(dialog.hostBox()->hasFocus());
    QList<QWidget*> order;
    for (int i = 0; i < 4; ++i) {
        QTest::keyClick(QApplication::focusWidget(), Qt::Key_Tab);
        order << QApplication::focusWidget();
    }
    QCOMPARE(order, (QList<QWidget*>{dialog.userField(), dialog.portField(), dialog.pathField(),
                                     dialog.indexField()}));
    // Typed from the keyboard alone, Return opens.
    QTest::keyClicks(dialog.pathField(), QStringLiteral("/r.h5"));
    dialog.hostBox()->setEditText(QStringLiteral("kbd"));
    QTest::keyClick(dialog.pathField(), Qt::Key_Return);
    QCOMPARE(dialog.result(), int(QDialog::Accepted));
    QCOMPARE(OpenRemoteDialog::recentHosts().value(0), QStringLiteral("kbd"));
}

QTEST_MAIN(tst_OpenRemoteDialog)
#include "tst_OpenRemoteDialog.moc"
