// SPDX-License-Identifier: GPL-3.0-or-later
// File ▸ Export ▸ Trace for Perfetto… / speedscope…: greyed without per-call
// data, the selected ranks or the visible time range written off the UI
// thread, cancel leaving no partial file, and the question for large runs.
#include "RunWaiter.h"
#include "charts/TimelinePage.h"
#include "charts/TimelineView.h"
#include "common/MessageBanner.h"
#include "export/ExportController.h"
#include "export/TraceExporter.h"
#include "run/RunView.h"
#include "shell/MainWindow.h"

#include <QAction>
#include <QApplication>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLineEdit>
#include <QMenu>
#include <QMessageBox>
#include <QPushButton>
#include <QSemaphore>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QThreadPool>
#include <QTimer>
#include <QtTest>
#include <qcustomplot.h>

namespace {

const QString kData = QStringLiteral(SCOPE_TEST_DATA_DIR);

RunView* open(MainWindow& window, const QString& name, bool summaryOnly = false) {
    QSignalSpy opened(&window, &MainWindow::runOpened);
    window.openFile(kData + QLatin1Char('/') + name, summaryOnly);
    return waitForRun(window, opened);
}

QAction* action(MainWindow& window, const QString& text) {
    for (QAction* candidate : window.exporter()->menu()->actions())
        if (candidate->text() == text)
            return candidate;
    return nullptr;
}

QJsonObject readJson(const QString& path) {
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return {};
    return QJsonDocument::fromJson(file.readAll()).object();
}

int completeEvents(const QJsonObject& trace) {
    int count = 0;
    for (const QJsonValue& event : trace["traceEvents"].toArray())
        count += event["ph"].toString() == QLatin1String("X") ? 1 : 0;
    return count;
}

} // namespace

class TestTraceExportMenu : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() {
        prepareWindowTests();
        QVERIFY(dir_.isValid());
    }

    void actionsNeedPerCallData() {
        MainWindow window;
        QAction* perfetto = action(window, QStringLiteral("Tr&ace for Perfetto…"));
        QAction* speedscope = action(window, QStringLiteral("Trac&e for speedscope…"));
        QVERIFY(perfetto && speedscope);
        QVERIFY(!perfetto->isEnabled());
        QVERIFY(open(window, QStringLiteral("run_np3.h5")));
        QVERIFY(perfetto->isEnabled() && speedscope->isEnabled());
        QVERIFY(open(window, QStringLiteral("v3_aggregate.h5")));
        QVERIFY(!perfetto->isEnabled() && !speedscope->isEnabled());
        QVERIFY(open(window, QStringLiteral("v3_serial.h5"), true));
        QVERIFY(!perfetto->isEnabled());
    }

    void writesTheSelectedRanksOnAWorkerThread() {
        MainWindow window;
        RunView* view = open(window, QStringLiteral("run_np3.h5"));
        QVERIFY(view);
        QVERIFY(view->setRankSelection(QStringLiteral("1")));
        view->rankEdit()->setText(QStringLiteral("1"));
        TraceExporter* exporter = window.exporter()->traceExporter();
        QSignalSpy finished(exporter, &TraceExporter::exportFinished);
        const QString path = dir_.filePath("np3.trace.json");
        QVERIFY(exporter->exportTrace(view, TraceExportJob::ChromeTrace, path,
                                      TraceExporter::SelectedRanks));
        QVERIFY(finished.wait(20000));
        QCOMPARE(finished.first().at(1).toBool(), true);
        const QJsonObject trace = readJson(path);
        // From run_np3.region_statistics.json: rank 1 has 477 calls, its per_rank counts summed.
        for (const QJsonValue& event : trace["traceEvents"].toArray())
            QCOMPARE(event["pid"].toInt(), 1);
        QCOMPARE(completeEvents(trace), 477);
        QVERIFY(window.messages()->text().contains(QStringLiteral("Saved")));
        QVERIFY(!QFile::exists(path + ".part"));

        const QString everything = dir_.filePath("np3.speedscope.json");
        QVERIFY(exporter->exportTrace(view, TraceExportJob::Speedscope, everything,
                                      TraceExporter::Everything));
        QVERIFY(finished.wait(20000));
        QCOMPARE(readJson(everything)["profiles"].toArray().size(), 3);
    }

    void visibleRangeIsTheTimelineAxis() {
        MainWindow window;
        RunView* view = open(window, QStringLiteral("run_np3.h5"));
        QVERIFY(view);
        view->page<TimelinePage>()->timeline()->plot()->xAxis->setRange(0.01, 0.02);
        const scope::TraceExportOptions options =
            TraceExporter::optionsFor(view, TraceExporter::VisibleRange);
        const std::int64_t origin = *view->run()->results->minimumStartNs;
        QCOMPARE(*options.windowStartNs, origin + 10'000'000);
        QCOMPARE(*options.windowEndNs, origin + 20'000'000);
        QVERIFY(!TraceExporter::optionsFor(view, TraceExporter::SelectedRanks).windowStartNs);
    }

    void cancelLeavesTheEarlierFile() {
        MainWindow window;
        RunView* view = open(window, QStringLiteral("run_cli_cg.h5"));
        QVERIFY(view);
        const QString path = dir_.filePath("cg.trace.json");
        {
            QFile earlier(path);
            QVERIFY(earlier.open(QIODevice::WriteOnly));
            earlier.write("earlier");
        }
        // The worker cannot start before the cancel: the pool's only thread is taken.
        QThreadPool* pool = QThreadPool::globalInstance();
        const int threads = pool->maxThreadCount();
        pool->setMaxThreadCount(1);
        QSemaphore release;
        pool->start([&release] { release.acquire(); });
        TraceExporter* exporter = window.exporter()->traceExporter();
        QSignalSpy finished(exporter->job(), &TraceExportJob::finished);
        QVERIFY(exporter->exportTrace(view, TraceExportJob::ChromeTrace, path,
                                      TraceExporter::Everything));
        emit exporter->progressDialog()->canceled(); // its Cancel button
        release.release();
        QVERIFY(finished.wait(20000));
        pool->setMaxThreadCount(threads);
        QCOMPARE(finished.first().at(0).toBool(), false);
        QCOMPARE(finished.first().at(1).toBool(), true);
        QFile earlier(path);
        QVERIFY(earlier.open(QIODevice::ReadOnly));
        QCOMPARE(earlier.readAll(), QByteArray("earlier"));
        QVERIFY(!QFile::exists(path + ".part"));
        QVERIFY(window.messages()->text().contains(QStringLiteral("cancelled")));
    }

    void largeRunsAskWhichCalls() {
        MainWindow window;
        RunView* view = open(window, QStringLiteral("run_np3.h5"));
        QVERIFY(view);
        // Shown and laid out first: the timeline fits the run when it gets its size.
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QTest::qWait(100);
        view->page<TimelinePage>()->timeline()->plot()->xAxis->setRange(0.01, 0.012);
        const scope::TraceExportOptions visible =
            TraceExporter::optionsFor(view, TraceExporter::VisibleRange);
        TraceExporter* exporter = window.exporter()->traceExporter();
        exporter->setCallLimit(100);
        QString question;
        QTimer::singleShot(0, this, [&question] {
            auto* box = qobject_cast<QMessageBox*>(QApplication::activeModalWidget());
            QVERIFY(box);
            question = box->text();
            for (QAbstractButton* button : box->buttons())
                if (button->text() == QStringLiteral("&Visible Time Range"))
                    button->click();
        });
        QSignalSpy finished(exporter, &TraceExporter::exportFinished);
        const QString path = dir_.filePath("np3-visible.trace.json");
        exporter->chooseScopeAndExport(view, TraceExportJob::ChromeTrace, path);
        // 1,481 calls: the counts of run_np3.region_statistics.json summed.
        QVERIFY2(question.remove(QLatin1Char(',')).contains(QStringLiteral("1481")),
                 qPrintable(question));
        QVERIFY(finished.wait(20000));
        // Only calls overlapping the window, in µs from the run's start.
        const QJsonObject trace = readJson(path);
        const double origin = static_cast<double>(*view->run()->results->minimumStartNs);
        const double from = (static_cast<double>(*visible.windowStartNs) - origin) * 1e-3;
        const double to = (static_cast<double>(*visible.windowEndNs) - origin) * 1e-3;
        for (const QJsonValue& event : trace["traceEvents"].toArray())
            if (event["ph"].toString() == QLatin1String("X"))
                QVERIFY(event["ts"].toDouble() <= to + 1e-3 &&
                        event["ts"].toDouble() + event["dur"].toDouble() >= from - 1e-3);
        QVERIFY(completeEvents(trace) > 0);
        QVERIFY(completeEvents(trace) < 1481);
    }

private:
    QTemporaryDir dir_;
};

QTEST_MAIN(TestTraceExportMenu)
#include "tst_TraceExportMenu.moc"
