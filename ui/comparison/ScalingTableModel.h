// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "compare/ScalingModel.h"

#include <QAbstractTableModel>
#include <QStringList>

#include <optional>

// One row per region of a scaling study: its serial fraction, the fitted time
// on one unit, the power-law exponent and growth per doubling, the R² of both
// fits, the parallel efficiency at each run and the axis value at which it
// would dominate. Qt::DisplayRole is the text, SortRole the number behind it
// (missing values sort first, "never" last).
class ScalingTableModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column {
        Region,
        SerialFraction,
        T1,
        Exponent,
        Growth,
        R2Amdahl,
        R2PowerLaw,
        // Before the runs' columns, so that it stays in view however many runs there are.
        DominatesAt,
        FirstEfficiency // then one per run
    };
    static constexpr int SortRole = Qt::UserRole;

    explicit ScalingTableModel(QObject* parent = nullptr);

    // labels: the runs' names in the study's run order (ScalingStudy::runs).
    void setStudy(std::optional<scope::ScalingStudy> study, QStringList labels = {});
    const std::optional<scope::ScalingStudy>& study() const { return study_; }
    int dominatesAtColumn() const { return DominatesAt; }
    // "4 ranks", "2 threads", "nodes = 3": a run's place on the axis.
    static QString axisText(const QString& axis, double value);

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;

private:
    QVariant display(const scope::RegionScaling& region, int column) const;
    QVariant sortValue(const scope::RegionScaling& region, int column) const;
    QString toolTip(const scope::RegionScaling& region, int column) const;
    int runCount() const;

    std::optional<scope::ScalingStudy> study_;
    QStringList labels_;
};
