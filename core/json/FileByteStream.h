// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "ByteStream.h"
#include "plan/RegularFile.h"

namespace scope {

// A regular file read with plain I/O from its start.
class FileByteStream : public ByteStream {
public:
    // Throws FileNotFoundError or CorruptProfileError (RegularFile::open).
    FileByteStream(const std::string& path, ReadControl control = {});

    std::size_t read(std::byte* out, std::size_t size) override;
    const std::string& name() const override { return path_; }

private:
    std::string path_;
    RegularFile file_;
    ReadControl control_;
    std::uint64_t offset_ = 0;
};

} // namespace scope
