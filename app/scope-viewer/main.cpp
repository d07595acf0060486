// scope-viewer: the desktop viewer. Opens the files given on the command line
// (or the start page), everything else lives in ui/.
#include "MainWindow.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QIcon>

int main(int argc, char** argv) {
    QApplication app(argc, argv);
    QApplication::setOrganizationName(QStringLiteral("ScopeViewer"));
    QApplication::setApplicationName(QStringLiteral("scope-viewer"));
    QApplication::setApplicationDisplayName(QStringLiteral("Scope Viewer"));
    QApplication::setApplicationVersion(QStringLiteral(SCOPE_VIEWER_VERSION));
    QApplication::setDesktopFileName(QStringLiteral("scope-viewer"));
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
    parser.addOption(summaryOnly);
    parser.addOption(demo);
    parser.addPositionalArgument(QStringLiteral("files"), QStringLiteral("Profiles to open."),
                                 QStringLiteral("[FILE...]"));
    parser.process(app);

    MainWindow window;
    window.show();
    for (const QString& file : parser.positionalArguments())
        window.openFile(file, parser.isSet(summaryOnly));
    if (parser.isSet(demo))
        window.openDemo();
    return QApplication::exec();
}
