// SPDX-License-Identifier: GPL-3.0-or-later
#include "SourcePage.h"

#include "SourcePanel.h"
#include "common/RunContext.h"

#include <QCoreApplication>

AnalysisPage::Description SourcePage::describe() {
    return {QStringLiteral("source"), QCoreApplication::translate("SourcePage", "Source"),
            QCoreApplication::translate("SourcePage", "The selected region's source"),
            Placement::Bottom, std::nullopt};
}

SourcePage::SourcePage(QWidget* parent)
    : AnalysisPage(describe()), panel_(new SourcePanel(parent)) {}

QWidget* SourcePage::widget() {
    return panel_;
}

void SourcePage::bind(RunContext* context) {
    QObject::connect(context, &RunContext::runChanged, panel_,
                     [this, context] { panel_->setRun(context->results()); });
    QObject::connect(context, &RunContext::regionChanged, panel_,
                     [this, context] { panel_->setRegion(context->region()); });
}
