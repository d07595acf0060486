// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace scope {

// A run on another host: ssh://[user@]host[:port]/path/run.h5. The path is
// absolute on the host ("ssh://host/~/run.h5" is relative to the remote
// home). Percent-escapes (%20) are decoded in the path.
struct RemoteUrl {
    std::string user; // empty: the ssh configuration's
    std::string host;
    int port = 0;     // 0: the ssh configuration's
    std::string path; // on the host

    static bool looksRemote(std::string_view text) { return text.starts_with("ssh://"); }
    // nullopt when `text` is not a well-formed ssh:// URL.
    static std::optional<RemoteUrl> parse(std::string_view text);
    // The URL again, in its canonical form.
    std::string text() const;
    // "user@host" or "host", for ssh and for messages.
    std::string destination() const;
    // What a window or a report calls the run: its file name on the host.
    std::string fileName() const;
};

} // namespace scope
