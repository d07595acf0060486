// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// A sample copied into a folder of its own and opened in a shown MainWindow,
// for the tests that rewrite, delete or reload the run's file.
#include "RunWaiter.h"

#include <QFile>
#include <QSignalSpy>
#include <QString>
#include <QTemporaryDir>

struct OpenedCopy {
    QTemporaryDir dir;
    QString path;
    MainWindow window;
    // Every run the window opens from now on; waitForRun takes them.
    QSignalSpy opened{&window, &MainWindow::runOpened};
    RunView* view = nullptr;

    // Copies `sample` to `name` in the folder, opens it and waits for its
    // table; false when any of that failed.
    bool open(const QString& sample, const QString& name = QStringLiteral("profiling_data.h5")) {
        path = dir.filePath(name);
        if (!dir.isValid() || !QFile::copy(sample, path))
            return false;
        window.show();
        window.openFile(path);
        view = waitForRun(window, opened);
        return view != nullptr;
    }
};
