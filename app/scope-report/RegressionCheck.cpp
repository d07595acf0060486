// SPDX-License-Identifier: GPL-3.0-or-later
#include "RegressionCheck.h"

#include "compare/ChangeFindings.h"

#include <cstdio>
#include <string>

namespace scope::report {
namespace {

std::string number(double v) {
    char text[32];
    std::snprintf(text, sizeof text, "%g", v);
    return text;
}

} // namespace

RegressionCheck::RegressionCheck(double maxRegressionPercent, bool failOnNew)
    : maxRegressionPercent_(maxRegressionPercent), failOnNew_(failOnNew) {}

namespace {

bool slowerBeyond(const RegionChange& region, double limitPercent) {
    return region.verdict == Verdict::Slower && region.changePercent &&
           *region.changePercent > limitPercent;
}

} // namespace

std::vector<const RegionChange*> RegressionCheck::failures(const DiffReport& report) const {
    std::vector<const RegionChange*> failed;
    for (const RegionChange& region : report.regions) {
        // Only a test makes it significant: a verdict from the totals alone
        // (too few calls, no per-call data) would fail builds on noise.
        const bool slower = slowerBeyond(region, maxRegressionPercent_) && region.pValue;
        if (slower || (failOnNew_ && region.verdict == Verdict::New))
            failed.push_back(&region);
    }
    return failed;
}

std::vector<const RegionChange*> RegressionCheck::untested(const DiffReport& report) const {
    std::vector<const RegionChange*> regions;
    for (const RegionChange& region : report.regions)
        if (slowerBeyond(region, maxRegressionPercent_) && !region.pValue)
            regions.push_back(&region);
    return regions;
}

bool RegressionCheck::print(std::ostream& out, const DiffReport& report) const {
    const std::vector<const RegionChange*> failed = failures(report);
    const std::string limit = "slower by more than " + number(maxRegressionPercent_) + " %" +
                              (failOnNew_ ? " or new" : "");
    if (failed.empty()) {
        out << "check passed: no region is significantly " << limit << " (" << report.correction
            << "-corrected p < " << number(report.alpha) << ", " << report.regions.size()
            << " regions)\n";
        const std::vector<const RegionChange*> notTested = untested(report);
        if (!notTested.empty())
            out << "not tested, slower by more than " << number(maxRegressionPercent_)
                << " % in the totals alone:\n";
        for (const RegionChange* region : notTested)
            out << "  " << ChangeFindings::sentence(*region, report.statistic) << '\n';
        return false;
    }
    out << "check failed: " << failed.size() << (failed.size() == 1 ? " region is" : " regions are")
        << " significantly " << limit << ":\n";
    for (const RegionChange* region : failed)
        out << "  " << ChangeFindings::sentence(*region, report.statistic) << '\n';
    return true;
}

} // namespace scope::report
