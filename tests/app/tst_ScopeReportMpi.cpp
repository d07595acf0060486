// SPDX-License-Identifier: GPL-3.0-or-later
// scope-report --mpi: the "mpi" object per file in --json and the text
// after the table, against the values MpiSpecs::threeRanks works out by hand;
// without --mpi the layout is unchanged.
#include "FixtureWriter.h"
#include "MpiSpecs.h"
#include "SampleSpecs.h"
#include "ScopeReportRunner.h"

#include <QtTest>

using namespace scope::fixtures;
using namespace scope::testing;

namespace {

QJsonObject firstFile(const QByteArray& out) {
    return parseJson(out)["files"].toArray()[0].toObject();
}

QJsonArray row(std::initializer_list<int> values) {
    QJsonArray array;
    for (const int v : values)
        array.append(v);
    return array;
}

} // namespace

class TestScopeReportMpi : public QObject {
    Q_OBJECT

    QTemporaryDir dir_;
    QString mpiPath_;
    QString plainPath_;

private slots:
    void initTestCase() {
        QVERIFY(dir_.isValid());
        mpiPath_ = dir_.filePath("mpi.h5");
        FixtureWriter::write(MpiSpecs::threeRanks(), mpiPath_.toStdString());
        plainPath_ = dir_.filePath("plain.h5");
        FixtureWriter::write(SampleSpecs::standard(3), plainPath_.toStdString());
    }

    void jsonHasTheMatricesAndTimes() {
        const Run run = runReport({"--mpi", "--json", "-", mpiPath_});
        QCOMPARE(run.exitCode, 0);
        const QJsonObject mpi = firstFile(run.out)["mpi"].toObject();
        QCOMPARE(mpi["bytes_sent"].toArray(),
                 (QJsonArray{row({0, 2048, 4096}), row({0, 0, 12288}), row({0, 0, 0})}));
        QCOMPARE(mpi["bytes_received"].toArray(),
                 (QJsonArray{row({0, 0, 0}), row({2048, 0, 0}), row({0, 12288, 0})}));
        QCOMPARE(mpi["unknown_peer_or_bytes"].toInt(), 2);
        QCOMPARE(mpi["peer_outside_run"].toInt(), 0);
        QCOMPARE(mpi["communicators"].toArray(), QJsonArray{0});

        const QJsonObject collectives = mpi["collective_seconds"].toObject();
        QCOMPARE(collectives.keys(), (QStringList{"0", "1", "2"}));
        const QJsonObject rank0 = collectives["0"].toObject();
        // Rank 0 calls no barrier: the key is left out, not 0.
        QCOMPARE(rank0.keys(), (QStringList{"allreduce", "bcast"}));
        QVERIFY(nearlyEqual(rank0["allreduce"].toDouble(), 30e-9));
        QVERIFY(nearlyEqual(rank0["bcast"].toDouble(), 30e-9));
        const QJsonObject rank1 = collectives["1"].toObject();
        QVERIFY(nearlyEqual(rank1["allreduce"].toDouble(), 60e-9));
        QVERIFY(nearlyEqual(rank1["barrier"].toDouble(), 5e-9));
        QVERIFY(nearlyEqual(rank1["bcast"].toDouble(), 50e-9));
        const QJsonObject rank2 = collectives["2"].toObject();
        QCOMPARE(rank2.keys(), (QStringList{"barrier", "bcast"}));
        QVERIFY(nearlyEqual(rank2["barrier"].toDouble(), 100e-9));
        QVERIFY(nearlyEqual(rank2["bcast"].toDouble(), 70e-9));

        const QJsonObject waits = mpi["wait_seconds"].toObject();
        QCOMPARE(waits["0"].toObject().keys(), QStringList{"isend"});
        QVERIFY(nearlyEqual(waits["0"].toObject()["isend"].toDouble(), 30e-9));
        QVERIFY(nearlyEqual(waits["1"].toObject()["isend"].toDouble(), 30e-9));
        QCOMPARE(waits["2"].toObject().keys(), QStringList{"irecv"});
        QVERIFY(nearlyEqual(waits["2"].toObject()["irecv"].toDouble(), 40e-9));
    }

    void ranksSelectTheRecordingRank() {
        const Run run = runReport({"--mpi", "--ranks", "1", "--json", "-", mpiPath_});
        QCOMPARE(run.exitCode, 0);
        const QJsonObject mpi = firstFile(run.out)["mpi"].toObject();
        QCOMPARE(mpi["bytes_sent"].toArray(),
                 (QJsonArray{row({0, 0, 0}), row({0, 0, 12288}), row({0, 0, 0})}));
        QCOMPARE(mpi["unknown_peer_or_bytes"].toInt(), 0);
        QCOMPARE(mpi["collective_seconds"].toObject().keys(), QStringList{"1"});
    }

    void withoutMpiRegionsItIsNull() {
        const Run run = runReport({"--mpi", "--json", "-", plainPath_});
        QCOMPARE(run.exitCode, 0);
        const QJsonObject file = firstFile(run.out);
        QVERIFY(file.contains("mpi"));
        QVERIFY(file["mpi"].isNull());
    }

    void withoutTheOptionThereIsNoKey() {
        const Run run = runReport({"--json", "-", mpiPath_});
        QCOMPARE(run.exitCode, 0);
        QVERIFY(!firstFile(run.out).contains("mpi"));
    }

    void textAfterTheTable() {
        const Run run = runReport({"--mpi", mpiPath_});
        QCOMPARE(run.exitCode, 0);
        const QString text = QString::fromUtf8(run.out);
        QVERIFY2(text.contains("MPI communication:"), qPrintable(text));
        const QStringList lines = nonEmptyLines(run.out);
        const auto sentRow = [&](const QString& first) {
            const auto title = std::find_if(lines.begin(), lines.end(), [](const QString& l) {
                return l.contains("bytes sent");
            });
            for (auto it = title; it != lines.end(); ++it)
                if (it->trimmed().startsWith(first + " "))
                    return it->simplified();
            return QString();
        };
        QCOMPARE(sentRow("0"), QStringLiteral("0 0 2 KiB 4 KiB"));
        QCOMPARE(sentRow("1"), QStringLiteral("1 0 0 12 KiB"));
        QVERIFY(text.contains("2 point-to-point calls with unknown peer or bytes"));
        QVERIFY(text.contains("time in collectives by rank:"));
        QVERIFY(text.contains("time in waits by rank and request:"));

        const Run plain = runReport({"--mpi", plainPath_});
        QVERIFY(QString::fromUtf8(plain.out).contains("no MPI call regions"));
    }

    void notWithDiff() {
        const Run run = runReport({"--mpi", "--diff", mpiPath_, plainPath_});
        QCOMPARE(run.exitCode, 1);
    }
};

QTEST_GUILESS_MAIN(TestScopeReportMpi)
#include "tst_ScopeReportMpi.moc"
