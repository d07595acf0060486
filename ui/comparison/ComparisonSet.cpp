// SPDX-License-Identifier: GPL-3.0-or-later
#include "ComparisonSet.h"

#include "common/RunLabels.h"
#include "model/ExportSelection.h"

#include <QFileInfo>

#include <algorithm>

ComparisonSet::ComparisonSet(QObject* parent) : QObject(parent) {}

void ComparisonSet::setRunLabels(RunLabels* labels) {
    runLabels_ = labels;
    connect(labels, &RunLabels::changed, this, [this] {
        relabel();
        emit changed();
    });
    relabel();
}

void ComparisonSet::relabel() {
    if (runLabels_ != nullptr) {
        for (Run& run : runs_) {
            run.label = runLabels_->label(run.data->path);
            run.renamed = runLabels_->isRenamed(run.data->path);
        }
        return;
    }
    const std::vector<std::string> defaults = scope::ExportSelection::labels(results());
    for (std::size_t i = 0; i < runs_.size(); ++i)
        if (!runs_[i].renamed)
            runs_[i].label = QString::fromStdString(defaults[i]);
}

int ComparisonSet::indexOfPath(const QString& path) const {
    const QString absolute = QFileInfo(path).absoluteFilePath();
    for (std::size_t i = 0; i < runs_.size(); ++i)
        if (QFileInfo(runs_[i].data->path).absoluteFilePath() == absolute)
            return static_cast<int>(i);
    return -1;
}

void ComparisonSet::add(std::shared_ptr<const RunData> data, const QString& label, qint64 order) {
    if (!data || !data->results)
        return;
    if (const int existing = indexOfPath(data->path); existing >= 0) {
        runs_[static_cast<std::size_t>(existing)].data = std::move(data);
        emit changed();
        return;
    }
    if (order < 0)
        order = runs_.empty() ? 0 : runs_.back().order + 1;
    auto position = std::find_if(runs_.begin(), runs_.end(),
                                 [order](const Run& run) { return run.order > order; });
    const int index = static_cast<int>(position - runs_.begin());
    runs_.insert(position, {std::move(data), label, order, !label.isEmpty()});
    relabel();
    // Until the user picks one, the baseline is the first run; a picked
    // baseline stays on its run when a run arrives in front of it.
    if (!baselineChosen_)
        baseline_ = 0;
    else if (runs_.size() > 1 && index <= baseline_)
        ++baseline_;
    emit changed();
}

void ComparisonSet::remove(int index) {
    if (index < 0 || index >= count())
        return;
    runs_.erase(runs_.begin() + index);
    relabel();
    // The baseline follows its run; when that run goes, the first run takes over.
    if (baseline_ == index)
        baseline_ = 0;
    else if (baseline_ > index)
        --baseline_;
    emit changed();
}

void ComparisonSet::removePath(const QString& path) {
    remove(indexOfPath(path));
}

void ComparisonSet::move(int from, int to) {
    if (from < 0 || from >= count() || to < 0 || to >= count() || from == to)
        return;
    Run run = std::move(runs_[static_cast<std::size_t>(from)]);
    runs_.erase(runs_.begin() + from);
    runs_.insert(runs_.begin() + to, std::move(run));
    relabel();
    if (baseline_ == from)
        baseline_ = to;
    else if (from < baseline_ && to >= baseline_)
        --baseline_;
    else if (from > baseline_ && to <= baseline_)
        ++baseline_;
    emit changed();
}

void ComparisonSet::rename(int index, const QString& label) {
    if (index < 0 || index >= count())
        return;
    Run& run = runs_[static_cast<std::size_t>(index)];
    if (runLabels_ != nullptr) {
        // Comes back through RunLabels::changed.
        runLabels_->rename(run.data->path, label);
        return;
    }
    const QString trimmed = label.trimmed();
    const QString before = run.label;
    run.renamed = !trimmed.isEmpty();
    run.label = trimmed;
    relabel();
    if (run.label != before)
        emit changed();
}

void ComparisonSet::setBaseline(int index) {
    if (index < 0 || index >= count() || index == baseline_)
        return;
    baseline_ = index;
    baselineChosen_ = true;
    emit changed();
}

std::vector<const scope::ProfilingResults*> ComparisonSet::results() const {
    std::vector<const scope::ProfilingResults*> out;
    out.reserve(runs_.size());
    for (const Run& run : runs_)
        out.push_back(run.data->results.get());
    return out;
}

QStringList ComparisonSet::labels() const {
    QStringList out;
    for (const Run& run : runs_)
        out << run.label;
    return out;
}
