// SPDX-License-Identifier: GPL-3.0-or-later
#include "RegionPalette.h"

#include <QHash>

#include <algorithm>
#include <array>
#include <cstdint>
#include <set>

namespace {

// Okabe & Ito, "Color Universal Design" (2008), without black, then those of
// Paul Tol's "muted", "light" and "bright" schemes (personal.sron.nl/~pault,
// 2021) that stay apart from them and from each other: CIELAB distance at
// least 13.8, and 10 in simulated deuteranopia, protanopia and tritanopia
// (Machado et al. 2009). No greys, which mean "several regions" (mixed())
// or "other regions". Black or white text reaches 4.5:1 on each
// (ColorContrast::textOn).
constexpr std::array<QRgb, 16> kColors = {
    0x0072b2, 0xe69f00, 0x009e73, 0xcc79a7, 0x56b4e9, 0xd55e00, 0xf0e442, 0x332288,
    0xee8866, 0x117733, 0xffaabb, 0x882255, 0x99ddff, 0x999933, 0xee6677, 0xaa3377};
constexpr int kSize = static_cast<int>(kColors.size());

// 32-bit FNV-1a over the UTF-8 bytes: unlike qHash it is not seeded per
// process, so a name lands on the same entry in every launch.
int homeSlot(const std::string& utf8) {
    std::uint32_t hash = 0x811c9dc5u;
    for (const char c : utf8) {
        hash ^= static_cast<unsigned char>(c);
        hash *= 0x01000193u;
    }
    return static_cast<int>(hash % static_cast<std::uint32_t>(kSize));
}

struct Assignment {
    std::set<std::string> names; // sorted by their UTF-8 bytes
    QHash<QString, int> slotOf;
    bool stale = false;
    int revision = 0;
};

Assignment& assignment() {
    static Assignment state;
    return state;
}

// A function of the set of names alone, not of the order they arrived or were
// painted in: of the names that hash to one entry the first in byte order
// keeps it, the others (in that order) take the next least used entry.
void assign(Assignment& state) {
    const QHash<QString, int> before = std::move(state.slotOf);
    state.slotOf.clear();
    std::array<int, kSize> uses{};
    std::vector<const std::string*> moved;
    for (const std::string& name : state.names) {
        const int home = homeSlot(name);
        if (uses[static_cast<std::size_t>(home)] == 0) {
            uses[static_cast<std::size_t>(home)] = 1;
            state.slotOf.insert(QString::fromStdString(name), home);
        } else {
            moved.push_back(&name);
        }
    }
    for (const std::string* name : moved) {
        const int home = homeSlot(*name);
        const int least = *std::min_element(uses.begin(), uses.end());
        int slot = home;
        for (int step = 1; step <= kSize; ++step) {
            slot = (home + step) % kSize;
            if (uses[static_cast<std::size_t>(slot)] == least)
                break;
        }
        ++uses[static_cast<std::size_t>(slot)];
        state.slotOf.insert(QString::fromStdString(*name), slot);
    }
    state.stale = false;
    for (auto it = before.constBegin(); it != before.constEnd(); ++it)
        if (state.slotOf.value(it.key(), -1) != *it) {
            ++state.revision;
            break;
        }
}

} // namespace

QColor RegionPalette::color(const QString& region) {
    Assignment& state = assignment();
    if (state.stale)
        assign(state);
    const auto it = state.slotOf.constFind(region);
    const int slot = it != state.slotOf.constEnd() ? *it : homeSlot(region.toStdString());
    return QColor::fromRgb(kColors[static_cast<std::size_t>(slot)]);
}

QColor RegionPalette::mixed() {
    return QColor(0x70, 0x70, 0x70);
}

void RegionPalette::addRegions(const std::vector<std::string>& regions) {
    Assignment& state = assignment();
    for (const std::string& name : regions)
        state.stale |= state.names.insert(name).second;
}

int RegionPalette::revision() {
    Assignment& state = assignment();
    if (state.stale)
        assign(state);
    return state.revision;
}

void RegionPalette::forgetRegions() {
    Assignment& state = assignment();
    state.names.clear();
    state.slotOf.clear();
    state.stale = false;
    ++state.revision;
}
