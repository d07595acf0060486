// SPDX-License-Identifier: GPL-3.0-or-later
// What the JSON profile reader refuses, and how: other JSON from the package
// (Chrome trace, speedscope, plot data), a newer format_version, and damaged
// documents (cut anywhere, bad UTF-8, numbers past int64 or double, 100,000
// levels of nesting, damaged gzip), each a ProfileError naming the file, plain
// and gzipped; cancellation and progress.
#include "JsonProfileWriter.h"
#include "JsonTwins.h"
#include "TestData.h"
#include "TestSupport.h"
#include "model/Errors.h"
#include "json/JsonProfileReader.h"

#include <QtTest>

#include <algorithm>
#include <atomic>
#include <fstream>

using namespace scope;
using namespace scope::testing;
using fixtures::JsonProfileWriter;

namespace {

ProfilingResults readText(const std::string& text, const ReadRequest& request = {}) {
    return readJsonProfileImage(std::as_bytes(std::span(text.data(), text.size())), "t.json",
                                request);
}

std::string golden() {
    std::ifstream in(dataPath(QStringLiteral("json-v1.json")).toStdString(), std::ios::binary);
    return std::string(std::istreambuf_iterator<char>(in), {});
}

} // namespace

class TestJsonProfileErrors : public QObject {
    Q_OBJECT

private slots:
    void errors_data();
    void errors();
    void gzipDamage();
    void cancelled();
};

void TestJsonProfileErrors::errors_data() {
    QTest::addColumn<QByteArray>("document");
    QTest::addColumn<QString>("expected");
    const QString notProfile = QStringLiteral("not a scope-profiler JSON profile");
    const std::string g = golden();
    auto with = [&](const std::string& from, const std::string& to) {
        std::string text = g;
        text.replace(text.find(from), from.size(), to);
        return QByteArray::fromStdString(text);
    };
    QTest::newRow("chrome trace") << QByteArray(R"({"traceEvents": [{"ph": "X"}], "x": 1})")
                                  << notProfile;
    QTest::newRow("speedscope")
        << QByteArray(R"({"$schema": "https://www.speedscope.app/file-format-schema.json"})")
        << notProfile;
    QTest::newRow("plot data") << QByteArray(
                                      R"({"format": "scope-profiler-plot-data", "plot": {}})")
                               << notProfile;
    QTest::newRow("no format") << QByteArray(R"({"regions": []})") << notProfile;
    QTest::newRow("list") << QByteArray("[1, 2]") << notProfile;
    QTest::newRow("format_version 2")
        << with("\"format_version\": 1", "\"format_version\": 2")
        << QStringLiteral(
               "written by a newer scope-profiler (format_version 2); upgrade Scope Viewer");
    QTest::newRow("bad utf-8") << with("solve", "sol\xff") << QStringLiteral("not valid UTF-8");
    QTest::newRow("overlong utf-8") << with("solve", "s\xc0\xaf"
                                                     "e")
                                    << QStringLiteral("not valid UTF-8");
    QTest::newRow("1e400") << with("[10, 20, 40]", "[10, 1e400, 40]")
                           << QStringLiteral("1e400 is out of the range of a double");
    QTest::newRow("huge integer") << with("[10, 20, 40]", "[10, 99999999999999999999, 40]")
                                  << QStringLiteral("out of the range of a 64-bit integer");
    QTest::newRow("float time") << with("[10, 20, 40]", "[10, 20.5, 40]")
                                << QStringLiteral("expected an integer in start_times_ns");
    QTest::newRow("NaN") << with("[10, 20, 40]", "[10, NaN, 40]") << QStringLiteral("NaN");
    QTest::newRow("lone surrogate")
        << with("\"solve\"", R"("\ud800x")") << QStringLiteral("surrogate");
    QTest::newRow("lengths") << with("[15, 33, 55]", "[15, 33]")
                             << QStringLiteral("\"end_times_ns\" has 2 values for 3 start times");
    QTest::newRow("trailing") << QByteArray::fromStdString(g + " {}")
                              << QStringLiteral("after the end of the document");
    QTest::newRow("missing comma")
        << with(", \"rank\"", " \"rank\"") << QStringLiteral("expected ',' or '}'");
    QTest::newRow("duplicate row")
        << with("]}]}", "]}, {\"name\": \"solve\", \"rank\": 0, \"start_times_ns\": [], "
                        "\"end_times_ns\": []}]}")
        << QStringLiteral("appears in two rows");
    QTest::newRow("two regions lists") << with("]}]}", "]}], \"regions\": []}")
                                       << QStringLiteral("repeats the member \"regions\"");
    QTest::newRow("impossible aggregate")
        << QByteArray(
               R"({"format": "scope-profiler-profile", "regions": [{"name": "a", "rank": 0, )"
               R"("aggregate": {"count": 2, "total": 5, "minimum": 4, "maximum": 1}}]})")
        << QStringLiteral("minimum > maximum");
    QTest::newRow("negative rank")
        << with("\"rank\": 0", "\"rank\": -1") << QStringLiteral("negative rank -1");
    std::string deep = g.substr(0, g.rfind('}')) + ", \"deep\": ";
    deep += std::string(100000, '[') + std::string(100000, ']') + "}";
    QTest::newRow("100000 deep") << QByteArray::fromStdString(deep)
                                 << QStringLiteral("nested deeper than 256 levels");
    for (std::size_t cut : {std::size_t{1}, std::size_t{30}, g.find("solve"), g.find("[10"),
                            g.find("20,") + 1, g.size() - 3})
        QTest::addRow("truncated at %zu", cut)
            << QByteArray::fromStdString(g.substr(0, cut)) << QStringLiteral("truncated");
}

void TestJsonProfileErrors::errors() {
    QFETCH(QByteArray, document);
    QFETCH(QString, expected);
    const std::string text = document.toStdString();
    const QString error = thrown([&] { readText(text); });
    QVERIFY2(error.contains(expected), qPrintable(error));
    QVERIFY2(error.contains("t.json"), qPrintable(error));
    QVERIFY2(error.startsWith("CorruptProfileError") || error.startsWith("ProfileError"),
             qPrintable(error));
    // Gzipped, the same error.
    const std::string gz = JsonProfileWriter::gzip(text);
    const QString gzError = thrown([&] { readText(gz); });
    QVERIFY2(gzError.contains(expected), qPrintable(gzError));
}

void TestJsonProfileErrors::gzipDamage() {
    std::string gz = JsonProfileWriter::gzip(golden());
    QVERIFY(thrown([&] { readText(gz.substr(0, gz.size() / 2)); }).contains("truncated"));
    std::string damaged = gz;
    for (std::size_t i = 12; i < damaged.size() - 8; ++i)
        damaged[i] = static_cast<char>(damaged[i] ^ 0x5a);
    const QString error = thrown([&] { readText(damaged); });
    QVERIFY2(error.startsWith("CorruptProfileError") && error.contains("t.json"),
             qPrintable(error));
    // A second member after the first is read on, as gzip(1) does.
    const std::string g = golden();
    const std::string twoMembers =
        JsonProfileWriter::gzip(g.substr(0, 40)) + JsonProfileWriter::gzip(g.substr(40));
    QCOMPARE(readText(twoMembers).rows[0].summary.total, std::int64_t{33});
}

void TestJsonProfileErrors::cancelled() {
    const std::string text = JsonProfileWriter::document(richSpec(), {});
    std::atomic<bool> cancel{true};
    ReadRequest request;
    request.control.cancel = &cancel;
    QVERIFY(thrown([&] { readText(text, request); }).startsWith("ReadCancelled"));
    std::vector<double> seen;
    ReadRequest progress;
    progress.control.progress = [&](double f, std::string_view) { seen.push_back(f); };
    readText(text, progress);
    QVERIFY(!seen.empty());
    QVERIFY(std::is_sorted(seen.begin(), seen.end()));
}

QTEST_GUILESS_MAIN(TestJsonProfileErrors)
#include "tst_JsonProfileErrors.moc"
