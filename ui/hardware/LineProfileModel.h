// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/ProfilingResults.h"

#include <QAbstractTableModel>
#include <QColor>
#include <QStringList>

#include <memory>
#include <vector>

// The lines of one function profiled by line_profiler: hits, time, time
// per hit and share of the function's time, with the source text when the
// file stores it. With the source every line of the function is a row, as
// line_profiler prints it, so that the hot lines are read in context; the
// hottest lines are shaded in proportion to their share.
class LineProfileModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { Line, Hits, Time, TimePerHit, Share, Source, ColumnCount };
    // The raw number behind a cell (seconds, hits, share 0..1), for sorting and tests.
    static constexpr int ValueRole = Qt::UserRole + 1;
    // Lines below this share of the function's time are not shaded.
    static constexpr double kHotShare = 0.05;

    explicit LineProfileModel(QObject* parent = nullptr);

    void setRun(std::shared_ptr<const scope::ProfilingResults> results);
    // Index into ProfilingResults::lineProfiles; -1 shows nothing.
    void setProfile(int profile);
    int profile() const { return profile_; }
    // "kernel — examples/solver.py:20 (region solve, rank 0)" for a picker.
    QString label(int profile) const;
    // The function's time in seconds: the sum over its lines.
    double totalSeconds() const { return total_; }

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;

private:
    struct Row {
        std::int64_t line = 0;
        int sample = -1; // index into the profile's arrays; -1: a source line never run
        int text = -1;   // index into sourceLines_; -1: no source for it
    };
    void rebuild();
    QColor shade(const Row& row) const;
    double seconds(const Row& row) const;

    std::shared_ptr<const scope::ProfilingResults> results_;
    int profile_ = -1;
    std::vector<Row> rows_;
    QStringList sourceLines_;
    double total_ = 0.0;
    double hottest_ = 0.0; // the largest line time, seconds
};
