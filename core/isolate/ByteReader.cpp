// SPDX-License-Identifier: GPL-3.0-or-later
#include "ByteReader.h"

#include "model/Errors.h"

#include <cstring>

namespace scope::isolate {

ByteReader::ByteReader(std::string_view bytes, std::string path, std::string step)
    : bytes_(bytes), path_(std::move(path)), step_(std::move(step)) {}

void ByteReader::fail(const std::string& what) const {
    // The step names who sent the bytes: the read helper, a host, the viewer.
    throw CorruptProfileError(
        path_, step_, "damaged data (" + what + " at byte " + std::to_string(position_) + ")");
}

bool ByteReader::flag() {
    const std::uint8_t value = u8();
    if (value > 1)
        fail("invalid flag");
    return value == 1;
}

std::size_t ByteReader::count(std::size_t minimumItemBytes) {
    const std::uint64_t n = u64();
    const std::size_t left = bytes_.size() - position_;
    if (minimumItemBytes > 0 ? n > left / minimumItemBytes : n > left)
        fail("count larger than the data");
    return static_cast<std::size_t>(n);
}

std::string ByteReader::text() {
    const std::size_t n = count(1);
    std::string value(bytes_.substr(position_, n));
    position_ += n;
    return value;
}

std::vector<std::string> ByteReader::texts() {
    std::vector<std::string> values(count(sizeof(std::uint64_t)));
    for (std::string& value : values)
        value = text();
    return values;
}

std::vector<std::int64_t> ByteReader::i64s() {
    return array<std::int64_t>();
}
std::vector<std::uint64_t> ByteReader::u64s() {
    return array<std::uint64_t>();
}
std::vector<double> ByteReader::f64s() {
    return array<double>();
}

} // namespace scope::isolate
