// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The fixture layouts that every reader of the event columns is checked on,
// as rows of a QTest "spec" column: each schema with its encodings,
// chunking, compressors and byte order.
#include "FixtureWriter.h"
#include "SampleSpecs.h"

#include <QMetaType>
#include <QtTest>

#include <functional>

Q_DECLARE_METATYPE(scope::fixtures::FixtureSpec)

namespace scope::testing {

// The standard fixture of `schema`, changed by `change`.
inline fixtures::FixtureSpec
layoutVariant(int schema, const std::function<void(fixtures::FixtureSpec&)>& change = {}) {
    fixtures::FixtureSpec spec = fixtures::SampleSpecs::standard(schema);
    if (change)
        change(spec);
    return spec;
}

// Adds the "spec" column and one row per layout.
inline void addLayoutRows() {
    using fixtures::Compression;
    using fixtures::EventEncoding;
    using fixtures::FixtureSpec;
    QTest::addColumn<FixtureSpec>("spec");
    QTest::newRow("schema 1") << layoutVariant(1);
    QTest::newRow("schema 1 contiguous")
        << layoutVariant(1, [](FixtureSpec& s) { s.chunked = false; });
    QTest::newRow("schema 1 deflate")
        << layoutVariant(1, [](FixtureSpec& s) { s.compression = Compression::Deflate; });
    QTest::newRow("schema 1 zstd")
        << layoutVariant(1, [](FixtureSpec& s) { s.compression = Compression::Zstd; });
    QTest::newRow("schema 1 big-endian (inline values)")
        << layoutVariant(1, [](FixtureSpec& s) { s.bigEndianEvents = true; });
    QTest::newRow("schema 2 absolute, chunks of 7")
        << layoutVariant(2, [](FixtureSpec& s) { s.chunkSize = 7; });
    QTest::newRow("schema 2 delta")
        << layoutVariant(2, [](FixtureSpec& s) { s.encoding = EventEncoding::Delta; });
    QTest::newRow("schema 2 without summary columns")
        << layoutVariant(2, [](FixtureSpec& s) { s.summaryStatistics = false; });
    QTest::newRow("schema 3 delta") << layoutVariant(3);
    QTest::newRow("schema 3 absolute")
        << layoutVariant(3, [](FixtureSpec& s) { s.encoding = EventEncoding::Absolute; });
    QTest::newRow("schema 3 contiguous")
        << layoutVariant(3, [](FixtureSpec& s) { s.chunked = false; });
    QTest::newRow("schema 3 deflate")
        << layoutVariant(3, [](FixtureSpec& s) { s.compression = Compression::Deflate; });
    QTest::newRow("schema 3 LZF") << layoutVariant(
        3, [](FixtureSpec& s) { s.compression = Compression::Lzf; });
    QTest::newRow("schema 3 zstd, chunks of 5") << layoutVariant(3, [](FixtureSpec& s) {
        s.compression = Compression::Zstd;
        s.chunkSize = 5;
    });
    QTest::newRow("schema 3 big-endian (inline values)")
        << layoutVariant(3, [](FixtureSpec& s) { s.bigEndianEvents = true; });
}

} // namespace scope::testing
