// SPDX-License-Identifier: GPL-3.0-or-later
#include "ChunkDecoder.h"

#include <zlib.h>
#include <zstd.h>

#include <cstdint>
#include <cstring>
#include <stdexcept>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace scope {
namespace {

bool inflate(std::span<const std::byte> in, std::span<std::byte> out) {
    uLongf produced = static_cast<uLongf>(out.size());
    const int status =
        uncompress(reinterpret_cast<Bytef*>(out.data()), &produced,
                   reinterpret_cast<const Bytef*>(in.data()), static_cast<uLong>(in.size()));
    return status == Z_OK && produced == out.size();
}

bool unzstd(ZSTD_DCtx* context, std::span<const std::byte> in, std::span<std::byte> out) {
    const std::size_t produced =
        ZSTD_decompressDCtx(context, out.data(), out.size(), in.data(), in.size());
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

// Elements [from, to) of a shuffle of `elements` elements, one at a time,
// into out from its start.
void unshuffleOneByOne(const std::uint8_t* in, std::size_t elements, std::size_t from,
                       std::size_t to, std::uint8_t* out) {
    for (std::size_t i = from; i < to; ++i)
        for (std::size_t k = 0; k < sizeof(std::int64_t); ++k)
            out[(i - from) * sizeof(std::int64_t) + k] = in[k * elements + i];
}

#if defined(__SSE2__)
// Sixteen elements at a time: the 8 x 16 bytes of the eight planes are
// transposed in registers by interleaving bytes, then pairs, then quads (a
// byte at a time was a fifth of a whole read's time, decompression included).
// The first element not done.
std::size_t unshuffleBlocks(const std::uint8_t* in, std::size_t elements, std::size_t from,
                            std::size_t to, std::uint8_t* out) {
    std::size_t i = from;
    for (; i + 16 <= to; i += 16) {
        __m128i p[8];
        for (std::size_t k = 0; k < 8; ++k)
            p[k] = _mm_loadu_si128(reinterpret_cast<const __m128i*>(in + k * elements + i));
        // Bytes k, k + 1 of elements 0-7 (a[k]) and 8-15 (a[k + 1]), k even.
        __m128i a[8];
        for (std::size_t k = 0; k < 8; k += 2) {
            a[k] = _mm_unpacklo_epi8(p[k], p[k + 1]);
            a[k + 1] = _mm_unpackhi_epi8(p[k], p[k + 1]);
        }
        // Bytes 0-3 (b[0-3]) and 4-7 (b[4-7]) of elements 0-3, 4-7, 8-11, 12-15.
        const __m128i b[8] = {
            _mm_unpacklo_epi16(a[0], a[2]), _mm_unpackhi_epi16(a[0], a[2]),
            _mm_unpacklo_epi16(a[1], a[3]), _mm_unpackhi_epi16(a[1], a[3]),
            _mm_unpacklo_epi16(a[4], a[6]), _mm_unpackhi_epi16(a[4], a[6]),
            _mm_unpacklo_epi16(a[5], a[7]), _mm_unpackhi_epi16(a[5], a[7]),
        };
        auto* target = reinterpret_cast<__m128i*>(out + (i - from) * sizeof(std::int64_t));
        for (std::size_t q = 0; q < 4; ++q) {
            _mm_storeu_si128(target + 2 * q, _mm_unpacklo_epi32(b[q], b[q + 4]));
            _mm_storeu_si128(target + 2 * q + 1, _mm_unpackhi_epi32(b[q], b[q + 4]));
        }
    }
    return i;
}
#else
std::size_t unshuffleBlocks(const std::uint8_t*, std::size_t, std::size_t from, std::size_t,
                            std::uint8_t*) {
    return from;
}
#endif

void unshuffleElements(const std::uint8_t* in, std::size_t elements, std::size_t from,
                       std::size_t to, std::uint8_t* out) {
    const std::size_t done = unshuffleBlocks(in, elements, from, to, out);
    unshuffleOneByOne(in, elements, done, to, out + (done - from) * sizeof(std::int64_t));
}

// HDF5's shuffle stores byte k of every element together; with a remainder
// that is not a whole element copied as it is.
void unshuffle(std::span<const std::byte> in, std::span<std::byte> out) {
    const std::size_t elements = out.size() / sizeof(std::int64_t);
    unshuffleElements(reinterpret_cast<const std::uint8_t*>(in.data()), elements, 0, elements,
                      reinterpret_cast<std::uint8_t*>(out.data()));
    const std::size_t whole = elements * sizeof(std::int64_t);
    std::memcpy(out.data() + whole, in.data() + whole, out.size() - whole);
}

} // namespace

void ChunkDecoder::FreeZstd::operator()(ZSTD_DCtx* context) const {
    ZSTD_freeDCtx(context);
}

bool ChunkDecoder::decode(const ChunkPipeline& pipeline, std::uint32_t filterMask,
                          std::span<const std::byte> stored, std::span<std::byte> out) {
    bool shuffled = false;
    return decodeChunk(pipeline, filterMask, stored, out, false, shuffled);
}

bool ChunkDecoder::decodeLeavingShuffled(const ChunkPipeline& pipeline, std::uint32_t filterMask,
                                         std::span<const std::byte> stored,
                                         std::span<std::byte> out, bool& shuffled) {
    return decodeChunk(pipeline, filterMask, stored, out, true, shuffled);
}

void ChunkDecoder::unshuffleValues(std::span<const std::byte> chunk, std::size_t first,
                                   std::span<std::int64_t> out) {
    const std::size_t elements = chunk.size() / sizeof(std::int64_t);
    if (first > elements || out.size() > elements - first)
        throw std::out_of_range("values outside the shuffled chunk");
    unshuffleElements(reinterpret_cast<const std::uint8_t*>(chunk.data()), elements, first,
                      first + out.size(), reinterpret_cast<std::uint8_t*>(out.data()));
}

bool ChunkDecoder::decodeChunk(const ChunkPipeline& pipeline, std::uint32_t filterMask,
                               std::span<const std::byte> stored, std::span<std::byte> out,
                               bool leaveShuffled, bool& shuffled) {
    shuffled = pipeline.shuffle && (filterMask & (1u << pipeline.shuffleBit)) == 0;
    const bool compressed = pipeline.compression != ChunkCompression::None &&
                            (filterMask & (1u << pipeline.compressionBit)) == 0;
    std::span<std::byte> target = out;
    if (shuffled && !leaveShuffled) {
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
            if (!zstd_)
                zstd_.reset(ZSTD_createDCtx());
            ok = zstd_ && unzstd(zstd_.get(), stored, target);
            break;
        case ChunkCompression::None:
            break;
        }
        if (!ok)
            return false;
    }
    if (shuffled && !leaveShuffled)
        unshuffle(target, out);
    return true;
}

} // namespace scope
