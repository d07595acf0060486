// SPDX-License-Identifier: GPL-3.0-or-later
#include "RunContext.h"

RunContext::RunContext(QObject* parent) : QObject(parent) {}

std::shared_ptr<const scope::ProfilingResults> RunContext::results() const {
    return run_ ? run_->results : nullptr;
}

void RunContext::setRun(std::shared_ptr<const RunData> run, const scope::RankSelection& ranks,
                        bool readStage) {
    run_ = std::move(run);
    ranks_ = ranks;
    readStage_ = readStage;
    region_ = -1;
    emit runChanged();
}

void RunContext::setRanks(const scope::RankSelection& ranks) {
    ranks_ = ranks;
    emit ranksChanged();
}

void RunContext::setRegion(int region) {
    region_ = region;
    emit regionChanged();
}

void RunContext::setStatistic(scope::ComparisonMetric statistic) {
    statistic_ = statistic;
    emit statisticChanged();
}

void RunContext::setLabel(const QString& label) {
    label_ = label;
    emit labelChanged();
}

void RunContext::setEventsLoading(bool loading) {
    eventsLoading_ = loading;
    emit eventsLoadingChanged();
}
