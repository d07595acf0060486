// SPDX-License-Identifier: GPL-3.0-or-later
// A kept index is never trusted: structured mutants of two encodings (a
// hand-made index, every byte of it; a fixture run's, every few bytes)
// (truncations, bit flips, bytes dropped or doubled, every field in turn
// set to huge values) go through IndexCodec::decode with the header's size
// and checksum made to match again, so that the checks of the fields are
// reached and not only the checksum's. Each must throw CorruptIndexError or
// decode into an index whose fields are safe to use; a crash, a sanitizer
// report (CI runs this under ASan and UBSan) or another exception fails.
#include "../core/FixtureIndex.h"
#include "../core/HandMadeIndex.h"
#include "index/IndexCodec.h"
#include "model/Errors.h"

#include <QTemporaryDir>
#include <QtTest>

#include <algorithm>
#include <cstring>
#include <functional>
#include <limits>

using namespace scope;

namespace {

// Touches what a reopen uses of a decoded index, through the indices the
// decoder checked: a mutant that decodes must be safe to show.
void use(const RunIndex& index) {
    const ProfilingResults& r = index.results;
    for (std::size_t region = 0; region < r.regions.size(); ++region)
        for (const RankRegion& row : r.rowsOf(region))
            (void)r.details(row);
    const OnDemandTimeline::Parts& t = index.timeline;
    std::vector<TimelineSpan> spans;
    for (std::size_t lane = 0; lane < t.pyramid.lanes().size(); ++lane)
        if (t.pyramid.levels() > 0)
            t.pyramid.query(lane, t.pyramid.originNs(), t.pyramid.endNs(),
                            t.pyramid.width(t.pyramid.levels() - 1), spans);
    (void)t.rankLanes.ranks();
    (void)t.rankLanes.maxDepth();
    for (const CallTree& tree : t.rankTrees)
        for (std::uint32_t node = 0; node < tree.size(); ++node)
            (void)tree.pathText(node, r);
}

class Outcome {
public:
    // `run`: the run the index is of, opened through a mutant that decodes
    // (which may refuse it with a ProfileError, as a changed file is).
    explicit Outcome(std::string run) : run_(std::move(run)) {}

    void decode(const std::string& bytes, const QString& what) {
        RunIndex index;
        try {
            index = IndexCodec::decode(IndexCodec::withChecksum(bytes), "mutant.scopeindex");
            use(index);
            ++decoded;
        } catch (const CorruptIndexError&) {
            ++refused;
            return;
        } catch (const std::exception& error) {
            failures << what + ": " + QString::fromUtf8(error.what());
            return;
        }
        if (run_.empty())
            return;
        try {
            (void)std::move(index).open(run_, 64ull << 20);
        } catch (const ProfileError&) {
        } catch (const std::exception& error) {
            failures << what + ", opening the run: " + QString::fromUtf8(error.what());
        }
    }
    int decoded = 0;
    int refused = 0;
    QStringList failures;

private:
    std::string run_;
};

} // namespace

// Mutated positions of an encoding: every byte of a small one, about 800
// spread over a larger one.
std::size_t strideOf(const std::string& bytes) {
    return bytes.size() <= 4096 ? 1 : bytes.size() / 800;
}

class TestIndexMutations : public QObject {
    Q_OBJECT

private:
    QTemporaryDir dir_;
    struct Encoding {
        QString name;
        std::string bytes;
        std::string run; // the file it is of; "" for none
    };
    std::vector<Encoding> encodings_;

    void check(const QString& name, const Outcome& outcome) {
        qInfo("%s: %d mutants refused, %d decoded", qPrintable(name), outcome.refused,
              outcome.decoded);
        QVERIFY2(outcome.failures.isEmpty(), qPrintable(outcome.failures.join('\n')));
        QVERIFY(outcome.refused > 0);
    }

private slots:
    void initTestCase() {
        QVERIFY(dir_.isValid());
        encodings_.push_back({"hand-made", IndexCodec::encode(handMadeIndex()), {}});
        const std::string run = dir_.filePath("run.h5").toStdString();
        encodings_.push_back({"fixture run", IndexCodec::encode(fixtureIndex(run)), run});
        // Each decodes as it is.
        for (const Encoding& e : encodings_)
            use(IndexCodec::decode(e.bytes, "unchanged.scopeindex"));
    }

    void truncations() {
        for (const auto& [name, bytes, run] : encodings_) {
            Outcome outcome(run);
            for (std::size_t size = 0; size < bytes.size(); size += strideOf(bytes))
                outcome.decode(bytes.substr(0, size), QStringLiteral("cut at %1").arg(size));
            check(name, outcome);
            // Nothing short of the whole index decodes.
            QCOMPARE(outcome.decoded, 0);
        }
    }

    void bitFlips() {
        for (const auto& [name, bytes, run] : encodings_) {
            Outcome outcome(run);
            for (std::size_t i = IndexCodec::kHeaderBytes; i < bytes.size(); i += strideOf(bytes))
                for (int bit = 0; bit < 8; ++bit) {
                    std::string mutant = bytes;
                    mutant[i] = static_cast<char>(mutant[i] ^ (1 << bit));
                    outcome.decode(mutant, QStringLiteral("bit %1 of byte %2").arg(bit).arg(i));
                }
            check(name, outcome);
        }
    }

    void bytesDroppedOrDoubled() {
        for (const auto& [name, bytes, run] : encodings_) {
            Outcome outcome(run);
            for (std::size_t i = IndexCodec::kHeaderBytes; i < bytes.size(); i += strideOf(bytes)) {
                std::string dropped = bytes;
                dropped.erase(i, 1);
                outcome.decode(dropped, QStringLiteral("byte %1 dropped").arg(i));
                std::string doubled = bytes;
                doubled.insert(i, 1, bytes[i]);
                outcome.decode(doubled, QStringLiteral("byte %1 doubled").arg(i));
            }
            check(name, outcome);
        }
    }

    // Every 8 and 4 bytes of the payload read in turn as a count, an offset
    // or an index set huge: what a count field set wild would ask for.
    void hugeFields() {
        const std::uint64_t wide[] = {std::numeric_limits<std::uint64_t>::max(),
                                      std::uint64_t{1} << 62, std::uint64_t{1} << 32,
                                      std::numeric_limits<std::uint32_t>::max(),
                                      std::uint64_t{1} << 40};
        const std::uint32_t narrow[] = {std::numeric_limits<std::uint32_t>::max(), 1u << 31,
                                        1u << 20};
        for (const auto& [name, bytes, run] : encodings_) {
            Outcome outcome(run);
            for (std::size_t i = IndexCodec::kHeaderBytes; i + 8 <= bytes.size();
                 i += strideOf(bytes))
                for (const std::uint64_t value : wide) {
                    std::string mutant = bytes;
                    std::memcpy(mutant.data() + i, &value, sizeof value);
                    outcome.decode(mutant, QStringLiteral("%1 at byte %2").arg(value).arg(i));
                }
            for (std::size_t i = IndexCodec::kHeaderBytes; i + 4 <= bytes.size();
                 i += strideOf(bytes))
                for (const std::uint32_t value : narrow) {
                    std::string mutant = bytes;
                    std::memcpy(mutant.data() + i, &value, sizeof value);
                    outcome.decode(mutant, QStringLiteral("%1 at byte %2").arg(value).arg(i));
                }
            check(name, outcome);
        }
    }

    // Without the checksum made right, every one of these is refused.
    void checksumCatchesEveryFlip() {
        for (const auto& [name, bytes, run] : encodings_)
            for (std::size_t i = 0; i < bytes.size(); i += strideOf(bytes)) {
                std::string mutant = bytes;
                mutant[i] = static_cast<char>(~mutant[i]);
                QVERIFY_THROWS_EXCEPTION(CorruptIndexError,
                                         IndexCodec::decode(mutant, "mutant.scopeindex"));
            }
    }
};

QTEST_APPLESS_MAIN(TestIndexMutations)
#include "tst_IndexMutations.moc"
