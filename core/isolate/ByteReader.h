// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <iterator>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

namespace scope::isolate {

// Reads what ByteWriter wrote. Every read is checked against the end of the
// buffer, and every count against the bytes left, so a damaged buffer throws
// CorruptProfileError instead of reading out of bounds or allocating wildly.
class ByteReader {
public:
    ByteReader(std::string_view bytes, std::string path, std::string step);
    virtual ~ByteReader() = default;

    std::uint8_t u8() { return scalar<std::uint8_t>(); }
    std::uint32_t u32() { return scalar<std::uint32_t>(); }
    std::uint64_t u64() { return scalar<std::uint64_t>(); }
    std::int64_t i64() { return scalar<std::int64_t>(); }
    double f64() { return scalar<double>(); }
    bool flag();
    std::string text();
    std::vector<std::string> texts();
    std::vector<std::int64_t> i64s();
    std::vector<std::uint64_t> u64s();
    std::vector<double> f64s();
    // What ByteWriter::record wrote. Its fields hold whatever the bytes
    // held; the caller checks them.
    template <typename T> T record() {
        static_assert(std::is_trivially_copyable_v<T>);
        return scalar<T>();
    }
    // A count of items that take at least `minimumItemBytes` each.
    std::size_t count(std::size_t minimumItemBytes);

    bool atEnd() const { return position_ == bytes_.size(); }
    // Throws CorruptProfileError; a reader of other bytes (core/index) throws
    // its own error instead.
    [[noreturn]] virtual void fail(const std::string& what) const;

protected:
    std::size_t position() const { return position_; }
    const std::string& path() const { return path_; }
    const std::string& step() const { return step_; }

private:
    // Inline: a results header is millions of small fields.
    void raw(void* data, std::size_t size) {
        if (size > bytes_.size() - position_)
            fail("truncated");
        if (size == 0)
            return;
        std::memcpy(data, bytes_.data() + position_, size);
        position_ += size;
    }
    template <typename T> T scalar() {
        T value{};
        raw(&value, sizeof value);
        return value;
    }
    // Copied straight into place: a vector sized first is zeroed, then
    // copied over, which at hundreds of megabytes (a kept index) takes as
    // long as the copy.
    template <typename T> std::vector<T> array() {
        static_assert(std::is_trivially_copyable_v<T>);
        const std::size_t n = count(sizeof(T));
        const char* from = bytes_.data() + position_;
        position_ += n * sizeof(T);
        return std::vector<T>(Unaligned<T>{from}, Unaligned<T>{from + n * sizeof(T)});
    }

    // The values of an array at any byte position, read as they are copied.
    template <typename T> struct Unaligned {
        using iterator_category = std::random_access_iterator_tag;
        using value_type = T;
        using difference_type = std::ptrdiff_t;
        using pointer = const T*;
        using reference = T;
        const char* at;

        T operator*() const {
            T value;
            std::memcpy(&value, at, sizeof value);
            return value;
        }
        Unaligned& operator++() {
            at += sizeof(T);
            return *this;
        }
        difference_type operator-(const Unaligned& other) const {
            return (at - other.at) / static_cast<difference_type>(sizeof(T));
        }
        bool operator==(const Unaligned& other) const { return at == other.at; }
    };

    std::string_view bytes_;
    std::size_t position_ = 0;
    std::string path_;
    std::string step_;
};

} // namespace scope::isolate
