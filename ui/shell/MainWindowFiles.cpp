// SPDX-License-Identifier: GPL-3.0-or-later
// MainWindow's ways to open runs: the file dialogs, drops, rank files and
// the demo run. RunOpener does the opening.
#include "MainWindow.h"

#include "DemoRun.h"
#include "RunOpener.h"
#include "common/FileDialogs.h"
#include "common/MessageBanner.h"
#include "run/RunView.h"

#include <QDropEvent>
#include <QMimeData>
#include <QTabWidget>

namespace {

const char* const kFileFilter =
    "scope-profiler files (*.h5 *.hdf5 *.spt *.json *.json.gz);;All files (*)";
const char* const kRankFileFilter = "Rank files (*.spt *_rank*.h5);;scope-profiler files (*.h5 "
                                    "*.hdf5 *.spt *.json *.json.gz);;All files (*)";

} // namespace

void MainWindow::chooseAndOpen(bool summaryOnly) {
    const QString title = summaryOnly ? tr("Open Summary Only") : tr("Open Profile");
    for (const QString& path : FileDialogs::openFiles(this, title, tr(kFileFilter)))
        openFile(path, summaryOnly);
}

void MainWindow::chooseAndCompare() {
    opener_->openEachToCompare(
        FileDialogs::openFiles(this, tr("Add Run to Comparison"), tr(kFileFilter)));
}

void MainWindow::chooseRankFiles() {
    openRankFiles(
        FileDialogs::openFiles(this, tr("Open Rank Files as One Run"), tr(kRankFileFilter)));
}

void MainWindow::openFile(const QString& path, bool summaryOnly) {
    opener_->openFile(path, summaryOnly);
}

void MainWindow::openFilesToCompare(const QStringList& paths, bool summaryOnly) {
    opener_->openFilesToCompare(paths, summaryOnly);
}

void MainWindow::openRankFiles(const QStringList& paths, bool summaryOnly) {
    opener_->openRankFiles(paths, summaryOnly);
}

void MainWindow::openForwardedFiles(const QStringList& paths, bool summaryOnly,
                                    std::uint64_t memoryBudget, bool combineRanks) {
    opener_->openForwardedFiles(paths, summaryOnly, memoryBudget, combineRanks);
}

QStringList MainWindow::rankFilesOf(const QString& runPath) const {
    return opener_->rankFilesOf(runPath);
}

void MainWindow::openSeparately(const QString& runPath) {
    const QStringList files = opener_->rankFilesOf(runPath);
    if (files.isEmpty())
        return;
    if (RunView* view = viewForPath(runPath))
        closeRun(tabs_->indexOf(view));
    opener_->forget(runPath);
    opener_->openEachToCompare(files);
}

QString MainWindow::demoPath() {
    return DemoRun::path();
}

void MainWindow::openDemo() {
    if (DemoRun::unpack())
        openFile(DemoRun::path());
    else
        banner_->showError(tr("Demo run unavailable"),
                           tr("cannot unpack the demo run to %1").arg(DemoRun::path()));
}

void MainWindow::dragEnterEvent(QDragEnterEvent* event) {
    if (event->mimeData()->hasUrls())
        event->acceptProposedAction();
}

void MainWindow::dropEvent(QDropEvent* event) {
    QStringList paths;
    for (const QUrl& url : event->mimeData()->urls())
        if (url.isLocalFile())
            paths << url.toLocalFile();
    openFilesToCompare(paths);
    event->acceptProposedAction();
}
