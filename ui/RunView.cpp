#include "RunView.h"

#include "EventsUnavailablePanel.h"
#include "charts/RankBarChart.h"
#include "charts/TimelineView.h"
#include "models/MetadataModel.h"
#include "models/RegionFilterProxy.h"
#include "models/RegionTableModel.h"
#include "models/ShareBarDelegate.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QSplitter>
#include <QStackedWidget>
#include <QTabWidget>
#include <QTableView>
#include <QVBoxLayout>
#include <QtConcurrent/QtConcurrentRun>

RunView::RunView(QWidget* parent)
    : QWidget(parent), model_(new RegionTableModel(this)), proxy_(new RegionFilterProxy(this)),
      metadata_(new MetadataModel(this)),
      tableWatcher_(new QFutureWatcher<std::vector<scope::RegionTableRow>>(this)) {
    proxy_->setSourceModel(model_);
    buildLayout();
    connect(tableWatcher_, &QFutureWatcherBase::finished, this, [this] {
        if (tableWatcher_->future().isCanceled() || tableWatcher_->future().resultCount() == 0)
            return;
        const int region = selectedRegion();
        model_->setRows(run_, tableWatcher_->result());
        selectRegion(region >= 0 ? region : (model_->rowCount() > 0 ? 0 : -1));
        emit tableReady();
    });
}

RunView::~RunView() {
    if (tableCancel_)
        tableCancel_->store(true);
    tableWatcher_->waitForFinished();
}

void RunView::buildLayout() {
    filter_ = new QLineEdit(this);
    filter_->setPlaceholderText(tr("Filter regions (regular expression, matched at the start)"));
    filter_->setClearButtonEnabled(true);
    ranks_ = new QLineEdit(this);
    ranks_->setPlaceholderText(tr("all ranks (e.g. 0-3,5)"));
    ranks_->setClearButtonEnabled(true);
    ranks_->setMaximumWidth(220);
    statistic_ = new QComboBox(this);
    for (Statistic s : allStatistics())
        statistic_->addItem(label(s), static_cast<int>(s));

    auto* controls = new QHBoxLayout;
    controls->addWidget(filter_, 3);
    controls->addWidget(new QLabel(tr("Ranks:"), this));
    controls->addWidget(ranks_, 1);
    controls->addWidget(new QLabel(tr("Chart:"), this));
    controls->addWidget(statistic_);

    table_ = new QTableView(this);
    table_->setModel(proxy_);
    table_->setSortingEnabled(true);
    table_->sortByColumn(RegionTableModel::Total, Qt::DescendingOrder);
    table_->setSelectionBehavior(QAbstractItemView::SelectRows);
    table_->setSelectionMode(QAbstractItemView::SingleSelection);
    table_->setAlternatingRowColors(true);
    table_->verticalHeader()->hide();
    table_->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    table_->horizontalHeader()->setStretchLastSection(false);
    table_->setItemDelegateForColumn(RegionTableModel::Share, new ShareBarDelegate(table_));

    rankChart_ = new RankBarChart(this);
    auto* metadataView = new QTableView(this);
    metadataView->setModel(metadata_);
    metadataView->verticalHeader()->hide();
    metadataView->horizontalHeader()->setStretchLastSection(true);
    metadataView->setWordWrap(false);
    auto* side = new QTabWidget(this);
    side->addTab(rankChart_, tr("Per rank"));
    side->addTab(metadataView, tr("Metadata"));

    timeline_ = new TimelineView(this);
    eventsPanel_ = new EventsUnavailablePanel(this);
    timelineStack_ = new QStackedWidget(this);
    timelineStack_->addWidget(timeline_);
    timelineStack_->addWidget(eventsPanel_);

    horizontal_ = new QSplitter(Qt::Horizontal, this);
    horizontal_->addWidget(table_);
    horizontal_->addWidget(side);
    // The table needs room for its thirteen columns; the chart reads well narrower.
    horizontal_->setSizes({900, 480});
    vertical_ = new QSplitter(Qt::Vertical, this);
    vertical_->addWidget(horizontal_);
    vertical_->addWidget(timelineStack_);
    vertical_->setSizes({520, 380});

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addLayout(controls);
    layout->addWidget(vertical_, 1);

    connect(filter_, &QLineEdit::textChanged, this, [this](const QString& text) {
        const bool valid = proxy_->setPattern(text);
        filter_->setStyleSheet(valid ? QString() : QStringLiteral("color: #c62828"));
        filter_->setToolTip(valid ? QString()
                                  : tr("Invalid expression: %1").arg(proxy_->errorString()));
    });
    connect(ranks_, &QLineEdit::editingFinished, this,
            [this] { setRankSelection(ranks_->text()); });
    connect(statistic_, &QComboBox::currentIndexChanged, this, [this] {
        rankChart_->setStatistic(statistic());
        emit statisticChanged(statistic());
    });
    connect(table_->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            &RunView::onRegionSelected);
    connect(timeline_, &TimelineView::regionActivated, this, &RunView::selectRegion);
    rankChartMenu_ = new ChartContextMenu(rankChart_->plot());
    timelineMenu_ = new ChartContextMenu(timeline_->plot());
    connect(
        rankChartMenu_, &ChartContextMenu::triggered, this,
        [this](ChartContextMenu::Action action) { emit chartActionRequested(RankChart, action); });
    connect(
        timelineMenu_, &ChartContextMenu::triggered, this,
        [this](ChartContextMenu::Action action) { emit chartActionRequested(Timeline, action); });
    connect(eventsPanel_, &EventsUnavailablePanel::loadEventsRequested, this, [this] {
        if (run_) {
            eventsPanel_->setLoading(true);
            emit loadEventsRequested(run_->path);
        }
    });
}

void RunView::setRun(std::shared_ptr<const RunData> run) {
    run_ = std::move(run);
    metadata_->setRun(run_);
    rankChart_->setRun(run_ ? run_->results : nullptr);
    rankChart_->setRanks(selection_);
    const bool events = run_ && run_->hasEvents() && run_->timeline;
    if (events) {
        timeline_->setRun(run_->results, run_->timeline);
        timeline_->setRanks(selection_);
        timelineStack_->setCurrentWidget(timeline_);
    } else {
        timeline_->clear();
        eventsPanel_->setReason(run_ && run_->canLoadEvents());
        timelineStack_->setCurrentWidget(eventsPanel_);
    }
    recomputeTable();
}

void RunView::setEventsLoading(bool loading) {
    eventsPanel_->setLoading(loading);
}

bool RunView::eventViewsEnabled() const {
    return timelineStack_->currentWidget() == timeline_ && run_ && run_->hasEvents();
}

bool RunView::setRankSelection(const QString& text) {
    scope::RankSelection selection;
    const QString trimmed = text.trimmed();
    if (!trimmed.isEmpty() && trimmed.compare(QStringLiteral("all"), Qt::CaseInsensitive) != 0) {
        try {
            selection = scope::RankSelection::parse(trimmed.toStdString());
        } catch (const std::invalid_argument& e) {
            ranks_->setStyleSheet(QStringLiteral("color: #c62828"));
            ranks_->setToolTip(QString::fromStdString(e.what()));
            return false;
        }
    }
    ranks_->setStyleSheet(QString());
    ranks_->setToolTip(tr("Statistics, chart and timeline cover these ranks only"));
    if (ranks_->text() != text)
        ranks_->setText(text);
    selection_ = selection;
    rankChart_->setRanks(selection_);
    if (run_ && run_->hasEvents() && run_->timeline)
        timeline_->setRanks(selection_);
    recomputeTable();
    return true;
}

void RunView::setStatistic(Statistic statistic) {
    const int index = statistic_->findData(static_cast<int>(statistic));
    if (index >= 0)
        statistic_->setCurrentIndex(index);
}

Statistic RunView::statistic() const {
    return static_cast<Statistic>(statistic_->currentData().toInt());
}

// Percentiles sort every call of a region: compute the table on a worker
// thread; a newer request cancels the older one.
void RunView::recomputeTable() {
    if (tableCancel_)
        tableCancel_->store(true);
    if (!run_ || !run_->results) {
        model_->clear();
        return;
    }
    tableCancel_ = std::make_shared<std::atomic<bool>>(false);
    tableWatcher_->setFuture(
        QtConcurrent::run([results = run_->results, selection = selection_, cancel = tableCancel_] {
            return scope::RegionTable::compute(*results, selection, cancel.get());
        }));
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

int RunView::selectedRegion() const {
    const QModelIndex current = table_->selectionModel()->currentIndex();
    return current.isValid() ? current.data(RegionTableModel::RegionIndexRole).toInt() : -1;
}

void RunView::onRegionSelected() {
    const int region = selectedRegion();
    rankChart_->setRegion(region);
    if (run_ && run_->hasEvents() && run_->timeline)
        timeline_->setHighlightedRegion(region);
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
