// SPDX-License-Identifier: GPL-3.0-or-later
#include "RecentFiles.h"

#include "common/RunPath.h"

#include <QMenu>
#include <QSettings>

namespace {

constexpr int kMaxRecentFiles = 10;
const char* const kKey = "recentFiles";

} // namespace

RecentFiles::RecentFiles(QMenu* menu, QObject* parent) : QObject(parent), menu_(menu) {}

QStringList RecentFiles::stored() {
    return QSettings().value(QLatin1String(kKey)).toStringList();
}

void RecentFiles::add(const QString& path) {
    QStringList recent = paths();
    const QString absolute = RunPath::absolute(path);
    recent.removeAll(absolute);
    recent.prepend(absolute);
    while (recent.size() > kMaxRecentFiles)
        recent.removeLast();
    QSettings().setValue(QLatin1String(kKey), recent);
    refresh();
}

void RecentFiles::refresh() {
    const QStringList recent = paths();
    menu_->clear();
    for (const QString& path : recent)
        menu_
            ->addAction(RunPath::isRemote(path)
                            ? tr("%1 on %2").arg(RunPath::fileName(path), RunPath::host(path))
                            : RunPath::fileName(path),
                        this, [this, path] { emit openRequested(path); })
            ->setToolTip(path);
    menu_->setEnabled(!recent.isEmpty());
    emit changed(recent);
}
