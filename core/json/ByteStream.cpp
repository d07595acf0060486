// SPDX-License-Identifier: GPL-3.0-or-later
#include "ByteStream.h"

#include "model/Errors.h"

namespace scope {

void ByteStream::checkpoint(const ReadControl& control, const std::string& name, std::uint64_t done,
                            std::uint64_t total) {
    if (control.cancel != nullptr && control.cancel->load())
        throw ReadCancelled(name, "reading the JSON profile", "cancelled");
    if (control.progress && total > 0)
        control.progress(static_cast<double>(done) / static_cast<double>(total),
                         "reading the JSON profile");
}

} // namespace scope
