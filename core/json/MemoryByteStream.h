// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "ByteStream.h"

#include <span>

namespace scope {

// A document already in memory (a test's or a fuzzer's image).
class MemoryByteStream : public ByteStream {
public:
    MemoryByteStream(std::span<const std::byte> bytes, std::string name, ReadControl control = {})
        : bytes_(bytes), name_(std::move(name)), control_(std::move(control)) {}

    std::size_t read(std::byte* out, std::size_t size) override;
    const std::string& name() const override { return name_; }

private:
    std::span<const std::byte> bytes_;
    std::string name_;
    ReadControl control_;
    std::size_t offset_ = 0;
};

} // namespace scope
