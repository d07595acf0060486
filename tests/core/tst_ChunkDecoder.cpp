// SPDX-License-Identifier: GPL-3.0-or-later
// Undoing HDF5's shuffle filter: the values come back exactly, whatever the
// chunk's length (the decoder takes sixteen elements at a time, then one).
#include "events/ChunkDecoder.h"

#include <QtTest>

#include <cstring>
#include <random>

using namespace scope;

class TestChunkDecoder : public QObject {
    Q_OBJECT

    // HDF5's shuffle as its filter documents it: byte k of element i goes to
    // k * elements + i; the bytes after the last whole element stay as they are.
    static std::vector<std::byte> shuffle(const std::vector<std::byte>& plain) {
        const std::size_t elements = plain.size() / 8;
        std::vector<std::byte> out(plain);
        for (std::size_t i = 0; i < elements; ++i)
            for (std::size_t k = 0; k < 8; ++k)
                out[k * elements + i] = plain[i * 8 + k];
        return out;
    }

private slots:
    // HDF5 chunks hold one element at least.
    void unshufflesEveryLength() {
        std::mt19937_64 random(15);
        const ChunkPipeline shuffled{true, 0, ChunkCompression::None, 1};
        ChunkDecoder decoder;
        for (const std::size_t elements : {1, 7, 15, 16, 17, 31, 32, 33, 100, 1000, 16384, 16389}) {
            std::vector<std::int64_t> values(elements);
            for (std::int64_t& value : values)
                value = static_cast<std::int64_t>(random());
            std::vector<std::byte> plain(elements * 8);
            std::memcpy(plain.data(), values.data(), plain.size());
            const std::vector<std::byte> stored = shuffle(plain);
            std::vector<std::byte> out(plain.size());
            QVERIFY(decoder.decode(shuffled, 0, stored, out));
            QVERIFY2(out == plain, qPrintable(QString("%1 elements").arg(elements)));
        }
    }

    void leavesATrailingPartialElementAsItIs() {
        std::vector<std::byte> plain(8 * 20 + 5);
        for (std::size_t i = 0; i < plain.size(); ++i)
            plain[i] = std::byte(i * 37 + 11);
        const std::vector<std::byte> stored = shuffle(plain);
        std::vector<std::byte> out(plain.size());
        ChunkDecoder decoder;
        QVERIFY(decoder.decode({true, 0, ChunkCompression::None, 1}, 0, stored, out));
        QVERIFY(out == plain);
    }

    void skipsTheShuffleTheChunkDidNotApply() {
        // Filter mask bit 0 set: HDF5 skipped the shuffle for this chunk.
        const std::vector<std::byte> plain(64, std::byte{0x5a});
        std::vector<std::byte> stored(plain);
        stored[3] = std::byte{0x01};
        std::vector<std::byte> out(plain.size());
        ChunkDecoder decoder;
        QVERIFY(decoder.decode({true, 0, ChunkCompression::None, 1}, 1u, stored, out));
        QVERIFY(out == stored);
    }
};

QTEST_APPLESS_MAIN(TestChunkDecoder)
#include "tst_ChunkDecoder.moc"
