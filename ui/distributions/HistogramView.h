// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "RegionCallsChart.h"
#include "analysis/DurationHistogram.h"

#include <vector>

class QCheckBox;
class QCPGraph;

// How long the calls of one region take: counts in logarithmic bins from
// the shortest to the longest call, with the median, p90, p99 and the mean
// marked, and optionally one outline per rank (up to 16) to tell a rank
// whose calls are slower from calls that are sometimes slow everywhere.
// Exact for per-call data, in memory or read on demand (then computed on a
// worker, see RegionCallsChart); an explanation without axes for
// summary-only reads, which hold no durations of single calls.
class HistogramView : public RegionCallsChart {
    Q_OBJECT
public:
    static constexpr std::size_t kBins = scope::DurationHistogram::kBins;

    explicit HistogramView(QWidget* parent = nullptr);

    void setRankOutlines(bool on);

    const scope::DurationHistogram& histogram() const { return histogram_; }
    // Whether the histogram is drawn: a region with calls and per-call data.
    bool available() const override { return !histogram_.counts.empty(); }
    // "Call durations of solve, run_np3".
    QString title() const override;
    // The hover text at a point of the plot, "12.3 µs–15.6 µs: 42 calls"; "" off the bins.
    QString toolTipAt(QPoint position) const override;
    // Kept histograms of all ranks, or a host to ask for any selection's.
    bool drawsWithoutCallsHere(const scope::ProfilingResults& results) const override;

private:
    void clear() override;
    Job job() override;
    void draw() override;
    QString noRegionText() const override;
    bool keptWithResults() const override;
    bool askedElsewhere() const override;
    void addMarker(double seconds, const QString& name, int slot);
    void stackMarkers();

    QCheckBox* outlines_;
    QCPGraph* bars_;
    std::vector<QCPGraph*> rankGraphs_;
    scope::DurationHistogram histogram_;
};
