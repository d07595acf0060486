// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "analysis/DurationHistogram.h"
#include "model/ProfilingResults.h"

#include <QString>
#include <QWidget>

#include <memory>
#include <vector>

class QCheckBox;
class QCPGraph;
class QCPItemText;
class QCPTextElement;
class QCustomPlot;

// How long the calls of one region take: counts in logarithmic bins from
// the shortest to the longest call, with the median, p90, p99 and the mean
// marked, and optionally one outline per rank (up to 16) to tell a rank
// whose calls are slower from calls that are sometimes slow everywhere.
// Exact for per-call data; greyed out with an explanation for summary-only
// reads, which hold no durations of single calls.
class HistogramView : public QWidget {
    Q_OBJECT
public:
    static constexpr std::size_t kBins = 40;

    explicit HistogramView(QWidget* parent = nullptr);

    void setRun(std::shared_ptr<const scope::ProfilingResults> results);
    // Index into ProfilingResults::regions; -1 shows nothing.
    void setRegion(int region);
    void setRanks(const scope::RankSelection& ranks);
    // Both at once: one pass over the calls instead of two.
    void setRegionAndRanks(int region, const scope::RankSelection& ranks);
    void setRankOutlines(bool on);
    // For export titles: "… of <run label>".
    void setRunLabel(const QString& label);

    QCustomPlot* plot() const { return plot_; }
    const scope::DurationHistogram& histogram() const { return histogram_; }
    int region() const { return region_; }
    // Whether the histogram is drawn: a region with calls and per-call data.
    bool available() const { return !histogram_.counts.empty(); }
    // "Call durations of solve, run_np3".
    QString title() const;
    // The hover text at a point of the plot, "12.3 µs–15.6 µs: 42 calls"; "" off the bins.
    QString toolTipAt(QPoint position) const;

private:
    void rebuild();
    void showMessage(const QString& text);
    void addMarker(double seconds, const QString& name, int slot);

    QCustomPlot* plot_;
    QCheckBox* outlines_;
    QCPTextElement* title_;
    QCPGraph* bars_;
    QCPItemText* message_;
    std::vector<QCPGraph*> rankGraphs_;
    std::shared_ptr<const scope::ProfilingResults> results_;
    scope::RankSelection ranks_;
    int region_ = -1;
    QString runLabel_;
    scope::DurationHistogram histogram_;
};
