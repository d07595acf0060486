// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "RunTabs.h"
#include "common/RunData.h"
#include "export/ExportContext.h"

#include <QHash>
#include <QMainWindow>
#include <QSet>

#include <cstdint>
#include <memory>

class ComparisonSet;
class ComparisonView;
class ExportController;
class LoadController;
struct LoadFailure;
class LoadProgressWidget;
class MessageBanner;
class QLabel;
class QMenu;
class QStackedWidget;
class QTabWidget;
class RecentFiles;
class RunOpener;
class RunLabels;
class RunView;
class SpareRunView;
class StartPage;

// One window: a tab per open run, a start page when none is open, loading in
// the background with progress in the status bar, errors as an inline banner.
class MainWindow : public QMainWindow, public ExportContext {
    Q_OBJECT
public:
    explicit MainWindow(QWidget* parent = nullptr);
    ~MainWindow() override;

    void openFile(const QString& path, bool summaryOnly = false);
    // Opens several files and, once two or more runs are open, brings the
    // comparison to the front as each of them arrives (drops, the command
    // line, File ▸ Add Run to Comparison…).
    void openFilesToCompare(const QStringList& paths, bool summaryOnly = false);
    // Files another `scope-viewer` call handed over (a double-click in the
    // file manager): one file comes to the front in its own tab, several are
    // compared, or opened as one run with combineRanks (its --combine-ranks).
    // memoryBudget: the one that call was given (bytes), 0 = this window's.
    void openForwardedFiles(const QStringList& paths, bool summaryOnly,
                            std::uint64_t memoryBudget = 0, bool combineRanks = false);
    // Per-rank files of one run (`<prefix>_rank<N>.spt` or `.h5`) opened as
    // one run (File ▸ Open Rank Files as One Run…, --combine-ranks). Drops
    // and openFilesToCompare() do this by themselves for files of one prefix.
    void openRankFiles(const QStringList& paths, bool summaryOnly = false);
    // A combined run's files, each as a run of its own, in place of it.
    void openSeparately(const QString& runPath);
    // The files a run was combined from; empty for a run of one file.
    QStringList rankFilesOf(const QString& runPath) const;
    void openDemo();
    // Edit ▸ Preferences…, modal.
    void showPreferences();

    // The run's name everywhere in the window (tab, run list, charts, exports).
    QString runLabel(const RunView* view) const override;
    RunLabels* runLabels() const { return labels_; }

    // Runs count the runs' own tabs, in tab order; the comparison tab is apart.
    int runCount() const override;
    RunView* runView(int index) const override;
    RunView* currentRunView() const override;
    ComparisonSet* comparisonSet() const { return comparison_; }
    // The comparison tab, present while two or more runs are open; else null.
    ComparisonView* comparisonView() const override { return comparisonView_; }
    ComparisonView* currentComparisonView() const override;
    QTabWidget* tabs() const { return tabs_; }
    MessageBanner* banner() const { return banner_; }
    MessageBanner* messages() const override { return banner_; }
    QWidget* dialogParent() override { return this; }
    LoadController* loader() const { return loader_; }
    ExportController* exporter() const { return exporter_; }

    // Where the bundled demo run is unpacked from the resources.
    static QString demoPath();

signals:
    void runOpened(RunView* view);
    void loadFailed(const QString& path, const QString& message);

protected:
    void closeEvent(QCloseEvent* event) override;
    void dragEnterEvent(QDragEnterEvent* event) override;
    void dropEvent(QDropEvent* event) override;

private:
    void buildMenus();
    void chooseAndOpen(bool summaryOnly);
    void chooseAndCompare();
    void chooseRankFiles();
    void updateComparisonTab();
    // readStage: LoadController::readDone (the table first), else `loaded`.
    void showRun(quint64 id, std::shared_ptr<const RunData> run, bool readStage);
    void onFailed(quint64 id, const QString& path, const LoadFailure& failure);
    void onLoadEnded(quint64 id);
    void closeRun(int index);
    void updateRunTabs();
    void updateStatus();
    void updateTitle();
    RunView* viewForPath(const QString& path) const;
    // Connects a new run's view to the window.
    void wireRunView(RunView* view);

    LoadController* loader_;
    MessageBanner* banner_;
    QStackedWidget* pages_;
    StartPage* startPage_;
    QTabWidget* tabs_;
    LoadProgressWidget* progress_;
    QLabel* status_;
    RecentFiles* recent_ = nullptr;
    QAction* closeAction_ = nullptr;
    ExportController* exporter_ = nullptr;
    ComparisonSet* comparison_ = nullptr;
    RunLabels* labels_ = nullptr;
    ComparisonView* comparisonView_ = nullptr;
    // Loads whose tab their table-first stage opened (LoadController::readDone).
    QHash<quint64, RunView*> openedAtReadStage_;
    // Loads whose read-stage tab was closed: their complete run is dropped.
    QSet<quint64> closedAtReadStage_;
    // Which tab shows which run, and the order the files were asked for.
    RunTabs runTabs_;
    RunOpener* opener_;
    SpareRunView* spare_ = nullptr;
};
