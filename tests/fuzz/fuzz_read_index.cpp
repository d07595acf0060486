// SPDX-License-Identifier: GPL-3.0-or-later
// libFuzzer target: the bytes are a kept run index (core/index) decoded as
// the viewer decodes the one it finds in its cache, then once more with the
// header's size and checksum made to match the bytes, so that the checks of
// the fields themselves are fuzzed and not only the checksum's. Damage must
// end in a scope::CorruptIndexError; any other exception, crash, leak or
// hang is a finding. Build and run: see tests/fuzz/README.md.
#include "index/IndexCodec.h"
#include "model/Errors.h"

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view bytes(reinterpret_cast<const char*>(data), size);
    try {
        (void)scope::IndexCodec::peekKey(bytes, "fuzz.scopeindex");
    } catch (const scope::CorruptIndexError&) {
    }
    try {
        (void)scope::IndexCodec::decode(bytes, "fuzz.scopeindex");
    } catch (const scope::CorruptIndexError&) {
    }
    try {
        const std::string matched = scope::IndexCodec::withChecksum(std::string(bytes));
        (void)scope::IndexCodec::decode(matched, "fuzz.scopeindex");
    } catch (const scope::CorruptIndexError&) {
    }
    return 0;
}
