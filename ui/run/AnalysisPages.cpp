// SPDX-License-Identifier: GPL-3.0-or-later
#include "AnalysisPages.h"

#include "callpaths/CallTreePage.h"
#include "callpaths/FlameGraphPage.h"
#include "callpaths/SourcePage.h"
#include "charts/RankChartPage.h"
#include "charts/TimelinePage.h"
#include "communication/CommunicationPage.h"
#include "distributions/HeatmapPage.h"
#include "distributions/HistogramPage.h"
#include "distributions/OverTimePage.h"
#include "hardware/HardwarePage.h"
#include "models/MetadataPage.h"
#include "threads/ThreadsPage.h"

namespace {

struct Entry {
    AnalysisPage::Description description;
    std::unique_ptr<AnalysisPage> (*make)(QWidget* parent);
};

template <class Page> Entry entry() {
    return {Page::describe(), [](QWidget* parent) -> std::unique_ptr<AnalysisPage> {
                return std::make_unique<Page>(parent);
            }};
}

// Beside the table, then below it; in tab order.
const std::vector<Entry>& entries() {
    static const std::vector<Entry> pages = {
        entry<RankChartPage>(),  entry<HistogramPage>(),     entry<OverTimePage>(),
        entry<HeatmapPage>(),    entry<TimelinePage>(),      entry<CallTreePage>(),
        entry<FlameGraphPage>(), entry<SourcePage>(),        entry<MetadataPage>(),
        entry<HardwarePage>(),   entry<CommunicationPage>(), entry<ThreadsPage>(),
    };
    return pages;
}

} // namespace

std::vector<std::unique_ptr<AnalysisPage>> AnalysisPages::create(QWidget* parent) {
    std::vector<std::unique_ptr<AnalysisPage>> pages;
    for (const Entry& entry : entries())
        pages.push_back(entry.make(parent));
    return pages;
}

const QList<AnalysisPages::Chart>& AnalysisPages::charts() {
    static const QList<Chart> charts = [] {
        QList<Chart> all;
        for (const auto placement :
             {AnalysisPage::Placement::Side, AnalysisPage::Placement::Bottom})
            for (const Entry& entry : entries())
                if (entry.description.placement == placement && entry.description.chart)
                    all.append({entry.description.id, *entry.description.chart});
        return all;
    }();
    return charts;
}
