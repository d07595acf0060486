// SPDX-License-Identifier: GPL-3.0-or-later
#include "EventsUnavailablePanel.h"

#include "ColorContrast.h"
#include "MemoryBudgetSetting.h"

#include <QLabel>
#include <QPushButton>
#include <QVBoxLayout>

EventsUnavailablePanel::EventsUnavailablePanel(QWidget* parent)
    : QWidget(parent), need_(tr("The timeline needs per-call data.")), text_(new QLabel(this)),
      button_(new QPushButton(tr("Load events"), this)) {
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

void EventsUnavailablePanel::setNeed(const QString& sentence, const QString& inMemory) {
    need_ = sentence;
    inMemoryNeed_ = inMemory;
}

void EventsUnavailablePanel::setReason(bool canLoad) {
    reason_ = canLoad ? Reason::SummaryOnly : Reason::Aggregate;
    text_->setText(canLoad ? tr("%1 This run was opened summary-only.").arg(need_)
                           : tr("This file stores no per-call data (aggregate layout): only the "
                                "summary statistics are available."));
    button_->setVisible(canLoad);
    setLoading(false);
}

void EventsUnavailablePanel::setCallsUnread(bool cancelled) {
    reason_ = cancelled ? Reason::Cancelled : Reason::Failed;
    text_->setText(cancelled ? tr("%1 Reading this run's calls was cancelled.").arg(need_)
                             : tr("%1 Reading this run's calls failed; the message above says "
                                  "why.")
                                   .arg(need_));
    button_->setVisible(true);
    setLoading(false);
}

void EventsUnavailablePanel::setOverBudget(std::uint64_t budget) {
    reason_ = Reason::OverBudget;
    budget_ = budget;
    const QString need = inMemoryNeed_.isEmpty() ? need_ : inMemoryNeed_;
    // Where to raise it, since the panel has nothing else to offer.
    text_->setText(budget != 0
                       ? tr("%1 This run's calls exceed the memory budget (%2). Raise it in "
                            "Edit \u25b8 Preferences and reload.")
                             .arg(need, MemoryBudgetSetting::format(budget))
                       : tr("%1 This run's calls exceed the memory budget. Raise it in "
                            "Edit \u25b8 Preferences and reload.")
                             .arg(need));
    button_->setVisible(true);
    setLoading(false);
}

void EventsUnavailablePanel::setRemote(const QString& host) {
    reason_ = Reason::Remote;
    host_ = host;
    text_->setText(tr("%1 This run was opened over SSH: its calls stay on %2.").arg(need_, host));
    button_->hide();
    setLoading(false);
}

void EventsUnavailablePanel::setLoading(bool loading) {
    button_->setEnabled(!loading);
    if (reason_ == Reason::OverBudget)
        button_->setText(loading ? tr("Reloading…") : tr("Reload"));
    else
        button_->setText(loading ? tr("Loading events…") : tr("Load events"));
}

void EventsUnavailablePanel::setBuilding(bool building) {
    if (!building) {
        if (reason_ == Reason::OverBudget)
            setOverBudget(budget_);
        else if (reason_ == Reason::Remote)
            setRemote(host_);
        else if (reason_ == Reason::Cancelled || reason_ == Reason::Failed)
            setCallsUnread(reason_ == Reason::Cancelled);
        else
            setReason(reason_ == Reason::SummaryOnly);
        return;
    }
    text_->setText(tr("Building the timeline…"));
    button_->hide();
}
