// SPDX-License-Identifier: GPL-3.0-or-later
#include "EventPlanner.h"

#include "h5/BTreeChunkIndex.h"
#include "model/Errors.h"

#include <bit>
#include <cstdio>
#include <span>
#include <string>

namespace scope {
namespace {

// A contiguous dataset is cut into pieces of this many values, so that its
// bytes are read on several threads like chunks.
constexpr std::uint64_t kContiguousPiece = std::uint64_t{1} << 19;
// Larger chunks (none that scope-profiler writes) are left to libhdf5.
constexpr std::uint64_t kMaxChunkElements = (std::uint64_t{1} << 30) / sizeof(std::int64_t);

bool isCompressor(H5Z_filter_t id, ChunkCompression& compression) {
    switch (id) {
    case H5Z_FILTER_DEFLATE:
        compression = ChunkCompression::Deflate;
        return true;
    case 32000:
        compression = ChunkCompression::Lzf;
        return true;
    case 32015:
        compression = ChunkCompression::Zstd;
        return true;
    default:
        return false;
    }
}

// Shuffle first, then at most one compressor: what h5py and scope-profiler's
// writers produce. False for any other pipeline.
bool readPipeline(hid_t creation, ChunkPipeline& pipeline) {
    const int count = H5Pget_nfilters(creation);
    if (count < 0 || count > 2)
        return false;
    bool compressed = false;
    for (int i = 0; i < count; ++i) {
        unsigned flags = 0;
        std::size_t values = 1;
        unsigned parameters[1] = {0};
        unsigned config = 0;
        const H5Z_filter_t id = H5Pget_filter2(creation, static_cast<unsigned>(i), &flags, &values,
                                               parameters, 0, nullptr, &config);
        if (id == H5Z_FILTER_SHUFFLE && i == 0 &&
            (values == 0 || parameters[0] == sizeof(std::int64_t))) {
            pipeline.shuffle = true;
            pipeline.shuffleBit = static_cast<std::uint8_t>(i);
        } else if (!compressed && isCompressor(id, pipeline.compression)) {
            compressed = true;
            pipeline.compressionBit = static_cast<std::uint8_t>(i);
        } else {
            return false;
        }
    }
    return true;
}

// "12.5 KiB", "410 MiB": for messages.
std::string byteSize(std::uint64_t bytes) {
    const char* unit = "bytes";
    double value = static_cast<double>(bytes);
    for (const char* next : {"KiB", "MiB", "GiB", "TiB"}) {
        if (value < 1024.0)
            break;
        value /= 1024.0;
        unit = next;
    }
    char text[32];
    std::snprintf(text, sizeof text, unit[0] == 'b' ? "%.0f %s" : "%.1f %s", value, unit);
    return text;
}

} // namespace

EventPlanner::Mark EventPlanner::mark() const {
    return {plan_.datasets.size(), plan_.chunks.size(), plan_.inlineValues.size()};
}

void EventPlanner::rollBack(const Mark& mark) {
    plan_.datasets.resize(mark.datasets);
    plan_.chunks.resize(mark.chunks);
    plan_.inlineValues.resize(mark.inlineValues);
}

void EventPlanner::add(const h5::DatasetReader& reader, EventColumnId column,
                       std::uint64_t destination, std::int64_t row) {
    PlannedDataset planned;
    planned.column = column;
    planned.destination = destination;
    planned.length = reader.length();
    reader.checkClaimedSize(planned.length, sizeof(std::int64_t));
    planned.row = row;
    planned.name = reader.name();
    planned.firstChunk = plan_.chunks.size();
    // A plan holds every chunk, each found stored: the column was written.
    if (!planChunks(reader, planned)) {
        reader.checkAllocation(planned.length, sizeof(std::int64_t));
        plan_.chunks.resize(planned.firstChunk);
        planned.firstChunk = 0;
        planned.chunkCount = 0;
        planned.chunkElements = 0;
        planned.isInline = true;
        checkInlineLimit(planned);
        planned.inlineOffset = plan_.inlineValues.size();
        plan_.inlineValues.resize(planned.inlineOffset + planned.length);
        reader.readInt64(std::span(plan_.inlineValues).subspan(planned.inlineOffset));
    }
    plan_.datasets.push_back(std::move(planned));
}

void EventPlanner::checkInlineLimit(const PlannedDataset& planned) const {
    const std::uint64_t bytes = (plan_.inlineValues.size() + planned.length) * sizeof(std::int64_t);
    if (inlineLimit_ == 0 || bytes <= inlineLimit_)
        return;
    throw ProfileError(file_.path(), "reading the event columns",
                       "'" + planned.name +
                           "' is stored so that only libhdf5 reads it (big-endian, checksummed "
                           "or another uncommon layout), whole and into memory: such columns "
                           "need " +
                           byteSize(bytes) + ", more than the memory budget of " +
                           byteSize(inlineLimit_) +
                           "; raise the budget (--memory-budget, or Preferences)");
}

bool EventPlanner::planChunks(const h5::DatasetReader& reader, PlannedDataset& planned) {
    if (std::endian::native != std::endian::little || !file_.rawOffsetsAreFileOffsets() ||
        reader.rank() != 1)
        return false;
    const hid_t dataset = reader.id();
    h5::Datatype type(H5Dget_type(dataset));
    h5::PropertyList creation(H5Dget_create_plist(dataset));
    if (!type || H5Tequal(type.get(), H5T_STD_I64LE) <= 0 || !creation ||
        H5Pget_external_count(creation.get()) != 0)
        return false;
    switch (H5Pget_layout(creation.get())) {
    case H5D_CONTIGUOUS:
        return H5Pget_nfilters(creation.get()) == 0 && planContiguous(dataset, planned);
    case H5D_CHUNKED:
        return planChunked(dataset, creation.get(), planned);
    default:
        return false; // compact, virtual: small or unusual, libhdf5's job
    }
}

bool EventPlanner::planContiguous(hid_t dataset, PlannedDataset& planned) {
    planned.chunkElements = kContiguousPiece;
    planned.chunkCount = (planned.length + kContiguousPiece - 1) / kContiguousPiece;
    if (planned.length == 0)
        return true;
    const haddr_t address = H5Dget_offset(dataset);
    if (address == HADDR_UNDEF) // never written: fill values
        return false;
    const std::uint64_t bytes = planned.length * sizeof(std::int64_t);
    constexpr std::uint64_t kPieceBytes = kContiguousPiece * sizeof(std::int64_t);
    for (std::uint64_t piece = 0; piece < planned.chunkCount; ++piece)
        plan_.chunks.push_back(
            {address + piece * kPieceBytes, std::min(kPieceBytes, bytes - piece * kPieceBytes), 0});
    return true;
}

bool EventPlanner::planChunked(hid_t dataset, hid_t creation, PlannedDataset& planned) {
    hsize_t chunk[1] = {0};
    if (H5Pget_chunk(creation, 1, chunk) != 1 || chunk[0] == 0 || chunk[0] > kMaxChunkElements ||
        !readPipeline(creation, planned.pipeline))
        return false;
    planned.chunkElements = chunk[0];
    planned.chunkCount = (planned.length + chunk[0] - 1) / chunk[0];
    if (planned.chunkCount == 0)
        return true;
    // Every chunk takes at least a B-tree entry's 32 bytes of the file: more
    // are a damaged size, which libhdf5's own read rejects.
    if (planned.chunkCount > file_.fileSize() / 32)
        return false;
    H5O_info_t info;
    if (const EventBytes* bytes = file_.rawBytes();
        bytes != nullptr && H5Oget_info2(dataset, &info, H5O_INFO_BASIC) >= 0) {
        const auto chunks =
            h5::BTreeChunkIndex(*bytes).read(info.addr, chunk[0], planned.chunkCount);
        // Checked against libhdf5 at both ends, so that a structure misread
        // here shows at once. At the far end by its stored size: libhdf5 1.10
        // finds a chunk's address only by walking the index up to it.
        if (chunks && lookUpChunk(dataset, 0) == chunks->front() &&
            storedBytesAt(dataset, (planned.chunkCount - 1) * chunk[0]) ==
                chunks->back().storedBytes) {
            plan_.chunks.insert(plan_.chunks.end(), chunks->begin(), chunks->end());
            return true;
        }
    }
    for (std::uint64_t k = 0; k < planned.chunkCount; ++k) {
        const std::optional<StoredChunk> stored = lookUpChunk(dataset, k * chunk[0]);
        if (!stored)
            return false;
        plan_.chunks.push_back(*stored);
    }
    return true;
}

std::optional<hsize_t> EventPlanner::storedBytesAt(hid_t dataset, std::uint64_t element) {
    hsize_t offset[1] = {element};
    hsize_t storedBytes = 0;
    if (H5Dget_chunk_storage_size(dataset, offset, &storedBytes) < 0 || storedBytes == 0)
        return std::nullopt;
    return storedBytes;
}

std::optional<StoredChunk> EventPlanner::lookUpChunk(hid_t dataset, std::uint64_t element) {
    hsize_t offset[1] = {element};
    unsigned filterMask = 0;
    haddr_t address = HADDR_UNDEF;
    hsize_t storedBytes = 0;
    if (H5Dget_chunk_info_by_coord(dataset, offset, &filterMask, &address, &storedBytes) < 0 ||
        address == HADDR_UNDEF) // damaged index, or a chunk never written (fill values)
        return std::nullopt;
    return StoredChunk{address, storedBytes, filterMask};
}

} // namespace scope
