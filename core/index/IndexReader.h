// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "isolate/ByteReader.h"

#include <cstddef>
#include <string>
#include <string_view>

namespace scope {

// Reads the bytes of a kept index (or of rank builds gathered for one) as
// ByteReader does, every read and count checked, but damage throws
// CorruptIndexError naming the index: an index that cannot be read is
// rebuilt, never shown as a failure of the run.
class IndexReader final : public isolate::ByteReader {
public:
    // `origin`: where `bytes` start in the index, for the byte named in errors.
    IndexReader(std::string_view bytes, std::string indexPath,
                std::string step = "reading the index", std::size_t origin = 0);

    [[noreturn]] void fail(const std::string& what) const override;

private:
    std::size_t origin_;
};

} // namespace scope
