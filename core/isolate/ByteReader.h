#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace scope::isolate {

// Reads what ByteWriter wrote. Every read is checked against the end of the
// buffer, and every count against the bytes left, so a damaged buffer throws
// CorruptProfileError instead of reading out of bounds or allocating wildly.
class ByteReader {
public:
    ByteReader(std::string_view bytes, std::string path, std::string step);

    std::uint8_t u8();
    std::uint32_t u32();
    std::uint64_t u64();
    std::int64_t i64();
    double f64();
    bool flag();
    std::string text();
    std::vector<std::string> texts();
    std::vector<std::int64_t> i64s();
    std::vector<std::uint64_t> u64s();
    std::vector<double> f64s();
    // A count of items that take at least `minimumItemBytes` each.
    std::size_t count(std::size_t minimumItemBytes);

    bool atEnd() const { return position_ == bytes_.size(); }
    [[noreturn]] void fail(const std::string& what) const;

private:
    void raw(void* data, std::size_t size);
    template <typename T> std::vector<T> array();

    std::string_view bytes_;
    std::size_t position_ = 0;
    std::string path_;
    std::string step_;
};

} // namespace scope::isolate
