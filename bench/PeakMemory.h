// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <cstdio>

// VmHWM of this process, in MiB. Not getrusage: Linux carries ru_maxrss
// across exec, so a child would report its parent's peak.
inline double peakRssMiB() {
    std::FILE* status = std::fopen("/proc/self/status", "r");
    if (status == nullptr)
        return 0;
    char line[256];
    double kib = 0;
    while (std::fgets(line, sizeof line, status) != nullptr)
        if (std::sscanf(line, "VmHWM: %lf kB", &kib) == 1)
            break;
    std::fclose(status);
    return kib / 1024.0;
}
