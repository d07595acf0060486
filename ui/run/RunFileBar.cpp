// SPDX-License-Identifier: GPL-3.0-or-later
#include "RunFileBar.h"

#include "RunFileWatcher.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>

RunFileBar::RunFileBar(RunFileWatcher* watcher, QWidget* parent)
    : QWidget(parent), watcher_(watcher), label_(new QLabel(this)),
      reload_(new QPushButton(tr("Reload"), this)), dismiss_(new QPushButton(tr("Dismiss"), this)) {
    label_->setWordWrap(true);
    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(10, 4, 6, 4);
    layout->addWidget(label_, 1);
    layout->addWidget(reload_);
    layout->addWidget(dismiss_);
    setAutoFillBackground(true);
    QPalette p = palette();
    p.setColor(QPalette::Window, QColor(0xff, 0xf4, 0xd6));
    p.setColor(QPalette::WindowText, QColor(0x20, 0x20, 0x20));
    setPalette(p);
    hide();
    connect(watcher_, &RunFileWatcher::stateChanged, this, [this] {
        reloading_ = false;
        update();
    });
    connect(dismiss_, &QPushButton::clicked, this, &QWidget::hide);
    connect(reload_, &QPushButton::clicked, this, [this] {
        reloading_ = true;
        update();
        emit reloadRequested();
    });
}

void RunFileBar::setFileName(const QString& name) {
    name_ = name;
    reloading_ = false;
    update();
}

void RunFileBar::reloadEnded(bool failed) {
    if (!reloading_)
        return;
    reloading_ = false;
    update();
    if (failed)
        label_->setText(tr("Reloading <b>%1</b> failed; the data read before stays here.")
                            .arg(name_.toHtmlEscaped()));
}

QString RunFileBar::text() const {
    return isVisibleTo(parentWidget()) ? label_->text() : QString();
}

void RunFileBar::update() {
    const QString name = name_.toHtmlEscaped();
    const RunFileWatcher::State state = watcher_->state();
    QString text;
    if (reloading_)
        text = tr("Reloading <b>%1</b>…").arg(name);
    else if (state == RunFileWatcher::State::Changed)
        text = tr("<b>%1</b> changed on disk.").arg(name);
    else if (state == RunFileWatcher::State::Deleted)
        text = tr("<b>%1</b> was deleted from disk. The data read before stays here.").arg(name);
    label_->setText(text);
    reload_->setVisible(state == RunFileWatcher::State::Changed);
    reload_->setEnabled(!reloading_);
    setVisible(!text.isEmpty());
}
