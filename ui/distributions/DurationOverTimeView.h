// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "analysis/DurationSeries.h"
#include "model/ProfilingResults.h"

#include <QString>
#include <QWidget>

#include <memory>
#include <vector>

class QCheckBox;
class QCPErrorBars;
class QCPGraph;
class QCPItemText;
class QCPTextElement;
class QCustomPlot;

// Each call's duration against its start, for one region: warm-up, drift
// and periodic spikes that a histogram folds away. One colour per rank (one
// for all beyond kMaxRankColours ranks), drawn as a vertical min–max stroke
// per pixel column so that 10^6 calls cost what the pixels cost; zooming or
// panning the time axis reduces again. A dark line follows the rolling
// median of 101 calls. Greyed out with an explanation for summary-only reads,
// like the histogram.
class DurationOverTimeView : public QWidget {
    Q_OBJECT
public:
    static constexpr std::size_t kMaxRankColours = 16;

    explicit DurationOverTimeView(QWidget* parent = nullptr);

    void setRun(std::shared_ptr<const scope::ProfilingResults> results);
    // Index into ProfilingResults::regions; -1 shows nothing.
    void setRegion(int region);
    void setRanks(const scope::RankSelection& ranks);
    void setRegionAndRanks(int region, const scope::RankSelection& ranks);
    void setLogarithmic(bool on);
    // For export titles: "… of <run label>".
    void setRunLabel(const QString& label);

    QCustomPlot* plot() const { return plot_; }
    const scope::DurationSeries& series() const { return series_; }
    const scope::DurationSeries::Reduction& reduction() const { return reduction_; }
    int region() const { return region_; }
    // Whether calls are drawn: a region with calls and per-call data.
    bool available() const { return !series_.empty(); }
    // Whether each rank has a colour of its own (false beyond kMaxRankColours).
    bool perRank() const { return series_.ranks().size() <= kMaxRankColours; }
    // "Call durations over time of solve\nrun_np3".
    QString title() const;
    // "t = 1.2 s … 1.3 s\nrank 0: 12 µs–15 µs (4 calls)"; "" off the calls.
    QString toolTipAt(QPoint position) const;

protected:
    void resizeEvent(QResizeEvent* event) override;

private:
    void rebuild();
    // Reduces the calls in the visible time range to pixel columns.
    void reduceVisible();
    void showMessage(const QString& text);
    void setDurationAxis();

    QCustomPlot* plot_;
    QCheckBox* logarithmic_;
    QCPTextElement* title_;
    QCPItemText* message_;
    QCPGraph* median_;
    std::vector<QCPGraph*> graphs_;
    std::vector<QCPErrorBars*> strokes_;
    std::shared_ptr<const scope::ProfilingResults> results_;
    scope::RankSelection ranks_;
    int region_ = -1;
    QString runLabel_;
    scope::DurationSeries series_;
    scope::DurationSeries::Reduction reduction_;
    bool reducing_ = false;
};
