// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "RegionCallsChart.h"
#include "analysis/DurationSeries.h"

#include <memory>
#include <string>
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
// says how many calls the region has. A run opened over SSH has its series
// built on the host, and each window's columns are asked of it on a worker
// while the last ones stay on screen. For summary-only reads, like the
// histogram, an explanation without axes. The legend has a row above the plot.
class DurationOverTimeView : public RegionCallsChart {
    Q_OBJECT
public:
    static constexpr std::size_t kMaxRankColours = 16;

    explicit DurationOverTimeView(QWidget* parent = nullptr);

    void setLogarithmic(bool on);

    // The calls here (empty for a run whose calls are on another host).
    const scope::DurationSeries& series() const { return series_; }
    const scope::DurationOutline& outline() const { return outline_; }
    const scope::DurationReduction& reduction() const { return reduction_; }
    // Whether calls are drawn: a region with calls and per-call data.
    bool available() const override { return !outline_.empty(); }
    bool drawsWithoutCallsHere(const scope::ProfilingResults& results) const override {
        return results.callsElsewhere != nullptr;
    }
    // Whether each rank has a colour of its own (false beyond kMaxRankColours).
    bool perRank() const { return outline_.ranks.size() <= kMaxRankColours; }
    // "Call durations over time of solve\nrun_np3".
    QString title() const override;
    // "t = 1.2 s … 1.3 s\nrank 0: 12 µs–15 µs (4 calls)"; "" off the calls.
    QString toolTipAt(QPoint position) const override;

protected:
    void resizeEvent(QResizeEvent* event) override;

private:
    // A window's columns from the host, or why they are missing.
    struct Asked {
        std::shared_ptr<const scope::DurationReduction> reduction;
        std::string error;
    };

    void clear() override;
    Job job() override;
    void draw() override;
    QString noRegionText() const override;
    bool askedElsewhere() const override { return results()->callsElsewhere != nullptr; }
    bool busyDrawing() const override { return asked_.busy(); }
    void finishDrawing() override;
    // Reduces the calls in the visible time range to pixel columns (here, or
    // asks the host for them).
    void reduceVisible();
    void askForWindow(double t0, double t1, std::size_t columns, bool pooled);
    void receive(Asked asked);
    // Puts reduction_ on the plot.
    void drawReduction();
    void setDurationAxis();

    QCheckBox* logarithmic_;
    QCPGraph* median_;
    std::vector<QCPGraph*> graphs_;
    std::vector<QCPErrorBars*> strokes_;
    scope::DurationSeries series_;
    scope::DurationOutline outline_;
    scope::DurationReduction reduction_;
    bool reducing_ = false;
    LatestJob<Asked> asked_;
};
