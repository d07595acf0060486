// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "RankStatistic.h"
#include "model/ProfilingResults.h"
#include "model/RankSelection.h"

#include <QWidget>

#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

class QCPBars;
class QCPGraph;
class QCPItemStraightLine;
class QCPItemText;
class QCPTextElement;
class QCustomPlot;
class QLabel;
class QStackedLayout;

// One bar per rank for one region and one statistic (a total or a count is 0
// on a rank without calls), with the mean over the shown ranks as a dashed line and the slowest
// rank highlighted: the view that answers "which ranks are slow in this region?". Readable from 1
// to thousands of ranks: rank ticks are spaced by pixels, bars are at least 1 px wide, and the x
// axis can be dragged and zoomed (double click shows all ranks again).
class RankBarChart : public QWidget {
    Q_OBJECT
public:
    explicit RankBarChart(QWidget* parent = nullptr);

    // Keeps the selected region when the new run has a region of the same name.
    void setRun(std::shared_ptr<const scope::ProfilingResults> run);
    // Index into run->regions; -1 shows "Select a region in the table".
    void setRegion(int region);
    void setStatistic(Statistic statistic);
    // Only these ranks get bars; the x axis spans them.
    void setRanks(const scope::RankSelection& ranks);
    // The run's name in the title, so that an exported image says which run
    // it shows ("run_np3 — solve: Total time per rank"); "" leaves it out.
    void setRunLabel(const QString& label);
    // A rank chosen elsewhere (a heatmap cell): its bar gets a thick blue
    // outline, whatever the region; nullopt clears it. Unlike the
    // rank selection it hides no other bar.
    void setSelectedRank(std::optional<std::uint32_t> rank);
    std::optional<std::uint32_t> selectedRank() const { return selectedRank_; }
    // The selected rank's bar when it is shown (one data point, else none).
    QCPBars* selectedBars() const { return selectedBars_; }

    int region() const { return region_; }
    Statistic statistic() const { return statistic_; }
    QString runLabel() const { return runLabel_; }
    QCustomPlot* plot() const { return plot_; }

    // The plotted values, for tests and exports: one bar per shown rank
    // (key = rank, value = statistic; ranks without calls only for a total or
    // a count, at 0); the slowest bar is drawn again on
    // top by slowestBars(). The mean line is meanLine(), at y = mean().
    QCPBars* bars() const { return bars_; }
    QCPBars* slowestBars() const { return slowestBars_; }
    QCPItemStraightLine* meanLine() const { return meanLine_; }
    std::optional<double> mean() const { return mean_; }
    // None with a single rank or when all shown ranks have the same value.
    std::optional<std::uint32_t> slowestRank() const;
    bool hasBars() const { return !shown_.empty(); }
    // The text shown instead of the plot ("" while the plot is shown).
    QString message() const;

    // The shown rank under a position of plot() (pixels), if any.
    std::optional<std::uint32_t> rankAt(const QPointF& position) const;
    // "rank 5: 12.3 ms (mean 11.0 ms, +12 %)" and the exact value.
    QString toolTipFor(std::uint32_t rank) const;

signals:
    void rankActivated(std::uint32_t rank);

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    struct Bar {
        std::uint32_t rank = 0;
        double value = 0.0;
        std::uint64_t calls = 0;
    };

    void setUpPlot();
    void rebuild();
    void collectBars(std::size_t region);
    // Zero bars for the selected ranks without calls of the region.
    void addIdleRanks();
    void showBars(const QString& regionName);
    void showSlowest(const QColor& colour);
    void showSelected();
    void showMessage(const QString& text);
    void updateBarWidths();
    void keepXRangeInBounds();
    const Bar* barOf(std::uint32_t rank) const;
    // Where a rank's bar stands on the x axis: the rank itself, except with
    // a selection that skips ranks ("0,2-3"), whose ranks stand side by side
    // from the first one on, each labelled with its own number.
    double keyOf(std::uint32_t rank) const;
    void setRankTicks();
    // The legend's entries side by side when they fit the plot's width, else
    // one under the other.
    void wrapLegend();

    std::shared_ptr<const scope::ProfilingResults> run_;
    int region_ = -1;
    Statistic statistic_ = Statistic::Total;
    scope::RankSelection ranks_;
    QString runLabel_;

    std::vector<Bar> shown_; // sorted by rank
    std::optional<double> mean_;
    std::optional<std::size_t> slowest_; // index into shown_
    double firstRank_ = 0.0;             // the x axis span of "all ranks"
    double lastRank_ = 0.0;
    std::vector<std::uint32_t> slots_; // the ranks of a selection that skips some, else empty

    QStackedLayout* stack_ = nullptr;
    QLabel* message_ = nullptr;
    QCustomPlot* plot_ = nullptr;
    QCPTextElement* title_ = nullptr;
    QCPBars* bars_ = nullptr;
    QCPBars* slowestBars_ = nullptr;
    QCPBars* selectedBars_ = nullptr;
    std::optional<std::uint32_t> selectedRank_;
    QCPGraph* meanLegend_ = nullptr; // no data: gives the mean line a legend entry
    QCPItemStraightLine* meanLine_ = nullptr;
    QCPItemText* slowestLabel_ = nullptr;
    QPoint pressPosition_;
};
