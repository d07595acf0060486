// SPDX-License-Identifier: GPL-3.0-or-later
#include "WhatChangedPanel.h"

#include "ComparisonSet.h"
#include "WhatChangedModel.h"
#include "WhatChangedPicture.h"
#include "WhatChangedText.h"
#include "base/ReadControl.h"
#include "charts/PaintedChartExporter.h"
#include "common/ColorContrast.h"
#include "compare/WhatChanged.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QListView>
#include <QMenu>
#include <QPainter>
#include <QPushButton>
#include <QStackedWidget>
#include <QTimer>
#include <QVBoxLayout>

#include <algorithm>
#include <exception>

namespace {

using scope::ProfilingResults;

constexpr int kDefaultExportWidth = 1000;

std::vector<const ProfilingResults*>
resultsOf(const std::vector<std::shared_ptr<const RunData>>& runs,
          const std::vector<int>& indices) {
    std::vector<const ProfilingResults*> out;
    for (int i : indices)
        out.push_back(runs[static_cast<std::size_t>(i)]->results.get());
    return out;
}

} // namespace

WhatChangedPanel::WhatChangedPanel(ComparisonSet* set, QWidget* parent)
    : QWidget(parent), set_(set), model_(new WhatChangedModel(this)),
      job_(
          this, [this](int, Result result) { deliver(std::move(result)); },
          [this] { emit updated(); }) {
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    auto* header = new QHBoxLayout;
    auto* title = new QLabel(tr("<b>What changed</b>"), this);
    before_ = new QPushButton(this);
    after_ = new QPushButton(this);
    for (QPushButton* button : {before_, after_})
        button->setMenu(new QMenu(button));
    before_->setToolTip(tr("The runs before the change; several runs are repeats, and then "
                           "run-to-run noise counts."));
    after_->setToolTip(tr("The runs after the change; several runs are repeats."));
    connect(before_->menu(), &QMenu::aboutToShow, this,
            [this] { fillSideMenu(before_->menu(), Side::Before); });
    connect(after_->menu(), &QMenu::aboutToShow, this,
            [this] { fillSideMenu(after_->menu(), Side::After); });
    method_ = new QLabel(this);
    method_->setWordWrap(true);
    header->addWidget(title);
    header->addSpacing(12);
    header->addWidget(before_);
    header->addWidget(new QLabel(QStringLiteral("→"), this));
    header->addWidget(after_);
    header->addSpacing(12);
    header->addWidget(method_, 1);
    layout->addLayout(header);

    stack_ = new QStackedWidget(this);
    list_ = new QListView(stack_);
    list_->setModel(model_);
    list_->setWordWrap(true);
    list_->setUniformItemSizes(false);
    list_->setResizeMode(QListView::Adjust);
    list_->setSelectionMode(QAbstractItemView::SingleSelection);
    list_->setEditTriggers(QAbstractItemView::NoEditTriggers);
    list_->setTextElideMode(Qt::ElideRight);
    model_->setBackground(list_->palette().color(QPalette::Base));
    stack_->addWidget(list_);
    message_ = new QLabel(stack_);
    message_->setAlignment(Qt::AlignCenter);
    message_->setWordWrap(true);
    message_->setMargin(12);
    stack_->addWidget(message_);
    layout->addWidget(stack_, 1);
    // The quiet grey of the method line, still readable.
    ColorContrast::setQuietText(method_, palette().color(QPalette::PlaceholderText),
                                palette().color(QPalette::Window));

    // A click (or Enter) on a finding selects its region; on the summary row
    // it lists or folds the unchanged regions.
    const auto activate = [this](const QModelIndex& index) {
        if (index.data(WhatChangedModel::UnchangedSummaryRole).toBool())
            model_->setShowUnchanged(!model_->showUnchanged());
        else if (const QString region = index.data(WhatChangedModel::RegionRole).toString();
                 !region.isEmpty())
            emit regionActivated(region);
    };
    connect(list_, &QListView::clicked, this, activate);
    connect(list_, &QListView::activated, this, activate);

    pending_ = new QTimer(this);
    pending_->setSingleShot(true);
    pending_->setInterval(0);
    connect(pending_, &QTimer::timeout, this, &WhatChangedPanel::recompute);
    connect(set_, &ComparisonSet::changed, this, &WhatChangedPanel::scheduleRecompute);
    recompute();
}

void WhatChangedPanel::setStatistic(scope::ComparisonMetric statistic) {
    if (statistic == statistic_)
        return;
    statistic_ = statistic;
    scheduleRecompute();
}

void WhatChangedPanel::setThresholdPercent(double percent) {
    if (percent == thresholdPercent_)
        return;
    thresholdPercent_ = percent;
    scheduleRecompute();
}

void WhatChangedPanel::setSides(const std::vector<int>& before, const std::vector<int>& after) {
    chosen_.clear();
    for (int i = 0; i < set_->count(); ++i) {
        const bool isBefore = std::find(before.begin(), before.end(), i) != before.end();
        const bool isAfter = std::find(after.begin(), after.end(), i) != after.end();
        chosen_[set_->run(i).data->path] =
            isBefore ? Side::Before : (isAfter ? Side::After : Side::None);
    }
    userChose_ = true;
    scheduleRecompute();
}

std::vector<int> WhatChangedPanel::runsOn(Side side) const {
    std::vector<int> runs;
    const int count = set_->count();
    if (count < 2)
        return runs;
    if (!userChose_) {
        // The baseline against the last other run.
        const int baseline = set_->baseline();
        const int last = baseline == count - 1 ? count - 2 : count - 1;
        runs.push_back(side == Side::Before ? baseline : last);
        return runs;
    }
    for (int i = 0; i < count; ++i) {
        const auto it = chosen_.find(set_->run(i).data->path);
        if (it != chosen_.end() && it->second == side)
            runs.push_back(i);
    }
    return runs;
}

std::vector<int> WhatChangedPanel::beforeRuns() const {
    return runsOn(Side::Before);
}

std::vector<int> WhatChangedPanel::afterRuns() const {
    return runsOn(Side::After);
}

QStringList WhatChangedPanel::labelsOf(const std::vector<int>& runs) const {
    QStringList labels;
    for (int run : runs)
        labels << set_->run(run).label;
    return labels;
}

QStringList WhatChangedPanel::beforeLabels() const {
    return labelsOf(beforeRuns());
}

QStringList WhatChangedPanel::afterLabels() const {
    return labelsOf(afterRuns());
}

void WhatChangedPanel::choose(int run, Side side, bool on) {
    if (!userChose_) {
        const std::vector<int> before = beforeRuns();
        const std::vector<int> after = afterRuns();
        setSides(before, after);
    }
    chosen_[set_->run(run).data->path] = on ? side : Side::None;
    userChose_ = true;
    scheduleRecompute();
}

void WhatChangedPanel::fillSideMenu(QMenu* menu, Side side) {
    menu->clear();
    const std::vector<int> mine = runsOn(side);
    for (int i = 0; i < set_->count(); ++i) {
        QAction* action = menu->addAction(set_->run(i).label);
        action->setCheckable(true);
        action->setChecked(std::find(mine.begin(), mine.end(), i) != mine.end());
        connect(action, &QAction::toggled, this, [this, i, side](bool on) { choose(i, side, on); });
    }
}

void WhatChangedPanel::updateSideButtons() {
    const auto text = [](const QString& side, const QStringList& labels) {
        if (labels.isEmpty())
            return tr("%1: choose…").arg(side);
        if (labels.size() == 1)
            return QStringLiteral("%1: %2").arg(side, labels.front());
        return tr("%1: %2 runs").arg(side).arg(labels.size());
    };
    const QStringList before = beforeLabels();
    const QStringList after = afterLabels();
    before_->setText(text(tr("Before"), before));
    after_->setText(text(tr("After"), after));
    before_->setEnabled(set_->count() >= 2);
    after_->setEnabled(set_->count() >= 2);
}

void WhatChangedPanel::scheduleRecompute() {
    pending_->start();
}

void WhatChangedPanel::finishNow() {
    if (pending_->isActive()) {
        pending_->stop();
        recompute();
    }
    job_.finishNow();
}

void WhatChangedPanel::setState(State state) {
    state_ = state;
    emit stateChanged(state);
}

void WhatChangedPanel::showMessage(const QString& text) {
    message_->setText(text);
    stack_->setCurrentWidget(text.isEmpty() ? static_cast<QWidget*>(list_) : message_);
}

QString WhatChangedPanel::message() const {
    return stack_->currentWidget() == message_ ? message_->text() : QString();
}

const std::optional<scope::DiffReport>& WhatChangedPanel::report() const {
    return model_->report();
}

void WhatChangedPanel::recompute() {
    pending_->stop();
    updateSideButtons();
    const int count = set_->count();
    if (count < 2) {
        job_.cancel();
        model_->setReport(std::nullopt);
        method_->clear();
        showMessage(tr("Open a second run to see what changed."));
        setState(State::Empty);
        emit reportsChanged({});
        return;
    }
    std::vector<std::shared_ptr<const RunData>> runs;
    for (int i = 0; i < count; ++i)
        runs.push_back(set_->run(i).data);
    const std::vector<int> before = beforeRuns();
    const std::vector<int> after = afterRuns();
    scope::WhatChangedOptions options;
    options.statistic = statistic_;
    options.thresholdPercent = thresholdPercent_;
    const int baseline = set_->baseline();
    model_->setReport(std::nullopt);
    showMessage(tr("Computing what changed…"));
    setState(State::Computing);
    method_->setText(tr("computing…"));
    job_.start([runs, before, after, options, baseline](QPromise<Result>& promise,
                                                        const std::atomic<bool>& stop) {
        scope::ReadControl control;
        control.cancel = &stop;
        Result sides;
        if (!before.empty() && !after.empty()) {
            try {
                sides.report = scope::WhatChanged::compute(
                    resultsOf(runs, before), resultsOf(runs, after), options, &control);
            } catch (const std::exception& error) {
                sides.error = QString::fromUtf8(error.what());
            }
        }
        if (stop.load())
            return;
        promise.addResult(sides);
        Result perRun;
        perRun.kind = Result::Kind::PerRun;
        perRun.perRun.resize(runs.size());
        for (std::size_t i = 0; i < runs.size() && !stop.load(); ++i) {
            if (static_cast<int>(i) == baseline)
                continue;
            // The default sides are this very comparison.
            if (sides.report && before == std::vector<int>{baseline} &&
                after == std::vector<int>{static_cast<int>(i)}) {
                perRun.perRun[i] = sides.report;
                continue;
            }
            try {
                perRun.perRun[i] = scope::WhatChanged::compute(
                    resultsOf(runs, {baseline}), resultsOf(runs, {static_cast<int>(i)}), options,
                    &control);
            } catch (const std::exception&) {
                // That run's markers stay off; the panel says what went wrong.
            }
        }
        if (!stop.load())
            promise.addResult(std::move(perRun));
    });
}

void WhatChangedPanel::deliver(Result result) {
    if (result.kind == Result::Kind::PerRun) {
        emit reportsChanged(result.perRun);
        return;
    }
    if (!result.error.isEmpty()) {
        method_->clear();
        showMessage(tr("Cannot tell what changed: %1").arg(result.error));
        setState(State::Failed);
        return;
    }
    if (!result.report) {
        method_->clear();
        showMessage(tr("Choose at least one run before and one after the change."));
        setState(State::Empty);
        return;
    }
    method_->setText(WhatChangedText::method(*result.report));
    const bool none = result.report->regions.empty();
    model_->setReport(std::move(result.report));
    showMessage(none ? tr("The runs have no region to compare.") : QString());
    setState(State::Ready);
}

QString WhatChangedPanel::title() const {
    return tr("What changed: %1 → %2")
        .arg(beforeLabels().join(QStringLiteral(", ")), afterLabels().join(QStringLiteral(", ")));
}

WhatChangedPicture WhatChangedPanel::picture() const {
    std::vector<WhatChangedPicture::Line> lines;
    const int unchanged = model_->unchangedCount();
    for (int row = 0; row < model_->rowCount(); ++row) {
        const QModelIndex index = model_->index(row);
        // Nothing to click on paper.
        const QString text = !index.data(WhatChangedModel::UnchangedSummaryRole).toBool()
                                 ? index.data().toString()
                             : unchanged == 1 ? tr("1 region unchanged")
                                              : tr("%1 regions unchanged").arg(unchanged);
        lines.push_back({index.data(Qt::DecorationRole).value<QIcon>(),
                         index.data(Qt::ForegroundRole).value<QColor>(), text});
    }
    const bool ready = state_ == State::Ready && model_->report();
    return WhatChangedPicture(title(),
                              ready ? WhatChangedText::method(*model_->report()) : QString(),
                              message(), std::move(lines), font());
}

QSize WhatChangedPanel::exportSize(int width, int height) const {
    const int w = width > 0 ? width : kDefaultExportWidth;
    return {w, height > 0 ? height : picture().height(w)};
}

void WhatChangedPanel::render(QPainter* painter, QSize size) const {
    picture().render(painter, size);
}

bool WhatChangedPanel::savePng(const QString& path, int width, int height, double scale) const {
    return PaintedChartExporter::savePng([this](QPainter* p, QSize s) { render(p, s); },
                                         exportSize(width, height), path, scale);
}

bool WhatChangedPanel::saveSvg(const QString& path, int width, int height) const {
    return PaintedChartExporter::saveSvg([this](QPainter* p, QSize s) { render(p, s); },
                                         exportSize(width, height), path, title());
}

bool WhatChangedPanel::savePdf(const QString& path, int width, int height) const {
    return PaintedChartExporter::savePdf([this](QPainter* p, QSize s) { render(p, s); },
                                         exportSize(width, height), path, title());
}

void WhatChangedPanel::copyToClipboard(int width, int height, double scale) const {
    PaintedChartExporter::copyToClipboard([this](QPainter* p, QSize s) { render(p, s); },
                                          exportSize(width, height), scale, title());
}
