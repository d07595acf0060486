// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QList>
#include <QString>
#include <QTabWidget>

class AnalysisPage;
struct RunData;

// The tabs of a run view's pages of one placement (AnalysisPages): beside
// the table, or below it. The tab last chosen in any run is remembered by
// its page's id, a page without data for the run has no tab, and each page
// is told when it becomes current, so that the pages that go through every
// call do so only while shown.
class PageTabs : public QTabWidget {
    Q_OBJECT
public:
    // The chosen tab is kept under `settingsKey`.
    explicit PageTabs(QString settingsKey, QWidget* parent = nullptr);

    void addPage(AnalysisPage* page);
    // The tabs of the pages that show this run (null: none open yet).
    void showPagesFor(const RunData* run);
    // The tab last chosen in any run if it is shown, else the first.
    void restorePage();

private:
    void updateCurrent();

    QString settingsKey_;
    QList<AnalysisPage*> pages_;
    AnalysisPage* current_ = nullptr;
    bool restoring_ = false;
};
