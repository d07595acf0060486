// SPDX-License-Identifier: GPL-3.0-or-later
// The read helper's environment: the viewer's own, with glibc asked for
// 2 MiB pages unless the user chose otherwise.
#include "isolate/WorkerProcess.h"

#include <QtTest>

#include <string>
#include <vector>

using scope::isolate::WorkerProcess;

namespace {

std::vector<std::string> environmentOf(std::vector<std::string> parent) {
    std::vector<char*> pointers;
    for (std::string& entry : parent)
        pointers.push_back(entry.data());
    pointers.push_back(nullptr);
    return WorkerProcess::environmentFrom(pointers.data());
}

using Entries = std::vector<std::string>;

} // namespace

class TestWorkerProcess : public QObject {
    Q_OBJECT
private slots:
    void asksForHugePagesBesideTheParentsVariables() {
        const Entries helper = environmentOf({"HOME=/home/ada", "LANG=C.UTF-8"});
        QCOMPARE(helper, (Entries{"HOME=/home/ada", "LANG=C.UTF-8",
                                  "GLIBC_TUNABLES=glibc.malloc.hugetlb=1"}));
    }

    void keepsTheUsersOtherTunables() {
        QCOMPARE(environmentOf({"GLIBC_TUNABLES=glibc.malloc.arena_max=2", "PATH=/usr/bin"}),
                 (Entries{"GLIBC_TUNABLES=glibc.malloc.arena_max=2:glibc.malloc.hugetlb=1",
                          "PATH=/usr/bin"}));
        QCOMPARE(environmentOf({"GLIBC_TUNABLES="}),
                 (Entries{"GLIBC_TUNABLES=glibc.malloc.hugetlb=1"}));
    }

    void keepsTheUsersOwnHugePageChoice_data() {
        QTest::addColumn<QString>("tunables");
        QTest::newRow("off") << QStringLiteral("GLIBC_TUNABLES=glibc.malloc.hugetlb=0");
        QTest::newRow("hugetlbfs") << QStringLiteral("GLIBC_TUNABLES=glibc.malloc.hugetlb=2");
        QTest::newRow("among others")
            << QStringLiteral("GLIBC_TUNABLES=glibc.malloc.arena_max=2:glibc.malloc.hugetlb=0");
    }

    void keepsTheUsersOwnHugePageChoice() {
        QFETCH(QString, tunables);
        const std::string entry = tunables.toStdString();
        QCOMPARE(environmentOf({"HOME=/home/ada", entry}), (Entries{"HOME=/home/ada", entry}));
    }
};

QTEST_GUILESS_MAIN(TestWorkerProcess)
#include "tst_WorkerProcess.moc"
