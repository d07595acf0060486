// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <unistd.h>

#include <chrono>
#include <cstdint>
#include <cstdio>
#include <thread>

// Ends this process (status 5) once its resident memory passes `limitBytes`.
// The budget measurements open a 16 GB run: a build that ignores the budget
// would read every call into memory and push the machine, shared with
// others, into swap or the OOM killer. Better a failed figure.
inline void startRssWatchdog(std::uint64_t limitBytes) {
    std::thread([limitBytes] {
        const auto page = static_cast<std::uint64_t>(sysconf(_SC_PAGESIZE));
        for (;;) {
            std::uint64_t size = 0;
            std::uint64_t resident = 0;
            if (std::FILE* statm = std::fopen("/proc/self/statm", "r")) {
                if (std::fscanf(statm, "%lu %lu", &size, &resident) != 2)
                    resident = 0;
                std::fclose(statm);
            }
            if (resident * page > limitBytes) {
                std::fprintf(stderr, "resident memory passed %.0f MiB: stopped\n",
                             static_cast<double>(limitBytes) / (1024.0 * 1024.0));
                _exit(5);
            }
            std::this_thread::sleep_for(std::chrono::milliseconds(20));
        }
    }).detach();
}
