// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>

// The command that indexes a run on a host before it is opened there, when
// it has no index yet (e.g. "mpirun -n 8 scope-index"): one per host, set in
// File ▸ Open Remote… and kept in the settings (remote/indexCommands). Empty:
// $SCOPE_REMOTE_INDEX_COMMAND, else none (see docs/remote.md).
class RemoteIndexSetting {
public:
    static QString commandFor(const QString& host);
    // An empty command forgets the host's.
    static void store(const QString& host, const QString& command);
    // The command for the host of an ssh:// address; empty for a local path.
    static QString commandForUrl(const QString& path);
};
