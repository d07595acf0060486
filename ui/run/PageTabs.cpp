// SPDX-License-Identifier: GPL-3.0-or-later
#include "PageTabs.h"

#include "common/AnalysisPage.h"
#include "common/RunData.h"

#include <QScopedValueRollback>
#include <QSettings>

PageTabs::PageTabs(QString settingsKey, QWidget* parent)
    : QTabWidget(parent), settingsKey_(std::move(settingsKey)) {
    connect(this, &QTabWidget::currentChanged, this, [this] {
        if (!restoring_ && currentWidget() != nullptr)
            QSettings().setValue(settingsKey_, currentWidget()->objectName());
        updateCurrent();
    });
}

void PageTabs::addPage(AnalysisPage* page) {
    pages_.append(page);
    // Named so that the remembered tab survives tabs added in between.
    page->widget()->setObjectName(page->id());
    {
        // The first tab becomes the current one: not the user's choice.
        const QScopedValueRollback<bool> guard(restoring_, true);
        const int index = addTab(page->widget(), page->description().title);
        setTabToolTip(index, page->description().toolTip);
    }
    showPagesFor(nullptr);
}

void PageTabs::showPagesFor(const RunData* run) {
    {
        // Hiding the tab shown moves Qt to another: not the user's choice.
        const QScopedValueRollback<bool> guard(restoring_, true);
        for (AnalysisPage* page : std::as_const(pages_))
            setTabVisible(indexOf(page->widget()), page->shownFor(run ? *run : RunData{}));
    }
    restorePage();
}

void PageTabs::restorePage() {
    const QString name = QSettings().value(settingsKey_).toString();
    int index = 0;
    for (int i = 0; i < count(); ++i)
        if (widget(i)->objectName() == name && isTabVisible(i))
            index = i;
    {
        const QScopedValueRollback<bool> guard(restoring_, true);
        setCurrentIndex(index);
    }
    updateCurrent();
}

void PageTabs::updateCurrent() {
    AnalysisPage* now = nullptr;
    for (AnalysisPage* page : std::as_const(pages_))
        if (page->widget() == currentWidget())
            now = page;
    if (now == current_)
        return;
    if (current_ != nullptr)
        current_->setCurrent(false);
    current_ = now;
    if (current_ != nullptr)
        current_->setCurrent(true);
}
