// SPDX-License-Identifier: GPL-3.0-or-later
// --memory-budget as a user types it: binary units, the messages for what is
// not a size, and the sizes the status bar shows (values worked out by hand).
#include "base/MemoryBudget.h"

#include <QtTest>

#include <stdexcept>

using namespace scope;

class tst_MemoryBudget : public QObject {
    Q_OBJECT

private slots:
    void parsesBinaryUnits_data() {
        QTest::addColumn<QString>("text");
        QTest::addColumn<quint64>("bytes");
        QTest::newRow("megabytes") << "160M" << quint64(160) * 1024 * 1024;
        QTest::newRow("gigabytes") << "2G" << quint64(2) * 1024 * 1024 * 1024;
        QTest::newRow("lower case, iB") << "512kib" << quint64(512) * 1024;
        QTest::newRow("fraction") << "1.5G" << quint64(3) * 512 * 1024 * 1024;
        QTest::newRow("bytes") << "1000000" << quint64(1000000);
        QTest::newRow("spaces, B") << " 64 MB " << quint64(64) * 1024 * 1024;
    }
    void parsesBinaryUnits() {
        QFETCH(QString, text);
        QFETCH(quint64, bytes);
        QCOMPARE(quint64(MemoryBudget::parse(text.toStdString())), bytes);
    }

    void rejectsWhatIsNotASize_data() {
        QTest::addColumn<QString>("text");
        QTest::newRow("empty") << "";
        QTest::newRow("unit only") << "G";
        QTest::newRow("word") << "lots";
        QTest::newRow("zero") << "0";
        QTest::newRow("negative") << "-2G";
        QTest::newRow("unknown unit") << "2X";
        QTest::newRow("huge") << "99999999T";
    }
    void rejectsWhatIsNotASize() {
        QFETCH(QString, text);
        try {
            MemoryBudget::parse(text.toStdString());
            QFAIL("accepted");
        } catch (const std::invalid_argument& error) {
            const QString message = QString::fromUtf8(error.what());
            QVERIFY2(message.contains("memory budget") && message.contains("160M"),
                     qPrintable(message));
        }
    }

    void defaultIsHalfOfPhysicalMemory() {
        QFile meminfo("/proc/meminfo");
        QVERIFY(meminfo.open(QIODevice::ReadOnly));
        const QString first = QString::fromLatin1(meminfo.readLine()); // MemTotal: N kB
        const quint64 totalKiB = first.section(':', 1).trimmed().section(' ', 0, 0).toULongLong();
        QVERIFY(totalKiB > 0);
        const double half = double(totalKiB) * 1024 / 2;
        QVERIFY(std::abs(double(MemoryBudget::defaultBytes()) - half) < half * 0.01);
    }

    // The budget counts the whole process: what it holds already is taken
    // off, down to a quarter of the budget; no budget stays none.
    void theProcessTakesItsShare() {
        const quint64 held = MemoryBudget::residentBytes();
        QVERIFY(held > 1024 * 1024); // a Qt test process holds megabytes
        const quint64 large = quint64(8) << 30;
        QVERIFY(quint64(MemoryBudget::forData(large)) <= large - held + (quint64(16) << 20));
        QVERIFY(quint64(MemoryBudget::forData(large)) >= large - held - (quint64(16) << 20));
        QCOMPARE(quint64(MemoryBudget::forData(held / 2)), quint64(held / 2 / 4));
        QCOMPARE(quint64(MemoryBudget::forData(1)), quint64(1));
        QCOMPARE(quint64(MemoryBudget::forData(0)), quint64(0));
    }

    void formatsForTheStatusBar() {
        QCOMPARE(MemoryBudget::format(quint64(160) << 20), std::string("160 MiB"));
        QCOMPARE(MemoryBudget::format(quint64(3) << 29), std::string("1.5 GiB"));
        QCOMPARE(MemoryBudget::format(1000), std::string("1000 bytes"));
    }
};

QTEST_GUILESS_MAIN(tst_MemoryBudget)
#include "tst_MemoryBudget.moc"
