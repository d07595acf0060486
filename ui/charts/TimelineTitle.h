// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "analysis/TimelineSource.h"

#include <QString>

#include <cstddef>
#include <cstdint>
#include <vector>

// The timeline's title: the run and the ranks it shows ("Timeline of
// run_np3, ranks 0–2"; "ranks 0–1 (of 1,024)" when the others are scrolled
// away), so that an exported image says what it shows.
class TimelineTitle {
public:
    // bandRanks: the rank of each band, ascending; bands [firstShown,
    // endShown) are in view; source: a timeline still being built says how
    // far it got, one whose finer spans could not be read says why.
    static QString text(const QString& runLabel, const std::vector<std::uint32_t>& bandRanks,
                        std::size_t firstShown, std::size_t endShown,
                        const scope::TimelineSource* source);
};
