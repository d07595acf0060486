#include "ResultsCodec.h"

#include "ByteReader.h"
#include "ResultsHeader.h"
#include "model/Errors.h"

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <array>
#include <cerrno>
#include <cstring>

namespace scope::isolate {
namespace {

constexpr char kMagic[8] = {'S', 'C', 'O', 'P', 'E', 'R', 'S', '1'};
constexpr std::uint64_t kPage = 4096;
constexpr const char* kStep = "receiving the results of the read helper";
// MADV_POPULATE_WRITE (Linux 5.14); older kernels refuse it and the pages
// fault in as usual.
constexpr int kPopulateWrite = 23;

std::uint64_t alignUp(std::uint64_t value) {
    return (value + kPage - 1) / kPage * kPage;
}
std::uint64_t alignDown(std::uint64_t value) {
    return value / kPage * kPage;
}

std::array<std::vector<std::int64_t>*, 5> columns(EventColumns& events) {
    return {&events.starts, &events.ends, &events.gpuDurations, &events.callIds, &events.parentIds};
}

// What the views rely on when they index the event columns with a row.
void validate(const ProfilingResults& r, const ByteReader& in) {
    for (const RankRegion& row : r.rows) {
        if (row.region >= r.regions.size())
            in.fail("row outside the region table");
        if (r.eventsRead && (row.offset > r.events.starts.size() ||
                             row.summary.count > r.events.starts.size() - row.offset))
            in.fail("row outside the event columns");
    }
    if (r.events.ends.size() != r.events.starts.size())
        in.fail("start and end columns differ in length");
}

void writeAll(int fd, const void* data, std::uint64_t size, std::uint64_t offset) {
    const char* bytes = static_cast<const char*>(data);
    while (size > 0) {
        const ssize_t n = pwrite(fd, bytes, size, static_cast<off_t>(offset));
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            throw std::runtime_error(std::string("cannot write the results: ") +
                                     std::strerror(errno));
        bytes += n;
        offset += static_cast<std::uint64_t>(n);
        size -= static_cast<std::uint64_t>(n);
    }
}

// False on a short file (the caller reports it as damaged data).
bool readAll(int fd, void* data, std::uint64_t size, std::uint64_t offset) {
    char* bytes = static_cast<char*>(data);
    while (size > 0) {
        const ssize_t n = pread(fd, bytes, size, static_cast<off_t>(offset));
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            return false;
        bytes += n;
        offset += static_cast<std::uint64_t>(n);
        size -= static_cast<std::uint64_t>(n);
    }
    return true;
}

// Sizes `column` to `count` zeros with its pages populated in one call, which
// costs a fraction of taking a page fault per page.
void allocateColumn(std::vector<std::int64_t>& column, std::size_t count) {
    column.reserve(count);
    const auto begin = reinterpret_cast<std::uintptr_t>(column.data());
    const std::uint64_t from = alignDown(begin);
    const std::uint64_t to = alignUp(begin + count * sizeof(std::int64_t));
    if (count > 0)
        madvise(reinterpret_cast<void*>(from), to - from, kPopulateWrite);
    column.resize(count);
}

// Copies `size` bytes at `offset` (page-aligned) of the memfd through a
// temporary mapping: a plain memcpy, several times faster than pread on shmem.
bool copyOut(int fd, void* data, std::uint64_t size, std::uint64_t offset) {
    struct stat info {};
    if (fstat(fd, &info) != 0 || info.st_size < 0 ||
        offset + size > static_cast<std::uint64_t>(info.st_size))
        return false;
    void* view =
        mmap(nullptr, size, PROT_READ, MAP_SHARED | MAP_POPULATE, fd, static_cast<off_t>(offset));
    if (view == MAP_FAILED)
        return readAll(fd, data, size, offset);
    std::memcpy(data, view, size);
    munmap(view, size);
    return true;
}

} // namespace

std::uint64_t ResultsCodec::encode(ProfilingResults&& results, int fd, const Progress& progress) {
    const std::string header = ResultsHeader::encode(results);
    const std::uint64_t headerSize = header.size();
    writeAll(fd, kMagic, sizeof kMagic, 0);
    writeAll(fd, &headerSize, sizeof headerSize, sizeof kMagic);
    writeAll(fd, header.data(), header.size(), sizeof kMagic + sizeof headerSize);
    std::uint64_t offset = alignUp(sizeof kMagic + sizeof headerSize + headerSize);

    std::uint64_t total = 0;
    std::uint64_t end = offset;
    for (const std::vector<std::int64_t>* column : columns(results.events)) {
        total += column->size() * sizeof(std::int64_t);
        end = alignUp(end + column->size() * sizeof(std::int64_t));
    }
    // One allocation of all the pages is much cheaper than a page fault per
    // page while writing; without it (ENOSPC, old kernels) the writes allocate.
    fallocate(fd, 0, 0, static_cast<off_t>(end));
    std::uint64_t done = 0;
    for (std::vector<std::int64_t>* column : columns(results.events)) {
        const auto begin = reinterpret_cast<std::uintptr_t>(column->data());
        const std::uint64_t bytes = column->size() * sizeof(std::int64_t);
        std::uint64_t released = alignUp(begin);
        for (std::uint64_t written = 0; written < bytes;) {
            const std::uint64_t n = std::min(kChunkBytes, bytes - written);
            writeAll(fd, reinterpret_cast<const char*>(begin) + written, n, offset + written);
            written += n;
            done += n;
            // The written pages are never read again: give them back now, not
            // when the whole column is freed.
            const std::uint64_t finished = alignDown(begin + written);
            if (finished > released) {
                madvise(reinterpret_cast<void*>(released), finished - released, MADV_DONTNEED);
                released = finished;
            }
            if (progress)
                progress(static_cast<double>(done) / static_cast<double>(total));
        }
        offset = alignUp(offset + bytes);
        std::vector<std::int64_t>().swap(*column);
    }
    // The padding after the last column is part of the buffer (a hole, no memory).
    if (ftruncate(fd, static_cast<off_t>(offset)) != 0)
        throw std::runtime_error(std::string("cannot size the results: ") + std::strerror(errno));
    return offset;
}

ProfilingResults ResultsCodec::decode(int fd, std::uint64_t size, const std::string& path,
                                      const Progress& progress) {
    ByteReader frame({}, path, kStep);
    char magic[sizeof kMagic] = {};
    std::uint64_t headerSize = 0;
    if (size < sizeof magic + sizeof headerSize || !readAll(fd, magic, sizeof magic, 0) ||
        !readAll(fd, &headerSize, sizeof headerSize, sizeof magic))
        frame.fail("truncated");
    if (std::memcmp(magic, kMagic, sizeof magic) != 0)
        frame.fail("not a results buffer");
    if (headerSize > size - sizeof magic - sizeof headerSize)
        frame.fail("header larger than the buffer");
    std::string header(headerSize, '\0');
    if (!readAll(fd, header.data(), headerSize, sizeof magic + sizeof headerSize))
        frame.fail("truncated header");

    ProfilingResults results;
    ResultsHeader::ColumnLengths counts{};
    ByteReader in(header, path, kStep);
    ResultsHeader::decode(in, results, counts);
    header = std::string();

    std::uint64_t offset = alignUp(sizeof magic + sizeof headerSize + headerSize);
    std::uint64_t total = 0;
    for (std::uint64_t count : counts) {
        if (count > size / sizeof(std::int64_t))
            in.fail("event column larger than the buffer");
        total += count * sizeof(std::int64_t);
    }
    std::uint64_t done = 0;
    std::size_t index = 0;
    for (std::vector<std::int64_t>* column : columns(results.events)) {
        const std::uint64_t bytes = counts[index++] * sizeof(std::int64_t);
        if (offset > size || bytes > size - offset)
            in.fail("event column beyond the end of the buffer");
        allocateColumn(*column, bytes / sizeof(std::int64_t));
        for (std::uint64_t copied = 0; copied < bytes;) {
            const std::uint64_t n = std::min(kChunkBytes, bytes - copied);
            if (!copyOut(fd, reinterpret_cast<char*>(column->data()) + copied, n, offset + copied))
                in.fail("truncated event column");
            // Whole pages only: a partial page would be zeroed, not freed.
            const std::uint64_t from = alignUp(offset + copied);
            const std::uint64_t to = alignDown(offset + copied + n);
            if (to > from)
                fallocate(fd, FALLOC_FL_PUNCH_HOLE | FALLOC_FL_KEEP_SIZE, static_cast<off_t>(from),
                          static_cast<off_t>(to - from));
            copied += n;
            done += n;
            if (progress)
                progress(static_cast<double>(done) / static_cast<double>(total));
        }
        offset = alignUp(offset + bytes);
    }

    validate(results, in);
    // finalize() leaves finalized results as they are and rebuilds the region
    // index, which is not part of the encoding.
    const std::optional<std::int64_t> minimumStart = results.minimumStartNs;
    results.finalize();
    results.minimumStartNs = minimumStart;
    return results;
}

} // namespace scope::isolate
