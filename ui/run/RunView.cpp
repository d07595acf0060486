// SPDX-License-Identifier: GPL-3.0-or-later
#include "RunView.h"

#include "AnalysisPages.h"
#include "RunFileWatcher.h"
#include "analysis/KeptPercentiles.h"
#include "analysis/RegionCalls.h"
#include "analysis/RegionTable.h"
#include "callpaths/CallTreePage.h"
#include "callpaths/CallTreeView.h"
#include "charts/TimelinePage.h"
#include "common/TabFocusChain.h"
#include "models/RegionFilterProxy.h"
#include "models/RegionTableModel.h"

#include <QComboBox>
#include <QFileInfo>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSettings>
#include <QSignalBlocker>
#include <QSplitter>
#include <QTabBar>
#include <QTabWidget>
#include <QTableView>
#include <QTimer>
#include <QVBoxLayout>

#include <algorithm>
#include <utility>

namespace {

constexpr int kSideMinimum = 240;

} // namespace

RunView::RunView(QWidget* parent)
    : QWidget(parent), model_(new RegionTableModel(this)), proxy_(new RegionFilterProxy(this)),
      context_(new RunContext(this)), fileWatcher_(new RunFileWatcher(this)),
      tableJob_(
          this,
          [this](int stage, std::vector<scope::RegionTableRow> rows) { showTable(stage, rows); },
          [this] {
              // A read stage's percentiles come with the complete run, which
              // may already be set when the read stage's table finishes.
              if (!awaitingTimeline_ && model_->run() == run_)
                  emit tableReady();
          }) {
    proxy_->setSourceModel(model_);
    buildLayout();
}

RunView::~RunView() = default;

// The table arrives in two stages: the numbers from the per-row summaries at
// once, then the percentiles, which sort every call of a region.
void RunView::showTable(int stage, const std::vector<scope::RegionTableRow>& rows) {
    // The read stage's rows may not have been shown: then a whole table.
    if (stage == 0 && std::exchange(completing_, false) && model_->setExclusive(run_, rows)) {
        emit tableShowing();
    } else if (stage == 0) {
        const std::optional<std::string> selected = selectedRegionName();
        // Percentiles follow with per-call data, in memory or on demand,
        // unless they came with the results for this selection (a kept
        // index's, even in its read stage).
        const bool kept =
            run_ && run_->results && scope::KeptPercentiles::cover(*run_->results, selection_);
        const bool calls = run_ && run_->results && scope::callsReachable(*run_->results) && !kept;
        // The newest job's rows: those of the selection now.
        model_->setRanks(selection_);
        model_->setRows(run_, rows, calls || (awaitingTimeline_ && !kept), awaitingTimeline_);
        // A new run starts on the table's top row (its slowest region), not on
        // the first region of the file. A region selected before stays
        // selected, found by name: the run's regions may come in another order.
        const QModelIndex top = proxy_->index(0, 0);
        const std::optional<std::size_t> region = selected && run_ && run_->results
                                                      ? run_->results->regionIndex(*selected)
                                                      : std::nullopt;
        selectRegion(
            region ? static_cast<int>(*region)
                   : (top.isValid() ? top.data(RegionTableModel::RegionIndexRole).toInt() : -1));
        emit tableShowing();
    } else {
        model_->setPercentiles(rows);
    }
}

void RunView::buildLayout() {
    filter_ = new QLineEdit(this);
    filter_->setPlaceholderText(tr("Filter regions (regular expression, matched at the start)"));
    filter_->setClearButtonEnabled(true);
    ranks_ = new QLineEdit(this);
    ranks_->setPlaceholderText(tr("all ranks (e.g. 0-3,5)"));
    ranks_->setClearButtonEnabled(true);
    ranks_->setMaximumWidth(220);
    rankMessage_ = new QLabel(this);
    rankMessage_->setTextFormat(Qt::PlainText);
    rankMessage_->setWordWrap(true);
    // #c62828 on the window's grey or white: contrast above 4.8:1.
    rankMessage_->setStyleSheet(QStringLiteral("color: #c62828"));
    rankMessage_->hide();
    statistic_ = new QComboBox(this);
    fillStatistics(false);

    // The rank box's message sits under it and may run on under the chart box.
    auto* controls = new QGridLayout;
    controls->setVerticalSpacing(2);
    controls->addWidget(filter_, 0, 0);
    controls->addWidget(new QLabel(tr("Ranks:"), this), 0, 1);
    controls->addWidget(ranks_, 0, 2);
    controls->addWidget(new QLabel(tr("Chart:"), this), 0, 3);
    controls->addWidget(statistic_, 0, 4);
    controls->addWidget(rankMessage_, 1, 2, 1, 3);
    controls->setColumnStretch(0, 3);
    controls->setColumnStretch(2, 1);

    table_ = new RegionTableView(proxy_, this);

    side_ = new PageTabs(QStringLiteral("run/sidePage"), this);
    // Tabs in a narrow pane: smaller tabs rather than scroll arrows.
    side_->setUsesScrollButtons(false);
    side_->setDocumentMode(true);
    // The chart's title grows with the region's name; without a minimum of
    // its own the pane would take that width from the table when a long
    // name is selected.
    side_->setMinimumWidth(kSideMinimum);
    bottom_ = new PageTabs(QStringLiteral("run/eventsPage"), this);
    addPages();

    horizontal_ = new QSplitter(Qt::Horizontal, this);
    horizontal_->addWidget(table_);
    horizontal_->addWidget(side_);
    // The table needs room for its thirteen columns (900 px of a 1280-pixel
    // window fits them with percentiles); the chart reads well narrower.
    horizontal_->setSizes({900, 370});
    vertical_ = new QSplitter(Qt::Vertical, this);
    vertical_->addWidget(horizontal_);
    vertical_->addWidget(bottom_);
    vertical_->setSizes({520, 380});

    fileBar_ = new RunFileBar(fileWatcher_, this);
    connect(fileBar_, &RunFileBar::reloadRequested, this, [this] {
        if (run_)
            emit reloadRequested(run_->path, run_->summaryOnlyRequested);
    });
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addWidget(fileBar_);
    layout->addLayout(controls);
    layout->addWidget(vertical_, 1);
    orderTabFocus();

    connect(filter_, &QLineEdit::textChanged, this, [this](const QString& text) {
        const bool valid = proxy_->setPattern(text);
        filter_->setStyleSheet(valid ? QString() : QStringLiteral("color: #c62828"));
        filter_->setToolTip(valid ? QString()
                                  : tr("Invalid expression: %1").arg(proxy_->errorString()));
        table_->setFilterPattern(text);
    });
    connect(ranks_, &QLineEdit::editingFinished, this,
            [this] { setRankSelection(ranks_->text()); });
    // Emptying the box (its clear button, or deleting the text) shows all
    // ranks at once, as the filter box does; a list applies on Return.
    connect(ranks_, &QLineEdit::textChanged, this, [this](const QString& text) {
        if (text.trimmed().isEmpty() && (!selection_.isAll() || !rankMessage_->isHidden()))
            setRankSelection(text);
    });
    // The chart statistic last chosen in any run is where every run starts.
    connect(statistic_, &QComboBox::currentIndexChanged, this, [this] {
        context_->setStatistic(statistic());
        QSettings().setValue(QStringLiteral("chart/statistic"), static_cast<int>(statistic()));
    });
    restoreChoices();
    connect(table_->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            &RunView::onRegionSelected);
    // A heatmap cell, a call of the timeline, a node of the call tree or
    // flame graph selects its region everywhere.
    connect(context_, &RunContext::regionActivated, this, &RunView::selectRegion);
    connect(this, &RunView::tableShowing, context_, &RunContext::tableShown);
    connect(context_, &RunContext::eventsRequested, this, [this] {
        if (run_)
            emit loadEventsRequested(run_->path);
    });
    if (auto* tree = page<CallTreePage>())
        connect(tree->view(), &CallTreeView::exportCsvRequested, this,
                &RunView::callTreeCsvRequested);
}

// The registered pages, bound to this run's context, beside or below the table.
void RunView::addPages() {
    pages_ = AnalysisPages::create(this);
    for (const auto& page : pages_) {
        page->bind(context_);
        (page->placement() == AnalysisPage::Placement::Side ? side_ : bottom_)->addPage(page.get());
        for (QWidget* widget : page->chartWidgets())
            addChartMenu(page->id(), widget);
    }
}

void RunView::addChartMenu(const QString& chart, QWidget* widget) {
    auto* menu = new ChartContextMenu(widget);
    chartMenus_.append({chart, menu});
    connect(menu, &ChartContextMenu::triggered, this,
            [this, chart](ChartContextMenu::Action action) {
                emit chartActionRequested(chart, action);
            });
}

AnalysisPage* RunView::page(const QString& id) const {
    for (const auto& page : pages_)
        if (page->id() == id)
            return page.get();
    return nullptr;
}

ChartSurface* RunView::chart(const QString& id) const {
    AnalysisPage* found = page(id);
    return found ? found->surface() : nullptr;
}

ChartContextMenu* RunView::chartMenu(const QString& chart) const {
    for (const auto& [id, menu] : chartMenus_)
        if (id == chart)
            return menu;
    return nullptr;
}

// Filter, ranks, chart statistic, table, the side tabs and what they show,
// then the timeline (or the panel offering the events); the file bar's
// buttons, when shown, come first.
void RunView::orderTabFocus() {
    // The side tabs' bar before the page it shows.
    TabFocusChain::apply(window(), {fileBar_, filter_, ranks_, statistic_, table_, side_->tabBar(),
                                    side_, bottom_->tabBar(), bottom_});
}

void RunView::setReadStage(std::shared_ptr<const RunData> run) {
    install(std::move(run), true);
}

void RunView::showTimelineSoFar(std::shared_ptr<const RunData> soFar) {
    if (awaitingTimeline_)
        context_->showTimelineSoFar(std::move(soFar));
}

void RunView::setRun(std::shared_ptr<const RunData> run) {
    install(std::move(run), false);
}

void RunView::install(std::shared_ptr<const RunData> run, bool readStage) {
    // The complete run of the read stage shown: the table stays, and only
    // its exclusive times and percentiles change. A load that ended without
    // the calls brings neither: the table is made again, without them. So is
    // a run whose regions came in another order (the summary columns' first
    // starts against the calls'): the table's rows name regions by index.
    const bool completes = awaitingTimeline_ && run_ && run && run != run_ &&
                           run->callsUnread == RunData::CallsUnread::No &&
                           run->path == run_->path && run->results && run_->results &&
                           run->results->rows.size() == run_->results->rows.size() &&
                           run->results->regions == run_->results->regions;
    awaitingTimeline_ = readStage;
    if (readStage)
        readStageShown_.start();
    run_ = std::move(run);
    // A run combined from rank files has no file of its own: any of them counts.
    if (run_ && run_->isCombined())
        fileWatcher_->watchFiles(run_->rankFiles, run_->path);
    else
        fileWatcher_->watch(run_ ? run_->path : QString());
    fileBar_->setFileName(run_ ? QFileInfo(run_->path).fileName() : QString());
    // A selection made for the run read before may name ranks this one lacks.
    if (run_ && run_->results) {
        const std::string missing =
            selection_.missingFrom(scope::RankSelection::ranksOf(*run_->results));
        if (!missing.empty()) {
            selection_ = {};
            showRankProblem(QString::fromStdString(missing));
        }
    }
    fillStatistics(run_ && run_->results && scope::RegionTable::hasGpuData(*run_->results));
    context_->setRun(run_, selection_, readStage);
    side_->showPagesFor(run_.get());
    bottom_->showPagesFor(run_.get());
    // The side tabs have no scroll arrows: the pane is as wide as its tab
    // labels, so that none ("Heatmap") is cut at its edge.
    side_->setMinimumWidth(std::max(kSideMinimum, side_->tabBar()->sizeHint().width()));
    // After the new tab's first paint, in an event of its own: the numbers
    // arrive within milliseconds and would otherwise be laid out and painted
    // in the same batch.
    QTimer::singleShot(1, this, [this, run = run_, completes] {
        if (run_ != run)
            return;
        recomputeTable();
        completing_ = completes;
    });
    if (completes)
        onRegionSelected();
}

void RunView::fillStatistics(bool gpu) {
    if (statistic_->count() == allStatistics(gpu).size())
        return;
    // GPU total only for runs with GPU data; the choice stays where it can.
    const QVariant current = statistic_->currentData();
    const QSignalBlocker blocker(statistic_);
    statistic_->clear();
    for (Statistic s : allStatistics(gpu))
        statistic_->addItem(label(s), static_cast<int>(s));
    const int index = current.isValid() ? statistic_->findData(current) : 0;
    statistic_->setCurrentIndex(std::max(index, 0));
    if (current.isValid() && statistic_->currentData() != current)
        context_->setStatistic(statistic()); // GPU total went with the GPU data
}

void RunView::setRunLabel(const QString& label) {
    context_->setLabel(label);
}

void RunView::setEventsLoading(bool loading) {
    context_->setEventsLoading(loading);
    // The window ends a failed read of this run's file here; a failed reload
    // keeps the data read before, and the window's banner says why.
    if (!loading)
        fileBar_->reloadEnded(true);
}

bool RunView::eventViewsEnabled() const {
    return page<TimelinePage>()->drawn();
}

bool RunView::setRankSelection(const QString& text) {
    if (ranks_->text() != text) {
        const QSignalBlocker blocker(ranks_);
        ranks_->setText(text);
    }
    scope::RankSelection selection;
    QString problem;
    const QString trimmed = text.trimmed();
    if (!trimmed.isEmpty() && trimmed.compare(QStringLiteral("all"), Qt::CaseInsensitive) != 0) {
        try {
            selection = scope::RankSelection::parse(trimmed.toStdString());
        } catch (const std::invalid_argument& e) {
            problem = QString::fromStdString(e.what());
        }
    }
    // Before a run is set, only the syntax can be checked; setRun checks the rest.
    if (problem.isEmpty() && run_ && run_->results)
        problem = QString::fromStdString(
            selection.missingFrom(scope::RankSelection::ranksOf(*run_->results)));
    if (!problem.isEmpty()) {
        showRankProblem(problem);
        return false;
    }
    showRankProblem(QString());
    // Return, then leaving the box, must not compute the same table twice.
    if (selection.isAll() == selection_.isAll() &&
        (selection.isAll() || selection.ranks() == selection_.ranks()))
        return true;
    selection_ = selection;
    context_->setRanks(selection_);
    recomputeTable();
    return true;
}

// Shown under the box, not only in a tooltip, with what the views show instead.
void RunView::showRankProblem(const QString& problem) {
    const bool failed = !problem.isEmpty();
    ranks_->setStyleSheet(failed ? QStringLiteral("color: #c62828") : QString());
    ranks_->setToolTip(failed ? problem
                              : tr("Statistics, chart and timeline cover these ranks only"));
    if (failed)
        rankMessage_->setText(
            tr("%1 — showing %2")
                .arg(problem,
                     selection_.isAll()
                         ? tr("all ranks")
                         : tr("ranks %1").arg(QString::fromStdString(selection_.toString()))));
    rankMessage_->setVisible(failed);
}

void RunView::setStatistic(Statistic statistic) {
    const int index = statistic_->findData(static_cast<int>(statistic));
    if (index >= 0)
        statistic_->setCurrentIndex(index);
}

void RunView::restoreChoices() {
    setStatistic(
        static_cast<Statistic>(QSettings().value(QStringLiteral("chart/statistic"), 0).toInt()));
    side_->restorePage();
    bottom_->restorePage();
    for (const auto& page : pages_)
        page->restoreChoices();
}

Statistic RunView::statistic() const {
    return static_cast<Statistic>(statistic_->currentData().toInt());
}

// Percentiles sort every call of a region: compute the table on a worker
// thread; a newer request cancels the older one.
void RunView::recomputeTable() {
    completing_ = false; // a table for another selection replaces every column
    if (!run_ || !run_->results) {
        tableJob_.cancel();
        model_->clear();
        return;
    }
    tableJob_.start(
        [results = run_->results, selection = selection_, byteLimit = run_->callBytesLimit()](
            QPromise<std::vector<scope::RegionTableRow>>& promise, const std::atomic<bool>& stop) {
            std::vector<scope::RegionTableRow> rows =
                scope::RegionTable::compute(*results, selection, &stop, false);
            promise.addResult(rows);
            if (!scope::callsReachable(*results) || stop.load())
                return;
            scope::RegionTable::addPercentiles(*results, selection, rows, &stop, byteLimit);
            if (!stop.load())
                promise.addResult(std::move(rows));
        });
}

void RunView::selectRegion(int region) {
    for (int row = 0; row < proxy_->rowCount(); ++row) {
        const QModelIndex index = proxy_->index(row, 0);
        if (index.data(RegionTableModel::RegionIndexRole).toInt() == region) {
            table_->selectionModel()->setCurrentIndex(index, QItemSelectionModel::ClearAndSelect |
                                                                 QItemSelectionModel::Rows);
            return;
        }
    }
}

std::optional<std::string> RunView::selectedRegionName() const {
    const int region = selectedRegion();
    const std::shared_ptr<const RunData>& shown = model_->run();
    if (region < 0 || !shown || !shown->results ||
        static_cast<std::size_t>(region) >= shown->results->regions.size())
        return std::nullopt;
    return shown->results->regions[static_cast<std::size_t>(region)];
}

int RunView::selectedRegion() const {
    const QModelIndex current = table_->selectionModel()->currentIndex();
    return current.isValid() ? current.data(RegionTableModel::RegionIndexRole).toInt() : -1;
}

void RunView::onRegionSelected() {
    context_->setRegion(selectedRegion());
}

QByteArray RunView::saveSplitterState() const {
    QByteArray state;
    QDataStream out(&state, QIODevice::WriteOnly);
    out << vertical_->saveState() << horizontal_->saveState();
    return state;
}

void RunView::restoreSplitterState(const QByteArray& state) {
    QDataStream in(state);
    QByteArray vertical;
    QByteArray horizontal;
    in >> vertical >> horizontal;
    if (in.status() == QDataStream::Ok) {
        vertical_->restoreState(vertical);
        horizontal_->restoreState(horizontal);
    }
}
