// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>

// The bundled demo run (File ▸ Open Demo Run, the start page). HDF5 reads
// files by path, not from Qt's resources, so the demo is unpacked to the
// cache folder before it is opened.
class DemoRun {
public:
    // Where the demo is unpacked; runs from there are kept off the recent files.
    static QString path();
    // Unpacks a fresh copy to path(); false if it cannot be written there.
    static bool unpack();
};
