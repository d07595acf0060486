// SPDX-License-Identifier: GPL-3.0-or-later
#include "MainWindow.h"

#include "LoadProgressWidget.h"
#include "OpenRemoteDialog.h"
#include "PreferencesDialog.h"
#include "RecentFiles.h"
#include "RunOpener.h"
#include "RunTabs.h"
#include "StartPage.h"
#include "WindowMenus.h"
#include "charts/TimelinePage.h"
#include "common/MessageBanner.h"
#include "common/RunLabels.h"
#include "common/RunPath.h"
#include "comparison/ComparisonSet.h"
#include "comparison/ComparisonView.h"
#include "export/ExportController.h"
#include "load/LoadController.h"
#include "load/LoadReport.h"
#include "load/RunStatusText.h"
#include "run/RunView.h"
#include "run/SpareRunView.h"

#include <QAction>
#include <QCloseEvent>
#include <QLabel>
#include <QMenuBar>
#include <QSettings>
#include <QStackedWidget>
#include <QStatusBar>
#include <QTabWidget>
#include <QVBoxLayout>

#include <chrono>

namespace {

// The run's page tabs as the user sees them: beside the table, then below it.
QList<std::pair<QTabWidget*, int>> pageTabsOf(const RunView* view) {
    QList<std::pair<QTabWidget*, int>> pages;
    if (view == nullptr)
        return pages;
    for (QTabWidget* tabs : {view->sideTabs(), view->bottomTabs()})
        for (int i = 0; i < tabs->count(); ++i)
            if (tabs->isTabVisible(i))
                pages.append({tabs, i});
    return pages;
}

// When the next run's view is built: at once while the window waits for a
// file, and a while after an open's last stage, once its paints are done.
constexpr std::chrono::milliseconds kSpareSoon{1};
constexpr std::chrono::milliseconds kSpareLater{1500};

} // namespace

MainWindow::MainWindow(QWidget* parent)
    : QMainWindow(parent), loader_(new LoadController(this)), banner_(new MessageBanner(this)),
      pages_(new QStackedWidget(this)), startPage_(new StartPage(this)),
      tabs_(new QTabWidget(this)), progress_(new LoadProgressWidget(this)),
      status_(new QLabel(this)), comparison_(new ComparisonSet(this)), labels_(new RunLabels(this)),
      runTabs_(tabs_), opener_(new RunOpener(loader_, runTabs_, this)) {
    setWindowTitle(tr("Scope Viewer"));
    setWindowIcon(QIcon(QStringLiteral(":/icons/scope-viewer.svg")));
    setAcceptDrops(true);
    tabs_->setTabsClosable(true);
    tabs_->setMovable(true);
    tabs_->setDocumentMode(true);
    pages_->addWidget(startPage_);
    pages_->addWidget(tabs_);

    auto* central = new QWidget(this);
    auto* layout = new QVBoxLayout(central);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(0);
    layout->addWidget(banner_);
    layout->addWidget(pages_, 1);
    setCentralWidget(central);

    statusBar()->addWidget(status_, 1);
    statusBar()->addPermanentWidget(progress_);
    progress_->hide();
    buildMenus();

    connect(loader_, &LoadController::progress, this,
            [this](quint64 id, double fraction, const QString& message) {
                progress_->setProgress(loader_->pathOf(id), fraction, message, loader_->running());
            });
    // Table first: the tab opens when the read is done, before the timeline.
    connect(loader_, &LoadController::readDone, this,
            [this](quint64 id, std::shared_ptr<const RunData> run) { showRun(id, run, true); });
    connect(loader_, &LoadController::loaded, this,
            [this](quint64 id, std::shared_ptr<const RunData> run) { showRun(id, run, false); });
    connect(loader_, &LoadController::timelineSoFar, this, [this](quint64 id, auto run) {
        if (RunView* view = openedAtReadStage_.value(id))
            view->showTimelineSoFar(std::move(run));
    });
    connect(loader_, &LoadController::failed, this, &MainWindow::onFailed);
    connect(loader_, &LoadController::cancelled, this, [this](quint64 id, const QString& path) {
        openedAtReadStage_.remove(id);
        closedAtReadStage_.remove(id);
        banner_->showInfo(tr("Loading %1 was cancelled.").arg(RunPath::fileName(path)));
        onLoadEnded(id);
    });
    connect(opener_, &RunOpener::loadStarted, this, [this](const QString& path, bool reload) {
        // A reload keeps its tab's view.
        if (!reload)
            spare_->prepare(kSpareSoon);
        progress_->setProgress(path, 0.0, tr("opening"), loader_->running());
        progress_->show();
    });
    connect(progress_, &LoadProgressWidget::cancelRequested, loader_, &LoadController::cancelAll);
    connect(tabs_, &QTabWidget::tabCloseRequested, this, &MainWindow::closeRun);
    auto refresh = [this] {
        updateStatus();
        updateTitle();
    };
    connect(tabs_, &QTabWidget::currentChanged, this, refresh);
    connect(comparison_, &ComparisonSet::changed, this, refresh);
    connect(startPage_, &StartPage::openRequested, this, [this] { chooseAndOpen(false); });
    connect(startPage_, &StartPage::openSummaryRequested, this, [this] { chooseAndOpen(true); });
    connect(startPage_, &StartPage::demoRequested, this, &MainWindow::openDemo);
    connect(startPage_, &StartPage::recentRequested, this,
            [this](const QString& path) { openFile(path); });

    QSettings settings;
    restoreGeometry(settings.value(QStringLiteral("window/geometry")).toByteArray());
    spare_ = new SpareRunView(
        tabs_, settings.value(QStringLiteral("window/splitters")).toByteArray(),
        [this](RunView* view) { wireRunView(view); }, this);
    spare_->prepare(kSpareSoon);
    if (!settings.contains(QStringLiteral("window/geometry")))
        resize(1280, 800);
    recent_->refresh();
    updateStatus();
}

MainWindow::~MainWindow() = default;

void MainWindow::buildMenus() {
    comparison_->setRunLabels(labels_);
    connect(labels_, &RunLabels::changed, this, &MainWindow::updateRunTabs);
    QMenu* file = menuBar()->addMenu(tr("&File"));
    QAction* open = file->addAction(tr("&Open…"), this, [this] { chooseAndOpen(false); });
    open->setShortcut(QKeySequence::Open);
    QAction* summary =
        file->addAction(tr("Open &Summary Only…"), this, [this] { chooseAndOpen(true); });
    summary->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_O));
    file->addAction(tr("Open Re&mote…"), this, [this] {
        OpenRemoteDialog dialog(this);
        if (dialog.exec() == QDialog::Accepted)
            openFile(dialog.url());
    });
    file->addAction(tr("&Add Run to Comparison…"), this, &MainWindow::chooseAndCompare);
    file->addAction(tr("Open Ran&k Files as One Run…"), this, &MainWindow::chooseRankFiles);
    recent_ = new RecentFiles(file->addMenu(tr("Open &Recent")), this);
    connect(recent_, &RecentFiles::openRequested, this,
            [this](const QString& path) { openFile(path); });
    connect(recent_, &RecentFiles::changed, startPage_, &StartPage::setRecentFiles);
    file->addAction(tr("Open &Demo Run"), this, &MainWindow::openDemo);
    file->addSeparator();
    exporter_ = new ExportController(this, this);
    exporter_->addMenu(file);
    file->addSeparator();
    closeAction_ = file->addAction(tr("&Close Run"), this, [this] {
        if (currentRunView() != nullptr)
            closeRun(tabs_->currentIndex());
    });
    // Not every platform theme maps QKeySequence::Close to Ctrl+W; where it
    // does, a second Ctrl+W would make the key ambiguous and do nothing.
    QList<QKeySequence> closeKeys{QKeySequence(Qt::CTRL | Qt::Key_W)};
    for (const QKeySequence& key : QKeySequence::keyBindings(QKeySequence::Close))
        if (!closeKeys.contains(key))
            closeKeys << key;
    closeAction_->setShortcuts(closeKeys);
    QAction* quit = file->addAction(tr("&Quit"), this, &QWidget::close);
    quit->setShortcut(QKeySequence::Quit);

    WindowMenus::Actions actions;
    actions.preferences = [this] { showPreferences(); };
    actions.switchTab = [this](int step) {
        if (pages_->currentWidget() == tabs_)
            runTabs_.step(step);
    };
    actions.pageTitles = [this] {
        QStringList titles;
        for (const auto& [tabs, index] : pageTabsOf(currentRunView()))
            titles << tabs->tabText(index);
        return titles;
    };
    actions.showPage = [this](int page) {
        const auto pages = pageTabsOf(currentRunView());
        if (page < 0 || page >= pages.size())
            return;
        const auto& [tabs, index] = pages[page];
        tabs->setCurrentIndex(index);
        tabs->currentWidget()->setFocus(Qt::ShortcutFocusReason);
    };
    actions.timeline = [this]() -> TimelineView* {
        const RunView* view = currentRunView();
        const auto* page = view != nullptr ? view->page<TimelinePage>() : nullptr;
        return page != nullptr ? page->timeline() : nullptr;
    };
    const auto updateView = WindowMenus::add(this, actions);
    // A run's page tabs are known once it is shown; the keys follow the tab in front.
    connect(tabs_, &QTabWidget::currentChanged, this, updateView);
    connect(this, &MainWindow::runOpened, this, updateView);
}

void MainWindow::showPreferences() {
    PreferencesDialog dialog(loader_->memoryBudgetOverride(), this);
    dialog.exec();
}

void MainWindow::wireRunView(RunView* view) {
    connect(view, &RunView::loadEventsRequested, this,
            [this](const QString& path) { openFile(path, false); });
    // A file changed on disk: the reload replaces this tab's run once it is read.
    connect(view, &RunView::reloadRequested, this, &MainWindow::openFile);
    connect(view, &RunView::chartActionRequested, this,
            [this, view](const QString& chart, ChartContextMenu::Action action) {
                exporter_->runChartAction(view, chart, action);
            });
    connect(view, &RunView::callTreeCsvRequested, this,
            [this, view] { exporter_->chooseAndExportCallTree(view); });
}

RunView* MainWindow::viewForPath(const QString& path) const {
    return runTabs_.viewForPath(path);
}

void MainWindow::updateRunTabs() {
    runTabs_.updateLabels(*labels_);
    updateTitle();
    updateStatus();
}

QString MainWindow::runLabel(const RunView* view) const {
    return view != nullptr && view->run() ? labels_->label(view->run()->path) : QString();
}

void MainWindow::showRun(quint64 id, std::shared_ptr<const RunData> run, bool readStage) {
    // A read stage while the load still runs: a reopened file keeps its
    // tab's data until the complete run arrives.
    // The user closed the tab the read stage opened; the complete run, done
    // before the cancel reached the worker, must not bring it back.
    if (!readStage && closedAtReadStage_.remove(id)) {
        onLoadEnded(id);
        return;
    }
    if (readStage && viewForPath(run->path) != nullptr)
        return;
    onLoadEnded(id);
    const QString absolute = RunPath::absolute(run->path);
    banner_->clearError(absolute);
    labels_->add(absolute);
    // Reopening a file (or "Load events") replaces its tab instead of adding one.
    RunView* view = viewForPath(run->path);
    bool firstOpen = true;
    if (view == nullptr) {
        view = spare_->take();
        runTabs_.insert(view, *run, labels_->label(absolute));
    } else {
        // The table-first stage of this very load opened the tab.
        firstOpen = openedAtReadStage_.remove(id) > 0;
    }
    // Each stage of an open puts the next view off.
    spare_->prepare(kSpareLater);
    // A run that kept the user waiting stays put: they may have moved on.
    const bool stayPut = !readStage && view->awaitedLong();
    if (readStage) {
        openedAtReadStage_.insert(id, view);
        view->setReadStage(run);
    } else {
        view->setRun(run);
    }
    view->setRunLabel(labels_->label(absolute));
    if (!stayPut)
        tabs_->setCurrentWidget(view);
    pages_->setCurrentWidget(tabs_);
    if (readStage) {
        // Closing the tab before the timeline ends the load; a load that ends
        // without the complete run leaves the table as if opened summary-only.
        connect(view, &QObject::destroyed, loader_, [loader = loader_, id] { loader->cancel(id); });
        auto endWait = [this, view, id](quint64 ended, RunData::CallsUnread why) {
            if (ended == id && view->awaitingTimeline()) {
                auto unread = std::make_shared<RunData>(*view->run());
                unread->callsUnread = why;
                view->setRun(unread);
                updateStatus();
            }
        };
        connect(loader_, &LoadController::cancelled, view,
                [endWait](quint64 ended) { endWait(ended, RunData::CallsUnread::Cancelled); });
        connect(loader_, &LoadController::failed, view,
                [endWait](quint64 ended) { endWait(ended, RunData::CallsUnread::Failed); });
        updateStatus();
        updateTitle();
        return;
    }
    LoadReport::show(*banner_, *run, absolute);
    // Last, so that the warnings above do not replace it; not again on a reload.
    if (firstOpen && run->isCombined())
        banner_->showInfo(tr("Opened %1 rank files as one run, %2.")
                              .arg(run->rankFiles.size())
                              .arg(labels_->label(absolute)),
                          tr("Open separately"), [this, absolute] { openSeparately(absolute); });
    if (run->path != demoPath() && !run->isCombined())
        recent_->add(run->path);
    comparison_->add(run, {}, runTabs_.order(absolute));
    updateComparisonTab();
    if (opener_->takeCompareRequest(absolute) && comparisonView_ && !stayPut)
        tabs_->setCurrentWidget(comparisonView_);
    updateStatus();
    updateTitle();
    emit runOpened(view);
}

void MainWindow::onFailed(quint64 id, const QString& path, const LoadFailure& failure) {
    onLoadEnded(id);
    openedAtReadStage_.remove(id);
    closedAtReadStage_.remove(id);
    if (RunView* view = viewForPath(path))
        view->setEventsLoading(false);
    const QString absolute = RunPath::absolute(path);
    // A file that is not open in a tab no longer holds a place in the order.
    if (viewForPath(path) == nullptr) {
        runTabs_.forget(absolute);
        opener_->forget(absolute);
    } else {
        opener_->takeCompareRequest(absolute);
    }
    banner_->showError(failure.title, failure.message, absolute);
    emit loadFailed(path, failure.message);
}

void MainWindow::onLoadEnded(quint64) {
    if (loader_->running() == 0)
        progress_->hide();
}

void MainWindow::closeRun(int index) {
    auto* view = qobject_cast<RunView*>(tabs_->widget(index));
    // The comparison tab comes and goes with the runs; it is not closed by hand.
    if (view == nullptr)
        return;
    tabs_->removeTab(index);
    openedAtReadStage_.removeIf([this, view](const auto& load) {
        if (load.value() == view)
            closedAtReadStage_.insert(load.key());
        return load.value() == view;
    });
    if (view->run()) {
        comparison_->removePath(view->run()->path);
        labels_->remove(view->run()->path);
        runTabs_.forget(view->run()->path);
        opener_->forget(view->run()->path);
    }
    delete view;
    updateComparisonTab();
    if (tabs_->count() == 0)
        pages_->setCurrentWidget(startPage_);
    updateStatus();
    updateTitle();
}

void MainWindow::updateComparisonTab() {
    const bool wanted = runCount() >= 2;
    if (wanted && comparisonView_ == nullptr) {
        comparisonView_ = new ComparisonView(comparison_, tabs_);
        connect(comparisonView_, &ComparisonView::chartActionRequested, this,
                [this](ComparisonView::Chart chart, ChartContextMenu::Action action) {
                    exporter_->runComparisonChartAction(chart, action);
                });
        connect(comparisonView_, &ComparisonView::runActivated, this, [this](const QString& path) {
            if (RunView* view = viewForPath(path))
                tabs_->setCurrentWidget(view);
        });
        // First, since comparing is why several files were opened; not
        // closable, since it follows the open runs.
        runTabs_.insertFixed(comparisonView_, tr("Comparison"), tr("All open runs side by side"));
    } else if (!wanted && comparisonView_ != nullptr) {
        tabs_->removeTab(tabs_->indexOf(comparisonView_));
        delete comparisonView_;
        comparisonView_ = nullptr;
    }
}

int MainWindow::runCount() const {
    return runTabs_.runCount();
}

RunView* MainWindow::runView(int index) const {
    return runTabs_.runView(index);
}

ComparisonView* MainWindow::currentComparisonView() const {
    return comparisonView_ != nullptr && tabs_->currentWidget() == comparisonView_ ? comparisonView_
                                                                                   : nullptr;
}

RunView* MainWindow::currentRunView() const {
    return qobject_cast<RunView*>(tabs_->currentWidget());
}

void MainWindow::updateTitle() {
    const RunView* view = currentRunView();
    if (currentComparisonView() != nullptr)
        setWindowTitle(tr("Comparison of %1 runs — Scope Viewer").arg(comparison_->count()));
    else
        setWindowTitle(view && view->run() ? tr("%1 — Scope Viewer").arg(runLabel(view))
                                           : tr("Scope Viewer"));
}

void MainWindow::updateStatus() {
    if (exporter_ != nullptr)
        exporter_->updateActions();
    if (closeAction_ != nullptr)
        closeAction_->setEnabled(currentRunView() != nullptr);
    status_->setToolTip(QString());
    if (currentComparisonView() != nullptr) {
        status_->setText(tr("Comparing %1 runs against %2 · drop more files to add them")
                             .arg(comparison_->count())
                             .arg(comparison_->count() > 0
                                      ? comparison_->run(comparison_->baseline()).label
                                      : QString()));
        return;
    }
    const RunView* view = currentRunView();
    if (view == nullptr || !view->run()) {
        status_->setText(tr("Open a scope-profiler file (Ctrl+O) or drop one here."));
        return;
    }
    status_->setText(RunStatusText::describe(*view->run(), view->awaitingTimeline()));
    status_->setToolTip(view->run()->indexNote);
}

void MainWindow::closeEvent(QCloseEvent* event) {
    QSettings settings;
    settings.setValue(QStringLiteral("window/geometry"), saveGeometry());
    if (const RunView* view = currentRunView())
        settings.setValue(QStringLiteral("window/splitters"), view->saveSplitterState());
    loader_->cancelAll();
    event->accept();
}
