// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "common/LatestJob.h"
#include "compare/RegionChange.h"

#include <QSize>
#include <QString>
#include <QWidget>

#include <map>
#include <optional>
#include <vector>

class ComparisonSet;
class QLabel;
class QListView;
class QMenu;
class QPainter;
class QStackedWidget;
class QTimer;
class QPushButton;
class WhatChangedModel;
class WhatChangedPicture;

// The comparison tab's "What changed": which regions really changed between
// the runs before and the runs after, as sentences, most important first; a
// click selects the region in the comparison table. By default the baseline
// is "before" and the last other run "after"; the user may put several runs
// on each side (repeats). The same background job also compares every run
// with the baseline, for the table's and the chart's markers.
class WhatChangedPanel : public QWidget {
    Q_OBJECT
public:
    enum class State { Empty, Computing, Ready, Failed };
    Q_ENUM(State)
    // One result of the background job: the sides' report first, then the
    // report of every run against the baseline.
    struct Result {
        enum class Kind { Sides, PerRun } kind = Kind::Sides;
        std::optional<scope::DiffReport> report;
        QString error;
        std::vector<std::optional<scope::DiffReport>> perRun;
    };

    explicit WhatChangedPanel(ComparisonSet* set, QWidget* parent = nullptr);

    void setStatistic(scope::ComparisonMetric statistic);
    void setThresholdPercent(double percent);
    // Run indices of the set; replaces the default sides.
    void setSides(const std::vector<int>& before, const std::vector<int>& after);
    std::vector<int> beforeRuns() const;
    std::vector<int> afterRuns() const;

    State state() const { return state_; }
    // The text shown in place of the findings (empty state, computing,
    // failure); "" while the findings show.
    QString message() const;
    WhatChangedModel* model() const { return model_; }
    QListView* list() const { return list_; }
    const std::optional<scope::DiffReport>& report() const;
    // Labels of the runs on each side, for titles and what_changed.md.
    QStringList beforeLabels() const;
    QStringList afterLabels() const;
    // Runs what is pending and waits for it: for exports without an event loop.
    void finishNow();

    // The panel as an image: title, sides, the findings. A height of 0 fits
    // the findings at that width.
    QSize exportSize(int width = 0, int height = 0) const;
    void render(QPainter* painter, QSize size) const;
    bool savePng(const QString& path, int width, int height, double scale = 1.0) const;
    bool saveSvg(const QString& path, int width, int height) const;
    bool savePdf(const QString& path, int width, int height) const;
    void copyToClipboard(int width = 0, int height = 0, double scale = 1.0) const;
    QString title() const;

signals:
    // The user clicked a region's finding.
    void regionActivated(const QString& region);
    // Every run against the baseline (index = run; empty for the baseline).
    void reportsChanged(const std::vector<std::optional<scope::DiffReport>>& perRun);
    // A computation finished (its results delivered).
    void updated();
    // Entered a state, its message() already shown.
    void stateChanged(WhatChangedPanel::State state);

private:
    enum class Side { None, Before, After };

    void scheduleRecompute();
    void recompute();
    void deliver(Result result);
    void showMessage(const QString& text);
    void setState(State state);
    void updateSideButtons();
    void fillSideMenu(QMenu* menu, Side side);
    void choose(int run, Side side, bool on);
    std::vector<int> runsOn(Side side) const;
    QStringList labelsOf(const std::vector<int>& runs) const;
    WhatChangedPicture picture() const;

    ComparisonSet* set_;
    WhatChangedModel* model_;
    QLabel* method_ = nullptr;
    QPushButton* before_ = nullptr;
    QPushButton* after_ = nullptr;
    QStackedWidget* stack_ = nullptr;
    QListView* list_ = nullptr;
    QLabel* message_ = nullptr;
    QTimer* pending_ = nullptr;
    scope::ComparisonMetric statistic_ = scope::ComparisonMetric::Total;
    double thresholdPercent_ = 1.0;
    // Once the user picks the sides, by path, so that they survive reordering.
    std::map<QString, Side> chosen_;
    bool userChose_ = false;
    State state_ = State::Empty;
    LatestJob<Result> job_;
};
