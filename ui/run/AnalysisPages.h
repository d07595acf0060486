// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "common/AnalysisPage.h"

#include <QList>
#include <QString>

#include <memory>
#include <vector>

class QWidget;

// Every page of a run's view, in the order of their tabs: a new view is its
// own files plus one line in AnalysisPages.cpp.
class AnalysisPages {
public:
    // The pages of one run view, their widgets children of `parent`.
    static std::vector<std::unique_ptr<AnalysisPage>> create(QWidget* parent);

    // Every chart of a run view the exports can save, in tab order (beside
    // the table, then below it). Known with no run open.
    struct Chart {
        QString id; // its page's
        ChartSurface::Names names;
    };
    static const QList<Chart>& charts();
};
