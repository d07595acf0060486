// SPDX-License-Identifier: GPL-3.0-or-later
#include "ProfileFileReader.h"

#include "model/Errors.h"
#include "native/SptReader.h"
#include "plan/EventBytes.h"
#include "plan/RegularFile.h"
#include "remote/RemoteReader.h"
#include "remote/RemoteUrl.h"
#include "json/JsonProfileReader.h"

#include <algorithm>
#include <array>

namespace scope {
namespace {

// The older C writer (before d1a32e26) fills call_ids and parent_ids with -1:
// taken as ids, every call would be its own parent's sibling and the call
// tree would collapse.
void dropUnrecordedCallIds(ProfilingResults& results) {
    EventColumns& events = results.events;
    if (events.callIds.empty())
        return;
    const bool unrecorded = std::all_of(events.callIds.begin(), events.callIds.end(),
                                        [](std::int64_t id) { return id == -1; });
    if (!unrecorded)
        return;
    events.callIds = EventColumn(events.callIds.get_allocator());
    events.parentIds = EventColumn(events.parentIds.get_allocator());
}

// Of a local file that is not a JSON profile: whether it is read as HDF5. A
// `.spt` without the magic is a trace cut short (or damaged), not an HDF5
// file: its reader says so.
bool notATrace(const std::string& path) {
    return !isNativeTrace(path) && !path.ends_with(".spt");
}

} // namespace

bool isNativeTrace(const std::string& path) {
    std::array<std::byte, kSptMagic.size()> head{};
    try {
        // Only a regular file: the reader that comes next names what else it is.
        const RegularFile file = RegularFile::open(path, "opening the file");
        if (!EventBytes::readFully(file.fd(), 0, head))
            return false;
    } catch (const ProfileError&) {
        return false;
    }
    return startsWithSptMagic(head);
}

bool isJsonProfile(const std::string& path) {
    constexpr std::string_view kHdf5Magic = "\x89HDF\r\n\x1a\n";
    // HDF5's superblock may follow a user block of 512, 1024, 2048 ... bytes.
    std::array<std::byte, 2048 + 8> head{};
    std::size_t size = 0;
    try {
        const RegularFile file = RegularFile::open(path, "opening the file");
        size = static_cast<std::size_t>(std::min<std::uint64_t>(file.size(), head.size()));
        if (!EventBytes::readFully(file.fd(), 0, std::span(head).first(size)))
            return false;
    } catch (const ProfileError&) {
        return false;
    }
    const std::span<const std::byte> bytes = std::span(head).first(size);
    if (looksLikeJson(bytes))
        return true;
    // The content wins over the name: an HDF5 file or a trace named *.json is read as what it is.
    bool hdf5 = false;
    for (std::size_t at : {0, 512, 1024, 2048})
        hdf5 = hdf5 || (size >= at + kHdf5Magic.size() &&
                        std::equal(kHdf5Magic.begin(), kHdf5Magic.end(), bytes.begin() + at,
                                   [](char a, std::byte b) { return std::byte(a) == b; }));
    return hasJsonProfileName(path) && !hdf5 && !startsWithSptMagic(bytes);
}

bool readsIsolated(const std::string& path) {
    return !RemoteUrl::looksRemote(path) && !isJsonProfile(path) && notATrace(path);
}

ProfilingResults readProfileFile(IsolatedRead& started, const ReadRequest& request) {
    ProfilingResults results = started.finish(request);
    dropUnrecordedCallIds(results);
    return results;
}

ProfilingResults readProfileFile(const std::string& path, const ReadRequest& request) {
    // A run on another host is read there, by our helper started over ssh.
    if (RemoteUrl::looksRemote(path)) {
        const std::optional<RemoteUrl> url = RemoteUrl::parse(path);
        if (!url)
            throw RemoteReadError(path, "reading the address",
                                  "not an ssh://[user@]host[:port]/path address");
        // The statistics alone: no timeline is built or sent.
        ProfilingResults results = readRemote(*url, request, false).results;
        results.path = path;
        return results;
    }
    // JSON needs no libhdf5 and no helper process: it is parsed here, streamed.
    if (isJsonProfile(path)) {
        // As for a trace: its statistics come from parsing every call, which a
        // quick summary-only look must not cost (the viewer reads it again).
        if (request.summaryOnly && !request.fallback)
            throw SummaryDataUnavailable(path, "reading the summary columns",
                                         "a JSON profile has no summary columns, only calls");
        ProfilingResults results = readJsonProfile(path, request);
        dropUnrecordedCallIds(results);
        return results;
    }
    if (notATrace(path)) {
        IsolatedRead read(path, request);
        return readProfileFile(read, request);
    }
    if (request.summaryOnly && !request.fallback)
        throw SummaryDataUnavailable(path, "reading the summary columns",
                                     "a native trace has no summary columns, only calls");
    // A trace is parsed whole into memory whatever request.memoryBudget says:
    // it has no chunk plan to read calls from on demand.
    ProfilingResults results = readSpt(path, request.control);
    results.summaryFallback = request.summaryOnly;
    if (!request.rowDetails) {
        results.rowDetails.clear();
        for (RankRegion& row : results.rows)
            row.details = RankRegion::kNoDetails;
    }
    return results;
}

} // namespace scope
