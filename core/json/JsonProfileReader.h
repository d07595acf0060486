// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "ByteStream.h"
#include "format/ReadRequest.h"
#include "model/ProfilingResults.h"

#include <cstddef>
#include <span>
#include <string>
#include <string_view>

namespace scope {

// Whether the first bytes of a file look like JSON (or gzip, the only thing
// scope-profiler compresses): the gzip magic 1f 8b, or '{' or '[' after
// optional whitespace. The content decides, not the name.
bool looksLikeJson(std::span<const std::byte> head);
// `*.json` or `*.json.gz`, any case: what upstream writes its JSON profiles as.
bool hasJsonProfileName(std::string_view path);

// Reads scope-profiler's JSON profile, format_version 0 or 1
// (threads-tasks-json.md §4), plain or gzipped, as the HDF5 readers read the
// file it was exported from: the same rows, statistics, events (lane
// columns included), exclusive times, metadata, lanes, LIKWID and line
// profiles. Streamed: the event arrays go straight into the columns.
// request.summaryOnly keeps only the statistics; past request.memoryBudget the
// events are dropped with a warning (the statistics stay, computed while
// streaming). Other JSON is a CorruptProfileError "not a scope-profiler JSON
// profile"; a format_version past 1 is a ProfileError asking for an upgrade.
class JsonProfileReader {
public:
    JsonProfileReader(ByteStream& in, const ReadRequest& request);
    ProfilingResults read();

private:
    ByteStream& in_;
    const ReadRequest& request_;
};

ProfilingResults readJsonProfile(const std::string& path, const ReadRequest& request = {});
ProfilingResults readJsonProfileImage(std::span<const std::byte> image, const std::string& name,
                                      const ReadRequest& request = {});

} // namespace scope
