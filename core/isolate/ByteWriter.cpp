// SPDX-License-Identifier: GPL-3.0-or-later
#include "ByteWriter.h"

namespace scope::isolate {

void ByteWriter::text(std::string_view value) {
    u64(value.size());
    raw(value.data(), value.size());
}

void ByteWriter::texts(const std::vector<std::string>& values) {
    u64(values.size());
    for (const std::string& value : values)
        text(value);
}

void ByteWriter::i64s(std::span<const std::int64_t> values) {
    u64(values.size());
    raw(values.data(), values.size_bytes());
}

void ByteWriter::u64s(std::span<const std::uint64_t> values) {
    u64(values.size());
    raw(values.data(), values.size_bytes());
}

void ByteWriter::f64s(std::span<const double> values) {
    u64(values.size());
    raw(values.data(), values.size_bytes());
}

} // namespace scope::isolate
