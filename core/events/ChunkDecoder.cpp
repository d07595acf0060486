// SPDX-License-Identifier: GPL-3.0-or-later
#include "ChunkDecoder.h"

#include <zlib.h>
#include <zstd.h>

#include <cstdint>
#include <cstring>
#include <stdexcept>

#if defined(__x86_64__)
#include <immintrin.h>
#elif defined(__SSE2__)
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

#if defined(__x86_64__)
// Sixty-four elements at a time: the same three interleaves at 512 bits stay
// inside each 128-bit lane, so lane j of vector m holds elements 16j + 2m and
// 16j + 2m + 1; a 4 x 4 transpose of lanes among vectors 0-3 and among 4-7
// then puts eight consecutive elements in each: about three times the
// elements per instruction of the loop above, for every call of a first open.
[[gnu::target("avx512bw")]] std::size_t unshuffleSixtyFours(const std::uint8_t* in,
                                                            std::size_t elements, std::size_t from,
                                                            std::size_t to, std::uint8_t* out) {
    // Unmasked, these intrinsics leave lanes undefined, which gcc 12 takes
    // for uninitialized variables; all lanes of a mask do the same.
    constexpr __mmask16 kAll16 = 0xffff;
    constexpr __mmask8 kAll8 = 0xff;
    std::size_t i = from;
    for (; i + 64 <= to; i += 64) {
        __m512i p[8];
        for (std::size_t k = 0; k < 8; ++k)
            p[k] = _mm512_loadu_si512(in + k * elements + i);
        __m512i a[8];
        for (std::size_t k = 0; k < 8; k += 2) {
            a[k] = _mm512_unpacklo_epi8(p[k], p[k + 1]);
            a[k + 1] = _mm512_unpackhi_epi8(p[k], p[k + 1]);
        }
        const __m512i b[8] = {
            _mm512_unpacklo_epi16(a[0], a[2]), _mm512_unpackhi_epi16(a[0], a[2]),
            _mm512_unpacklo_epi16(a[1], a[3]), _mm512_unpackhi_epi16(a[1], a[3]),
            _mm512_unpacklo_epi16(a[4], a[6]), _mm512_unpackhi_epi16(a[4], a[6]),
            _mm512_unpacklo_epi16(a[5], a[7]), _mm512_unpackhi_epi16(a[5], a[7]),
        };
        __m512i o[8];
        for (std::size_t q = 0; q < 4; ++q) {
            o[2 * q] = _mm512_maskz_unpacklo_epi32(kAll16, b[q], b[q + 4]);
            o[2 * q + 1] = _mm512_maskz_unpackhi_epi32(kAll16, b[q], b[q + 4]);
        }
        auto* target = out + (i - from) * sizeof(std::int64_t);
        for (std::size_t h = 0; h < 2; ++h) {
            const __m512i* x = o + 4 * h;
            const __m512i t0 = _mm512_maskz_shuffle_i64x2(kAll8, x[0], x[1], 0x44);
            const __m512i t1 = _mm512_maskz_shuffle_i64x2(kAll8, x[0], x[1], 0xee);
            const __m512i t2 = _mm512_maskz_shuffle_i64x2(kAll8, x[2], x[3], 0x44);
            const __m512i t3 = _mm512_maskz_shuffle_i64x2(kAll8, x[2], x[3], 0xee);
            // Lane j of the four: elements 16j + 8h to 16j + 8h + 7.
            const __m512i lanes[4] = {_mm512_maskz_shuffle_i64x2(kAll8, t0, t2, 0x88),
                                      _mm512_maskz_shuffle_i64x2(kAll8, t0, t2, 0xdd),
                                      _mm512_maskz_shuffle_i64x2(kAll8, t1, t3, 0x88),
                                      _mm512_maskz_shuffle_i64x2(kAll8, t1, t3, 0xdd)};
            for (std::size_t j = 0; j < 4; ++j)
                _mm512_storeu_si512(target + (16 * j + 8 * h) * sizeof(std::int64_t), lanes[j]);
        }
    }
    return i;
}
#endif

void unshuffleElements(const std::uint8_t* in, std::size_t elements, std::size_t from,
                       std::size_t to, std::uint8_t* out) {
    std::size_t wideDone = from;
#if defined(__x86_64__)
    static const bool wide = __builtin_cpu_supports("avx512bw");
    if (wide)
        wideDone = unshuffleSixtyFours(in, elements, from, to, out);
#endif
    const std::size_t done =
        unshuffleBlocks(in, elements, wideDone, to, out + (wideDone - from) * sizeof(std::int64_t));
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
