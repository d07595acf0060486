// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QCoreApplication>

class MessageBanner;
struct RunData;

// What the window's banner says about a run just read: the reader's warnings,
// and the regions it had to skip as damaged. Apart from MainWindow so that the
// window's load handling stays about tabs.
class LoadReport {
    Q_DECLARE_TR_FUNCTIONS(LoadReport)
public:
    // `key` clears the damage error and the warnings when the file is read again.
    static void show(MessageBanner& banner, const RunData& run, const QString& key);
};
