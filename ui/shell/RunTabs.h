// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QHash>
#include <QString>

class QTabWidget;
class QWidget;
class RunLabels;
class RunView;
struct RunData;

// The window's tabs as runs: which tab shows which file, where a new run's
// tab goes and what the tabs say. The tabs keep the order in which the files
// were asked for (command line, drop), whatever order the reads end in; the
// comparison tab is no run and is skipped everywhere. Apart from MainWindow
// so that the window only decides what to open and when.
class RunTabs {
public:
    explicit RunTabs(QTabWidget* tabs);

    // A file was asked for; asking again keeps its first place.
    void request(const QString& path);
    // The file is neither open nor opening any more: it gives up its place.
    void forget(const QString& path);
    // When the file was first asked for; -1 if it was not.
    qint64 order(const QString& path) const;

    int runCount() const;
    RunView* runView(int index) const;
    RunView* viewForPath(const QString& path) const;

    // Inserts a new run's tab in its place, its files as the tooltip.
    int insert(RunView* view, const RunData& run, const QString& label);
    // A tab that is no run (the comparison), first and without a close button.
    void insertFixed(QWidget* page, const QString& label, const QString& toolTip);
    // Tabs and views take the runs' current names.
    void updateLabels(const RunLabels& labels);
    // Ctrl+Tab: the next (or previous) tab, round the end.
    void step(int by);

private:
    QTabWidget* tabs_;
    QHash<QString, qint64> requestOrder_; // by absolute path
    qint64 nextOrder_ = 0;
};
