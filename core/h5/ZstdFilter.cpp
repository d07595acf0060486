// SPDX-License-Identifier: GPL-3.0-or-later
#include "ZstdFilter.h"

#include <hdf5.h>
#include <zstd.h>

#include <cstdlib>
#include <cstring>

namespace scope::h5 {
namespace {

// Each chunk is one Zstandard frame, as the standard plugin writes it. On
// success HDF5 takes ownership of the new buffer (it must come from malloc).
size_t decompress(unsigned int flags, size_t /*cdNelmts*/, const unsigned int* /*cdValues*/,
                  size_t nbytes, size_t* bufSize, void** buf) {
    if ((flags & H5Z_FLAG_REVERSE) == 0)
        return 0; // compression is not offered: the viewer only reads
    const unsigned long long expected = ZSTD_getFrameContentSize(*buf, nbytes);
    if (expected == ZSTD_CONTENTSIZE_ERROR)
        return 0;
    if (expected != ZSTD_CONTENTSIZE_UNKNOWN) {
        // A damaged header could claim any size; HDF5 chunks are limited to 4 GiB.
        if (expected > 0xFFFFFFFFull)
            return 0;
        void* out = std::malloc(expected > 0 ? expected : 1);
        if (out == nullptr)
            return 0;
        const size_t got = ZSTD_decompress(out, expected, *buf, nbytes);
        if (ZSTD_isError(got) || got != expected) {
            std::free(out);
            return 0;
        }
        std::free(*buf);
        *buf = out;
        *bufSize = expected;
        return got;
    }
    // Streaming frames do not record their size: grow the output as needed.
    ZSTD_DStream* stream = ZSTD_createDStream();
    if (stream == nullptr)
        return 0;
    size_t capacity = nbytes * 4 + 1024;
    char* out = static_cast<char*>(std::malloc(capacity));
    ZSTD_inBuffer in{*buf, nbytes, 0};
    ZSTD_outBuffer dst{out, capacity, 0};
    bool ok = out != nullptr;
    while (ok) {
        const size_t rc = ZSTD_decompressStream(stream, &dst, &in);
        if (ZSTD_isError(rc)) {
            ok = false;
        } else if (rc == 0 && in.pos == in.size) {
            break;
        } else if (dst.pos == dst.size) {
            if (capacity > 0xFFFFFFFFull) {
                ok = false;
                break;
            }
            capacity *= 2;
            char* grown = static_cast<char*>(std::realloc(out, capacity));
            if (grown == nullptr) {
                ok = false;
                break;
            }
            out = grown;
            dst.dst = out;
            dst.size = capacity;
        } else if (in.pos == in.size) {
            ok = false; // the frame ends early: truncated data
        }
    }
    ZSTD_freeDStream(stream);
    if (!ok) {
        std::free(out);
        return 0;
    }
    std::free(*buf);
    *buf = out;
    *bufSize = capacity;
    return dst.pos;
}

} // namespace

void registerZstdFilter() {
    if (H5Zfilter_avail(kZstdFilterId) > 0)
        return;
    static const H5Z_class2_t filterClass = {H5Z_CLASS_T_VERS,
                                             static_cast<H5Z_filter_t>(kZstdFilterId),
                                             1,
                                             1,
                                             "zstd (decompress only)",
                                             nullptr,
                                             nullptr,
                                             decompress};
    H5Zregister(&filterClass);
}

} // namespace scope::h5
