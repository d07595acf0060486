#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

namespace scope::isolate {

// Appends little-endian-native values to a byte string. Only ever read back by
// ByteReader on the same machine, so host byte order is the format.
class ByteWriter {
public:
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

    void reserve(std::size_t bytes) { bytes_.reserve(bytes); }
    const std::string& bytes() const { return bytes_; }
    std::string take() { return std::move(bytes_); }

private:
    // Inline: a results header is millions of small fields.
    void raw(const void* data, std::size_t size) {
        bytes_.append(static_cast<const char*>(data), size);
    }
    std::string bytes_;
};

} // namespace scope::isolate
