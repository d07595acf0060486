// SPDX-License-Identifier: GPL-3.0-or-later
#include "RegionChange.h"

namespace scope {

std::string_view verdictName(Verdict verdict) {
    switch (verdict) {
    case Verdict::Slower:
        return "slower";
    case Verdict::Faster:
        return "faster";
    case Verdict::Unchanged:
        return "unchanged";
    case Verdict::New:
        return "new";
    case Verdict::Removed:
        return "removed";
    }
    return "unchanged";
}

} // namespace scope
