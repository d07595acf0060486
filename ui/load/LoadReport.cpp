// SPDX-License-Identifier: GPL-3.0-or-later
#include "LoadReport.h"

#include "common/MessageBanner.h"
#include "common/RunData.h"

#include <QFileInfo>

void LoadReport::show(MessageBanner& banner, const RunData& run, const QString& key) {
    for (const std::string& warning : run.results->warnings)
        banner.showWarning(QString::fromStdString(warning), key);
    if (run.results->damaged.empty())
        return;
    const auto& first = run.results->damaged[0];
    banner.showError(
        tr("Damaged regions skipped"),
        tr("%1: %2 region(s) could not be read and are not shown; first: rank "
           "%3, '%4': %5")
            .arg(QFileInfo(run.path).fileName())
            .arg(run.results->damaged.size())
            .arg(first.rank)
            .arg(QString::fromStdString(first.region), QString::fromStdString(first.reason)),
        key);
}
