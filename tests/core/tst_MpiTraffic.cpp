// SPDX-License-Identifier: GPL-3.0-or-later
// MPI call regions: the name grammar of the format contract and the traffic
// matrices, collective and wait times of a hand-made 3-rank run, every
// expected value worked out by hand below.
#include "HandMadeRun.h"
#include "analysis/MpiRegionName.h"
#include "analysis/MpiTraffic.h"

#include <QtTest>

#include <cmath>

using namespace scope;

namespace {

const std::string kSend = "mpi:send kind=point-to-point bytes=1024 peer=1 root=-1 tag=7 comm=0";
const std::string kIsend = "mpi:isend kind=point-to-point bytes=4096 peer=2 root=-1 tag=7 comm=0";
const std::string kSendNoBytes =
    "mpi:send kind=point-to-point bytes=-1 peer=0 root=-1 tag=3 comm=0";
const std::string kRecv = "mpi:recv kind=point-to-point bytes=1024 peer=0 root=-1 tag=7 comm=0";
const std::string kIrecv = "mpi:irecv kind=point-to-point bytes=4096 peer=1 root=-1 tag=7 comm=0";
const std::string kRecvAny =
    "mpi:recv kind=point-to-point bytes=4096 peer=-1 root=-1 tag=-1 comm=0";
const std::string kBcast = "mpi:bcast kind=collective bytes=8 peer=-1 root=0 tag=-1 comm=0";
const std::string kAllreduce =
    "mpi:allreduce kind=collective bytes=8192 peer=-1 root=-1 tag=-1 comm=0";
const std::string kBarrier = "mpi:barrier kind=collective bytes=0 peer=-1 root=-1 tag=-1 comm=0";
const std::string kWaitIsend =
    "mpi:wait kind=wait bytes=4096 peer=2 root=-1 tag=7 comm=0 request=isend";
const std::string kWaitIrecv =
    "mpi:wait kind=wait bytes=4096 peer=1 root=-1 tag=7 comm=0 request=irecv";
// Ordinary regions that merely look like MPI ones.
const std::string kMissingKey = "mpi:send kind=point-to-point bytes=64 peer=1 root=-1 tag=7";
const std::string kTextBytes =
    "mpi:send kind=point-to-point bytes=lots peer=1 root=-1 tag=7 comm=0";
const std::string kExtraSpace =
    "mpi:send kind=point-to-point bytes=64  peer=1 root=-1 tag=7 comm=0";

// Durations in ns; seconds are ns / 1e9.
//   rank 0: send x2 (1024 B to 1), isend x1 (4096 B to 2), bcast 30 ns,
//           allreduce 10 + 20 = 30 ns, wait(isend) 30 ns, the three malformed sends
//   rank 1: isend x3 (4096 B to 2), recv x2 (1024 B from 0), bcast 50 ns,
//           allreduce 60 ns, barrier 5 ns, wait(isend) 10 + 20 = 30 ns
//   rank 2: send with unknown bytes x1, irecv x3 (4096 B from 1), recv from
//           any source x1, bcast 70 ns, barrier 100 ns, wait(irecv) 40 ns
ProfilingResults mpiRun() {
    return makeResults({
        {0, "main", {{0, 1000}}},
        {1, "main", {{0, 1000}}},
        {2, "main", {{0, 1000}}},
        {0, kSend, {{0, 10}, {20, 30}}},
        {0, kIsend, {{40, 45}}},
        {1, kIsend, {{0, 5}, {10, 15}, {20, 25}}},
        {2, kSendNoBytes, {{0, 5}}},
        {1, kRecv, {{80, 90}, {95, 99}}},
        {2, kIrecv, {{0, 1}, {2, 3}, {4, 5}}},
        {2, kRecvAny, {{60, 70}}},
        {0, kBcast, {{100, 130}}},
        {1, kBcast, {{100, 150}}},
        {2, kBcast, {{100, 170}}},
        {0, kAllreduce, {{200, 210}, {220, 240}}},
        {1, kAllreduce, {{200, 260}}},
        {1, kBarrier, {{300, 305}}},
        {2, kBarrier, {{300, 400}}},
        {0, kWaitIsend, {{50, 80}}},
        {1, kWaitIsend, {{30, 40}, {50, 70}}},
        {2, kWaitIrecv, {{10, 50}}},
        {0, kMissingKey, {{500, 510}}},
        {0, kTextBytes, {{520, 530}}},
        {0, kExtraSpace, {{540, 550}}},
    });
}

std::size_t regionOf(const ProfilingResults& results, const std::string& name) {
    return *results.regionIndex(name);
}

bool close(double got, double expected) {
    return std::fabs(got - expected) <= 1e-12 * std::max(1e-9, std::fabs(expected));
}

} // namespace

class TestMpiTraffic : public QObject {
    Q_OBJECT
private slots:
    void parsesEveryField() {
        const auto name = MpiRegionName::parse(kWaitIsend);
        QVERIFY(name);
        QCOMPARE(name->op, std::string("wait"));
        QCOMPARE(name->kind, std::string("wait"));
        QCOMPARE(name->bytes, std::int64_t(4096));
        QCOMPARE(name->peer, std::int64_t(2));
        QCOMPARE(name->root, std::int64_t(-1));
        QCOMPARE(name->tag, std::int64_t(7));
        QCOMPARE(name->comm, std::int64_t(0));
        QCOMPARE(name->request, std::string("isend"));
        const auto bcast = MpiRegionName::parse(kBcast);
        QVERIFY(bcast && bcast->isCollective() && bcast->root == 0 && bcast->request.empty());
        // A communicator handle may be any integer (Python ids are large).
        const auto big = MpiRegionName::parse(
            "mpi:send kind=point-to-point bytes=1 peer=0 root=-1 tag=0 comm=140234567890123");
        QVERIFY(big && big->comm == 140234567890123);
    }

    void malformedNamesAreOrdinary_data() {
        QTest::addColumn<QString>("name");
        QTest::newRow("missing key") << QString::fromStdString(kMissingKey);
        QTest::newRow("non-integer bytes") << QString::fromStdString(kTextBytes);
        QTest::newRow("extra space") << QString::fromStdString(kExtraSpace);
        QTest::newRow("trailing space") << QString::fromStdString(kSend + " ");
        QTest::newRow("unknown key") << QString::fromStdString(kSend + " colour=red");
        QTest::newRow("repeated key") << QString::fromStdString(kSend + " tag=8");
        QTest::newRow("token without =") << QString::fromStdString(kSend + " fast");
        QTest::newRow("empty value") << "mpi:send kind= bytes=1 peer=0 root=-1 tag=0 comm=0";
        QTest::newRow("plus sign") << "mpi:send kind=p bytes=+1 peer=0 root=-1 tag=0 comm=0";
        QTest::newRow("trailing letters") << "mpi:send kind=p bytes=1k peer=0 root=-1 tag=0 comm=0";
        QTest::newRow("fraction") << "mpi:send kind=p bytes=1.5 peer=0 root=-1 tag=0 comm=0";
        QTest::newRow("empty op") << "mpi: kind=p bytes=1 peer=0 root=-1 tag=0 comm=0";
        QTest::newRow("op only") << "mpi:send";
        QTest::newRow("upper-case prefix") << "MPI:send kind=p bytes=1 peer=0 root=-1 tag=0 comm=0";
        QTest::newRow("user region") << "mpi: halo exchange";
    }
    void malformedNamesAreOrdinary() {
        QFETCH(QString, name);
        QVERIFY(!MpiRegionName::parse(name.toStdString()));
    }

    void shortNames() {
        const auto shortName = [](const std::string& name) {
            return QString::fromStdString(MpiRegionName::parse(name)->shortName());
        };
        QCOMPARE(shortName(kSend), QStringLiteral("send → 1 (1 KiB)"));
        QCOMPARE(shortName(kIsend), QStringLiteral("isend → 2 (4 KiB)"));
        QCOMPARE(shortName(kSendNoBytes), QStringLiteral("send → 0"));
        QCOMPARE(shortName(kRecvAny), QStringLiteral("recv ← any (4 KiB)"));
        QCOMPARE(shortName(kAllreduce), QStringLiteral("allreduce (8 KiB)"));
        QCOMPARE(shortName(kBcast), QStringLiteral("bcast from 0 (8 B)"));
        QCOMPARE(shortName(kBarrier), QStringLiteral("barrier"));
        QCOMPARE(shortName(kWaitIsend), QStringLiteral("wait (isend → 2)"));
        QCOMPARE(shortName(kWaitIrecv), QStringLiteral("wait (irecv ← 1)"));
        QCOMPARE(shortName("mpi:wait kind=wait bytes=-1 peer=-1 root=-1 tag=-1 comm=0 "
                           "request=isend"),
                 QStringLiteral("wait (isend)"));
        QCOMPARE(MpiRegionName::formatBytes(1572864), std::string("1.5 MiB"));
        QCOMPARE(MpiRegionName::formatBytes(1048576), std::string("1 MiB"));
        QCOMPARE(MpiRegionName::formatBytes(1000), std::string("1000 B"));
    }

    void matrices() {
        const ProfilingResults run = mpiRun();
        QVERIFY(MpiTraffic::hasMpiRegions(run));
        const MpiTraffic t = MpiTraffic::compute(run);
        QCOMPARE(t.mpiRegionCount(), std::size_t(11));
        QCOMPARE(t.rankCount(), std::size_t(3));
        // sent: 0→1 2 x 1024, 0→2 1 x 4096, 1→2 3 x 4096; the unknown-size send left out.
        const std::vector<std::uint64_t> sent{0, 2048, 4096, 0, 0, 12288, 0, 0, 0};
        // received: 1←0 2 x 1024, 2←1 3 x 4096; the any-source recv left out.
        const std::vector<std::uint64_t> received{0, 0, 0, 2048, 0, 0, 0, 12288, 0};
        QCOMPARE(t.sentMatrix(), sent);
        QCOMPARE(t.receivedMatrix(), received);
        QCOMPARE(t.sent(1, 2), std::uint64_t(12288));
        QCOMPARE(t.received(2, 1), std::uint64_t(12288));
        // One send with bytes=-1, one recv with peer=-1; never the waits.
        QCOMPARE(t.unknownPeerOrBytesCalls(), std::uint64_t(2));
        QCOMPARE(t.peerOutsideRunCalls(), std::uint64_t(0));
        QCOMPARE(t.comms(), std::vector<std::int64_t>{0});
        QCOMPARE(t.regionOf(0, 2, true), std::optional<std::size_t>(regionOf(run, kIsend)));
        QCOMPARE(t.regionOf(1, 0, false), std::optional<std::size_t>(regionOf(run, kRecv)));
        QCOMPARE(t.regionOf(2, 0, true), std::optional<std::size_t>());
    }

    void messageSizes() {
        const MpiTraffic t = MpiTraffic::compute(mpiRun());
        // Sends: 1024 B x 2 (rank 0), 4096 B x 1 + 3 (ranks 0, 1).
        QCOMPARE(t.sendSizes().size(), std::size_t(2));
        QCOMPARE(t.sendSizes()[0].bytes, std::uint64_t(1024));
        QCOMPARE(t.sendSizes()[0].calls, std::uint64_t(2));
        QCOMPARE(t.sendSizes()[1].bytes, std::uint64_t(4096));
        QCOMPARE(t.sendSizes()[1].calls, std::uint64_t(4));
        // Receives: 1024 B x 2, 4096 B x 3 + the any-source one (its size is known).
        QCOMPARE(t.receiveSizes().size(), std::size_t(2));
        QCOMPARE(t.receiveSizes()[1].bytes, std::uint64_t(4096));
        QCOMPARE(t.receiveSizes()[1].calls, std::uint64_t(4));
    }

    void collectiveAndWaitSeconds() {
        const MpiTraffic t = MpiTraffic::compute(mpiRun());
        QCOMPARE(t.collectiveOps(), (std::vector<std::string>{"allreduce", "barrier", "bcast"}));
        // [rank][allreduce, barrier, bcast] in ns.
        const double expected[3][3] = {{30, 0, 30}, {60, 5, 50}, {0, 100, 70}};
        const std::uint64_t calls[3][3] = {{2, 0, 1}, {1, 1, 1}, {0, 1, 1}};
        for (std::size_t rank = 0; rank < 3; ++rank) {
            for (std::size_t op = 0; op < 3; ++op) {
                QVERIFY2(close(t.collectiveSeconds(rank, op), expected[rank][op] * 1e-9),
                         qPrintable(QStringLiteral("rank %1 op %2").arg(rank).arg(op)));
                QCOMPARE(t.collectiveCalls(rank, op), calls[rank][op]);
            }
        }
        QCOMPARE(t.waitRequests(), (std::vector<std::string>{"irecv", "isend"}));
        // [rank][irecv, isend] in ns.
        const double waits[3][2] = {{0, 30}, {0, 30}, {40, 0}};
        for (std::size_t rank = 0; rank < 3; ++rank)
            for (std::size_t request = 0; request < 2; ++request)
                QVERIFY(close(t.waitSeconds(rank, request), waits[rank][request] * 1e-9));
        QCOMPARE(t.waitCalls(1, 1), std::uint64_t(2));
    }

    void selectedRanksOnly() {
        const MpiTraffic t = MpiTraffic::compute(mpiRun(), RankSelection({1, 2}));
        QCOMPARE(t.rankCount(), std::size_t(3));
        const std::vector<std::uint64_t> sent{0, 0, 0, 0, 0, 12288, 0, 0, 0};
        QCOMPARE(t.sentMatrix(), sent);
        QCOMPARE(t.unknownPeerOrBytesCalls(), std::uint64_t(2)); // both on rank 2
        // allreduce is called by ranks 0 and 1, so it stays; rank 0's seconds go.
        QCOMPARE(t.collectiveSeconds(0, 0), 0.0);
        QVERIFY(close(t.collectiveSeconds(1, 0), 60e-9));
    }

    void ordinaryRunHasNoTraffic() {
        const ProfilingResults run = twoLevelRun();
        QVERIFY(!MpiTraffic::hasMpiRegions(run));
        const MpiTraffic t = MpiTraffic::compute(run);
        QVERIFY(t.empty());
        QVERIFY(t.collectiveOps().empty());
        QVERIFY(t.links().empty());
        // Malformed names alone are no MPI run either.
        QVERIFY(!MpiTraffic::hasMpiRegions(
            makeResults({{0, kMissingKey, {{0, 1}}}, {0, kExtraSpace, {{2, 3}}}})));
    }

    void matricesSpanTheRecordingRanks() {
        // mpi_size may claim far more ranks than recorded calls: no n x n of those.
        ProfilingResults plain = twoLevelRun();
        plain.numRanks = 16'000'000;
        QCOMPARE(MpiTraffic::compute(plain).rankCount(), std::size_t(0));
        ProfilingResults claimed = makeResults({{0, kSend, {{0, 1}}}, {1, kRecv, {{0, 1}}}});
        claimed.numRanks = 16'000'000;
        const MpiTraffic t = MpiTraffic::compute(claimed);
        QCOMPARE(t.rankCount(), std::size_t(2));
        QCOMPARE(t.sentMatrix(), (std::vector<std::uint64_t>{0, 1024, 0, 0}));
        QCOMPARE(t.receivedMatrix(), (std::vector<std::uint64_t>{0, 0, 1024, 0}));
        // A peer the run has (rank 3 of 4) widens the matrix to it.
        const MpiTraffic wide = MpiTraffic::compute(makeResults(
            {{0, "mpi:send kind=point-to-point bytes=8 peer=3 root=-1 tag=0 comm=0", {{0, 1}}},
             {3, "main", {{0, 1}}}}));
        QCOMPARE(wide.rankCount(), std::size_t(4));
        QCOMPARE(wide.sent(0, 3), std::uint64_t(8));
        // Beyond kMaxMatrixRanks the matrices are left out, the pairs kept.
        const std::uint32_t far = MpiTraffic::kMaxMatrixRanks + 10;
        const MpiTraffic huge =
            MpiTraffic::compute(makeResults({{0, kSend, {{0, 1}}}, {far, "main", {{0, 1}}}}));
        QVERIFY(huge.matrixOmitted());
        QVERIFY(huge.sentMatrix().empty());
        QCOMPARE(huge.links().size(), std::size_t(1));
        QCOMPARE(huge.links()[0].bytes, std::uint64_t(1024));
    }

    void communicatorsAndPeersOutsideTheRun() {
        // Two communicators: rank 0 sends 100 B to 1 in comm 0 and 10 B x 2 to 1
        // in comm 5; a peer 7 does not exist in this 2-rank run.
        const ProfilingResults run = makeResults({
            {0, "mpi:send kind=point-to-point bytes=100 peer=1 root=-1 tag=0 comm=0", {{0, 1}}},
            {0,
             "mpi:send kind=point-to-point bytes=10 peer=1 root=-1 tag=0 comm=5",
             {{2, 3}, {4, 5}}},
            {1, "mpi:recv kind=point-to-point bytes=10 peer=7 root=-1 tag=0 comm=5", {{0, 1}}},
        });
        const MpiTraffic t = MpiTraffic::compute(run);
        QCOMPARE(t.comms(), (std::vector<std::int64_t>{0, 5}));
        QCOMPARE(t.sent(0, 1), std::uint64_t(120));
        QCOMPARE(t.matrixOf(0, true), (std::vector<std::uint64_t>{0, 100, 0, 0}));
        QCOMPARE(t.matrixOf(5, true), (std::vector<std::uint64_t>{0, 20, 0, 0}));
        QCOMPARE(t.peerOutsideRunCalls(), std::uint64_t(1));
        QCOMPARE(t.unknownPeerOrBytesCalls(), std::uint64_t(0));
    }
};

QTEST_GUILESS_MAIN(TestMpiTraffic)
#include "tst_MpiTraffic.moc"
