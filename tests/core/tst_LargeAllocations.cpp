// SPDX-License-Identifier: GPL-3.0-or-later
// The programs' operator new (core/process/LargeAllocations.cpp): a large
// block is asked to be backed by 2 MiB pages, and an allocation that cannot be
// had still ends in std::bad_alloc after the new-handler.
#include <QFile>
#include <QtTest>

#include <cstdint>
#include <limits>
#include <memory>
#include <new>

namespace {

// The VmFlags of the mapping that holds address, from /proc/self/smaps.
QByteArray flagsOfMappingAt(const void* address) {
    QFile smaps(QStringLiteral("/proc/self/smaps"));
    if (!smaps.open(QIODevice::ReadOnly))
        return {};
    const auto at = reinterpret_cast<std::uintptr_t>(address);
    bool inside = false;
    // Read whole: a file of /proc has no size, so atEnd() holds from the start.
    for (const QByteArray& line : smaps.readAll().split('\n')) {
        const int dash = line.indexOf('-');
        const int space = line.indexOf(' ');
        if (dash > 0 && space > dash && line.indexOf(':') > space) {
            bool okFrom = false;
            bool okTo = false;
            const std::uintptr_t from = line.left(dash).toULongLong(&okFrom, 16);
            const std::uintptr_t to = line.mid(dash + 1, space - dash - 1).toULongLong(&okTo, 16);
            inside = okFrom && okTo && from <= at && at < to;
        } else if (inside && line.startsWith("VmFlags:")) {
            return line.mid(8).trimmed();
        }
    }
    return {};
}

int handlerCalls = 0;

} // namespace

class TestLargeAllocations : public QObject {
    Q_OBJECT
private slots:
    void largeBlocksAskForHugePages_data() {
        QTest::addColumn<std::size_t>("size");
        // A 1,024-rank run's per-row lists, which fill up in a moment while
        // the window waits for the calls.
        QTest::newRow("6 MiB") << (std::size_t{6} << 20);
        QTest::newRow("32 MiB") << (std::size_t{32} << 20);
    }

    void largeBlocksAskForHugePages() {
#if defined(__SANITIZE_ADDRESS__)
        QSKIP("AddressSanitizer's operator new stays in place");
#endif
        QFETCH(std::size_t, size);
        const auto block = std::make_unique<char[]>(size);
        const QByteArray flags = flagsOfMappingAt(block.get() + size / 2);
        QVERIFY2(!flags.isEmpty(), "no mapping holds the block");
        QVERIFY2(flags.split(' ').contains("hg"), flags.constData());
    }

    void smallBlocksAreLeftAsMallocGivesThem() {
#if defined(__SANITIZE_ADDRESS__)
        QSKIP("AddressSanitizer's operator new stays in place");
#endif
        const auto block = std::make_unique<char[]>(std::size_t{1} << 20);
        QVERIFY(!flagsOfMappingAt(block.get()).split(' ').contains("hg"));
    }

    void anImpossibleBlockCallsTheHandlerThenThrows() {
#if defined(__SANITIZE_ADDRESS__)
        QSKIP("AddressSanitizer's operator new stays in place, and stops at such a size");
#endif
        handlerCalls = 0;
        std::set_new_handler([] {
            ++handlerCalls;
            std::set_new_handler(nullptr);
        });
        const std::size_t impossible = std::numeric_limits<std::size_t>::max() / 2;
        QVERIFY_THROWS_EXCEPTION(std::bad_alloc, (void)std::make_unique<char[]>(impossible));
        QCOMPARE(handlerCalls, 1);
    }
};

QTEST_GUILESS_MAIN(TestLargeAllocations)
#include "tst_LargeAllocations.moc"
