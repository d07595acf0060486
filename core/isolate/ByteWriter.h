// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <cstdint>
#include <cstring>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

namespace scope::isolate {

// Appends little-endian-native values to a byte string. Only ever read back by
// ByteReader on the same machine, so host byte order is the format.
class ByteWriter {
public:
    // Into a string of its own (bytes(), take()).
    ByteWriter() = default;
    // Into memory the caller has sized, by a first pass with counting():
    // a 200,000-row header goes straight into the shared memory it is read
    // from. Throws std::length_error past its end.
    explicit ByteWriter(std::span<char> into) : target_(into) {}
    // Writes nothing, only counts.
    static ByteWriter counting() {
        ByteWriter writer;
        writer.counting_ = true;
        return writer;
    }
    std::size_t size() const {
        return target_.data() != nullptr || counting_ ? size_ : bytes_.size();
    }

    void u8(std::uint8_t value) { raw(&value, sizeof value); }
    void u32(std::uint32_t value) { raw(&value, sizeof value); }
    void u64(std::uint64_t value) { raw(&value, sizeof value); }
    void i64(std::int64_t value) { raw(&value, sizeof value); }
    void f64(double value) { raw(&value, sizeof value); }
    void flag(bool value) { u8(value ? 1 : 0); }
    void text(std::string_view value);
    void texts(const std::vector<std::string>& values);
    void i64s(std::span<const std::int64_t> values);
    void u64s(std::span<const std::uint64_t> values);
    void f64s(std::span<const double> values);
    // A plain record, in one copy (ByteReader::record reads it back): for
    // the many small fields of a 200,000-row header.
    template <typename T> void record(const T& value) {
        static_assert(std::is_trivially_copyable_v<T>);
        raw(&value, sizeof value);
    }

    const std::string& bytes() const { return bytes_; }
    std::string take() { return std::move(bytes_); }

private:
    // Inline: a results header is millions of small fields.
    void raw(const void* data, std::size_t size) {
        if (size == 0)
            return; // an empty vector's data() may be null, which memcpy must not see
        if (target_.data() != nullptr) {
            if (size > target_.size() - size_)
                throw std::length_error("ByteWriter: past the end of its buffer");
            std::memcpy(target_.data() + size_, data, size);
            size_ += size;
        } else if (counting_) {
            size_ += size;
        } else {
            bytes_.append(static_cast<const char*>(data), size);
        }
    }
    std::string bytes_;
    std::span<char> target_;
    bool counting_ = false;
    std::size_t size_ = 0;
};

} // namespace scope::isolate
