// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <stdexcept>
#include <string>

namespace scope {

// Every error names the file and the step that failed, so a message shown to a
// user (or printed by scope-report) says what was being done with which file.
class ProfileError : public std::runtime_error {
public:
    ProfileError(std::string path, std::string step, const std::string& what)
        : std::runtime_error(path + ": " + step + ": " + what), path_(std::move(path)),
          step_(std::move(step)), reason_(what) {}
    const std::string& path() const { return path_; }
    const std::string& step() const { return step_; }
    // What went wrong, without the file and the step.
    const std::string& reason() const { return reason_; }

private:
    std::string path_;
    std::string step_;
    std::string reason_;
};

// What went wrong, for a place that names the file already: a ProfileError's
// reason, or any other exception's what().
inline std::string reasonOf(const std::exception& error) {
    const auto* profile = dynamic_cast<const ProfileError*>(&error);
    return profile != nullptr ? profile->reason() : error.what();
}

class FileNotFoundError : public ProfileError {
public:
    using ProfileError::ProfileError;
};

// Not HDF5, truncated, or structurally inconsistent (rows outside the event columns, ...).
class CorruptProfileError : public ProfileError {
public:
    using ProfileError::ProfileError;
};

// Two of the files combined as the ranks of one run hold the same rank; the
// message names both files.
class DuplicateRankError : public CorruptProfileError {
public:
    using CorruptProfileError::CorruptProfileError;
};

// The scope_profiler_schema attribute is not an integer or is below 1.
class InvalidSchemaError : public CorruptProfileError {
public:
    using CorruptProfileError::CorruptProfileError;
};

// A compressed column needs an HDF5 filter plugin that is not available.
class MissingFilterError : public ProfileError {
public:
    using ProfileError::ProfileError;
};

// A summary-only read of a file that has no summary columns (schema 1, older schema 2).
class SummaryDataUnavailable : public ProfileError {
public:
    using ProfileError::ProfileError;
};

// Per-call analysis (percentiles, call stacks) asked of results read without events.
class EventsUnavailable : public std::logic_error {
public:
    using std::logic_error::logic_error;
};

class ReadCancelled : public ProfileError {
public:
    using ProfileError::ProfileError;
};

// A kept index (core/index) that cannot be used: damaged, truncated, of
// another version, or of another file. Never shown as a failure of the run:
// the index is rebuilt from the run.
class CorruptIndexError : public ProfileError {
public:
    using ProfileError::ProfileError;
};

// A run opened over SSH (core/remote) whose connection failed or dropped, or
// whose host has no usable read helper; path() is the ssh:// URL.
class RemoteReadError : public ProfileError {
public:
    using ProfileError::ProfileError;
};

} // namespace scope
