// SPDX-License-Identifier: GPL-3.0-or-later
// scope-viewer: the desktop viewer. Opens the files given on the command line
// (or the start page), everything else lives in ui/.
#include "../scope-report/ExitStatus.h"
#include "common/MemoryBudgetSetting.h"
#include "export/HeadlessExport.h"
#include "load/LoadController.h"
#include "shell/MainWindow.h"
#include "shell/SingleInstance.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QIcon>
#include <QTextStream>

#include <cstdio>
#include <cstring>

namespace {

using scope::report::ExitStatus;

// The platform is chosen when QApplication is created, before options are
// parsed: a batch export must not need (or open) a display.
void useOffscreenForExport(int argc, char** argv) {
    if (qEnvironmentVariableIsSet("QT_QPA_PLATFORM"))
        return;
    for (int i = 1; i < argc; ++i)
        if (std::strcmp(argv[i], "--export-dir") == 0 ||
            std::strncmp(argv[i], "--export-dir=", 13) == 0) {
            qputenv("QT_QPA_PLATFORM", "offscreen");
            return;
        }
}

int exportHeadless(const QCommandLineParser& parser, const QString& directory, bool summaryOnly,
                   const QString& format, std::uint64_t memoryBudget, bool combineRanks) {
    QTextStream out(stdout);
    QTextStream err(stderr);
    HeadlessExport::Options options;
    options.directory = directory;
    options.files = parser.positionalArguments();
    options.summaryOnly = summaryOnly;
    options.memoryBudget = memoryBudget;
    options.combineRanks = combineRanks;
    options.useIndex = !parser.isSet(QStringLiteral("no-index"));
    options.indexBeside = parser.isSet(QStringLiteral("index-beside"));
    if (!HeadlessExport::parseFormat(format, &options.format)) {
        err << "scope-viewer: --export-format must be png, svg or pdf, not '" << format << "'"
            << Qt::endl;
        return static_cast<int>(ExitStatus::Usage);
    }
    if (options.files.isEmpty()) {
        err << "scope-viewer: --export-dir needs at least one FILE" << Qt::endl;
        return static_cast<int>(ExitStatus::Usage);
    }
    const HeadlessExport::Outcome outcome = HeadlessExport::run(options, out, err);
    ExitStatus status = outcome.outputFailed ? ExitStatus::Usage : ExitStatus::Ok;
    for (HeadlessExport::Failure failure : outcome.failures)
        status = scope::report::worst(status, failure == HeadlessExport::Failure::NotFound
                                                  ? ExitStatus::FileNotFound
                                              : failure == HeadlessExport::Failure::Unreadable
                                                  ? ExitStatus::Unreadable
                                                  : ExitStatus::SummaryUnavailable);
    return static_cast<int>(status);
}

void configure(QCommandLineParser& parser) {
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
    QCommandLineOption exportDir(
        QStringLiteral("export-dir"),
        QStringLiteral("Write the charts and region_statistics.json of FILE... to DIR without "
                       "opening a window, then exit."),
        QStringLiteral("DIR"));
    QCommandLineOption exportFormat(QStringLiteral("export-format"),
                                    QStringLiteral("Chart format for --export-dir: png (default), "
                                                   "svg or pdf."),
                                    QStringLiteral("FORMAT"), QStringLiteral("png"));
    QCommandLineOption combineRanks(
        QStringLiteral("combine-ranks"),
        QStringLiteral("Open FILE... (one per rank, e.g. <prefix>_rank<N>.spt) as one run. Files "
                       "named so are combined by themselves; this also combines other names."));
    QCommandLineOption memoryBudget(
        QStringLiteral("memory-budget"),
        QStringLiteral("Most memory a run's calls may take (e.g. 2G, 160M); runs beyond it are "
                       "read on demand. Overrides the preference (default: half of this "
                       "machine's memory, %1).")
            .arg(MemoryBudgetSetting::format(MemoryBudgetSetting::defaultBytes())),
        QStringLiteral("SIZE"));
    QCommandLineOption indexBeside(
        QStringLiteral("index-beside"),
        QStringLiteral("Keep the index of a run read on demand beside it (RUN.scopeindex), not in "
                       "the cache folder."));
    QCommandLineOption noIndex(
        QStringLiteral("no-index"),
        QStringLiteral("Neither open runs from their kept indexes nor keep new ones."));
    parser.addOption(summaryOnly);
    parser.addOption(memoryBudget);
    parser.addOption(indexBeside);
    parser.addOption(noIndex);
    parser.addOption(combineRanks);
    parser.addOption(demo);
    parser.addOption(newWindow);
    parser.addOption(exportDir);
    parser.addOption(exportFormat);
    parser.addPositionalArgument(QStringLiteral("files"), QStringLiteral("Profiles to open."),
                                 QStringLiteral("[FILE...]"));
}

// Help, the version and usage errors are text on a terminal: on a cluster
// login without a display they must not fail for want of one.
bool printsOnly(int argc, char** argv) {
    QStringList arguments;
    for (int i = 0; i < argc; ++i)
        arguments << QString::fromLocal8Bit(argv[i]);
    QCommandLineParser probe;
    configure(probe);
    if (!probe.parse(arguments))
        return true;
    const QString budget = probe.value(QStringLiteral("memory-budget"));
    QString error;
    if (!budget.isEmpty() && !MemoryBudgetSetting::parse(budget, &error))
        return true;
    return probe.isSet(QStringLiteral("help")) || probe.isSet(QStringLiteral("help-all")) ||
           probe.isSet(QStringLiteral("version"));
}

} // namespace

int main(int argc, char** argv) {
    if (printsOnly(argc, argv))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    else
        useOffscreenForExport(argc, argv);
    QApplication app(argc, argv);
    QApplication::setOrganizationName(QStringLiteral("ScopeViewer"));
    QApplication::setApplicationName(QStringLiteral("scope-viewer"));
    QApplication::setApplicationDisplayName(QStringLiteral("Scope Viewer"));
    QApplication::setApplicationVersion(QStringLiteral(SCOPE_VIEWER_VERSION));
    QApplication::setDesktopFileName(QStringLiteral("io.github.scopeviewer.ScopeViewer"));
    QApplication::setWindowIcon(QIcon(QStringLiteral(":/icons/scope-viewer.svg")));

    QCommandLineParser parser;
    configure(parser);
    parser.process(app);

    std::uint64_t budget = 0; // the preference's
    if (parser.isSet(QStringLiteral("memory-budget"))) {
        QString error;
        const auto parsed =
            MemoryBudgetSetting::parse(parser.value(QStringLiteral("memory-budget")), &error);
        if (!parsed) {
            QTextStream(stderr) << "scope-viewer: " << error << Qt::endl;
            return static_cast<int>(ExitStatus::Usage);
        }
        budget = *parsed;
    }

    if (parser.isSet(QStringLiteral("export-dir")))
        return exportHeadless(parser, parser.value(QStringLiteral("export-dir")),
                              parser.isSet(QStringLiteral("summary-only")),
                              parser.value(QStringLiteral("export-format")), budget,
                              parser.isSet(QStringLiteral("combine-ranks")));

    const QStringList files = parser.positionalArguments();
    // Without files the user asked for a window, so one is always opened.
    const bool shareWindow = !parser.isSet(QStringLiteral("new-window"));
    SingleInstance instance;
    instance.setMemoryBudget(budget);
    instance.setCombineRanks(parser.isSet(QStringLiteral("combine-ranks")));
    if (shareWindow && !files.isEmpty() && !parser.isSet(QStringLiteral("demo")) &&
        instance.forwardToRunning(files, parser.isSet(QStringLiteral("summary-only"))))
        return 0;

    MainWindow window;
    window.loader()->setMemoryBudgetOverride(budget);
    // Reopening a run read on demand from its index takes a second, not a read.
    window.loader()->setIndexUse(!parser.isSet(QStringLiteral("no-index")),
                                 parser.isSet(QStringLiteral("index-beside")));
    if (shareWindow && instance.listen()) {
        QObject::connect(
            &instance, &SingleInstance::filesRequested, &window,
            [&window](const QStringList& paths, bool summary, quint64 forwarded, bool combine) {
                window.openForwardedFiles(paths, summary, forwarded, combine);
                window.setWindowState(window.windowState() & ~Qt::WindowMinimized);
                window.raise();
                window.activateWindow();
            });
    }
    window.show();
    if (parser.isSet(QStringLiteral("combine-ranks")))
        window.openRankFiles(files, parser.isSet(QStringLiteral("summary-only")));
    else
        window.openFilesToCompare(files, parser.isSet(QStringLiteral("summary-only")));
    if (parser.isSet(QStringLiteral("demo")))
        window.openDemo();
    return QApplication::exec();
}
