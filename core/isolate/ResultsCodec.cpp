// SPDX-License-Identifier: GPL-3.0-or-later
#include "ResultsCodec.h"

#include "AdoptedColumnStore.h"
#include "ByteReader.h"
#include "ByteWriter.h"
#include "PageSize.h"
#include "ResultsHeader.h"
#include "SharedColumnArena.h"
#include "plan/EventBytes.h"

#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <array>
#include <cerrno>
#include <cstring>
#include <stdexcept>
#include <system_error>

namespace scope::isolate {
namespace {

constexpr char kMagic[8] = {'S', 'C', 'O', 'P', 'E', 'R', 'S', '2'};
constexpr const char* kStep = "receiving the results of the read helper";

static_assert(ResultsCodec::kReservedBytes % kPageBytes == 0);

// The first page: where the header is.
struct Frame {
    char magic[sizeof kMagic];
    std::uint64_t headerOffset;
    std::uint64_t headerSize;
};

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

// Where `column` is in the arena's memfd, copying it in first if it is not.
std::uint64_t placeInArena(EventColumn& column, SharedColumnArena& arena) {
    if (const std::optional<std::uint64_t> offset = arena.offsetOf(column.data()))
        return *offset;
    const std::size_t bytes = column.size() * sizeof(std::int64_t);
    void* copy = arena.allocate(bytes);
    std::memcpy(copy, column.data(), bytes);
    EventColumn().swap(column);
    return *arena.offsetOf(copy);
}

// A read-only mapping of the header (page-aligned offset).
class HeaderView {
public:
    HeaderView(int fd, std::uint64_t offset, std::uint64_t size) : size_(size) {
        if (size == 0)
            return;
        void* view = mmap(nullptr, size, PROT_READ, MAP_SHARED | MAP_POPULATE, fd,
                          static_cast<off_t>(offset));
        data_ = view == MAP_FAILED ? nullptr : static_cast<const char*>(view);
    }
    ~HeaderView() {
        if (data_ != nullptr)
            munmap(const_cast<char*>(data_), size_);
    }
    HeaderView(const HeaderView&) = delete;
    HeaderView& operator=(const HeaderView&) = delete;

    bool valid() const { return size_ == 0 || data_ != nullptr; }
    std::string_view bytes() const { return {data_ == nullptr ? "" : data_, size_}; }

private:
    const char* data_ = nullptr;
    std::uint64_t size_;
};

} // namespace

std::uint64_t ResultsCodec::encode(PlannedRead&& read, SharedColumnArena& arena) {
    ResultsHeader::ColumnPlace place;
    EventColumn& inlineValues = read.events.inlineValues;
    place.count = inlineValues.size();
    if (!inlineValues.empty())
        place.offset = placeInArena(inlineValues, arena);
    // The values are the results now: freeing them must not punch them out.
    arena.keepContents();
    // Sized first, then written straight into the memfd (the header of a
    // 1,024-rank file is tens of megabytes): the last block of the buffer.
    ByteWriter counter = ByteWriter::counting();
    ResultsHeader::encode(read, place, counter);
    Frame frame{};
    std::memcpy(frame.magic, kMagic, sizeof kMagic);
    frame.headerSize = counter.size();
    void* header = arena.allocate(frame.headerSize);
    frame.headerOffset = *arena.offsetOf(header);
    ByteWriter out(std::span(static_cast<char*>(header), frame.headerSize));
    ResultsHeader::encode(read, place, out);
    writeAll(arena.fd(), &frame, sizeof frame, 0);
    return frame.headerOffset + frame.headerSize;
}

PlannedRead ResultsCodec::decode(int fd, std::uint64_t size, const std::string& path) {
    ByteReader check({}, path, kStep);
    // A buffer larger than the memfd would fault (SIGBUS) when mapped and read.
    struct stat info {};
    if (fstat(fd, &info) != 0 || info.st_size < 0 ||
        static_cast<std::uint64_t>(info.st_size) < size)
        check.fail("truncated");
    Frame frame{};
    if (size < kReservedBytes ||
        !EventBytes::readFully(fd, 0, std::as_writable_bytes(std::span(&frame, 1))))
        check.fail("truncated");
    if (std::memcmp(frame.magic, kMagic, sizeof kMagic) != 0)
        check.fail("not a results buffer");
    if (frame.headerOffset < kReservedBytes || frame.headerOffset > size ||
        frame.headerSize != size - frame.headerOffset)
        check.fail("header outside the buffer");
    // Read in place: the header of a 1,024-rank file is tens of megabytes.
    const HeaderView header(fd, frame.headerOffset, frame.headerSize);
    if (!header.valid())
        check.fail("cannot map the header");

    PlannedRead read;
    ResultsHeader::ColumnPlace place;
    ByteReader in(header.bytes(), path, kStep);
    ResultsHeader::decode(in, read, place);
    if (place.count > 0) {
        if (place.count > size / sizeof(std::int64_t) || place.offset % kPageBytes != 0 ||
            place.offset < kReservedBytes || place.offset > frame.headerOffset ||
            place.count * sizeof(std::int64_t) > frame.headerOffset - place.offset)
            in.fail("event values outside the buffer");
        std::shared_ptr<AdoptedColumnStore> store;
        try {
            store = std::make_shared<AdoptedColumnStore>(fd, place.offset,
                                                         place.count * sizeof(std::int64_t));
        } catch (const std::system_error& error) {
            in.fail(error.what());
        }
        EventColumn adopted{ColumnAllocator<std::int64_t>(std::move(store))};
        // reserve() asks for exactly `count` elements, which is the mapping.
        adopted.reserve(place.count);
        adopted.resize(place.count);
        read.events.inlineValues = std::move(adopted);
    }
    return read;
}

std::string ResultsCodec::encodeSummaries(const PlannedRead& read) {
    if (!read.events.inlineValues.empty() || !read.events.datasets.empty())
        throw std::logic_error("summaries with a plan of calls");
    ByteWriter out;
    ResultsHeader::encode(read, {}, out);
    return out.take();
}

PlannedRead ResultsCodec::decodeSummaries(std::string_view bytes, const std::string& path) {
    ByteReader in(bytes, path, kStep);
    return decodeSummaries(in);
}

PlannedRead ResultsCodec::decodeSummaries(ByteReader& in) {
    PlannedRead read;
    ResultsHeader::ColumnPlace place;
    ResultsHeader::decode(in, read, place);
    if (place.count != 0 || !read.events.datasets.empty())
        in.fail("summaries with calls");
    if (!in.atEnd())
        in.fail("bytes after the summaries");
    return read;
}

} // namespace scope::isolate
