// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "common/LatestJob.h"
#include "model/ProfilingResults.h"

#include <QString>
#include <QWidget>

#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>

class ChartMessage;
class QCPLayoutGrid;
class QCPTextElement;
class QCustomPlot;
class QHBoxLayout;

// What the charts of one region's single calls share (the histogram, the
// durations over time): the run, region and ranks they show, a title, a
// message in the plot instead of data, the hover text, and where the
// computation runs. Calls in memory are computed at once, as before; calls
// read on demand (results.onDemand) are file I/O, so a worker thread computes
// them while the plot says "Reading the calls…", and a newer request
// supersedes (cancels) an older one.
class RegionCallsChart : public QWidget {
    Q_OBJECT
public:
    ~RegionCallsChart() override;

    void setRun(std::shared_ptr<const scope::ProfilingResults> results);
    // Index into ProfilingResults::regions; -1 shows nothing.
    void setRegion(int region);
    void setRanks(const scope::RankSelection& ranks);
    // Both at once: one computation instead of two. Nothing is computed again
    // for the region and ranks already shown or being read (unless that failed).
    void setRegionAndRanks(int region, const scope::RankSelection& ranks);
    // For export titles: "… of <run label>".
    void setRunLabel(const QString& label);
    // The most bytes the computation holds of calls read on demand
    // (Percentiles::kDefaultByteLimit until set); applies from the next request.
    void setByteLimit(std::uint64_t bytes) { byteLimit_ = bytes; }
    std::uint64_t byteLimit() const { return byteLimit_; }

    QCustomPlot* plot() const { return plot_; }
    int region() const { return region_; }
    // Whether a worker is still reading the calls of the latest request, or
    // what the chart draws of them.
    bool reading() const { return reading_ || busyDrawing(); }
    // Waits for the worker and shows its result: for headless exports, which
    // have no event loop to keep responsive. Returns at once when not reading.
    void finishReading();
    virtual QString title() const = 0;
    // Whether the latest request's result is drawn (not a message).
    virtual bool available() const = 0;
    // The message drawn instead of a result ("" when none is).
    QString shownMessage() const;
    // The hover text at a point of the plot; "" where there is nothing to say.
    virtual QString toolTipAt(QPoint position) const = 0;
    // Whether the chart draws something for `results` without their calls
    // here (kept with them, or asked of the host that holds them).
    virtual bool drawsWithoutCallsHere(const scope::ProfilingResults& results) const {
        (void)results;
        return false;
    }

signals:
    // The latest request's result, or a message instead, is shown.
    void ready();

protected:
    explicit RegionCallsChart(QWidget* parent = nullptr);

    // What a request computes. `work` may run on a worker thread: it must
    // touch nothing of the widget, only what it captured (by value or
    // shared_ptr). `show` runs on the UI thread afterwards and keeps the result.
    struct Job {
        std::function<void(const std::atomic<bool>& cancel)> work;
        std::function<void()> show;
    };
    // Forgets the result of the previous request.
    virtual void clear() = 0;
    // The computation for results(), region() and ranks().
    virtual Job job() = 0;
    // Draws the result, or the empty frame without one.
    virtual void draw() = 0;
    // The message when no region is chosen.
    virtual QString noRegionText() const = 0;
    // Whether the request's result came with the results, kept where the
    // calls are: it is computed at once, wherever the calls are.
    virtual bool keptWithResults() const { return false; }
    // Whether the request can be asked of the host that holds a run's calls
    // (ProfilingResults::callsElsewhere): it is then computed there.
    virtual bool askedElsewhere() const { return false; }
    // Whether requests are asked of the host that holds the run's calls: it
    // has none here and the chart asks there (askedElsewhere).
    bool asksTheHost() const;
    // Whether what is drawn of the result is still being asked for (a chart
    // whose windows are computed where the calls are), and waiting for it.
    virtual bool busyDrawing() const { return false; }
    virtual void finishDrawing() {}

    // Clears, computes (or starts computing) and draws the current request.
    void rebuild();
    // Hides the axes and shows `text` in the middle of the plot, wrapped to its width.
    void showMessage(const QString& text);
    QHBoxLayout* options() const { return options_; }
    ChartMessage* message() const { return message_; }
    const std::shared_ptr<const scope::ProfilingResults>& results() const { return results_; }
    const scope::RankSelection& ranks() const { return ranks_; }
    const QString& runLabel() const { return runLabel_; }
    bool hasRegion() const;
    std::string regionName() const;
    // `what` for the ranks shown unless all, with the run on a line of its
    // own (beside the table the pane is narrow): "Call durations of solve on
    // ranks 0–3\nrun_np3".
    QString titleOf(const QString& what) const;

private:
    void inkAxes();
    void setUpLegend();
    void placeLegend();
    // The most legend columns that fit the plot's width (on screen or in an export).
    void fitLegend();
    void start(Job job);
    void finish(const std::string& error);

    QCustomPlot* plot_;
    QHBoxLayout* options_;
    QCPTextElement* title_;
    ChartMessage* message_;
    QCPLayoutGrid* legendRow_ = nullptr; // in the plot's layout while the legend shows
    std::shared_ptr<const scope::ProfilingResults> results_;
    scope::RankSelection ranks_;
    int region_ = -1;
    QString runLabel_;
    std::uint64_t byteLimit_;

    // The request being read on demand, and the show step to run when it finishes.
    LatestJob<std::string> read_;
    bool reading_ = false;
    std::function<void()> show_;
    bool failed_ = false; // the request shown ended in an error: asking again retries
};
