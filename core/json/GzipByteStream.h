// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "ByteStream.h"

#include <memory>
#include <vector>

namespace scope {

// The gunzipped bytes of another stream (`*.json.gz`). Upstream writes one
// member; later members are read on as gzip(1) does. Damaged or cut data is a
// CorruptProfileError naming the file.
class GzipByteStream : public ByteStream {
public:
    explicit GzipByteStream(ByteStream& compressed);
    ~GzipByteStream() override;
    GzipByteStream(const GzipByteStream&) = delete;
    GzipByteStream& operator=(const GzipByteStream&) = delete;

    std::size_t read(std::byte* out, std::size_t size) override;
    const std::string& name() const override { return compressed_.name(); }

    // Whether `head` starts with the gzip magic 1f 8b.
    static bool hasMagic(const std::byte* head, std::size_t size);

private:
    struct State;
    [[noreturn]] void fail(const std::string& what) const;

    ByteStream& compressed_;
    std::unique_ptr<State> state_;
    std::vector<std::byte> input_;
    bool inputEnded_ = false;
    bool memberEnded_ = false;
};

} // namespace scope
