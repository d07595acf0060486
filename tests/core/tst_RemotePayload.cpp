// SPDX-License-Identifier: GPL-3.0-or-later
// The results a host sends for a run it reads (RemotePayload): they arrive
// as they were sent, and damaged ones are errors that name the address and
// the step once, with rows outside the region table refused.
#include "KeptHandRun.h"
#include "model/Errors.h"
#include "remote/RemotePayload.h"

#include <QtTest>

using namespace scope;
using testing::keptHandRun;

namespace {

const std::string kUrl = "ssh://cluster/runs/run.h5";
const std::string kStep = "receiving the results from the host";

int occurrences(const std::string& text, const std::string& part) {
    int count = 0;
    for (std::size_t at = text.find(part); at != std::string::npos;
         at = text.find(part, at + part.size()))
        ++count;
    return count;
}

// Decodes `raw` packed as the host packs it. Returns the error's message, or
// nothing when the results decode.
std::optional<std::string> errorOf(const std::string& raw) {
    try {
        (void)RemotePayload::decode(RemotePayload::pack(raw), kUrl, 0);
    } catch (const RemoteReadError& error) {
        return std::string(error.what());
    }
    return std::nullopt;
}

bool namesAddressAndStepOnce(const std::string& message) {
    return occurrences(message, kUrl) == 1 && occurrences(message, kStep) == 1;
}

} // namespace

class TestRemotePayload : public QObject {
    Q_OBJECT
private slots:
    void resultsArriveAsSent() {
        const ProfilingResults sent = keptHandRun();
        const RemotePayload::Decoded got =
            RemotePayload::decode(RemotePayload::encode(sent, true, std::nullopt), kUrl, 0);
        QVERIFY(got.eventsOnHost);
        QCOMPARE(got.results.path, kUrl);
        QCOMPARE(got.results.regions, (std::vector<std::string>{"solve", "io"}));
        QCOMPARE(got.results.rows.size(), std::size_t{3});
        // solve: 10 + 20 + 30 + 40 ns on rank 0, 50 ns on rank 1; io: 7 ns.
        std::int64_t solve = 0;
        std::int64_t io = 0;
        for (const RankRegion& row : got.results.rows)
            (row.region == 0 ? solve : io) += row.summary.total;
        QCOMPARE(solve, std::int64_t{150});
        QCOMPARE(io, std::int64_t{7});
        QCOMPARE(got.results.totalCalls(), std::uint64_t{6});
    }

    void rowsOutsideTheRegionTableAreRefused() {
        ProfilingResults sent = keptHandRun();
        sent.rows.back().region = 2; // only "solve" and "io"
        const std::string raw =
            RemotePayload::unpack(RemotePayload::encode(sent, true, std::nullopt), kUrl, 0);
        const std::optional<std::string> error = errorOf(raw);
        QVERIFY(error);
        QVERIFY2(namesAddressAndStepOnce(*error), error->c_str());
        QVERIFY2(error->find("region table") != std::string::npos, error->c_str());
    }

    void damagedResultsNameTheAddressAndStepOnce() {
        const std::string raw = RemotePayload::unpack(
            RemotePayload::encode(keptHandRun(), true, std::nullopt), kUrl, 0);
        int refused = 0;
        for (std::size_t at = 0; at < raw.size(); ++at) {
            std::string flipped = raw;
            flipped[at] = static_cast<char>(~flipped[at]);
            if (const std::optional<std::string> error = errorOf(flipped)) {
                QVERIFY2(namesAddressAndStepOnce(*error), error->c_str());
                ++refused;
            }
        }
        for (std::size_t cut = 0; cut < raw.size(); ++cut) {
            const std::optional<std::string> error = errorOf(raw.substr(0, cut));
            QVERIFY2(error, qPrintable(QString::number(cut)));
            QVERIFY2(namesAddressAndStepOnce(*error), error->c_str());
        }
        QVERIFY(refused > 0);
    }
};

QTEST_GUILESS_MAIN(TestRemotePayload)
#include "tst_RemotePayload.moc"
