// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "ChartSurface.h"

#include <QList>
#include <QString>

#include <optional>

class QWidget;
class RunContext;
struct RunData;

// One view of a run, as the run view places it: a tab beside the region
// table or below it. A page follows the RunContext it is bound to and may
// offer its chart to the exports. The pages are listed in AnalysisPages.
class AnalysisPage {
public:
    enum class Placement { Side, Bottom };
    // What is known of a page before one is built (File ▸ Export lists the
    // charts with no run open): every page class has a static describe().
    struct Description {
        // The settings key of the remembered tab and the id its chart's
        // context menu reports.
        QString id;
        QString title; // the tab's label
        QString toolTip;
        Placement placement;
        // The names of the chart the exports save, for a page with one.
        std::optional<ChartSurface::Names> chart;
    };

    explicit AnalysisPage(Description description) : description_(std::move(description)) {}
    virtual ~AnalysisPage() = default;
    AnalysisPage(const AnalysisPage&) = delete;
    AnalysisPage& operator=(const AnalysisPage&) = delete;

    const Description& description() const { return description_; }
    const QString& id() const { return description_.id; }
    Placement placement() const { return description_.placement; }

    virtual QWidget* widget() = 0;
    // Called once; the page follows the context from then on.
    virtual void bind(RunContext* context) = 0;
    // Whether its tab shows for this run (a run without hardware data has no
    // hardware tab).
    virtual bool shownFor(const RunData& run) const;
    // Its tab became the current one, or stopped being it: a page that
    // follows the selection only while current catches up when it becomes so.
    virtual void setCurrent(bool current) { (void)current; }
    // The chart drawn now, for an export without a window (scope-viewer
    // --export-dir): a page that draws later or from a worker (the timeline
    // after the table, the distributions of a region's calls) draws at once.
    virtual void drawNow() {}
    // What the user last chose in any run (the call tree's orientation): a
    // view built ahead of its run takes it up when it is used.
    virtual void restoreChoices() {}
    // The chart the exports save (named as the description says), or null
    // for a page without one, and the widgets whose context menu exports it.
    virtual ChartSurface* surface() { return nullptr; }
    virtual QList<QWidget*> chartWidgets() { return {}; }

protected:
    // The names its chart surface is built with.
    const ChartSurface::Names& chartNames() const { return *description_.chart; }

private:
    Description description_;
};
