// SPDX-License-Identifier: GPL-3.0-or-later
#include "EventsUnavailablePanel.h"

#include "ColorContrast.h"

#include <QLabel>
#include <QPushButton>
#include <QVBoxLayout>

EventsUnavailablePanel::EventsUnavailablePanel(QWidget* parent)
    : QWidget(parent), need_(tr("Timeline and percentiles need per-call data.")),
      text_(new QLabel(this)), button_(new QPushButton(tr("Load events"), this)) {
    text_->setAlignment(Qt::AlignCenter);
    text_->setWordWrap(true);
    auto* layout = new QVBoxLayout(this);
    layout->addStretch();
    layout->addWidget(text_);
    layout->addWidget(button_, 0, Qt::AlignHCenter);
    layout->addStretch();
    connect(button_, &QPushButton::clicked, this, &EventsUnavailablePanel::loadEventsRequested);
    setAutoFillBackground(true);
    QPalette p = palette();
    p.setColor(QPalette::Window, p.color(QPalette::AlternateBase));
    setPalette(p);
    // Greyed like the views it replaces, but readable: the palette's disabled
    // text is far too faint to read a sentence in (1.7:1 with Fusion).
    ColorContrast::setQuietText(text_, p.color(QPalette::Disabled, QPalette::WindowText),
                                p.color(QPalette::Window));
}

void EventsUnavailablePanel::setNeed(const QString& sentence) {
    need_ = sentence;
}

void EventsUnavailablePanel::setReason(bool canLoad) {
    canLoad_ = canLoad;
    text_->setText(canLoad ? tr("%1 This run was opened summary-only.").arg(need_)
                           : tr("This file stores no per-call data (aggregate layout): only the "
                                "summary statistics are available."));
    button_->setVisible(canLoad);
    setLoading(false);
}

void EventsUnavailablePanel::setLoading(bool loading) {
    button_->setEnabled(!loading);
    button_->setText(loading ? tr("Loading events…") : tr("Load events"));
}

void EventsUnavailablePanel::setBuilding(bool building) {
    if (!building) {
        setReason(canLoad_);
        return;
    }
    text_->setText(tr("Building the timeline…"));
    button_->hide();
}
