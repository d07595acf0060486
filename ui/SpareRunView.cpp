// SPDX-License-Identifier: GPL-3.0-or-later
#include "SpareRunView.h"

#include "RunView.h"

#include <QTimer>

#include <utility>

SpareRunView::SpareRunView(std::function<RunView*()> make, QObject* parent)
    : QObject(parent), make_(std::move(make)) {}

void SpareRunView::prepare() {
    if (spare_ != nullptr || queued_)
        return;
    queued_ = true;
    // A timer rather than a posted event: Qt would handle the read's result,
    // if it arrived meanwhile, in the same batch, and hold the window for both.
    QTimer::singleShot(1, this, [this] {
        queued_ = false;
        if (spare_ == nullptr)
            spare_ = make_();
    });
}

RunView* SpareRunView::take() {
    RunView* view = spare_ != nullptr ? spare_.data() : make_();
    spare_.clear();
    return view;
}
