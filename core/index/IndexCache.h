// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "IndexCodec.h"
#include "RunIndex.h"
#include "isolate/UniqueFd.h"

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>

namespace scope {

// Where indexes are kept and found: a folder of their own
// ($XDG_CACHE_HOME/scope-viewer, else ~/.cache/scope-viewer), one file per
// run named after its key, the least recently used evicted beyond a limit;
// or, with --index-beside, "RUN.scopeindex" next to the run. An index that
// does not match its run (changed file), cannot be read (damaged,
// truncated, another version) is never used: findHead() and readRest()
// remove it and say why, and the caller rebuilds.
class IndexCache {
public:
    static constexpr std::uint64_t kDefaultLimitBytes = std::uint64_t{2} << 30;
    static constexpr const char* kBesideSuffix = ".scopeindex";

    enum class Place { Cache, Beside };

    IndexCache(std::filesystem::path folder, std::uint64_t limitBytes = kDefaultLimitBytes,
               Place place = Place::Cache);
    // The user's cache folder, with the limit given (0 = the default).
    static IndexCache standard(std::uint64_t limitBytes = 0);
    // Indexes beside their runs (no limit, no eviction).
    static IndexCache beside();
    static std::filesystem::path defaultFolder();

    // Where the index of the run at `runPath` with `key` lives.
    std::filesystem::path pathFor(const std::string& runPath, const IndexKey& key) const;
    // An index found with its head read and checked: enough for the table
    // and the whole-run timeline (IndexCodec::decodeHead). readRest reads the
    // rest from the same open file.
    struct Found {
        RunIndex index;
        std::filesystem::path path;
        isolate::UniqueFd fd;
        IndexCodec::Layout layout;
    };
    // The head of the valid index of the run at `runPath`, marked as used;
    // nullopt (and `why` says what was wrong, empty when there was none)
    // otherwise.
    std::optional<Found> findHead(const std::string& runPath, std::string* why = nullptr) const;
    // `found`'s index whole; nullopt (and `why`) when its rest cannot be read.
    std::optional<RunIndex> readRest(Found found, std::string* why = nullptr) const;
    // findHead, then readRest.
    std::optional<RunIndex> find(const std::string& runPath, std::string* why = nullptr) const;
    // Writes atomically (a temporary file renamed), then evicts the least
    // recently used beyond the limit. Returns the index's path. Throws
    // ProfileError naming the index path when it cannot be written.
    std::filesystem::path store(const std::string& runPath, const RunIndex& index) const;
    // Removes the least recently used indexes until the folder holds at
    // most the limit (never the one just written, `keep`).
    void evict(const std::filesystem::path& keep = {}) const;

    const std::filesystem::path& folder() const { return folder_; }
    std::uint64_t limitBytes() const { return limitBytes_; }
    Place place() const { return place_; }

private:
    std::filesystem::path folder_;
    std::uint64_t limitBytes_;
    Place place_;
};

} // namespace scope
