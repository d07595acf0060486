// scope-viewer-bench FILE [--summary-only]: opens FILE in the real main window
// (offscreen unless a display is set) and prints the time from the open
// request to the region table showing its numbers, and the longest stall of
// the UI thread meanwhile, measured by a 1 ms timer on that thread.
#include "MainWindow.h"
#include "RunView.h"

#include <QApplication>
#include <QElapsedTimer>
#include <QTimer>

#include <cstdio>

int main(int argc, char** argv) {
    if (qEnvironmentVariableIsEmpty("DISPLAY"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    QApplication::setOrganizationName(QStringLiteral("ScopeViewerBench"));
    const QStringList args = QApplication::arguments();
    if (args.size() < 2) {
        std::fprintf(stderr, "usage: scope-viewer-bench FILE [--summary-only]\n");
        return 1;
    }
    const bool summaryOnly = args.contains(QStringLiteral("--summary-only"));

    MainWindow window;
    window.resize(1600, 1000);
    window.show();
    QElapsedTimer clock;
    QElapsedTimer sinceTick;
    qint64 longestStall = 0;
    QTimer ticker;
    ticker.setInterval(1);
    QObject::connect(&ticker, &QTimer::timeout,
                     [&] { longestStall = std::max(longestStall, sinceTick.restart()); });
    int status = 0;
    QObject::connect(&window, &MainWindow::runOpened, [&](RunView* view) {
        const qint64 opened = clock.elapsed();
        QObject::connect(view, &RunView::tableReady, [&, opened] {
            const qint64 table = clock.elapsed();
            // Let the first paint of every view happen before stopping.
            QTimer::singleShot(200, [&, opened, table] {
                std::printf("run loaded (worker): %lld ms\nregion table showing: %lld ms\n"
                            "longest UI-thread stall: %lld ms\n",
                            static_cast<long long>(opened), static_cast<long long>(table),
                            static_cast<long long>(longestStall));
                QApplication::quit();
            });
        });
    });
    QObject::connect(&window, &MainWindow::loadFailed, [&](const QString&, const QString& message) {
        std::fprintf(stderr, "%s\n", qPrintable(message));
        status = 3;
        QApplication::quit();
    });
    QTimer::singleShot(0, [&] {
        clock.start();
        sinceTick.start();
        ticker.start();
        window.openFile(args.at(1), summaryOnly);
    });
    const int rc = QApplication::exec();
    return status != 0 ? status : rc;
}
