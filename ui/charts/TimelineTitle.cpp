// SPDX-License-Identifier: GPL-3.0-or-later
#include "TimelineTitle.h"

#include "analysis/OverviewTimeline.h"
#include "analysis/PartialTimeline.h"
#include "model/RankSelection.h"

#include <QCoreApplication>
#include <QLocale>

#include <algorithm>

namespace {

// Longer rank lists are counted instead ("ranks 0–3, 7, 9–12").
constexpr int kTitleRanksLength = 40;

QString tr(const char* text, int n = -1) {
    return QCoreApplication::translate("TimelineView", text, nullptr, n);
}

} // namespace

QString TimelineTitle::text(const QString& runLabel, const std::vector<std::uint32_t>& bandRanks,
                            std::size_t firstShown, std::size_t endShown,
                            const scope::TimelineSource* source) {
    // A rank of several thread/task lanes has several bands.
    const auto distinct = [](std::vector<std::uint32_t> ranks) {
        ranks.erase(std::unique(ranks.begin(), ranks.end()), ranks.end());
        return ranks;
    };
    const std::size_t end = std::min(endShown, bandRanks.size());
    const std::size_t first = std::min(firstShown, end);
    const std::size_t allRanks = distinct(bandRanks).size();
    const std::vector<std::uint32_t> ranks =
        distinct(std::vector<std::uint32_t>(bandRanks.begin() + static_cast<std::ptrdiff_t>(first),
                                            bandRanks.begin() + static_cast<std::ptrdiff_t>(end)));
    QString shown;
    if (ranks.size() == 1) {
        shown = tr("rank %1").arg(ranks.front());
    } else if (!ranks.empty()) {
        QString list = QString::fromStdString(scope::RankSelection(ranks).toString());
        list.replace(QLatin1Char('-'), QStringLiteral("\u2013"))
            .replace(QLatin1Char(','), QStringLiteral(", "));
        shown = list.size() <= kTitleRanksLength ? tr("ranks %1").arg(list)
                                                 : tr("%n ranks", static_cast<int>(ranks.size()));
    }
    if (!ranks.empty() && ranks.size() < allRanks)
        shown += tr(" (of %1)").arg(QLocale().toString(qulonglong(allRanks)));
    QString title;
    if (shown.isEmpty())
        title = runLabel.isEmpty() ? tr("Timeline") : tr("Timeline of %1").arg(runLabel);
    else
        title = runLabel.isEmpty() ? tr("Timeline, %1").arg(shown)
                                   : tr("Timeline of %1, %2").arg(runLabel, shown);
    // The ranks still to come are not missing from the run. A run on another
    // host gets its whole-run timeline complete, as one of these.
    const auto* partial = dynamic_cast<const scope::PartialTimeline*>(source);
    if (partial != nullptr && partial->ranksBuilt() < partial->ranksTotal())
        title += tr(" (building: %1 of %2 ranks)")
                     .arg(QLocale().toString(qulonglong(partial->ranksBuilt())),
                          QLocale().toString(qulonglong(partial->ranksTotal())));
    // Its spans are no calls: what each column shows must be said, and how
    // it was drawn, since an estimate may show a region where it never ran.
    const auto* overview = dynamic_cast<const scope::OverviewTimeline*>(source);
    if (overview != nullptr && overview->estimated())
        title += QLatin1Char('\n') +
                 tr("Overview (estimated from the summaries: each region's time spread over its "
                    "first to last call) \u2014 reading the calls\u2026");
    else if (overview != nullptr && overview->ranksEstimated() > 0)
        title += QLatin1Char('\n') +
                 tr("Overview \u2014 the regions with the most time in each column; calls read "
                    "for %1 of %2 ranks, the others estimated until all are read\u2026")
                     .arg(QLocale().toString(
                              qulonglong(overview->ranks().size() - overview->ranksEstimated())),
                          QLocale().toString(qulonglong(overview->ranks().size())));
    else if (source != nullptr && source->isOverview())
        title +=
            QLatin1Char('\n') + tr("Overview \u2014 the regions with the most time in each column; "
                                   "the exact timeline is being built\u2026");
    // The coarser spans stay on screen; without a word they would pass for
    // the calls.
    if (source != nullptr)
        if (const std::string error = source->readError(); !error.empty())
            title += QLatin1Char('\n') +
                     tr("Finer detail could not be read: %1").arg(QString::fromStdString(error));
    return title;
}
