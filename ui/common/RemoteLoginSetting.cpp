// SPDX-License-Identifier: GPL-3.0-or-later
#include "RemoteLoginSetting.h"

#include <QSettings>
#include <QStringList>
#include <QVariantMap>

namespace {

const char* const kKey = "remote/logins";

} // namespace

RemoteLoginSetting::Login RemoteLoginSetting::loginFor(const QString& host) {
    const QStringList kept =
        QSettings().value(QLatin1String(kKey)).toMap().value(host).toStringList();
    return {kept.value(0), kept.value(1)};
}

void RemoteLoginSetting::store(const QString& host, const Login& login) {
    QVariantMap logins = QSettings().value(QLatin1String(kKey)).toMap();
    const QString user = login.user.trimmed();
    const QString port = login.port.trimmed();
    if (user.isEmpty() && port.isEmpty())
        logins.remove(host);
    else
        logins.insert(host, QStringList{user, port});
    QSettings().setValue(QLatin1String(kKey), logins);
}
