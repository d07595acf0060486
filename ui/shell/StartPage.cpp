// SPDX-License-Identifier: GPL-3.0-or-later
#include "StartPage.h"

#include "common/RunPath.h"

#include <QLabel>
#include <QListWidget>
#include <QPushButton>
#include <QVBoxLayout>

StartPage::StartPage(QWidget* parent) : QWidget(parent), recent_(new QListWidget(this)) {
    auto* title =
        new QLabel(tr("<h1>Scope Viewer</h1>"
                      "<p>Open a <code>profiling_data.h5</code> written by scope-profiler "
                      "to see where the time went, which ranks lag behind, and what "
                      "happened when. Drop files onto this window to open them.</p>"),
                   this);
    title->setWordWrap(true);
    auto* open = new QPushButton(tr("Open Profile…"), this);
    auto* summary = new QPushButton(tr("Open Summary Only…"), this);
    summary->setToolTip(tr("Read only the stored summary statistics: instant on huge files"));
    auto* demo = new QPushButton(tr("Open Demo Run"), this);
    demo->setToolTip(tr("A real 3-rank MPI run recorded by scope-profiler"));
    open->setDefault(true);

    auto* buttons = new QHBoxLayout;
    buttons->addWidget(open);
    buttons->addWidget(summary);
    buttons->addWidget(demo);
    buttons->addStretch();

    auto* column = new QVBoxLayout;
    column->addStretch(1);
    column->addWidget(title);
    column->addLayout(buttons);
    column->addSpacing(16);
    column->addWidget(new QLabel(tr("<b>Recent files</b>"), this));
    column->addWidget(recent_);
    column->addStretch(1);
    recent_->setMaximumHeight(240);

    auto* outer = new QHBoxLayout(this);
    outer->addStretch(1);
    outer->addLayout(column, 3);
    outer->addStretch(1);

    connect(open, &QPushButton::clicked, this, &StartPage::openRequested);
    connect(summary, &QPushButton::clicked, this, &StartPage::openSummaryRequested);
    connect(demo, &QPushButton::clicked, this, &StartPage::demoRequested);
    connect(recent_, &QListWidget::itemActivated, this, [this](QListWidgetItem* item) {
        emit recentRequested(item->data(Qt::UserRole).toString());
    });
}

void StartPage::setRecentFiles(const QStringList& paths) {
    recent_->clear();
    for (const QString& path : paths) {
        auto* item = new QListWidgetItem(
            QStringLiteral("%1 — %2").arg(RunPath::fileName(path), RunPath::folder(path)), recent_);
        item->setData(Qt::UserRole, path);
        item->setToolTip(path);
    }
    if (paths.isEmpty()) {
        auto* item = new QListWidgetItem(tr("No recent files yet"), recent_);
        item->setFlags(Qt::NoItemFlags);
    }
}
