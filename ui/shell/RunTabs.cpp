// SPDX-License-Identifier: GPL-3.0-or-later
#include "RunTabs.h"

#include "common/RunData.h"
#include "common/RunLabels.h"
#include "common/RunPath.h"
#include "run/RunView.h"

#include <QDir>
#include <QTabBar>
#include <QTabWidget>

namespace {

QString absolutePath(const QString& path) {
    return RunPath::absolute(path);
}

} // namespace

RunTabs::RunTabs(QTabWidget* tabs) : tabs_(tabs) {}

void RunTabs::request(const QString& path) {
    const QString absolute = absolutePath(path);
    if (!requestOrder_.contains(absolute))
        requestOrder_.insert(absolute, nextOrder_++);
}

void RunTabs::forget(const QString& path) {
    requestOrder_.remove(absolutePath(path));
}

qint64 RunTabs::order(const QString& path) const {
    return requestOrder_.value(absolutePath(path), -1);
}

int RunTabs::runCount() const {
    int count = 0;
    for (int i = 0; i < tabs_->count(); ++i)
        count += qobject_cast<RunView*>(tabs_->widget(i)) != nullptr ? 1 : 0;
    return count;
}

RunView* RunTabs::runView(int index) const {
    for (int i = 0; i < tabs_->count(); ++i)
        if (auto* view = qobject_cast<RunView*>(tabs_->widget(i)); view && index-- == 0)
            return view;
    return nullptr;
}

RunView* RunTabs::viewForPath(const QString& path) const {
    const QString absolute = absolutePath(path);
    for (int i = 0; i < tabs_->count(); ++i) {
        auto* view = qobject_cast<RunView*>(tabs_->widget(i));
        if (view && view->run() && absolutePath(view->run()->path) == absolute)
            return view;
    }
    return nullptr;
}

int RunTabs::insert(RunView* view, const RunData& run, const QString& label) {
    // Before the first run asked for later than this one.
    const qint64 wanted = requestOrder_.value(absolutePath(run.path), nextOrder_);
    int index = tabs_->count();
    for (int i = 0; i < tabs_->count(); ++i) {
        const auto* other = qobject_cast<RunView*>(tabs_->widget(i));
        if (other != nullptr && other->run() && order(other->run()->path) > wanted) {
            index = i;
            break;
        }
    }
    index = tabs_->insertTab(index, view, label);
    QStringList files = run.isCombined() ? run.rankFiles : QStringList{absolutePath(run.path)};
    for (QString& file : files)
        file = QDir::toNativeSeparators(file);
    tabs_->setTabToolTip(index, files.join(QLatin1Char('\n')));
    return index;
}

void RunTabs::insertFixed(QWidget* page, const QString& label, const QString& toolTip) {
    const int index = tabs_->insertTab(0, page, label);
    tabs_->setTabToolTip(index, toolTip);
    for (auto side : {QTabBar::LeftSide, QTabBar::RightSide})
        if (QWidget* button = tabs_->tabBar()->tabButton(index, side))
            button->hide();
}

void RunTabs::updateLabels(const RunLabels& labels) {
    for (int i = 0; i < tabs_->count(); ++i)
        if (auto* view = qobject_cast<RunView*>(tabs_->widget(i)); view && view->run()) {
            tabs_->setTabText(i, labels.label(view->run()->path));
            view->setRunLabel(labels.label(view->run()->path));
        }
}

void RunTabs::step(int by) {
    const int count = tabs_->count();
    if (count > 1)
        tabs_->setCurrentIndex((tabs_->currentIndex() + by + count) % count);
}
