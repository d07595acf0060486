// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QCoreApplication>
#include <QString>

#include <cstdint>
#include <optional>

// The memory budget of the viewer: the preference (QSettings memory/budget,
// bytes; 0 or absent = the default, half of this machine's memory) and what a
// session's --memory-budget makes of it. Runs whose calls exceed it are read
// on demand (ProfilingResults::onDemand).
class MemoryBudgetSetting {
    Q_DECLARE_TR_FUNCTIONS(MemoryBudgetSetting)
public:
    static QString key() { return QStringLiteral("memory/budget"); }
    // The preference; 0 = the default.
    static std::uint64_t stored();
    static void store(std::uint64_t bytes);
    // Half of the machine's physical memory.
    static std::uint64_t defaultBytes();
    // What a load uses: the session's override (0 = none), else the
    // preference, else the default.
    static std::uint64_t effective(std::uint64_t sessionOverride);
    // "160M", "2G", "1.5GiB"...; nullopt with the reason in `error` otherwise.
    static std::optional<std::uint64_t> parse(const QString& text, QString* error);
    // "160 MiB", "12 GiB".
    static QString format(std::uint64_t bytes);
};
