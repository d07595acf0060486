// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Writes native traces (.spt) byte by byte, as the C and Fortran APIs do, for
// the reader and combiner tests; remembers where each field starts so that a
// test can cut the file at every field boundary.
#include <QByteArray>
#include <QFile>
#include <QString>

#include <bit>
#include <cstdint>
#include <string>
#include <vector>

namespace scope::testing {

struct SptRecord {
    SptRecord(std::string n, std::vector<std::int64_t> s, std::vector<std::int64_t> e,
              std::string file = {}, std::int32_t l = -1)
        : name(std::move(n)), starts(std::move(s)), ends(std::move(e)), source(std::move(file)),
          line(l) {}

    std::string name;
    std::vector<std::int64_t> starts;
    std::vector<std::int64_t> ends;
    std::string source; // v2 only
    std::int32_t line = -1;
};

class SptImage {
public:
    explicit SptImage(std::int32_t version = 2, std::int32_t rank = 0, bool bigEndian = false)
        : version_(version), bigEndian_(bigEndian) {
        bytes_.append("SCOPEPRF", 8);
        i32(version);
        i32(rank);
        countAt_ = bytes_.size();
        i64(0);
    }

    SptImage& add(const SptRecord& r) {
        i32(std::int32_t(r.name.size()));
        raw(r.name);
        if (version_ >= 2) {
            i32(std::int32_t(r.source.size()));
            raw(r.source);
            i32(r.line);
        }
        i64(std::int64_t(r.starts.size()));
        for (const std::int64_t s : r.starts)
            i64(s);
        for (const std::int64_t e : r.ends)
            i64(e);
        ++records_;
        patchCount(records_);
        return *this;
    }

    // The header's record count, whatever was added.
    SptImage& setCount(std::int64_t count) {
        patchCount(count);
        return *this;
    }

    void i32(std::int32_t v) { integer(v); }
    void i64(std::int64_t v) { integer(v); }
    void raw(const std::string& s) {
        boundaries_.push_back(bytes_.size());
        bytes_.append(s.data(), qsizetype(s.size()));
    }

    const QByteArray& bytes() const { return bytes_; }
    // Offsets at which a field starts (the file may be cut there).
    const std::vector<qsizetype>& boundaries() const { return boundaries_; }

    bool save(const QString& path) const {
        QFile file(path);
        return file.open(QIODevice::WriteOnly) && file.write(bytes_) == bytes_.size();
    }

private:
    template <typename T> void integer(T v) {
        boundaries_.push_back(bytes_.size());
        append(bytes_, v);
    }
    template <typename T> void append(QByteArray& to, T v) const {
        char b[sizeof(T)];
        for (std::size_t i = 0; i < sizeof(T); ++i) {
            const std::size_t shift = 8 * (bigEndian_ ? sizeof(T) - 1 - i : i);
            b[i] = char((std::uint64_t(v) >> shift) & 0xff);
        }
        to.append(b, sizeof(T));
    }
    void patchCount(std::int64_t count) {
        QByteArray b;
        append(b, count);
        bytes_.replace(countAt_, 8, b);
    }

    std::int32_t version_;
    bool bigEndian_;
    QByteArray bytes_;
    qsizetype countAt_ = 0;
    std::int64_t records_ = 0;
    std::vector<qsizetype> boundaries_;
};

} // namespace scope::testing
