// SPDX-License-Identifier: GPL-3.0-or-later
#include "IsolatedReader.h"

#include "IsolatedRead.h"

#include <unistd.h>

#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <system_error>

namespace scope {
namespace {

bool isExecutable(const std::filesystem::path& path) {
    std::error_code error;
    return std::filesystem::is_regular_file(path, error) && access(path.c_str(), X_OK) == 0;
}

} // namespace

std::string findReadWorker() {
    if (const char* configured = std::getenv("SCOPE_READ_WORKER");
        configured != nullptr && *configured != '\0')
        return std::strcmp(configured, "none") == 0 ? std::string() : std::string(configured);
    std::error_code error;
    const std::filesystem::path exe = std::filesystem::read_symlink("/proc/self/exe", error);
    if (error)
        return {};
    const std::filesystem::path dir = exe.parent_path();
    for (const std::filesystem::path& candidate :
         {dir / "scope-read-worker", dir / ".." / "libexec" / "scope-viewer" / "scope-read-worker"})
        if (isExecutable(candidate))
            return candidate.lexically_normal().string();
    return {};
}

ProfilingResults readIsolated(const std::string& path, const ReadRequest& request) {
    return IsolatedRead(path, request).finish(request);
}

} // namespace scope
