// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Waiting for a run that MainWindow loads in the background, shared by the
// window-level tests.
#include "models/RegionTableModel.h"
#include "run/RunView.h"
#include "shell/MainWindow.h"

#include <QCoreApplication>
#include <QSignalSpy>
#include <QStandardPaths>

// Keeps window tests away from the user's settings and recent files, and lets
// QSignalSpy record MainWindow::runOpened.
inline void prepareWindowTests() {
    QStandardPaths::setTestModeEnabled(true);
    qRegisterMetaType<RunView*>();
    QCoreApplication::setOrganizationName(QStringLiteral("ScopeViewerTests"));
}

// The view of the next run `opened` reports, once its region table shows all
// the numbers, percentiles included (computed on a worker thread after the run
// is set); null on timeout.
inline RunView* waitForRun(MainWindow& window, QSignalSpy& opened) {
    if (opened.isEmpty() && !opened.wait(60000))
        return nullptr;
    opened.takeFirst();
    RunView* view = window.currentRunView();
    QSignalSpy ready(view, &RunView::tableReady);
    const auto complete = [view] {
        return view->tableModel()->run() == view->run() &&
               !view->tableModel()->percentilesPending();
    };
    if (!complete() && !ready.wait(30000))
        return nullptr;
    return view;
}
