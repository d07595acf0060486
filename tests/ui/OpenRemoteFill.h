// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "shell/OpenRemoteDialog.h"

#include <QComboBox>
#include <QLineEdit>

// File ▸ Open Remote…'s fields filled in as a user types them, host first.
inline void fill(OpenRemoteDialog& dialog, const QString& user, const QString& host,
                 const QString& port, const QString& path) {
    dialog.hostBox()->setEditText(host);
    dialog.userField()->setText(user);
    dialog.portField()->setText(port);
    dialog.pathField()->setText(path);
}
