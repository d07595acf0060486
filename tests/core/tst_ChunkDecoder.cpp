// SPDX-License-Identifier: GPL-3.0-or-later
// Undoing HDF5's shuffle filter: the values come back exactly, whatever the
// chunk's length (the decoder takes sixteen elements at a time, then one).
#include "events/ChunkDecoder.h"

#include <QtTest>

#include <algorithm>
#include <cstring>
#include <random>
#include <stdexcept>
#include <utility>
#include <vector>

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

    // `elements` random values, and their bytes as a chunk holds them unshuffled.
    static std::pair<std::vector<std::int64_t>, std::vector<std::byte>>
    randomValues(std::size_t elements, std::mt19937_64& random) {
        std::vector<std::int64_t> values(elements);
        for (std::int64_t& value : values)
            value = static_cast<std::int64_t>(random());
        std::vector<std::byte> plain(elements * 8);
        std::memcpy(plain.data(), values.data(), plain.size());
        return {values, plain};
    }

private slots:
    // HDF5 chunks hold one element at least.
    void unshufflesEveryLength() {
        std::mt19937_64 random(15);
        const ChunkPipeline shuffled{true, 0, ChunkCompression::None, 1};
        ChunkDecoder decoder;
        for (const std::size_t elements : {1,  7,  15, 16,  17,  31,  32,  33,   63,    64,
                                           65, 79, 80, 100, 127, 128, 129, 1000, 16384, 16389}) {
            const std::vector<std::byte> plain = randomValues(elements, random).second;
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

    // A reader that takes a few values of a chunk left shuffled gets exactly
    // those, wherever they start and end against the decoder's blocks.
    void unshufflesTheValuesAsked() {
        std::mt19937_64 random(27);
        const auto [values, plain] = randomValues(1000, random);
        const std::vector<std::byte> stored = shuffle(plain);
        std::vector<std::byte> chunk(plain.size());
        bool shuffled = false;
        ChunkDecoder decoder;
        QVERIFY(decoder.decodeLeavingShuffled({true, 0, ChunkCompression::None, 1}, 0, stored,
                                              chunk, shuffled));
        QVERIFY(shuffled);
        QVERIFY(chunk == stored);
        for (const auto& [first, count] :
             std::vector<std::pair<std::size_t, std::size_t>>{{0, 1000},
                                                              {0, 16},
                                                              {3, 16},
                                                              {3, 29},
                                                              {0, 64},
                                                              {5, 64},
                                                              {5, 80},
                                                              {64, 129},
                                                              {17, 500},
                                                              {984, 16},
                                                              {999, 1},
                                                              {500, 0}}) {
            std::vector<std::int64_t> out(count, -1);
            ChunkDecoder::unshuffleValues(chunk, first, out);
            QVERIFY2(std::equal(out.begin(), out.end(), values.begin() + first),
                     qPrintable(QString("values %1 to %2").arg(first).arg(first + count)));
        }
        std::vector<std::int64_t> past(2);
        QVERIFY_THROWS_EXCEPTION(std::out_of_range,
                                 ChunkDecoder::unshuffleValues(chunk, 999, past));
    }

    // A chunk whose shuffle HDF5 skipped is not left "shuffled".
    void leavesNothingShuffledTheChunkDidNotShuffle() {
        const std::vector<std::byte> stored(64, std::byte{0x5a});
        std::vector<std::byte> out(stored.size());
        bool shuffled = true;
        ChunkDecoder decoder;
        QVERIFY(decoder.decodeLeavingShuffled({true, 0, ChunkCompression::None, 1}, 1u, stored, out,
                                              shuffled));
        QVERIFY(!shuffled);
        QVERIFY(out == stored);
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
