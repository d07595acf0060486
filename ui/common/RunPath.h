// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>

// What the window holds as a run's path: a file here, or the ssh:// URL of a
// run on another host (scope::RemoteUrl), which QFileInfo would turn into a
// path under the working directory. Everything that keys, names or stats a
// run's path goes through here.
class RunPath {
public:
    static bool isRemote(const QString& path);
    // The key of a run in the window: a file's absolute path; a URL in its
    // canonical form (as given when it is not well-formed, so that its load
    // fails with a message instead of vanishing).
    static QString absolute(const QString& path);
    // "run.h5", here or on a host.
    static QString fileName(const QString& path);
    // The folder the file lies in: an absolute path, or the URL up to it.
    static QString folder(const QString& path);
    // The host of a URL ("cluster", not "user@cluster"); empty for a file here.
    static QString host(const QString& path);
};
