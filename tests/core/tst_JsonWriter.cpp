// SPDX-License-Identifier: GPL-3.0-or-later
// JsonWriter and formatPythonFloat against text Python's json.dumps / repr produce
// (the expected strings were written from CPython 3.11's output).
#include "export/JsonWriter.h"
#include "export/PythonFloat.h"

#include <QtTest>

#include <cmath>
#include <limits>

using scope::formatPythonFloat;
using scope::JsonWriter;

class TestJsonWriter : public QObject {
    Q_OBJECT

private slots:
    void pythonRepr_data();
    void pythonRepr();
    void nonFiniteRepr();
    void nonFiniteIsNull();
    void escapesLikeEnsureAscii_data();
    void escapesLikeEnsureAscii();
    void indentsLikeJsonDumps();
    void writesIntegersOfEveryWidth();
    void topLevelScalar();
    void rejectsMisuse();
};

void TestJsonWriter::pythonRepr_data() {
    QTest::addColumn<double>("value");
    QTest::addColumn<QString>("expected");
    QTest::newRow("0.1") << 0.1 << "0.1";
    QTest::newRow("1e-05") << 1e-05 << "1e-05";
    QTest::newRow("0.0001") << 0.0001 << "0.0001";
    QTest::newRow("9.9999e-05") << 9.9999e-05 << "9.9999e-05";
    QTest::newRow("0.00012") << 0.00012 << "0.00012";
    QTest::newRow("2.5e-05") << 2.5e-05 << "2.5e-05";
    QTest::newRow("1e+16") << 1e16 << "1e+16";
    QTest::newRow("1e+22") << 1e22 << "1e+22";
    QTest::newRow("largest fixed") << 1234567890123456.0 << "1234567890123456.0";
    QTest::newRow("smallest exponent") << 12345678901234567.0 << "1.2345678901234568e+16";
    QTest::newRow("123456789.0") << 123456789.0 << "123456789.0";
    QTest::newRow("100.0") << 100.0 << "100.0";
    QTest::newRow("1.0") << 1.0 << "1.0";
    QTest::newRow("zero") << 0.0 << "0.0";
    QTest::newRow("negative zero") << -0.0 << "-0.0";
    QTest::newRow("negative") << -1.5e-10 << "-1.5e-10";
    QTest::newRow("std np3 setup") << 5.056127196008771e-07 << "5.056127196008771e-07";
    QTest::newRow("std serial solve") << 7.29880176385138e-05 << "7.29880176385138e-05";
    QTest::newRow("17 digits") << 0.015140220000000001 << "0.015140220000000001";
    QTest::newRow("max") << std::numeric_limits<double>::max() << "1.7976931348623157e+308";
    QTest::newRow("denormal") << 5e-324 << "5e-324";
}

void TestJsonWriter::pythonRepr() {
    QFETCH(double, value);
    QFETCH(QString, expected);
    QCOMPARE(QString::fromStdString(formatPythonFloat(value)), expected);
    // Through the writer the number is written the same way.
    JsonWriter json;
    json.value(value);
    QCOMPARE(QString::fromStdString(json.str()), expected);
}

void TestJsonWriter::nonFiniteRepr() {
    QCOMPARE(formatPythonFloat(std::nan("")), std::string("nan"));
    QCOMPARE(formatPythonFloat(std::numeric_limits<double>::infinity()), std::string("inf"));
    QCOMPARE(formatPythonFloat(-std::numeric_limits<double>::infinity()), std::string("-inf"));
}

void TestJsonWriter::nonFiniteIsNull() {
    JsonWriter json;
    json.beginArray()
        .value(std::nan(""))
        .value(std::numeric_limits<double>::infinity())
        .value(std::optional<double>())
        .value(std::optional<double>(0.5))
        .endArray();
    QCOMPARE(json.str(), std::string("[\n  null,\n  null,\n  null,\n  0.5\n]"));
}

void TestJsonWriter::escapesLikeEnsureAscii_data() {
    QTest::addColumn<QByteArray>("utf8");
    QTest::addColumn<QByteArray>("expected");
    QTest::newRow("Löser-ε") << QByteArray("L\xc3\xb6ser-\xce\xb5")
                             << QByteArray(R"("L\u00f6ser-\u03b5")");
    QTest::newRow("plain") << QByteArray("linalg solve") << QByteArray(R"("linalg solve")");
    QTest::newRow("specials") << QByteArray("q\"b\\n\nt\tc\x01"
                                            "d\x7f")
                              << QByteArray(R"("q\"b\\n\nt\tc\u0001d\u007f")");
    QTest::newRow("b f r") << QByteArray("\b\f\r") << QByteArray(R"("\b\f\r")");
    QTest::newRow("astral") << QByteArray("\xf0\x9f\x98\x80") << QByteArray(R"("\ud83d\ude00")");
    QTest::newRow("CJK") << QByteArray("\xe6\xb1\x82\xe8\xa7\xa3")
                         << QByteArray(R"("\u6c42\u89e3")");
    QTest::newRow("invalid byte") << QByteArray("a\xff"
                                                "b")
                                  << QByteArray(R"("a\ufffdb")");
    QTest::newRow("truncated sequence") << QByteArray("a\xce") << QByteArray(R"("a\ufffd")");
    QTest::newRow("empty") << QByteArray("") << QByteArray(R"("")");
}

void TestJsonWriter::escapesLikeEnsureAscii() {
    QFETCH(QByteArray, utf8);
    QFETCH(QByteArray, expected);
    const std::string quoted = JsonWriter::quote(std::string_view(utf8.constData(), utf8.size()));
    QCOMPARE(QByteArray::fromStdString(quoted), expected);
}

void TestJsonWriter::indentsLikeJsonDumps() {
    // json.dumps({"a": 1, "b": [1.0, None, True], "c": {}, "d": [], "e": {"x": "y"}}, indent=2)
    const std::string expected = "{\n  \"a\": 1,\n  \"b\": [\n    1.0,\n    null,\n    true\n  ],\n"
                                 "  \"c\": {},\n  \"d\": [],\n  \"e\": {\n    \"x\": \"y\"\n  }\n}";
    JsonWriter json;
    json.beginObject();
    json.key("a").value(1);
    json.key("b").beginArray().value(1.0).null().value(true).endArray();
    json.key("c").beginObject().endObject();
    json.key("d").stringArray({});
    json.key("e").beginObject().key("x").value("y").endObject();
    json.endObject();
    QCOMPARE(json.str(), expected);

    JsonWriter four(4);
    four.beginObject().key("k").beginArray().value("v").endArray().endObject();
    QCOMPARE(four.take(), std::string("{\n    \"k\": [\n        \"v\"\n    ]\n}"));
}

void TestJsonWriter::writesIntegersOfEveryWidth() {
    JsonWriter json;
    json.beginArray()
        .value(std::int8_t{-5})
        .value(std::uint32_t{4000000000u})
        .value(std::numeric_limits<std::int64_t>::min())
        .value(std::numeric_limits<std::uint64_t>::max())
        .value(std::size_t{7})
        .value(false)
        .endArray();
    QCOMPARE(json.str(), std::string("[\n  -5,\n  4000000000,\n  -9223372036854775808,\n"
                                     "  18446744073709551615,\n  7,\n  false\n]"));
}

void TestJsonWriter::topLevelScalar() {
    JsonWriter json;
    json.value("x");
    QCOMPARE(json.str(), std::string("\"x\""));
}

void TestJsonWriter::rejectsMisuse() {
    {
        JsonWriter json;
        json.beginObject();
        QVERIFY_THROWS_EXCEPTION(std::logic_error, json.value(1));
    }
    {
        JsonWriter json;
        json.beginArray();
        QVERIFY_THROWS_EXCEPTION(std::logic_error, json.key("k"));
        QVERIFY_THROWS_EXCEPTION(std::logic_error, json.endObject());
    }
    {
        JsonWriter json;
        json.value(1);
        QVERIFY_THROWS_EXCEPTION(std::logic_error, json.value(2));
    }
}

QTEST_APPLESS_MAIN(TestJsonWriter)
#include "tst_JsonWriter.moc"
