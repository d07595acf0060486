// SPDX-License-Identifier: GPL-3.0-or-later
#include "CallSummary.h"

#include <algorithm>

namespace scope {

CallSummary CallSummary::pool(std::span<const CallSummary* const> parts) {
    CallSummary s;
    bool any = false;
    for (const CallSummary* p : parts) {
        s.hasSpread = s.hasSpread && p->hasSpread;
        s.hasTimes = s.hasTimes && p->hasTimes;
        if (p->count == 0)
            continue;
        if (!any) {
            s.minimum = p->minimum;
            s.maximum = p->maximum;
            s.startMinimum = p->startMinimum;
            s.endMaximum = p->endMaximum;
            s.first = p->first;
            any = true;
        }
        s.count += p->count;
        s.total += p->total;
        s.minimum = std::min(s.minimum, p->minimum);
        s.maximum = std::max(s.maximum, p->maximum);
        s.startMinimum = std::min(s.startMinimum, p->startMinimum);
        s.endMaximum = std::max(s.endMaximum, p->endMaximum);
        s.gpuCount += p->gpuCount;
        s.gpuTotal += p->gpuTotal;
        s.last = p->last;
    }
    if (s.count == 0)
        return s;
    s.mean = static_cast<double>(s.total) / static_cast<double>(s.count);
    double m2 = 0.0;
    for (const CallSummary* p : parts) {
        if (p->count == 0)
            continue;
        const double delta = p->mean - s.mean;
        m2 += p->m2 + static_cast<double>(p->count) * delta * delta;
    }
    s.m2 = m2;
    return s;
}

std::string CallSummary::impossibility() const {
    if (total < 0)
        return "a negative total";
    if (count == 0)
        return {};
    if (minimum < 0)
        return "a call that ends before it starts (negative minimum)";
    if (minimum > maximum)
        return "a shortest call longer than its longest (minimum > maximum)";
    return {};
}

} // namespace scope
