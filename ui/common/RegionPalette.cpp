// SPDX-License-Identifier: GPL-3.0-or-later
#include "RegionPalette.h"

#include <QHash>

#include <array>

namespace {

// matplotlib's tab20 reordered so that neighbouring entries contrast: the
// saturated ten first, then their light partners.
constexpr std::array<QRgb, 20> kColors = {0x1f77b4, 0xff7f0e, 0x2ca02c, 0xd62728, 0x9467bd,
                                          0x8c564b, 0xe377c2, 0x393b79, 0xbcbd22, 0x17becf,
                                          0xaec7e8, 0xffbb78, 0x98df8a, 0xff9896, 0xc5b0d5,
                                          0xc49c94, 0xf7b6d2, 0x637939, 0xdbdb8d, 0x9edae5};

} // namespace

QColor RegionPalette::color(const QString& region) {
    static QHash<QString, int> assigned;
    auto it = assigned.constFind(region);
    if (it == assigned.constEnd())
        it = assigned.insert(region, static_cast<int>(assigned.size() % kColors.size()));
    return QColor::fromRgb(kColors[static_cast<std::size_t>(*it)]);
}

QColor RegionPalette::mixed() {
    return QColor(0x70, 0x70, 0x70);
}
