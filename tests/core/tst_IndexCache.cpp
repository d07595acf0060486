// SPDX-License-Identifier: GPL-3.0-or-later
// Where runs' indexes are kept: written and found again in the cache folder
// ($XDG_CACHE_HOME/scope-viewer) or beside the run; an index of a run that
// changed since (rewritten, touched, same size with other bytes) or a damaged
// one (truncated, a byte flipped) is never used, is removed, and find() says
// why; the least recently used are evicted beyond the limit.
#include "FileDamage.h"
#include "HugeRunWriter.h"
#include "IndexTestRun.h"
#include "analysis/OnDemandTimeline.h"
#include "events/PlannedCallSource.h"
#include "index/IndexCache.h"
#include "index/RunIndex.h"
#include "load/ProfileFileReader.h"
#include "model/Errors.h"

#include <QtTest>

#include <fcntl.h>
#include <sys/stat.h>

#include <filesystem>
#include <fstream>

using namespace scope;
namespace fs = std::filesystem;

namespace {

// The calls of this run (38,400) take about 1.2 MB in memory: beyond the
// budget, so it is read on demand.
constexpr std::uint64_t kBudget = 600'000;

std::shared_ptr<ProfilingResults> readOnDemand(const std::string& path) {
    ReadRequest request;
    request.memoryBudget = kBudget;
    return std::make_shared<ProfilingResults>(readProfileFile(path, request));
}

// The index the loader keeps after reading the run on demand.
RunIndex indexOf(const std::string& path) {
    const IndexKey key = IndexKey::of(path);
    const auto results = readOnDemand(path);
    const auto timeline = OnDemandTimeline::build(results, kBudget, {});
    const auto& source = dynamic_cast<const PlannedCallSource&>(*results->onDemand);
    return RunIndex::of(*timeline, key, RunIndex::pyramidBudget(source.plan()));
}

std::int64_t mtimeNs(const std::string& path) {
    struct stat info {};
    stat(path.c_str(), &info);
    return std::int64_t(info.st_mtim.tv_sec) * 1'000'000'000 + info.st_mtim.tv_nsec;
}

void setMtimeNs(const std::string& path, std::int64_t ns) {
    const timespec times[2] = {{ns / 1'000'000'000, ns % 1'000'000'000},
                               {ns / 1'000'000'000, ns % 1'000'000'000}};
    utimensat(AT_FDCWD, path.c_str(), times, 0);
}

// Age a file's mtime by `seconds` from now (what eviction orders by).
void age(const fs::path& path, int seconds) {
    fs::last_write_time(path, fs::file_time_type::clock::now() - std::chrono::seconds(seconds));
}

} // namespace

class TestIndexCache : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() {
        QVERIFY(dir_.isValid());
        QVERIFY(cacheHome_.isValid());
        qputenv("XDG_CACHE_HOME", cacheHome_.path().toUtf8());
        run_ = dir_.filePath("run.h5").toStdString();
        fixtures::HugeRunWriter::write(indexTestRun(), run_);
        fresh_ = readOnDemand(run_);
        QVERIFY(fresh_->onDemand);
        index_ = indexOf(run_);
    }

    void theCacheFolderFollowsXdgCacheHome() {
        const fs::path expected = fs::path(cacheHome_.path().toStdString()) / "scope-viewer";
        QCOMPARE(IndexCache::defaultFolder(), expected);
        QCOMPARE(IndexCache::standard().folder(), expected);
        QCOMPARE(IndexCache::standard().limitBytes(), IndexCache::kDefaultLimitBytes);
        QCOMPARE(IndexCache::standard(5 << 20).limitBytes(), std::uint64_t(5) << 20);
        // A relative XDG_CACHE_HOME is invalid (XDG base directories): HOME's.
        const QByteArray home = qgetenv("HOME");
        qputenv("XDG_CACHE_HOME", "relative/cache");
        qputenv("HOME", dir_.path().toUtf8());
        const fs::path fallback = IndexCache::defaultFolder();
        qputenv("HOME", home);
        qputenv("XDG_CACHE_HOME", cacheHome_.path().toUtf8());
        QCOMPARE(fallback, fs::path(dir_.path().toStdString()) / ".cache" / "scope-viewer");
    }

    void storedIndexIsFoundAgain() {
        const IndexCache cache = IndexCache::standard();
        std::string why = "stale";
        QVERIFY(!cache.find(run_, &why)); // nothing kept yet
        QVERIFY(why.empty());

        const fs::path where = cache.store(run_, index_);
        QCOMPARE(where, cache.folder() / (IndexKey::of(run_).fileName() + ".scopeindex"));
        QVERIFY(fs::exists(where));
        // The folder, new, is the user's alone.
        struct stat info {};
        QCOMPARE(stat(cache.folder().c_str(), &info), 0);
        QCOMPARE(info.st_mode & 0777, 0700u);
        // No temporary file left beside it.
        QCOMPARE(std::distance(fs::directory_iterator(cache.folder()), fs::directory_iterator()),
                 std::ptrdiff_t(1));

        const std::optional<RunIndex> found = cache.find(run_, &why);
        QVERIFY2(found, why.c_str());
        QVERIFY(why.empty());
        QVERIFY(found->key == IndexKey::of(run_));
        // The statistics are those of a fresh read of the run.
        QCOMPARE(found->results.rows.size(), fresh_->rows.size());
        for (std::size_t i = 0; i < fresh_->rows.size(); ++i) {
            const RankRegion& got = found->results.rows[i];
            const RankRegion& expected = fresh_->rows[i];
            QCOMPARE(got.rank, expected.rank);
            QCOMPARE(got.region, expected.region);
            QCOMPARE(got.summary.count, expected.summary.count);
            QCOMPARE(got.summary.total, expected.summary.total);
            QCOMPARE(got.summary.minimum, expected.summary.minimum);
            QCOMPARE(got.summary.maximum, expected.summary.maximum);
            QVERIFY(got.exclusiveNs.has_value());
        }
        QCOMPARE(found->results.totalCalls(), fixtures::HugeRunWriter::totalCalls(indexTestRun()));
        // And it opens as the run again.
        const auto timeline = RunIndex(*found).open(run_, kBudget);
        QCOMPARE(timeline->results().totalCalls(), fresh_->totalCalls());
        QVERIFY(!timeline->empty());
    }

    void besideTheRun() {
        const IndexCache beside = IndexCache::beside();
        QCOMPARE(beside.pathFor(run_, index_.key), fs::path(run_ + ".scopeindex"));
        QCOMPARE(beside.store(run_, index_), fs::path(run_ + ".scopeindex"));
        std::string why;
        QVERIFY2(beside.find(run_, &why), why.c_str());
        fs::remove(run_ + ".scopeindex");
    }

    // Beside the run, the index is found by the run's name whatever became of
    // the run: a changed run must be told by the key. In the cache folder a
    // changed run has another key, hence another name: its index is not found.
    void aChangedRunInvalidatesItsIndex_data() {
        QTest::addColumn<QString>("change");
        QTest::newRow("rewritten") << QStringLiteral("rewritten");
        QTest::newRow("touched") << QStringLiteral("touched");
        QTest::newRow("same size, other bytes") << QStringLiteral("bytes");
    }
    void aChangedRunInvalidatesItsIndex() {
        QFETCH(QString, change);
        const std::string run = dir_.filePath("changed.h5").toStdString();
        fs::copy_file(run_, run, fs::copy_options::overwrite_existing);
        RunIndex index = index_;
        index.key = IndexKey::of(run);
        const IndexCache beside = IndexCache::beside();
        const IndexCache cache = IndexCache::standard();
        const fs::path besidePath = beside.store(run, index);
        cache.store(run, index);
        QVERIFY(cache.find(run));

        const std::int64_t mtime = mtimeNs(run);
        if (change == "rewritten") {
            fixtures::HugeRunWriter::write(indexTestRun(7), run);
        } else if (change == "touched") {
            setMtimeNs(run, mtime + 1'000'000'000);
        } else {
            // Within the hashed last MiB; the identity (inode, size, mtime) unchanged.
            fixtures::FileDamage::flipByte(run, fs::file_size(run) - 100);
            setMtimeNs(run, mtime);
            QVERIFY(IndexKey::of(run).file == index.key.file);
        }
        QVERIFY(!(IndexKey::of(run) == index.key));

        std::string why;
        QVERIFY(!beside.find(run, &why));
        QVERIFY2(why.find("since its index was written") != std::string::npos, why.c_str());
        QVERIFY2(why.find(besidePath.string()) != std::string::npos, why.c_str());
        QVERIFY(!fs::exists(besidePath));
        QVERIFY(!cache.find(run, &why));
        QVERIFY(why.empty()); // none kept under the run's new key
    }

    void aDamagedIndexIsIgnoredAndRemoved_data() {
        QTest::addColumn<QString>("damage");
        QTest::newRow("truncated") << QStringLiteral("truncated");
        QTest::newRow("empty") << QStringLiteral("empty");
        QTest::newRow("byte flipped in the payload") << QStringLiteral("payload");
        QTest::newRow("byte flipped in the header") << QStringLiteral("header");
    }
    void aDamagedIndexIsIgnoredAndRemoved() {
        QFETCH(QString, damage);
        const IndexCache cache = IndexCache::standard();
        const fs::path where = cache.store(run_, index_);
        const std::uint64_t size = fs::file_size(where);
        if (damage == "truncated")
            fs::resize_file(where, size / 2);
        else if (damage == "empty")
            fs::resize_file(where, 0);
        else
            fixtures::FileDamage::flipByte(where.string(), damage == "header" ? 3 : size / 2);

        std::string why;
        QVERIFY(!cache.find(run_, &why));
        QVERIFY2(why.find(where.string()) != std::string::npos, why.c_str());
        QVERIFY(!fs::exists(where));
        // Rebuilt, it is found again.
        cache.store(run_, index_);
        QVERIFY(cache.find(run_, &why));
    }

    // Three runs' indexes where two fit: storing the third evicts the one
    // used least recently, not the oldest written (find marks it used).
    void theLeastRecentlyUsedAreEvicted() {
        QTemporaryDir folder;
        std::vector<std::string> runs;
        std::vector<RunIndex> indexes;
        for (int i = 0; i < 3; ++i) {
            runs.push_back(folder.filePath(QStringLiteral("run%1.h5").arg(i)).toStdString());
            fs::copy_file(run_, runs.back());
            indexes.push_back(index_);
            indexes.back().key = IndexKey::of(runs.back());
        }
        const fs::path cacheFolder = fs::path(folder.path().toStdString()) / "cache";
        const std::uint64_t one = fs::file_size(IndexCache(cacheFolder).store(runs[0], indexes[0]));
        QVERIFY(one > 0);
        const IndexCache cache(cacheFolder, one * 5 / 2);
        const fs::path first = cache.pathFor(runs[0], indexes[0].key);
        age(first, 300);
        const fs::path second = cache.store(runs[1], indexes[1]);
        age(second, 200);
        QVERIFY(cache.find(runs[0])); // used now
        const fs::path third = cache.store(runs[2], indexes[2]);

        QVERIFY(fs::exists(first));
        QVERIFY(!fs::exists(second));
        QVERIFY(fs::exists(third));
        std::uint64_t total = 0;
        for (const auto& entry : fs::directory_iterator(cacheFolder))
            total += entry.file_size();
        QVERIFY(total <= cache.limitBytes());

        // Below one index, the newest is never evicted: it is not kept at all.
        const IndexCache tiny(cacheFolder, one / 2);
        QVERIFY_THROWS_EXCEPTION(ProfileError, tiny.store(runs[1], indexes[1]));
        QVERIFY(fs::exists(first));
        QVERIFY(fs::exists(third));
    }

private:
    QTemporaryDir dir_;
    QTemporaryDir cacheHome_;
    std::string run_;
    std::shared_ptr<ProfilingResults> fresh_;
    RunIndex index_;
};

QTEST_APPLESS_MAIN(TestIndexCache)
#include "tst_IndexCache.moc"
