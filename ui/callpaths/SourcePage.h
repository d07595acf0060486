// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "common/AnalysisPage.h"

class SourcePanel;

// The selected region's source, below the table.
class SourcePage : public AnalysisPage {
public:
    explicit SourcePage(QWidget* parent);

    static Description describe();
    QWidget* widget() override;
    void bind(RunContext* context) override;

    SourcePanel* panel() const { return panel_; }

private:
    SourcePanel* panel_;
};
