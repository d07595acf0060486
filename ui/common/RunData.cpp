// SPDX-License-Identifier: GPL-3.0-or-later
#include "RunData.h"

std::shared_ptr<RunData> RunData::fromOutcome(const scope::LoadOutcome& outcome) {
    auto run = std::make_shared<RunData>();
    run->results = outcome.results;
    run->timeline = outcome.timelineSource;
    run->timelineError = QString::fromStdString(outcome.timelineError);
    run->indexNote = QString::fromStdString(outcome.indexNote);
    run->memoryBudget = outcome.request.memoryBudget;
    run->path = QString::fromStdString(outcome.request.path);
    run->summaryOnlyRequested = outcome.request.summaryOnly;
    for (const std::string& file : outcome.request.rankFiles)
        run->rankFiles << QString::fromStdString(file);
    return run;
}
