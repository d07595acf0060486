// SPDX-License-Identifier: GPL-3.0-or-later
#include "DemoRun.h"

#include <QDir>
#include <QFile>
#include <QStandardPaths>

QString DemoRun::path() {
    const QString dir = QStandardPaths::writableLocation(QStandardPaths::CacheLocation);
    QDir().mkpath(dir);
    return dir + QStringLiteral("/demo_run.h5");
}

bool DemoRun::unpack() {
    const QString target = path();
    QFile::remove(target);
    if (!QFile::copy(QStringLiteral(":/demo/demo_run.h5"), target))
        return false;
    // Resources are read-only; the copy must be replaceable next time.
    QFile::setPermissions(target, QFile::ReadOwner | QFile::WriteOwner);
    return true;
}
