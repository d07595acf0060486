// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>

// The user and port a host was last opened with in File ▸ Open Remote…, kept
// in the settings (remote/logins) so that picking a recent host fills them
// in again. Empty ones are ssh's own (its configuration).
class RemoteLoginSetting {
public:
    struct Login {
        QString user;
        QString port;
    };
    static Login loginFor(const QString& host);
    // A login with neither user nor port forgets the host's.
    static void store(const QString& host, const Login& login);
};
