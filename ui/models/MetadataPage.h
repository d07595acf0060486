// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "common/AnalysisPage.h"

class MetadataModel;
class QTableView;

// What the file says about the run (its /metadata), below the table.
class MetadataPage : public AnalysisPage {
public:
    explicit MetadataPage(QWidget* parent);

    static Description describe();
    QWidget* widget() override;
    void bind(RunContext* context) override;

    QTableView* view() const { return view_; }

private:
    MetadataModel* model_;
    QTableView* view_;
};
