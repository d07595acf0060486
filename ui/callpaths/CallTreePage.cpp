// SPDX-License-Identifier: GPL-3.0-or-later
#include "CallTreePage.h"

#include "CallPaths.h"
#include "CallTreeView.h"
#include "common/EventsStack.h"
#include "common/EventsUnavailablePanel.h"
#include "common/RunContext.h"

#include <QCoreApplication>

namespace {

QString tr(const char* text) {
    return QCoreApplication::translate("CallTreePage", text);
}

} // namespace

AnalysisPage::Description CallTreePage::describe() {
    return {QStringLiteral("callTree"), tr("Call tree"), QString(), Placement::Bottom,
            std::nullopt};
}

CallTreePage::CallTreePage(QWidget* parent)
    : AnalysisPage(describe()), view_(new CallTreeView(parent)),
      stack_(new EventsStack(view_, parent)) {
    stack_->panel()->setNeed(tr("The call tree needs per-call data."),
                             tr("The call tree needs every call in memory."));
}

EventsUnavailablePanel* CallTreePage::eventsPanel() const {
    return stack_->panel();
}

QWidget* CallTreePage::widget() {
    return stack_;
}

void CallTreePage::bind(RunContext* context) {
    context_ = context;
    paths_ = CallPaths::of(context);
    QObject::connect(paths_, &CallPaths::runChanged, stack_, [this] { showRun(); });
    QObject::connect(paths_, &CallPaths::building, stack_, [this] { view_->setBusy(true); });
    QObject::connect(paths_, &CallPaths::treeReady, stack_, [this] {
        view_->setTree(paths_->tree(), context_->results(), paths_->bottomUp());
        view_->setBusy(false);
    });
    QObject::connect(context, &RunContext::regionChanged, stack_, [this] {
        if (paths_->tree() && !paths_->activating())
            view_->selectRegion(context_->region());
    });
    QObject::connect(view_, &CallTreeView::regionSelected, stack_, [this](int region) {
        paths_->activateRegion(region);
        paths_->highlightPath(view_->currentPath());
    });
    stack_->bind(context);
    showRun();
}

void CallTreePage::showRun() {
    if (!paths_->available())
        view_->clear();
    stack_->showView(paths_->available());
}

void CallTreePage::setCurrent(bool current) {
    paths_->setShown(stack_, current);
}

void CallTreePage::restoreChoices() {
    view_->restoreOrientation();
}

bool CallTreePage::writeCsv(const QString& path, QString* error) {
    if (!paths_->waitForTree()) {
        if (error != nullptr)
            *error = tr("the call tree needs per-call data; load the events first");
        return false;
    }
    return view_->writeCsv(path, error);
}
