// SPDX-License-Identifier: GPL-3.0-or-later
#include "SpareRunView.h"

#include "RunView.h"

#include <utility>

SpareRunView::SpareRunView(std::function<RunView*()> make, QObject* parent)
    : QObject(parent), make_(std::move(make)) {
    // A timer rather than a posted event: Qt would handle the read's result,
    // if it arrived meanwhile, in the same batch, and hold the window for both.
    timer_.setSingleShot(true);
    connect(&timer_, &QTimer::timeout, this, [this] { spare_ = make_(); });
}

void SpareRunView::prepare(std::chrono::milliseconds after) {
    if (spare_ == nullptr)
        timer_.start(after);
}

RunView* SpareRunView::take() {
    timer_.stop();
    if (spare_ == nullptr)
        return make_();
    RunView* view = spare_.data();
    spare_.clear();
    view->restoreChoices();
    return view;
}
