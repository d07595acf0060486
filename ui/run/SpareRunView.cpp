// SPDX-License-Identifier: GPL-3.0-or-later
#include "SpareRunView.h"

#include "RunView.h"

#include <utility>

SpareRunView::SpareRunView(QWidget* owner, QByteArray splitterState,
                           std::function<void(RunView*)> wire, QObject* parent)
    : QObject(parent), owner_(owner), splitterState_(std::move(splitterState)),
      wire_(std::move(wire)) {
    // A timer rather than a posted event: Qt would handle the read's result,
    // if it arrived meanwhile, in the same batch, and hold the window for both.
    timer_.setSingleShot(true);
    connect(&timer_, &QTimer::timeout, this, [this] { spare_ = make(); });
}

void SpareRunView::prepare(std::chrono::milliseconds after) {
    if (spare_ == nullptr)
        timer_.start(after);
}

RunView* SpareRunView::take() {
    timer_.stop();
    if (spare_ == nullptr)
        return make();
    RunView* view = spare_.data();
    spare_.clear();
    view->restoreChoices();
    return view;
}

RunView* SpareRunView::make() {
    auto* view = new RunView(owner_);
    view->hide();
    if (!splitterState_.isEmpty())
        view->restoreSplitterState(splitterState_);
    view->ensurePolished();
    wire_(view);
    return view;
}
