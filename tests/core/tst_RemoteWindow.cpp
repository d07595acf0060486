// SPDX-License-Identifier: GPL-3.0-or-later
// The zoom of a run on another host as it crosses the connection: requests
// the helper checks, answers the viewer checks, and which queries an answer
// serves, against hand-worked spans.
#include "model/Errors.h"
#include "remote/RemoteWindow.h"

#include <QtTest>

#include <functional>

using namespace scope;

namespace {

const std::string kUrl = "ssh://cluster/scratch/run.h5";

TimelineSpan span(std::int64_t start, std::int64_t end, std::int32_t region,
                  std::uint32_t count = 1) {
    TimelineSpan s;
    s.startNs = start;
    s.endNs = end;
    s.region = region;
    s.event = static_cast<std::uint32_t>(start);
    s.count = count;
    return s;
}

// Lanes 2 and 5 of a run, 1,000 to 2,000 ns at 10 ns a pixel.
RemoteWindow answer() {
    RemoteWindow window;
    window.t0Ns = 1000;
    window.t1Ns = 2000;
    window.nsPerPixel = 10.0;
    window.lanes = {2, 5};
    window.spans = {{span(900, 1100, 0), span(1100, 1100, 1), span(1500, 1520, 2, 3)},
                    {span(1990, 2400, 1)}};
    return window;
}

QString thrownBy(const std::function<void()>& run) {
    try {
        run();
    } catch (const RemoteReadError& error) {
        return QStringLiteral("RemoteReadError: ") + error.what();
    } catch (const CorruptProfileError& error) {
        return QStringLiteral("CorruptProfileError: ") + error.what();
    } catch (const std::exception& error) {
        return QStringLiteral("other: ") + error.what();
    }
    return {};
}

} // namespace

class TestRemoteWindow : public QObject {
    Q_OBJECT
private slots:
    void anAnswerCrossesWhole() {
        const RemoteWindow sent = answer();
        RemoteWindow request = sent;
        request.spans.clear();
        const RemoteWindow got =
            RemoteWindow::decodeAnswer(sent.encodeAnswer(), request, kUrl, 3, 0);
        QCOMPARE(got.lanes, sent.lanes);
        QVERIFY(got.spans == sent.spans);
    }

    void aRequestCrossesWhole() {
        RemoteWindow request = answer();
        request.spans.clear();
        const RemoteWindow got = RemoteWindow::decodeRequest(request.encodeRequest(), "run.h5", 6);
        QCOMPARE(got.t0Ns, 1000);
        QCOMPARE(got.t1Ns, 2000);
        QCOMPARE(got.nsPerPixel, 10.0);
        QCOMPARE(got.lanes, (std::vector<std::uint32_t>{2, 5}));
    }

    // The helper refuses what no viewer asks, naming its file.
    void theHelperRefusesImpossibleRequests() {
        RemoteWindow request = answer();
        request.spans.clear();
        QVERIFY(thrownBy([&] {
                    RemoteWindow::decodeRequest(request.encodeRequest(), "run.h5", 5);
                }).startsWith("CorruptProfileError: run.h5: reading a zoom request: "));
        request.lanes = {5, 2};
        QVERIFY(!thrownBy([&] {
                     RemoteWindow::decodeRequest(request.encodeRequest(), "run.h5", 6);
                 }).isEmpty());
        request.lanes = {2, 5};
        request.t1Ns = request.t0Ns;
        QVERIFY(!thrownBy([&] {
                     RemoteWindow::decodeRequest(request.encodeRequest(), "run.h5", 6);
                 }).isEmpty());
        request.t1Ns = 2000;
        request.nsPerPixel = 0.0;
        QVERIFY(!thrownBy([&] {
                     RemoteWindow::decodeRequest(request.encodeRequest(), "run.h5", 6);
                 }).isEmpty());
        request.nsPerPixel = 10.0;
        const std::string bytes = request.encodeRequest();
        QVERIFY(!thrownBy([&] {
                     RemoteWindow::decodeRequest(
                         std::string_view(bytes).substr(0, bytes.size() - 1), "run.h5", 6);
                 }).isEmpty());
    }

    // Damage in what the host sends is an error naming the address, never a
    // crash or a wrong picture: every truncation and every flipped byte.
    void damagedAnswersAreErrorsNamingTheUrl() {
        RemoteWindow request = answer();
        request.spans.clear();
        const std::string bytes = answer().encodeAnswer();
        const auto decode = [&](std::string_view damaged) {
            return thrownBy([&] { RemoteWindow::decodeAnswer(damaged, request, kUrl, 3, 0); });
        };
        for (std::size_t size = 0; size < bytes.size(); ++size) {
            const QString error = decode(std::string_view(bytes).substr(0, size));
            QVERIFY2(error.startsWith(QString::fromStdString("RemoteReadError: " + kUrl + ": ")),
                     qPrintable(QString("%1 bytes: %2").arg(size).arg(error)));
        }
        for (std::size_t at = 0; at < bytes.size(); ++at) {
            std::string flipped = bytes;
            flipped[at] = static_cast<char>(flipped[at] ^ 0x5a);
            const QString error = decode(flipped);
            QVERIFY2(error.isEmpty() || error.startsWith("RemoteReadError: "),
                     qPrintable(QString("byte %1: %2").arg(at).arg(error)));
        }
        // Sound bytes, but a region the run does not have, or the answer to
        // another zoom.
        QVERIFY(decode(answer().encodeAnswer()).isEmpty());
        QVERIFY(thrownBy([&] {
                    RemoteWindow::decodeAnswer(bytes, request, kUrl, 2, 0);
                }).contains("a span of a region that is not there"));
        RemoteWindow other = request;
        other.t1Ns = 3000;
        QVERIFY(thrownBy([&] {
                    RemoteWindow::decodeAnswer(bytes, other, kUrl, 3, 0);
                }).contains("an answer to another zoom"));
        QVERIFY(thrownBy([&] {
                    RemoteWindow::decodeAnswer(bytes, request, kUrl, 3, 64);
                }).contains("exceed the memory budget here"));
    }

    void anAnswerServesTheQueriesItHolds() {
        const RemoteWindow window = answer();
        QVERIFY(window.serves(2, 1000, 2000, 10.0));
        QVERIFY(window.serves(5, 1200, 1300, 40.0));  // coarser: drawn as it is
        QVERIFY(!window.serves(3, 1200, 1300, 10.0)); // a lane not asked
        QVERIFY(!window.serves(2, 999, 1300, 10.0));  // past its range
        QVERIFY(!window.serves(2, 1200, 2001, 10.0));
        QVERIFY(!window.serves(2, 1200, 1300, 5.0));   // finer than it
        QVERIFY(!window.serves(2, 1200, 1300, 100.0)); // far coarser: ask again

        std::vector<TimelineSpan> out;
        window.spansOf(2, 1100, 1500, out);
        // The call ending at 1,100 does not reach into [1,100, 1,500), the
        // zero-length call at 1,100 reaches 1 ns into it, and the merged
        // span starts where it ends.
        QCOMPARE(out.size(), std::size_t(1));
        QCOMPARE(out[0].startNs, 1100);
        window.spansOf(2, 1099, 1501, out);
        QCOMPARE(out.size(), std::size_t(3));
        window.spansOf(5, 1000, 1990, out);
        QVERIFY(out.empty());
        window.spansOf(4, 1000, 2000, out);
        QVERIFY(out.empty());
    }
};

QTEST_GUILESS_MAIN(TestRemoteWindow)
#include "tst_RemoteWindow.moc"
