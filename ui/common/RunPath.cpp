// SPDX-License-Identifier: GPL-3.0-or-later
#include "RunPath.h"

#include "remote/RemoteUrl.h"

#include <QFileInfo>

#include <optional>

namespace {

std::optional<scope::RemoteUrl> remoteUrl(const QString& path) {
    if (!RunPath::isRemote(path))
        return std::nullopt;
    return scope::RemoteUrl::parse(path.toStdString());
}

} // namespace

bool RunPath::isRemote(const QString& path) {
    return path.startsWith(QLatin1String("ssh://"));
}

QString RunPath::absolute(const QString& path) {
    if (!isRemote(path))
        return QFileInfo(path).absoluteFilePath();
    const auto url = remoteUrl(path);
    return url ? QString::fromStdString(url->text()) : path;
}

QString RunPath::fileName(const QString& path) {
    if (!isRemote(path))
        return QFileInfo(path).fileName();
    const auto url = remoteUrl(path);
    return url ? QString::fromStdString(url->fileName()) : path.section(QLatin1Char('/'), -1);
}

QString RunPath::folder(const QString& path) {
    if (!isRemote(path))
        return QFileInfo(path).absolutePath();
    const QString url = absolute(path);
    return url.left(url.lastIndexOf(QLatin1Char('/')));
}

QString RunPath::host(const QString& path) {
    const auto url = remoteUrl(path);
    return url ? QString::fromStdString(url->host) : QString();
}
