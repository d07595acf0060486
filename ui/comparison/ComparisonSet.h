// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "common/RunData.h"

#include <QObject>
#include <QString>
#include <QStringList>

#include <memory>
#include <vector>

class RunLabels;
namespace scope {
class ProfilingResults;
}

// The runs being compared, in the order the user arranged them, each with a
// label (the file name unless renamed) and one of them the baseline that
// changes are measured against. Views listen to changed() and recompute.
class ComparisonSet : public QObject {
    Q_OBJECT
public:
    struct Run {
        std::shared_ptr<const RunData> data;
        QString label;
        qint64 order = 0;
        bool renamed = false; // else label is the default, which follows the order
    };

    explicit ComparisonSet(QObject* parent = nullptr);

    // The window's names of its runs: from then on labels come from there,
    // and a rename here renames the run everywhere.
    void setRunLabels(RunLabels* labels);

    int count() const { return static_cast<int>(runs_.size()); }
    const Run& run(int index) const { return runs_.at(static_cast<std::size_t>(index)); }
    int baseline() const { return baseline_; }
    int indexOfPath(const QString& path) const;

    // A run of a path already in the set replaces it and keeps its label and
    // position (reopening a file, "Load events"). Files load concurrently and
    // arrive in any order; `order` (e.g. when the file was asked for) places a
    // new run before the runs with a larger order, so that runs keep the order
    // of the command line or the drop. -1 appends.
    void add(std::shared_ptr<const RunData> data, const QString& label = {}, qint64 order = -1);
    void remove(int index);
    void removePath(const QString& path);
    void move(int from, int to);
    void rename(int index, const QString& label);
    void setBaseline(int index);

    // In the set's order, for the core computations.
    std::vector<const scope::ProfilingResults*> results() const;
    QStringList labels() const;

signals:
    void changed();

private:
    // Without RunLabels, the runs the user has not renamed get scope-report's
    // labels for the files in this order (the file name without its
    // extension, " (2)" on a repeated name).
    void relabel();

    RunLabels* runLabels_ = nullptr;
    std::vector<Run> runs_;
    int baseline_ = 0;
    bool baselineChosen_ = false;
};
