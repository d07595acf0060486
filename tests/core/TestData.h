// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>

// A file of tests/data, the real samples and their expected numbers.
inline QString dataPath(const QString& name) {
    return QStringLiteral(SCOPE_TEST_DATA_DIR "/") + name;
}
