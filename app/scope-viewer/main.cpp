// scope-viewer: the desktop viewer. Opens the files given on the command line
// (or the start page), everything else lives in ui/.
#include "MainWindow.h"
#include "SingleInstance.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QIcon>

int main(int argc, char** argv) {
    QApplication app(argc, argv);
    QApplication::setOrganizationName(QStringLiteral("ScopeViewer"));
    QApplication::setApplicationName(QStringLiteral("scope-viewer"));
    QApplication::setApplicationDisplayName(QStringLiteral("Scope Viewer"));
    QApplication::setApplicationVersion(QStringLiteral(SCOPE_VIEWER_VERSION));
    QApplication::setDesktopFileName(QStringLiteral("io.github.scopeviewer.ScopeViewer"));
    QApplication::setWindowIcon(QIcon(QStringLiteral(":/icons/scope-viewer.svg")));

    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "View scope-profiler HDF5 files: region statistics, per-rank charts, timelines."));
    parser.addHelpOption();
    parser.addVersionOption();
    QCommandLineOption summaryOnly(
        QStringList{QStringLiteral("s"), QStringLiteral("summary-only")},
        QStringLiteral("Read only the summary statistics of the files."));
    QCommandLineOption demo(QStringLiteral("demo"), QStringLiteral("Open the bundled demo run."));
    QCommandLineOption newWindow(
        QStringLiteral("new-window"),
        QStringLiteral("Open the files in a new window, not in the viewer already running."));
    parser.addOption(summaryOnly);
    parser.addOption(demo);
    parser.addOption(newWindow);
    parser.addPositionalArgument(QStringLiteral("files"), QStringLiteral("Profiles to open."),
                                 QStringLiteral("[FILE...]"));
    parser.process(app);

    const QStringList files = parser.positionalArguments();
    // Without files the user asked for a window, so one is always opened.
    const bool shareWindow = !parser.isSet(newWindow);
    SingleInstance instance;
    if (shareWindow && !files.isEmpty() && !parser.isSet(demo) &&
        instance.forwardToRunning(files, parser.isSet(summaryOnly)))
        return 0;

    MainWindow window;
    if (shareWindow && instance.listen()) {
        QObject::connect(&instance, &SingleInstance::filesRequested, &window,
                         [&window](const QStringList& paths, bool summary) {
                             for (const QString& path : paths)
                                 window.openFile(path, summary);
                             window.setWindowState(window.windowState() & ~Qt::WindowMinimized);
                             window.raise();
                             window.activateWindow();
                         });
    }
    window.show();
    for (const QString& file : files)
        window.openFile(file, parser.isSet(summaryOnly));
    if (parser.isSet(demo))
        window.openDemo();
    return QApplication::exec();
}
