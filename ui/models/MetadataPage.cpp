// SPDX-License-Identifier: GPL-3.0-or-later
#include "MetadataPage.h"

#include "MetadataModel.h"
#include "common/RunContext.h"

#include <QCoreApplication>
#include <QHeaderView>
#include <QTableView>

AnalysisPage::Description MetadataPage::describe() {
    return {QStringLiteral("metadata"), QCoreApplication::translate("MetadataPage", "Metadata"),
            QCoreApplication::translate("MetadataPage", "What the file says about the run"),
            Placement::Bottom, std::nullopt};
}

MetadataPage::MetadataPage(QWidget* parent)
    : AnalysisPage(describe()), model_(new MetadataModel(parent)), view_(new QTableView(parent)) {
    view_->setModel(model_);
    view_->verticalHeader()->hide();
    // Names are short and must read whole; the values take the rest.
    view_->horizontalHeader()->setSectionResizeMode(0, QHeaderView::ResizeToContents);
    view_->horizontalHeader()->setStretchLastSection(true);
    view_->setWordWrap(false);
    view_->setTabKeyNavigation(false);
}

QWidget* MetadataPage::widget() {
    return view_;
}

void MetadataPage::bind(RunContext* context) {
    QObject::connect(context, &RunContext::runChanged, model_,
                     [this, context] { model_->setRun(context->run()); });
}
