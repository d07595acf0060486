// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>

class ComparisonView;
class MessageBanner;
class QWidget;
class RunView;

// What the exports need of the window they export from: the runs and the
// comparison on show, the runs' names, and where to report. The window
// implements it, so that ExportController does not depend on MainWindow
// (which owns it).
class ExportContext {
public:
    virtual ~ExportContext() = default;

    virtual QWidget* dialogParent() = 0;
    virtual MessageBanner* messages() const = 0;
    // The run of the tab in front (null on the comparison or start page).
    virtual RunView* currentRunView() const = 0;
    // Every open run, in tab order.
    virtual int runCount() const = 0;
    virtual RunView* runView(int index) const = 0;
    virtual QString runLabel(const RunView* view) const = 0;
    // The comparison while two or more runs are open, else null; and the
    // same only while its tab is in front.
    virtual ComparisonView* comparisonView() const = 0;
    virtual ComparisonView* currentComparisonView() const = 0;
};
