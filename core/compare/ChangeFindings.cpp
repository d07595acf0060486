// SPDX-License-Identifier: GPL-3.0-or-later
#include "ChangeFindings.h"

#include "ChangeExplanation.h"
#include "PathShares.h"
#include "base/DurationFormat.h"

#include <cmath>
#include <cstdio>

namespace scope {
namespace {

std::string fixed(double value, int decimals) {
    char text[64];
    std::snprintf(text, sizeof text, "%.*f", decimals, value);
    // "-0.0" reads as a change where there is none.
    return std::string(text) == "-0.0" ? "0.0" : text;
}

// With a minus sign (U+2212), as the viewer's tables write it.
std::string signedFixed(double value, int decimals) {
    std::string text = fixed(value, decimals);
    if (!text.empty() && text.front() == '-')
        text.replace(0, 1, "\u2212");
    return text;
}

std::string quoted(const std::string& name) {
    return "`" + name + "`";
}

std::string valueText(double value, ComparisonMetric statistic) {
    if (statistic == ComparisonMetric::Calls)
        return fixed(value, 0) + " calls";
    return formatDuration(value);
}

// "(95 % CI 4.2–6.0 %, p < 0.001)", or what stands in for it.
std::string certainty(const RegionChange& change) {
    std::string text;
    if (change.ciLowPercent && change.ciHighPercent) {
        // "−38.8–−30.2" reads as a subtraction.
        const bool negative = *change.ciLowPercent < 0.0 || *change.ciHighPercent < 0.0;
        text = "95 % CI " + signedFixed(*change.ciLowPercent, 1) + (negative ? " to " : "\u2013") +
               signedFixed(*change.ciHighPercent, 1) + " %";
    }
    if (change.pValue)
        text += (text.empty() ? "" : ", ") + ChangeFindings::pValueText(*change.pValue);
    if (!change.perCallData)
        text += (text.empty() ? "" : ", ") + std::string("no per-call data");
    else if (change.tooFewCalls)
        text += (text.empty() ? "" : ", ") + std::string("too few calls to test");
    return text.empty() ? "" : " (" + text + ")";
}

// "per-call time +5.1 %, calls unchanged" from the LMDI split.
std::string explanation(const RegionChange& change, ComparisonMetric statistic) {
    if (!countsCalls(statistic) || !change.baseline || !change.other)
        return "";
    const auto part = [&](double value, const char* what) -> std::string {
        const auto relative =
            ChangeExplanation::factorChange(value, *change.baseline, *change.other);
        if (!relative)
            return "";
        const double percent = *relative * 100.0;
        if (std::abs(percent) < 0.05)
            return std::string(what) + " unchanged";
        return std::string(what) + " " + ChangeFindings::signedPercent(percent);
    };
    std::string text = part(change.explained.perCall, "per-call time");
    const std::string calls = part(
        change.explained.calls, statistic == ComparisonMetric::Total ? "calls" : "calls per rank");
    if (text.empty() || calls.empty())
        return "";
    text += ", " + calls;
    if (statistic == ComparisonMetric::SlowestRank) {
        const std::string imbalance = part(change.explained.imbalance, "imbalance");
        if (!imbalance.empty())
            text += ", " + imbalance;
    }
    return text;
}

std::string where(const RegionChange& change) {
    if (change.paths.empty() || change.paths.front().path == PathShares::kOtherPaths)
        return "";
    const std::string& path = change.paths.front().path;
    return fixed(change.paths.front().share * 100.0, 0) + " % of it in " + quoted(path) +
           (path == change.name ? " itself" : "");
}

std::string changed(const RegionChange& change, ComparisonMetric statistic) {
    std::string text = quoted(change.name);
    if (change.renamedFrom)
        text += " (renamed from " + quoted(*change.renamedFrom) + ")";
    const bool up = change.verdict == Verdict::Slower;
    if (statistic == ComparisonMetric::Calls)
        text += change.changePercent ? " makes " + fixed(std::abs(*change.changePercent), 1) +
                                           " % " + (up ? "more" : "fewer") + " calls"
                                     : std::string(" makes ") + (up ? "more" : "fewer") + " calls";
    else
        text += change.changePercent
                    ? " is " + fixed(std::abs(*change.changePercent), 1) + " % " +
                          (up ? "slower" : "faster")
                    : std::string(" is ") + (up ? "slower" : "faster") + " (" +
                          valueText(change.baseline.value_or(0.0), statistic) + " \u2192 " +
                          valueText(change.other.value_or(0.0), statistic) + ")";
    text += certainty(change);
    std::string why = explanation(change, statistic);
    const std::string paths = where(change);
    if (!paths.empty())
        why += (why.empty() ? "" : "; ") + paths;
    if (!why.empty())
        text += ": " + why;
    if (change.repeatsFor1Percent)
        text += "; " + std::to_string(*change.repeatsFor1Percent) +
                " runs per side would detect a 1 % change";
    return text;
}

} // namespace

std::string ChangeFindings::signedPercent(double percent) {
    const std::string digits = signedFixed(percent, 1);
    return (percent > 0.0 && digits != "0.0" ? "+" : "") + digits + " %";
}

std::string ChangeFindings::pValueText(double p) {
    if (p < 0.001)
        return "p < 0.001";
    return "p = " + fixed(p, 3);
}

std::string ChangeFindings::sentence(const RegionChange& change, ComparisonMetric statistic) {
    switch (change.verdict) {
    case Verdict::Slower:
    case Verdict::Faster:
        return changed(change, statistic);
    case Verdict::New:
        return quoted(change.name) + " is new (" +
               valueText(change.other.value_or(0.0), statistic) + ")";
    case Verdict::Removed:
        return quoted(change.name) + " was removed (" +
               valueText(change.baseline.value_or(0.0), statistic) + " before)";
    case Verdict::Unchanged:
        break;
    }
    if (change.renamedFrom)
        return quoted(*change.renamedFrom) + " is now " + quoted(change.name) +
               " (same source line), unchanged";
    return "";
}

std::vector<std::string> ChangeFindings::sentences(const DiffReport& report, std::size_t most) {
    std::vector<std::string> found;
    for (const RegionChange& change : report.regions) {
        if (found.size() >= most)
            break;
        std::string text = sentence(change, report.statistic);
        if (!text.empty())
            found.push_back(std::move(text));
    }
    return found;
}

} // namespace scope
