// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/ProfilingResults.h"

#include <QAbstractTableModel>
#include <QStringList>

#include <memory>
#include <vector>

// One LIKWID region (a tag of one rank) as a table: its derived metrics or
// its raw events down, its hardware threads across. Also the numbers behind
// the bar chart: one metric across the regions of a group, or across the
// threads of one region.
class LikwidModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum class Values { Metrics, Events };
    // How a region's threads become one bar: rates (MFLOP/s, MBytes/s) add
    // up over threads, ratios (CPI) do not.
    enum class Combine { Sum, Mean };
    // The raw number behind a cell, for sorting and tests.
    static constexpr int ValueRole = Qt::UserRole + 1;

    explicit LikwidModel(QObject* parent = nullptr);

    void setRun(std::shared_ptr<const scope::ProfilingResults> results);
    // Index into ProfilingResults::likwid; -1 shows nothing.
    void setRegion(int region);
    void setValues(Values values);
    int region() const { return region_; }
    Values values() const { return values_; }

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;

    // The ranks with LIKWID data, the groups of a rank, and the regions
    // (indices into likwid) of a rank's group, in file order.
    std::vector<std::uint32_t> ranks() const;
    QStringList groups(std::uint32_t rank) const;
    std::vector<int> regions(std::uint32_t rank, const QString& group) const;
    // Metric names first, then event names, of a region: what a bar can show.
    QStringList quantities(int region) const;

    struct Bar {
        QString label;
        double value = 0.0;
    };
    // `quantity` of every region of the rank and group that has it, its
    // threads combined.
    std::vector<Bar> acrossRegions(std::uint32_t rank, const QString& group,
                                   const QString& quantity, Combine combine) const;
    // `quantity` of each hardware thread of one region.
    std::vector<Bar> acrossThreads(int region, const QString& quantity) const;

    // "1,100,000", "0.0012", "1.9": counts in full, other values to 6 digits.
    static QString formatValue(double value);

private:
    const scope::LikwidRegion* current() const;
    // The values of `quantity` in `region`, one per thread; empty if absent.
    static std::vector<double> threadValues(const scope::LikwidRegion& region,
                                            const QString& quantity);

    std::shared_ptr<const scope::ProfilingResults> results_;
    int region_ = -1;
    Values values_ = Values::Metrics;
};
