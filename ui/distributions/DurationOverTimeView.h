// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "RegionCallsChart.h"
#include "analysis/DurationSeries.h"

#include <vector>

class QCheckBox;
class QCPErrorBars;
class QCPGraph;

// Each call's duration against its start, for one region: warm-up, drift
// and periodic spikes that a histogram folds away. One colour per rank (one
// for all beyond kMaxRankColours ranks), drawn as a vertical min–max stroke
// per pixel column so that 10^6 calls cost what the pixels cost; zooming or
// panning the time axis reduces again. A dark line follows the rolling
// median of 101 calls. Calls read on demand are read on a worker (see
// RegionCallsChart) when the series fits in the byte limit, else the chart
// says how many calls the region has. For summary-only reads, like the
// histogram, an explanation without axes. The legend has a row above the plot.
class DurationOverTimeView : public RegionCallsChart {
    Q_OBJECT
public:
    static constexpr std::size_t kMaxRankColours = 16;

    explicit DurationOverTimeView(QWidget* parent = nullptr);

    void setLogarithmic(bool on);

    const scope::DurationSeries& series() const { return series_; }
    const scope::DurationSeries::Reduction& reduction() const { return reduction_; }
    // Whether calls are drawn: a region with calls and per-call data.
    bool available() const override { return !series_.empty(); }
    // Whether each rank has a colour of its own (false beyond kMaxRankColours).
    bool perRank() const { return series_.ranks().size() <= kMaxRankColours; }
    // "Call durations over time of solve\nrun_np3".
    QString title() const override;
    // "t = 1.2 s … 1.3 s\nrank 0: 12 µs–15 µs (4 calls)"; "" off the calls.
    QString toolTipAt(QPoint position) const override;

protected:
    void resizeEvent(QResizeEvent* event) override;

private:
    void clear() override;
    Job job() override;
    void draw() override;
    QString noRegionText() const override;
    // Reduces the calls in the visible time range to pixel columns.
    void reduceVisible();
    void setDurationAxis();

    QCheckBox* logarithmic_;
    QCPGraph* median_;
    std::vector<QCPGraph*> graphs_;
    std::vector<QCPErrorBars*> strokes_;
    scope::DurationSeries series_;
    scope::DurationSeries::Reduction reduction_;
    bool reducing_ = false;
};
