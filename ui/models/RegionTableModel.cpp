// SPDX-License-Identifier: GPL-3.0-or-later
#include "RegionTableModel.h"

#include "analysis/MpiRegionName.h"
#include "base/DurationFormat.h"
#include "common/ColorContrast.h"
#include "common/RegionPalette.h"
#include "common/RunPath.h"

#include <QColor>
#include <QLocale>
#include <QPalette>

#include <limits>

namespace {

QString seconds(double value) {
    return QString::fromStdString(scope::formatDuration(value));
}

QString fullPrecision(double value) {
    return QString::number(value, 'g', 17) + QStringLiteral(" s");
}

// "n/a" and "…" stay grey, but readable on either row colour: the palette's
// disabled text is far fainter than 4.5:1. Worked out once: every greyed cell
// asks for it on every paint.
QColor quietText() {
    static const QColor grey = [] {
        const QPalette palette;
        const QColor darker = palette.color(QPalette::AlternateBase).lightness() <
                                      palette.color(QPalette::Base).lightness()
                                  ? palette.color(QPalette::AlternateBase)
                                  : palette.color(QPalette::Base);
        return ColorContrast::readable(palette.color(QPalette::Disabled, QPalette::Text), darker);
    }();
    return grey;
}

} // namespace

bool RegionTableModel::isTime(const QString& id) {
    static const QStringList others{"region", "calls", "share", "imbalance", "gpu_calls"};
    return !others.contains(id);
}

RegionTableModel::RegionTableModel(QObject* parent)
    : QAbstractTableModel(parent), imbalance_(new ImbalanceLines(this)) {}

void RegionTableModel::setRows(std::shared_ptr<const RunData> run,
                               std::vector<scope::RegionTableRow> rows, bool percentilesPending,
                               bool exclusivePending) {
    beginResetModel();
    // New numbers of the same run (another rank selection) keep its columns:
    // finding await times reads every call.
    const bool sameResults = run_ && run && run_->results == run->results;
    run_ = std::move(run);
    rows_ = std::move(rows);
    hasGpu_ = run_ && run_->results && scope::RegionTable::hasGpuData(*run_->results);
    if (!sameResults)
        hasAwait_ = run_ && run_->results && scope::RegionTable::hasAwaitData(*run_->results);
    hasAwait_ = hasAwait_ && !hasGpu_;
    percentilesPending_ = percentilesPending;
    exclusivePending_ = exclusivePending;
    endResetModel();
}

bool RegionTableModel::setExclusive(std::shared_ptr<const RunData> run,
                                    const std::vector<scope::RegionTableRow>& rows) {
    if (rows.size() != rows_.size() || rows.empty())
        return false;
    for (std::size_t i = 0; i < rows.size(); ++i)
        if (rows[i].region != rows_[i].region)
            return false;
    run_ = std::move(run);
    for (std::size_t i = 0; i < rows.size(); ++i)
        rows_[i].stats.exclusive = rows[i].stats.exclusive;
    exclusivePending_ = false;
    emit dataChanged(index(0, Exclusive), index(static_cast<int>(rows_.size()) - 1, Exclusive));
    return true;
}

void RegionTableModel::setPercentiles(const std::vector<scope::RegionTableRow>& rows) {
    if (rows.size() != rows_.size())
        return;
    for (std::size_t i = 0; i < rows.size(); ++i)
        if (rows[i].region == rows_[i].region)
            rows_[i].percentiles = rows[i].percentiles;
    percentilesPending_ = false;
    if (!rows_.empty())
        emit dataChanged(index(0, P50), index(static_cast<int>(rows_.size()) - 1, P99));
}

void RegionTableModel::clear() {
    setRows(nullptr, {});
}

const scope::RegionTableRow* RegionTableModel::rowData(int row) const {
    if (row < 0 || static_cast<std::size_t>(row) >= rows_.size())
        return nullptr;
    return &rows_[static_cast<std::size_t>(row)];
}

int RegionTableModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : static_cast<int>(rows_.size());
}

int RegionTableModel::columnCount(const QModelIndex& parent) const {
    if (parent.isValid())
        return 0;
    if (hasGpu_)
        return ColumnCountWithGpu;
    return hasAwait_ ? ColumnCountWithAwait : ColumnCount;
}

std::optional<double> RegionTableModel::value(const scope::RegionTableRow& row, int column) const {
    const scope::RegionStats& s = row.stats;
    if (hasAwait_ && column == Await)
        return s.count == 0 ? std::nullopt : row.awaitSeconds;
    if (column == GpuCalls)
        return static_cast<double>(row.gpu.count);
    if (column == GpuTotal || column == GpuAverage) {
        if (row.gpu.count == 0)
            return std::nullopt;
        return column == GpuTotal ? row.gpu.total() : row.gpu.average();
    }
    if (s.count == 0 && column != Calls)
        return std::nullopt;
    switch (column) {
    case Calls:
        return static_cast<double>(s.count);
    case Total:
        return s.total;
    case Share:
        return row.shareOfRun;
    case Average:
        return s.average;
    case Min:
        return s.min;
    case Max:
        return s.max;
    case Std:
        return s.std;
    case P50:
        return row.percentiles ? std::optional(row.percentiles->p50) : std::nullopt;
    case P90:
        return row.percentiles ? std::optional(row.percentiles->p90) : std::nullopt;
    case P99:
        return row.percentiles ? std::optional(row.percentiles->p99) : std::nullopt;
    case Exclusive:
        return s.exclusive;
    case Imbalance:
        return row.loadImbalance;
    case Wall:
        return row.wall;
    default:
        return std::nullopt;
    }
}

QString RegionTableModel::unavailableReason(const scope::RegionTableRow& row, int column) const {
    if (column >= P50 && column <= P99 && row.stats.count > 0 && run_ && run_->results &&
        run_->results->eventsOnHost) {
        const QString host = RunPath::host(QString::fromStdString(run_->results->path));
        return run_->results->keptPercentiles.empty()
                   ? tr("Percentiles need the calls, which stay on %1.").arg(host)
                   : tr("Percentiles of a rank selection need the calls, which stay on %1.")
                         .arg(host);
    }
    if (column >= P50 && column <= P99) {
        const auto unread = run_ ? run_->callsUnread : RunData::CallsUnread::No;
        if (unread == RunData::CallsUnread::Cancelled)
            return tr("Percentiles need per-call data, whose read was cancelled.");
        if (unread == RunData::CallsUnread::Failed)
            return tr("Percentiles need per-call data, whose read failed.");
        return tr("Percentiles need per-call data; this run was opened summary-only.");
    }
    if (column == Std)
        return tr("The aggregate layout stores no spread, so the standard deviation is unknown.");
    if (column == Exclusive)
        return tr("Exclusive time is neither stored nor computable without per-call data.");
    if (column == Wall)
        return tr("The time a region covered needs its calls in memory.");
    if (column == GpuTotal || column == GpuAverage)
        return tr("No call on the selected ranks recorded a GPU duration.");
    return tr("No calls on the selected ranks.");
}

QString RegionTableModel::withImbalance(const QString& tip, std::size_t region) const {
    imbalance_->setRun(run_ ? run_->results : nullptr, ranks_);
    const QString line = imbalance_->line(region);
    return line.isEmpty() ? tip : tip + QLatin1Char('\n') + line;
}

QVariant RegionTableModel::data(const QModelIndex& index, int role) const {
    const scope::RegionTableRow* row = rowData(index.row());
    if (row == nullptr || !run_ || index.column() < 0 || index.column() >= columnCount())
        return {};
    const int column = index.column();
    const QString name = QString::fromStdString(run_->results->regions[row->region]);
    if (role == RegionIndexRole)
        return static_cast<int>(row->region);
    if (column == Region) {
        switch (role) {
        case Qt::DisplayRole: {
            // An MPI call region reads as "send → 3 (1 MiB)"; the tooltip,
            // sorting and filtering keep the full name.
            const QString shown = QString::fromStdString(
                scope::MpiRegionName::displayName(run_->results->regions[row->region]));
            return row->recursive ? shown + QStringLiteral(" ↻") : shown;
        }
        case SortRole:
            return name;
        case Qt::ToolTipRole: {
            QString tip = tr("%1\n%2 calls on %3 ranks")
                              .arg(name)
                              .arg(row->stats.count)
                              .arg(row->ranksWithCalls);
            if (row->recursive && row->wall)
                tip += tr("\n↻ Recursive: its calls run inside each other. Total (%1) counts "
                          "the nested calls again, as scope-profiler does; it covered %2, "
                          "which Share and Wall use.")
                           .arg(seconds(row->stats.total), seconds(*row->wall));
            return withImbalance(tip, row->region);
        }
        case Qt::DecorationRole:
            return RegionPalette::color(name);
        default:
            return {};
        }
    }
    const std::optional<double> v = value(*row, column);
    const bool exclusivePending = exclusivePending_ && column == Exclusive && !v;
    const bool pending =
        (percentilesPending_ && column >= P50 && column <= P99) || exclusivePending;
    switch (role) {
    case Qt::DisplayRole:
        if (pending)
            return QStringLiteral("…");
        if (!v)
            return QStringLiteral("n/a");
        if (column == Calls)
            return QLocale().toString(static_cast<qulonglong>(row->stats.count));
        if (hasGpu_ && column == GpuCalls)
            return QLocale().toString(static_cast<qulonglong>(row->gpu.count));
        if (column == Share)
            return QString::number(*v * 100.0, 'f', 1) + QStringLiteral(" %");
        if (column == Imbalance)
            return QString::number(*v, 'f', 2) + QStringLiteral("×");
        return seconds(*v);
    case SortRole:
        return v ? *v : -std::numeric_limits<double>::infinity();
    case ShareRole:
        return column == Share && v ? *v : QVariant();
    case AvailableRole:
        return v.has_value();
    case Qt::ToolTipRole:
        if (exclusivePending)
            return tr("Computing exclusive times…");
        if (pending)
            return tr("Computing percentiles…");
        if (!v)
            return unavailableReason(*row, column);
        if (isTime(shownColumnIds().value(column)))
            return fullPrecision(*v);
        if (column == Imbalance)
            return withImbalance(tr("Slowest rank's total ÷ mean total of the %1 selected "
                                    "ranks (those without calls count 0): %2")
                                     .arg(row->selectedRanks)
                                     .arg(*v, 0, 'g', 6),
                                 row->region);
        if (column == Share)
            return row->wall ? tr("%1 % of the summed run time of the selected ranks (the time "
                                  "the region covered)")
                                   .arg(*v * 100.0, 0, 'g', 6)
                             : tr("%1 % of the summed run time of the selected ranks")
                                   .arg(*v * 100.0, 0, 'g', 6);
        if (hasGpu_ && column == GpuCalls)
            return QString::number(row->gpu.count);
        return QString::number(row->stats.count);
    case Qt::TextAlignmentRole:
        return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
    case Qt::ForegroundRole:
        return v ? QVariant() : QVariant(quietText());
    default:
        return {};
    }
}

QStringList RegionTableModel::columnIds(bool gpu, bool await) {
    QStringList ids{"region", "calls", "total", "share", "average",   "min",       "max",
                    "std",    "p50",   "p90",   "p99",   "exclusive", "imbalance", "wall"};
    if (gpu)
        ids << "gpu_calls"
            << "gpu_total"
            << "gpu_average";
    else if (await)
        ids << "await";
    return ids;
}

QVariant RegionTableModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || section < 0 || section >= ColumnCountWithGpu)
        return {};
    if (hasAwait_ && section == Await) {
        switch (role) {
        case ColumnIdRole:
            return QStringLiteral("await");
        case Qt::DisplayRole:
            return tr("Await");
        case Qt::AccessibleTextRole:
            return tr("Await time");
        case Qt::ToolTipRole:
            return tr("Await time: Time its calls' tasks spent suspended (awaiting) inside them");
        default:
            return {};
        }
    }
    if (role == ColumnIdRole)
        return columnIds(true).value(section);
    // Compact, so that every column fits a 1280-pixel window beside the chart;
    // the full name is in the tooltip, the column menu and for screen readers.
    static const char* const names[] = {
        "Region", "Calls", "Total", "Share",  "Avg",  "Min",       "Max",       "Std",    "p50",
        "p90",    "p99",   "Excl.", "Imbal.", "Wall", "GPU calls", "GPU total", "GPU avg"};
    static const char* const fullNames[] = {"Region",
                                            "Calls",
                                            "Total time",
                                            "Share of run",
                                            "Average",
                                            "Minimum",
                                            "Maximum",
                                            "Standard deviation",
                                            "Median (p50)",
                                            "90th percentile (p90)",
                                            "99th percentile (p99)",
                                            "Exclusive time",
                                            "Load imbalance",
                                            "Wall time",
                                            "GPU calls",
                                            "GPU total time",
                                            "GPU average"};
    static const char* const tips[] = {
        "Region name",
        "Number of calls on the selected ranks",
        "Summed duration of all calls",
        "Total as a share of the summed run time of the selected ranks",
        "Mean call duration",
        "Shortest call",
        "Longest call",
        "Population standard deviation of call durations",
        "Median call duration (needs per-call data)",
        "90th percentile of call durations (needs per-call data)",
        "99th percentile of call durations (needs per-call data)",
        "Total minus the time spent in nested regions",
        "Slowest rank's total ÷ mean total of the selected ranks, 0 for ranks without calls "
        "(1 = balanced)",
        "Time the region covered: its outermost calls, without nested calls of itself",
        "Calls that recorded a GPU duration",
        "Summed GPU duration of those calls",
        "Mean GPU duration of the calls that recorded one"};
    switch (role) {
    case Qt::DisplayRole:
        return tr(names[section]);
    case Qt::AccessibleTextRole:
        return tr(fullNames[section]);
    case Qt::ToolTipRole:
        return section == Region ? tr(tips[section])
                                 : tr("%1: %2").arg(tr(fullNames[section]), tr(tips[section]));
    default:
        return {};
    }
}
