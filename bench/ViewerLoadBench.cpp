// SPDX-License-Identifier: GPL-3.0-or-later
// scope-viewer-bench FILE [--summary-only] [--stalls] [--memory-budget SIZE] [--budget-guard]:
// opens FILE in the real main window
// (offscreen unless a display is set) and prints the time from the open
// request to the region table showing its numbers (at the read stage, before
// the timeline index), to the complete run, the longest stall of the
// UI thread meanwhile (measured by a 1 ms timer on that thread), the peak
// resident memory once every view has painted, and how long the timeline
// takes to redraw at a new zoom, from the whole run down to 1e-5 of it.
// --stalls lists every stall over 15 ms as it happens. --memory-budget sets
// the viewer's preference for this run (without it: the default budget).
// --budget-guard refuses to open the file in a viewer without a memory budget
// and stops the process once it is 1.25 x over its budget (scope-bench opens
// a 16 GB run with it). SCOPE_BENCH_DELAY_MS=N opens the file N ms after the
// event loop starts, so that the window's own first paint is not counted as
// the open's stall.
#include "PeakMemory.h"
#include "RssWatchdog.h"
#include "base/MemoryBudget.h"
#include "charts/TimelinePage.h"
#include "charts/TimelineView.h"
#include "load/LoadController.h"
#include "run/RunView.h"
#include "shell/MainWindow.h"

#include <qcustomplot.h>

#include <QApplication>
#include <QElapsedTimer>
#include <QSettings>
#include <QTimer>

#include <cstdio>
#include <stdexcept>

namespace {

struct Redraws {
    double slowestFrame = 0; // longest single replot, ms: what the UI thread feels
    double slowestWhole = 0; // longest time until a new zoom is fully drawn, ms
};

// Each zoom is new to the timeline (nothing cached). A frame that runs out of
// query time draws the rest in the next ones: count them all.
Redraws measureRedraws(RunView* view) {
    QCustomPlot* plot = view->page<TimelinePage>()->timeline()->plot();
    const QCPRange full = plot->xAxis->range();
    Redraws result;
    for (double zoom : {1.0001, 10.0, 100.0, 1e3, 1e4, 1e5}) {
        const double width = full.size() / zoom;
        const double lower = full.center() - width / 2;
        plot->xAxis->setRange(lower, lower + width);
        double whole = 0;
        double slowest = 0;
        int frames = 0;
        do {
            QElapsedTimer clock;
            clock.start();
            plot->replot(QCustomPlot::rpImmediateRefresh);
            const double ms = static_cast<double>(clock.nsecsElapsed()) / 1e6;
            whole += ms;
            slowest = std::max(slowest, ms);
            ++frames;
            // A run read on demand finishes a zoom when its calls are read:
            // let the refined callback's queued replot request arrive.
            QCoreApplication::processEvents();
        } while (!view->page<TimelinePage>()->timeline()->isComplete() && frames < 1000);
        std::printf("timeline redraw at 1/%g of the run: %.1f ms in %d frame(s), longest %.1f ms\n",
                    zoom, whole, frames, slowest);
        result.slowestFrame = std::max(result.slowestFrame, slowest);
        result.slowestWhole = std::max(result.slowestWhole, whole);
    }
    return result;
}

} // namespace

int main(int argc, char** argv) {
    if (qEnvironmentVariableIsEmpty("DISPLAY"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    QApplication::setOrganizationName(QStringLiteral("ScopeViewerBench"));
    const QStringList args = QApplication::arguments();
    if (args.size() < 2) {
        std::fprintf(stderr, "usage: scope-viewer-bench FILE [--summary-only] [--stalls] "
                             "[--memory-budget SIZE] [--budget-guard]\n");
        return 1;
    }
    const bool summaryOnly = args.contains(QStringLiteral("--summary-only"));
    // The viewer's preference (LoadController gives it to every LoadRequest),
    // in bytes; absent = half of this machine's memory.
    QSettings settings;
    settings.remove(QStringLiteral("memory/budget"));
    if (const qsizetype at = args.indexOf(QStringLiteral("--memory-budget")); at >= 0) {
        try {
            settings.setValue(QStringLiteral("memory/budget"),
                              static_cast<qulonglong>(
                                  scope::MemoryBudget::parse(args.value(at + 1).toStdString())));
        } catch (const std::invalid_argument& e) {
            std::fprintf(stderr, "%s\n", e.what());
            return 1;
        }
    }
    settings.sync();
    if (args.contains(QStringLiteral("--budget-guard"))) {
        // The viewer's loads take the budget from its preference since
        // MemoryBudgetSetting came; before, they read every call.
#if __has_include("common/MemoryBudgetSetting.h")
        const auto stored = settings.value(QStringLiteral("memory/budget")).toULongLong();
        startRssWatchdog((stored != 0 ? stored : scope::MemoryBudget::defaultBytes()) / 4 * 5);
#else
        std::fprintf(stderr, "this viewer has no memory budget\n");
        return 4;
#endif
    }

    MainWindow window;
    window.resize(1600, 1000);
    window.show();
    QElapsedTimer clock;
    QElapsedTimer sinceTick;
    qint64 longestStall = 0;
    QTimer ticker;
    ticker.setInterval(1);
    const bool verbose = args.contains(QStringLiteral("--stalls"));
    QObject::connect(&ticker, &QTimer::timeout, [&] {
        const qint64 stall = sinceTick.restart();
        longestStall = std::max(longestStall, stall);
        if (verbose && stall > 15)
            std::printf("stall of %lld ms ending at %lld ms\n", static_cast<long long>(stall),
                        static_cast<long long>(clock.elapsed()));
    });
    int status = 0;
    // The tab appears when the read is done (table first), before runOpened,
    // which comes with the complete run: watch for it from the first tick.
    auto showing = std::make_shared<qint64>(-1);
    QObject::connect(&ticker, &QTimer::timeout, [&, showing] {
        static bool hooked = false;
        RunView* view = hooked ? nullptr : window.findChild<RunView*>();
        if (view == nullptr)
            return;
        hooked = true;
        QObject::connect(view, &RunView::tableShowing, [&, showing] {
            if (*showing < 0)
                *showing = clock.elapsed();
        });
    });
    // A run read on demand: its first ranks drawn while the rest are built.
    auto firstRanks = std::make_shared<qint64>(-1);
    QObject::connect(window.loader(), &LoadController::timelineSoFar, [&, firstRanks] {
        if (*firstRanks < 0)
            *firstRanks = clock.elapsed();
    });
    QObject::connect(&window, &MainWindow::runOpened, [&](RunView* view) {
        const qint64 opened = clock.elapsed();
        QObject::connect(view, &RunView::tableReady, [&, view, opened, showing, firstRanks] {
            const qint64 complete = clock.elapsed();
            const qint64 table = *showing >= 0 ? *showing : complete;
            // Let the first paint of every view happen before stopping.
            QTimer::singleShot(500, [&, view, opened, table, complete, firstRanks] {
                ticker.stop();
                const double peak = peakRssMiB();
                std::printf("complete run (timeline index) in: %lld ms\n"
                            "region table showing: %lld ms\n"
                            "percentiles in: %lld ms\nlongest UI-thread stall: %lld ms\n"
                            "peak memory: %.0f MiB\n",
                            static_cast<long long>(opened), static_cast<long long>(table),
                            static_cast<long long>(complete), static_cast<long long>(longestStall),
                            peak);
                const Redraws redraw = view->eventViewsEnabled() ? measureRedraws(view) : Redraws{};
                const auto calls =
                    view->run() ? static_cast<double>(view->run()->results->totalCalls()) : 0.0;
                // One line for scope-bench.
                const bool onDemand = view->run() && view->run()->results->onDemand &&
                                      !view->run()->results->eventsRead;
                if (*firstRanks >= 0)
                    std::printf("first ranks of the timeline in: %lld ms\n",
                                static_cast<long long>(*firstRanks));
                std::printf("VIEWER %lld %lld %.1f %.2f %.2f %.0f %lld %lld %d %lld\n",
                            static_cast<long long>(table), static_cast<long long>(longestStall),
                            peak, redraw.slowestWhole, redraw.slowestFrame, calls,
                            static_cast<long long>(complete), static_cast<long long>(opened),
                            onDemand ? 1 : 0, static_cast<long long>(*firstRanks));
                QApplication::quit();
            });
        });
    });
    QObject::connect(&window, &MainWindow::loadFailed, [&](const QString&, const QString& message) {
        std::fprintf(stderr, "%s\n", qPrintable(message));
        status = 3;
        QApplication::quit();
    });
    QTimer::singleShot(qEnvironmentVariableIntValue("SCOPE_BENCH_DELAY_MS"), [&] {
        clock.start();
        sinceTick.start();
        ticker.start();
        window.openFile(args.at(1), summaryOnly);
    });
    const int rc = QApplication::exec();
    return status != 0 ? status : rc;
}
