// SPDX-License-Identifier: GPL-3.0-or-later
#include "MemoryBudgetSetting.h"

#include "base/MemoryBudget.h"

#include <QSettings>

#include <stdexcept>

std::uint64_t MemoryBudgetSetting::stored() {
    bool ok = false;
    const qulonglong bytes = QSettings().value(key(), 0).toULongLong(&ok);
    return ok ? bytes : 0;
}

void MemoryBudgetSetting::store(std::uint64_t bytes) {
    QSettings settings;
    // Absent rather than 0: a later default (another machine's memory) applies.
    if (bytes == 0)
        settings.remove(key());
    else
        settings.setValue(key(), static_cast<qulonglong>(bytes));
}

std::uint64_t MemoryBudgetSetting::defaultBytes() {
    return scope::MemoryBudget::defaultBytes();
}

std::uint64_t MemoryBudgetSetting::effective(std::uint64_t sessionOverride) {
    if (sessionOverride != 0)
        return sessionOverride;
    const std::uint64_t preference = stored();
    return preference != 0 ? preference : defaultBytes();
}

std::optional<std::uint64_t> MemoryBudgetSetting::parse(const QString& text, QString* error) {
    try {
        return scope::MemoryBudget::parse(text.toStdString());
    } catch (const std::invalid_argument& e) {
        if (error != nullptr)
            *error = QString::fromStdString(e.what());
        return std::nullopt;
    }
}

QString MemoryBudgetSetting::format(std::uint64_t bytes) {
    return QString::fromStdString(scope::MemoryBudget::format(bytes));
}
