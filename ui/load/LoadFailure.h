// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>

#include <exception>

// Why a file could not be opened, as the UI tells it: the kind decides what
// callers do (scope-viewer --export-dir maps it to scope-report's exit
// statuses), the title and message are what the banner shows.
struct LoadFailure {
    enum class Kind {
        FileNotFound,
        MissingFilter,
        SummaryUnavailable,
        InvalidSchema,
        Corrupt,
        OutOfMemory,
        Other
    };

    Kind kind = Kind::Other;
    QString title;   // short: "Corrupt file", "Cannot open"
    QString message; // names the file and the step

    static LoadFailure describe(const std::exception_ptr& error);
};
