// SPDX-License-Identifier: GPL-3.0-or-later
// scope-report on a JSON profile (plain and gzipped) prints what it prints
// for the HDF5 file the profile is the twin of; other JSON is refused with
// the reader's message.
#include "../core/JsonTwins.h"
#include "FixtureWriter.h"
#include "JsonProfileWriter.h"
#include "ScopeReportRunner.h"

#include <QTemporaryDir>
#include <QtTest>

using namespace scope;
using namespace scope::testing;
using fixtures::JsonProfileWriter;

namespace {

// The output without its heading (the file's path and its schema, which a
// JSON profile does not carry).
QByteArray withoutHeading(const QByteArray& out) {
    QList<QByteArray> lines = out.split('\n');
    if (lines.size() > 2)
        lines.erase(lines.begin(), lines.begin() + 2);
    return lines.join('\n');
}

} // namespace

class TestScopeReportJson : public QObject {
    Q_OBJECT

private slots:
    void sameTableAsHdf5_data();
    void sameTableAsHdf5();
    void otherJsonIsRefused();

private:
    QTemporaryDir dir_;
};

void TestScopeReportJson::sameTableAsHdf5_data() {
    QTest::addColumn<bool>("aggregate");
    QTest::addColumn<QStringList>("options");
    QTest::newRow("columnar") << false << QStringList{};
    QTest::newRow("columnar, rank 1") << false << QStringList{"--ranks", "1"};
    QTest::newRow("aggregate") << true << QStringList{};
}

void TestScopeReportJson::sameTableAsHdf5() {
    QFETCH(bool, aggregate);
    QFETCH(QStringList, options);
    FixtureSpec spec = richSpec();
    if (aggregate)
        spec.layout = fixtures::Layout::Aggregate;
    const QString tag = QString::fromLatin1(QTest::currentDataTag()).replace(' ', '_');
    const QString h5 = dir_.filePath(tag + ".h5");
    const QString json = dir_.filePath(tag + ".json.gz");
    fixtures::FixtureWriter::write(spec, h5.toStdString());
    JsonProfileWriter::write(spec, json.toStdString(), {true, false});

    const Run fromH5 = runReport(options + QStringList{h5});
    const Run fromJson = runReport(options + QStringList{json});
    QCOMPARE(fromH5.exitCode, 0);
    QCOMPARE(fromJson.exitCode, 0);
    QVERIFY2(fromJson.out.startsWith(json.toUtf8()), fromJson.out.constData());
    QVERIFY(fromJson.out.contains("outer"));
    QCOMPARE(withoutHeading(fromJson.out), withoutHeading(fromH5.out));
}

void TestScopeReportJson::otherJsonIsRefused() {
    const QString trace = dir_.filePath("trace.json");
    QFile file(trace);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write(R"({"traceEvents": [{"name": "solve", "ph": "X", "ts": 0, "dur": 5}]})");
    file.close();
    const Run run = runReport({trace});
    QVERIFY(run.exitCode != 0);
    QVERIFY2(run.err.contains("not a scope-profiler JSON profile"), run.err.constData());
    QVERIFY2(run.err.contains("trace.json"), run.err.constData());
}

QTEST_GUILESS_MAIN(TestScopeReportJson)
#include "tst_ScopeReportJson.moc"
