// SPDX-License-Identifier: GPL-3.0-or-later
#include "ChunkDecoder.h"

#include <zlib.h>
#include <zstd.h>

#include <cstring>

namespace scope {
namespace {

bool inflate(std::span<const std::byte> in, std::span<std::byte> out) {
    uLongf produced = static_cast<uLongf>(out.size());
    const int status =
        uncompress(reinterpret_cast<Bytef*>(out.data()), &produced,
                   reinterpret_cast<const Bytef*>(in.data()), static_cast<uLong>(in.size()));
    return status == Z_OK && produced == out.size();
}

bool unzstd(std::span<const std::byte> in, std::span<std::byte> out) {
    const std::size_t produced = ZSTD_decompress(out.data(), out.size(), in.data(), in.size());
    return !ZSTD_isError(produced) && produced == out.size();
}

// LZF as liblzf writes it (h5py's LZF filter): a control byte below 32 starts
// a run of that many plus one literal bytes; any other is a back reference.
bool unlzf(std::span<const std::byte> in, std::span<std::byte> out) {
    const auto* ip = reinterpret_cast<const std::uint8_t*>(in.data());
    const std::uint8_t* const inEnd = ip + in.size();
    auto* const outBegin = reinterpret_cast<std::uint8_t*>(out.data());
    std::uint8_t* op = outBegin;
    std::uint8_t* const outEnd = outBegin + out.size();
    while (ip < inEnd) {
        const unsigned control = *ip++;
        if (control < 32) {
            const std::size_t length = control + 1;
            if (static_cast<std::size_t>(inEnd - ip) < length ||
                static_cast<std::size_t>(outEnd - op) < length)
                return false;
            std::memcpy(op, ip, length);
            op += length;
            ip += length;
            continue;
        }
        std::size_t length = control >> 5;
        if (length == 7) {
            if (ip == inEnd)
                return false;
            length += *ip++;
        }
        length += 2;
        if (ip == inEnd)
            return false;
        const std::size_t back = ((control & 0x1fu) << 8) + *ip++ + 1;
        if (static_cast<std::size_t>(op - outBegin) < back ||
            static_cast<std::size_t>(outEnd - op) < length)
            return false;
        // The source may overlap what is being written: byte by byte.
        const std::uint8_t* ref = op - back;
        for (std::size_t i = 0; i < length; ++i)
            *op++ = *ref++;
    }
    return op == outEnd;
}

// HDF5's shuffle stores byte k of every element together; with a remainder
// that is not a whole element copied as it is.
void unshuffle(std::span<const std::byte> in, std::span<std::byte> out) {
    constexpr std::size_t kWidth = sizeof(std::int64_t);
    const std::size_t elements = out.size() / kWidth;
    for (std::size_t k = 0; k < kWidth; ++k) {
        const std::byte* source = in.data() + k * elements;
        std::byte* target = out.data() + k;
        for (std::size_t i = 0; i < elements; ++i)
            target[i * kWidth] = source[i];
    }
    const std::size_t whole = elements * kWidth;
    std::memcpy(out.data() + whole, in.data() + whole, out.size() - whole);
}

} // namespace

bool ChunkDecoder::decode(const ChunkPipeline& pipeline, std::uint32_t filterMask,
                          std::span<const std::byte> stored, std::span<std::byte> out) {
    const bool shuffled = pipeline.shuffle && (filterMask & (1u << pipeline.shuffleBit)) == 0;
    const bool compressed = pipeline.compression != ChunkCompression::None &&
                            (filterMask & (1u << pipeline.compressionBit)) == 0;
    std::span<std::byte> target = out;
    if (shuffled) {
        shuffled_.resize(out.size());
        target = shuffled_;
    }
    if (!compressed) {
        if (stored.size() < target.size())
            return false;
        std::memcpy(target.data(), stored.data(), target.size());
    } else {
        bool ok = false;
        switch (pipeline.compression) {
        case ChunkCompression::Deflate:
            ok = inflate(stored, target);
            break;
        case ChunkCompression::Lzf:
            ok = unlzf(stored, target);
            break;
        case ChunkCompression::Zstd:
            ok = unzstd(stored, target);
            break;
        case ChunkCompression::None:
            break;
        }
        if (!ok)
            return false;
    }
    if (shuffled)
        unshuffle(target, out);
    return true;
}

} // namespace scope
