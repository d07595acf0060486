// SPDX-License-Identifier: GPL-3.0-or-later
#include "RemoteIndexSetting.h"

#include "remote/RemoteUrl.h"

#include <QSettings>
#include <QVariantMap>

#include <optional>

namespace {

const char* const kKey = "remote/indexCommands";

} // namespace

QString RemoteIndexSetting::commandFor(const QString& host) {
    return QSettings().value(QLatin1String(kKey)).toMap().value(host).toString();
}

void RemoteIndexSetting::store(const QString& host, const QString& command) {
    QVariantMap commands = QSettings().value(QLatin1String(kKey)).toMap();
    if (command.trimmed().isEmpty())
        commands.remove(host);
    else
        commands.insert(host, command.trimmed());
    QSettings().setValue(QLatin1String(kKey), commands);
}

QString RemoteIndexSetting::commandForUrl(const QString& path) {
    if (!scope::RemoteUrl::looksRemote(path.toStdString()))
        return {};
    const std::optional<scope::RemoteUrl> url = scope::RemoteUrl::parse(path.toStdString());
    return url ? commandFor(QString::fromStdString(url->host)) : QString();
}
