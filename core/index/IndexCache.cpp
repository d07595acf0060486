// SPDX-License-Identifier: GPL-3.0-or-later
#include "IndexCache.h"

#include "IndexCodec.h"
#include "base/Prefault.h"
#include "isolate/UniqueFd.h"
#include "model/Errors.h"

#include <fcntl.h>
#include <pwd.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <vector>

namespace scope {
namespace {

namespace fs = std::filesystem;

constexpr const char* kKeepStep = "keeping the run's index";
// A temporary file this old is what a writer that crashed left behind, not
// one still being written.
constexpr auto kStaleTemporary = std::chrono::hours(24);

std::string errnoText() {
    return std::strerror(errno);
}

// The XDG base directory rule: a folder that does not exist yet is created
// readable by its owner only (indexes name the regions of the user's runs).
void makeFolder(const fs::path& folder) {
    fs::path path;
    for (const fs::path& part : folder) {
        path /= part;
        if (::mkdir(path.c_str(), 0700) != 0 && errno != EEXIST)
            throw ProfileError(folder.string(), kKeepStep,
                               "cannot create the folder " + path.string() + ": " + errnoText());
    }
}

// Bytes of a file, in memory of their own.
class FileBytes {
public:
    std::string_view bytes() const { return {data_.get(), size_}; }

    // Read rather than mapped, so that an index cut short by someone else
    // while it is read is a short read, never a SIGBUS. Its pages are mapped
    // in one call, not faulted in one by one under read(), and never zeroed
    // first: at hundreds of megabytes both took longer than the read.
    static FileBytes read(int fd, std::uint64_t offset, std::uint64_t size,
                          const std::string& path) {
        FileBytes file;
        file.data_.reset(new char[std::max<std::uint64_t>(size, 1)]);
        prefault(file.data_.get(), file.data_.get() + size);
        while (file.size_ < size) {
            const ssize_t n = ::pread(fd, file.data_.get() + file.size_, size - file.size_,
                                      static_cast<off_t>(offset + file.size_));
            if (n < 0 && errno == EINTR)
                continue;
            if (n < 0)
                throw CorruptIndexError(path, "reading the run's index", errnoText());
            if (n == 0)
                throw CorruptIndexError(path, "reading the run's index",
                                        "truncated index: it ended while it was read");
            file.size_ += static_cast<std::size_t>(n);
        }
        return file;
    }

private:
    std::unique_ptr<char[]> data_;
    std::size_t size_ = 0;
};

std::uint64_t regularFileSize(int fd, const std::string& path) {
    struct stat info {};
    if (::fstat(fd, &info) != 0)
        throw CorruptIndexError(path, "reading the run's index", errnoText());
    if (!S_ISREG(info.st_mode))
        throw CorruptIndexError(path, "reading the run's index", "not a regular file");
    return static_cast<std::uint64_t>(info.st_size);
}

void writeWhole(int fd, std::string_view bytes, const std::string& path) {
    std::size_t done = 0;
    while (done < bytes.size()) {
        const ssize_t n = ::write(fd, bytes.data() + done, bytes.size() - done);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            throw ProfileError(path, kKeepStep, n < 0 ? errnoText() : "nothing written");
        done += static_cast<std::size_t>(n);
    }
}

void removeQuietly(const fs::path& path) {
    std::error_code ignored;
    fs::remove(path, ignored);
}

std::string describeChange(const IndexKey& indexed, const IndexKey& now) {
    if (indexed.file.size != now.file.size)
        return "the run's size changed since its index was written";
    if (indexed.file.modifiedNs != now.file.modifiedNs)
        return "the run was modified since its index was written";
    if (indexed.file.device != now.file.device || indexed.file.inode != now.file.inode)
        return "the run was replaced by another file since its index was written";
    return "the run's contents changed since its index was written";
}

} // namespace

IndexCache::IndexCache(std::filesystem::path folder, std::uint64_t limitBytes, Place place)
    : folder_(std::move(folder)), limitBytes_(limitBytes == 0 ? kDefaultLimitBytes : limitBytes),
      place_(place) {}

IndexCache IndexCache::standard(std::uint64_t limitBytes) {
    return IndexCache(defaultFolder(), limitBytes, Place::Cache);
}

IndexCache IndexCache::beside() {
    return IndexCache({}, 0, Place::Beside);
}

std::filesystem::path IndexCache::defaultFolder() {
    // The XDG rule: a relative XDG_CACHE_HOME is invalid and ignored.
    if (const char* cache = std::getenv("XDG_CACHE_HOME"); cache && cache[0] == '/')
        return fs::path(cache) / "scope-viewer";
    const char* home = std::getenv("HOME");
    if (!home || home[0] != '/') {
        const struct passwd* user = ::getpwuid(::getuid());
        home = user ? user->pw_dir : nullptr;
    }
    if (home && home[0] == '/')
        return fs::path(home) / ".cache" / "scope-viewer";
    return fs::temp_directory_path() / ("scope-viewer-" + std::to_string(::getuid()));
}

std::filesystem::path IndexCache::pathFor(const std::string& runPath, const IndexKey& key) const {
    if (place_ == Place::Beside)
        return fs::path(runPath + kBesideSuffix);
    return folder_ / (key.fileName() + kBesideSuffix);
}

std::optional<IndexCache::Found> IndexCache::findHead(const std::string& runPath,
                                                      std::string* why) const {
    std::string ignoredWhy;
    std::string& reason = why ? *why : ignoredWhy;
    reason.clear();
    IndexKey key;
    try {
        key = IndexKey::of(runPath);
    } catch (const ProfileError&) {
        return std::nullopt; // the read of the run says what is wrong with it
    }
    Found found;
    found.path = pathFor(runPath, key);
    const std::string name = found.path.string();
    found.fd = isolate::UniqueFd(::open(found.path.c_str(), O_RDONLY | O_CLOEXEC));
    if (!found.fd.valid()) {
        if (errno != ENOENT)
            reason = name + ": cannot open it: " + errnoText();
        return std::nullopt;
    }
    try {
        const int fd = found.fd.get();
        const std::uint64_t size = regularFileSize(fd, name);
        const std::uint64_t headerBytes = std::min<std::uint64_t>(size, IndexCodec::kHeaderBytes);
        found.layout =
            IndexCodec::layout(FileBytes::read(fd, 0, headerBytes, name).bytes(), size, name);
        const FileBytes head =
            FileBytes::read(fd, found.layout.headAt(), found.layout.headBytes, name);
        found.index = IndexCodec::decodeHead(found.layout, head.bytes(), name);
        if (!(found.index.key == key))
            throw CorruptIndexError(name, "checking the run's index",
                                    describeChange(found.index.key, key));
        // Used now: the last to be evicted. Not a failure if it cannot be.
        ::futimens(fd, nullptr);
        return found;
    } catch (const std::exception& error) {
        // Damaged beyond what decode checks (a size that cannot be allocated)
        // is damaged all the same: never trusted, never a failure of the run.
        reason = error.what();
        removeQuietly(found.path);
        return std::nullopt;
    }
}

std::optional<RunIndex> IndexCache::readRest(Found found, std::string* why) const {
    try {
        const std::string name = found.path.string();
        const FileBytes rest =
            FileBytes::read(found.fd.get(), found.layout.restAt(), found.layout.restBytes, name);
        IndexCodec::decodeRest(found.layout, rest.bytes(), found.index, name);
        return std::move(found.index);
    } catch (const std::exception& error) {
        if (why)
            *why = error.what();
        removeQuietly(found.path);
        return std::nullopt;
    }
}

std::optional<RunIndex> IndexCache::find(const std::string& runPath, std::string* why) const {
    std::optional<Found> found = findHead(runPath, why);
    if (!found)
        return std::nullopt;
    return readRest(std::move(*found), why);
}

std::filesystem::path IndexCache::store(const std::string& runPath, const RunIndex& index) const {
    const fs::path path = pathFor(runPath, index.key);
    const std::string name = path.string();
    const std::string bytes = IndexCodec::encode(index);
    if (place_ == Place::Cache) {
        if (bytes.size() > limitBytes_)
            throw ProfileError(name, kKeepStep,
                               "the index (" + std::to_string(bytes.size()) +
                                   " bytes) exceeds the cache limit (" +
                                   std::to_string(limitBytes_) + " bytes)");
        makeFolder(folder_);
    }
    // Beside the run, the index may be read by whoever may read the run.
    mode_t mode = 0600;
    if (struct stat run{}; place_ == Place::Beside && ::stat(runPath.c_str(), &run) == 0)
        mode = run.st_mode & 0666;

    // A reader never sees a half-written index: it is written aside, synced,
    // and renamed over the old one in one step.
    std::string temporary = name + ".XXXXXX";
    const isolate::UniqueFd fd(::mkostemp(temporary.data(), O_CLOEXEC));
    if (!fd.valid())
        throw ProfileError(name, kKeepStep, "cannot create a file beside it: " + errnoText());
    try {
        if (::fchmod(fd.get(), mode) != 0)
            throw ProfileError(name, kKeepStep, errnoText());
        writeWhole(fd.get(), bytes, name);
        if (::fsync(fd.get()) != 0)
            throw ProfileError(name, kKeepStep, errnoText());
        if (::rename(temporary.c_str(), name.c_str()) != 0)
            throw ProfileError(name, kKeepStep, errnoText());
    } catch (...) {
        removeQuietly(temporary);
        throw;
    }
    // The folder is not synced: an index lost in a crash is only rebuilt.
    evict(path);
    return path;
}

void IndexCache::evict(const std::filesystem::path& keep) const {
    if (place_ == Place::Beside)
        return;
    struct Entry {
        fs::path path;
        std::uint64_t size;
        fs::file_time_type used;
    };
    std::vector<Entry> entries;
    std::uint64_t total = 0;
    const auto now = fs::file_time_type::clock::now();
    std::error_code error;
    // Another viewer may evict or write at the same time: every step that
    // fails because of it is skipped.
    for (fs::directory_iterator it(folder_, error), end; !error && it != end; it.increment(error)) {
        std::error_code entryError;
        if (!it->is_regular_file(entryError))
            continue;
        const fs::path path = it->path();
        const std::string name = path.filename().string();
        const fs::file_time_type used = it->last_write_time(entryError);
        if (entryError)
            continue;
        if (!name.ends_with(kBesideSuffix)) {
            if (name.find(std::string(kBesideSuffix) + ".") != std::string::npos &&
                now - used > kStaleTemporary)
                removeQuietly(path);
            continue;
        }
        const std::uint64_t size = it->file_size(entryError);
        if (entryError)
            continue;
        entries.push_back({path, size, used});
        total += size;
    }
    if (total <= limitBytes_)
        return;
    std::sort(entries.begin(), entries.end(),
              [](const Entry& a, const Entry& b) { return a.used < b.used; });
    for (const Entry& entry : entries) {
        if (total <= limitBytes_)
            break;
        if (!keep.empty() && entry.path == keep)
            continue;
        std::error_code removeError;
        if (fs::remove(entry.path, removeError) || !removeError)
            total -= entry.size;
    }
}

} // namespace scope
