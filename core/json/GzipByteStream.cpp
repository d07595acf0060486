// SPDX-License-Identifier: GPL-3.0-or-later
#include "GzipByteStream.h"

#include "model/Errors.h"

#include <zlib.h>

namespace scope {
namespace {

constexpr std::size_t kInputSize = 64 * 1024;
constexpr const char* kStep = "decompressing the gzip stream";

} // namespace

struct GzipByteStream::State {
    z_stream z{};
};

GzipByteStream::GzipByteStream(ByteStream& compressed)
    : compressed_(compressed), state_(std::make_unique<State>()), input_(kInputSize) {
    // 16 + MAX_WBITS: a gzip header and trailer, nothing else.
    if (inflateInit2(&state_->z, 16 + MAX_WBITS) != Z_OK)
        fail("zlib could not be set up");
}

GzipByteStream::~GzipByteStream() {
    inflateEnd(&state_->z);
}

bool GzipByteStream::hasMagic(const std::byte* head, std::size_t size) {
    return size >= 2 && head[0] == std::byte{0x1f} && head[1] == std::byte{0x8b};
}

void GzipByteStream::fail(const std::string& what) const {
    throw CorruptProfileError(name(), kStep, what);
}

std::size_t GzipByteStream::read(std::byte* out, std::size_t size) {
    z_stream& z = state_->z;
    z.next_out = reinterpret_cast<Bytef*>(out);
    z.avail_out = static_cast<uInt>(size);
    while (z.avail_out == size) {
        if (z.avail_in == 0 && !inputEnded_) {
            const std::size_t n = compressed_.read(input_.data(), input_.size());
            inputEnded_ = n == 0;
            z.next_in = reinterpret_cast<Bytef*>(input_.data());
            z.avail_in = static_cast<uInt>(n);
        }
        if (memberEnded_) {
            if (z.avail_in == 0 && inputEnded_)
                return 0;
            // Another member follows (or trailing bytes, which inflate rejects).
            if (inflateReset(&z) != Z_OK)
                fail("zlib could not start the next gzip member");
            memberEnded_ = false;
        }
        if (z.avail_in == 0 && inputEnded_)
            fail("the gzip stream ends early (truncated); the file was probably cut short");
        const int status = inflate(&z, Z_NO_FLUSH);
        if (status == Z_STREAM_END)
            memberEnded_ = true;
        else if (status == Z_NEED_DICT || status == Z_DATA_ERROR || status == Z_MEM_ERROR)
            fail(std::string("damaged gzip data (") + (z.msg != nullptr ? z.msg : "zlib error") +
                 ")");
        else if (status == Z_BUF_ERROR && z.avail_in > 0)
            fail("zlib made no progress (damaged gzip data)");
    }
    return size - z.avail_out;
}

} // namespace scope
