// SPDX-License-Identifier: GPL-3.0-or-later
#include "BareReader.h"

#include "format/ProfileReader.h"

#include <fcntl.h>
#include <hdf5.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zstd.h>

#include <algorithm>
#include <stdexcept>
#include <thread>

#include <string>
#include <vector>

namespace scope::bench {
namespace {

// work(thread, threads) on one thread per core; returns the sum of what they return.
template <class Work> std::uint64_t onEveryCore(unsigned threads, const Work& work) {
    std::vector<std::uint64_t> done(threads, 0);
    std::vector<std::thread> workers;
    for (unsigned t = 0; t < threads; ++t)
        workers.emplace_back([&, t] { done[t] = work(t, threads); });
    for (std::thread& worker : workers)
        worker.join();
    std::uint64_t total = 0;
    for (const std::uint64_t n : done)
        total += n;
    return total;
}

unsigned cores() {
    return std::max(1u, std::thread::hardware_concurrency());
}

// Sizes the buffer in a first pass (sizing only) and reads in a second, so
// that the timed loop does no reallocation a real reader would avoid.
struct Buffer {
    bool sizing = true;
    std::vector<std::int64_t> data;
    std::uint64_t used = 0;
};

void readDataset(hid_t loc, const char* name, Buffer& buffer) {
    hid_t dataset = H5Dopen2(loc, name, H5P_DEFAULT);
    hid_t space = H5Dget_space(dataset);
    const auto n = static_cast<std::uint64_t>(H5Sget_simple_extent_npoints(space));
    if (!buffer.sizing)
        H5Dread(dataset, H5T_NATIVE_INT64, H5S_ALL, H5S_ALL, H5P_DEFAULT,
                buffer.data.data() + buffer.used);
    buffer.used += n;
    H5Sclose(space);
    H5Dclose(dataset);
}

template <typename Visit>
std::vector<std::int64_t> twoPasses(const std::string& path, Visit visit) {
    hid_t file = H5Fopen(path.c_str(), H5F_ACC_RDONLY, H5P_DEFAULT);
    Buffer buffer;
    visit(file, buffer);
    buffer.data.resize(buffer.used);
    buffer.used = 0;
    buffer.sizing = false;
    visit(file, buffer);
    H5Fclose(file);
    return std::move(buffer.data);
}

herr_t visitRegion(hid_t regions, const char* name, const H5L_info_t*, void* data) {
    hid_t group = H5Gopen2(regions, name, H5P_DEFAULT);
    readDataset(group, "start_times", *static_cast<Buffer*>(data));
    readDataset(group, "end_times", *static_cast<Buffer*>(data));
    H5Gclose(group);
    return 0;
}

herr_t visitRank(hid_t root, const char* name, const H5L_info_t*, void* data) {
    if (std::string(name).rfind("rank", 0) != 0)
        return 0;
    hid_t regions = H5Gopen2(root, (std::string(name) + "/regions").c_str(), H5P_DEFAULT);
    hsize_t index = 0;
    H5Literate(regions, H5_INDEX_NAME, H5_ITER_INC, &index, visitRegion, data);
    H5Gclose(regions);
    return 0;
}

} // namespace

std::vector<std::int64_t> bareReadSchema1(const std::string& path) {
    return twoPasses(path, [](hid_t file, Buffer& buffer) {
        hsize_t index = 0;
        H5Literate(file, H5_INDEX_NAME, H5_ITER_INC, &index, visitRank, &buffer);
    });
}

std::vector<std::int64_t> bareReadColumnar(const std::string& path) {
    return twoPasses(path, [](hid_t file, Buffer& buffer) {
        readDataset(file, "events/start_deltas", buffer);
        readDataset(file, "events/durations", buffer);
    });
}

std::unique_ptr<char[]> barePreadParallel(const std::string& path, std::size_t& bytes) {
    const int fd = ::open(path.c_str(), O_RDONLY);
    struct stat info {};
    if (fd < 0 || ::fstat(fd, &info) != 0)
        throw std::runtime_error("cannot open " + path);
    bytes = static_cast<std::size_t>(info.st_size);
    // new[] of char leaves the pages untouched: the threads fault them in.
    std::unique_ptr<char[]> buffer(new char[bytes]);
    constexpr std::size_t kBlock = std::size_t(4) << 20;
    const unsigned threads = cores();
    const std::size_t part = (bytes / threads + kBlock - 1) / kBlock * kBlock;
    onEveryCore(threads, [&](unsigned t, unsigned) {
        const std::size_t end = std::min(bytes, (t + 1) * part);
        for (std::size_t at = t * part; at < end;) {
            const ssize_t n =
                ::pread(fd, buffer.get() + at, std::min(kBlock, end - at), static_cast<off_t>(at));
            if (n <= 0)
                break;
            at += static_cast<std::size_t>(n);
        }
        return std::uint64_t{0};
    });
    ::close(fd);
    return buffer;
}

std::uint64_t barePreadStreaming(const std::string& path) {
    const int fd = ::open(path.c_str(), O_RDONLY);
    struct stat info {};
    if (fd < 0 || ::fstat(fd, &info) != 0)
        throw std::runtime_error("cannot open " + path);
    const auto bytes = static_cast<std::size_t>(info.st_size);
    constexpr std::size_t kBlock = std::size_t(4) << 20;
    const unsigned threads = cores();
    const std::size_t part = (bytes / threads + kBlock - 1) / kBlock * kBlock;
    const std::uint64_t total = onEveryCore(threads, [&](unsigned t, unsigned) {
        const std::unique_ptr<char[]> buffer(new char[kBlock]);
        std::uint64_t done = 0;
        const std::size_t end = std::min(bytes, (t + 1) * part);
        for (std::size_t at = t * part; at < end;) {
            const ssize_t n =
                ::pread(fd, buffer.get(), std::min(kBlock, end - at), static_cast<off_t>(at));
            if (n <= 0)
                break;
            at += static_cast<std::size_t>(n);
            done += static_cast<std::uint64_t>(n);
        }
        return done;
    });
    ::close(fd);
    return total;
}

std::uint64_t bareDecompressZstd(const std::string& path) {
    const PlannedRead read = planH5(path);
    struct Chunk {
        StoredChunk stored;
        std::size_t capacity;
    };
    std::vector<Chunk> chunks;
    for (const PlannedDataset& dataset : read.events.datasets) {
        if (dataset.isInline || dataset.pipeline.compression != ChunkCompression::Zstd)
            continue;
        for (std::uint64_t c = 0; c < dataset.chunkCount; ++c)
            chunks.push_back({read.events.chunks[dataset.firstChunk + c],
                              dataset.chunkElements * sizeof(std::int64_t)});
    }
    const int fd = ::open(path.c_str(), O_RDONLY);
    if (fd < 0)
        throw std::runtime_error("cannot open " + path);
    const std::uint64_t total = onEveryCore(cores(), [&](unsigned t, unsigned threads) {
        std::vector<char> stored;
        std::vector<char> values;
        std::uint64_t done = 0;
        ZSTD_DCtx* context = ZSTD_createDCtx();
        for (std::size_t i = t; i < chunks.size(); i += threads) {
            stored.resize(chunks[i].stored.storedBytes);
            values.resize(chunks[i].capacity);
            if (::pread(fd, stored.data(), stored.size(),
                        static_cast<off_t>(chunks[i].stored.fileOffset)) !=
                static_cast<ssize_t>(stored.size()))
                break;
            const std::size_t n = ZSTD_decompressDCtx(context, values.data(), values.size(),
                                                      stored.data(), stored.size());
            if (!ZSTD_isError(n))
                done += n;
        }
        ZSTD_freeDCtx(context);
        return done;
    });
    ::close(fd);
    return total;
}

std::uint64_t bareReadSummaryColumns(const std::string& path) {
    const hid_t file = H5Fopen(path.c_str(), H5F_ACC_RDONLY, H5P_DEFAULT);
    if (file < 0)
        throw std::runtime_error("cannot open " + path);
    // Every dataset in the file's own (native) type, as a reader keeps it.
    const auto readAll = [file](const char* name, std::vector<char>& out) {
        const hid_t dataset = H5Dopen2(file, name, H5P_DEFAULT);
        const hid_t type = H5Dget_type(dataset);
        const hid_t native = H5Tget_native_type(type, H5T_DIR_ASCEND);
        const hid_t space = H5Dget_space(dataset);
        const auto n = static_cast<std::uint64_t>(H5Sget_simple_extent_npoints(space));
        out.resize(std::max<std::size_t>(1, n * H5Tget_size(native)));
        H5Dread(dataset, native, H5S_ALL, H5S_ALL, H5P_DEFAULT, out.data());
        if (H5Tis_variable_str(native) > 0)
            H5Dvlen_reclaim(native, space, H5P_DEFAULT, out.data());
        H5Sclose(space);
        H5Tclose(native);
        H5Tclose(type);
        H5Dclose(dataset);
        return n;
    };
    std::vector<char> names, regionIds, ranks, counts, summaries;
    readAll("region_table/names", names);
    readAll("rank_region_index/region_ids", regionIds);
    readAll("rank_region_index/ranks", ranks);
    readAll("rank_region_index/event_counts", counts);
    const std::uint64_t rows = readAll("rank_region_index/summary_statistics", summaries);
    H5Fclose(file);
    return rows;
}

} // namespace scope::bench
