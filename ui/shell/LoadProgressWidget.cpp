// SPDX-License-Identifier: GPL-3.0-or-later
#include "LoadProgressWidget.h"

#include <QFileInfo>
#include <QHBoxLayout>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>

LoadProgressWidget::LoadProgressWidget(QWidget* parent)
    : QWidget(parent), label_(new QLabel(this)), bar_(new QProgressBar(this)),
      cancel_(new QPushButton(tr("Cancel"), this)) {
    bar_->setRange(0, 1000);
    bar_->setTextVisible(false);
    bar_->setFixedWidth(180);
    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(label_);
    layout->addWidget(bar_);
    layout->addWidget(cancel_);
    connect(cancel_, &QPushButton::clicked, this, &LoadProgressWidget::cancelRequested);
}

void LoadProgressWidget::setProgress(const QString& file, double fraction, const QString& message,
                                     int running) {
    const QString name = QFileInfo(file).fileName();
    label_->setText(running > 1 ? tr("Loading %1 files — %2: %3").arg(running).arg(name, message)
                                : tr("Loading %1: %2").arg(name, message));
    bar_->setValue(static_cast<int>(fraction * 1000));
}
