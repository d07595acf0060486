// SPDX-License-Identifier: GPL-3.0-or-later
#include "IndexReader.h"

#include "model/Errors.h"

namespace scope {

IndexReader::IndexReader(std::string_view bytes, std::string indexPath, std::string step,
                         std::size_t origin)
    : ByteReader(bytes, std::move(indexPath), std::move(step)), origin_(origin) {}

void IndexReader::fail(const std::string& what) const {
    throw CorruptIndexError(path(), step(),
                            "damaged index (" + what + " at byte " +
                                std::to_string(origin_ + position()) + ")");
}

} // namespace scope
