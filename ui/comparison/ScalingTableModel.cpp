// SPDX-License-Identifier: GPL-3.0-or-later
#include "ScalingTableModel.h"

#include "base/DurationFormat.h"

#include <QLocale>

#include <cmath>
#include <limits>

namespace {

QString percent(double fraction) {
    return QStringLiteral("%1 %").arg(fraction * 100.0, 0, 'f', 1);
}

// Fixed decimals with a real minus sign, as the comparison table writes
// them; never "−0.00".
QString signedNumber(double value, int decimals, bool plus = false) {
    QString text = QString::number(std::abs(value), 'f', decimals);
    const bool zero = text.count(QLatin1Char('0')) + 1 == text.size();
    if (value < 0 && !zero)
        return QStringLiteral("\u2212") + text;
    return (plus ? QStringLiteral("+") : QString()) + text;
}

QString axisNumber(double value) {
    return QLocale().toString(value, 'g', 6);
}

QVariant optionalNumber(const std::optional<double>& value) {
    return value && std::isfinite(*value) ? QVariant(*value) : QVariant();
}

} // namespace

ScalingTableModel::ScalingTableModel(QObject* parent) : QAbstractTableModel(parent) {}

void ScalingTableModel::setStudy(std::optional<scope::ScalingStudy> study, QStringList labels) {
    beginResetModel();
    study_ = std::move(study);
    labels_ = std::move(labels);
    endResetModel();
}

QString ScalingTableModel::axisText(const QString& axis, double value) {
    if (axis == QLatin1String("ranks"))
        return value == 1.0 ? tr("1 rank") : tr("%1 ranks").arg(axisNumber(value));
    if (axis == QLatin1String("threads"))
        return value == 1.0 ? tr("1 thread") : tr("%1 threads").arg(axisNumber(value));
    if (axis == QLatin1String("total_cores"))
        return value == 1.0 ? tr("1 core") : tr("%1 cores").arg(axisNumber(value));
    return QStringLiteral("%1 = %2").arg(axis, axisNumber(value));
}

int ScalingTableModel::runCount() const {
    return study_ ? static_cast<int>(study_->runs.size()) : 0;
}

int ScalingTableModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() || !study_ ? 0 : static_cast<int>(study_->regions.size());
}

int ScalingTableModel::columnCount(const QModelIndex& parent) const {
    return parent.isValid() || !study_ ? 0 : FirstEfficiency + runCount();
}

QVariant ScalingTableModel::data(const QModelIndex& index, int role) const {
    if (!index.isValid() || !study_ || index.row() >= rowCount() || index.column() >= columnCount())
        return {};
    const scope::RegionScaling& region = study_->regions[static_cast<std::size_t>(index.row())];
    switch (role) {
    case Qt::DisplayRole:
        return display(region, index.column());
    case SortRole:
        return sortValue(region, index.column());
    case Qt::ToolTipRole:
        return toolTip(region, index.column());
    case Qt::TextAlignmentRole:
        return index.column() == Region ? QVariant(Qt::AlignLeft | Qt::AlignVCenter)
                                        : QVariant(Qt::AlignRight | Qt::AlignVCenter);
    default:
        return {};
    }
}

QVariant ScalingTableModel::display(const scope::RegionScaling& region, int column) const {
    const QString none = QStringLiteral("–");
    const auto& amdahl = region.amdahl;
    const auto& power = region.powerLaw;
    switch (column) {
    case Region:
        return QString::fromStdString(region.region);
    case SerialFraction:
        return amdahl ? QString::number(amdahl->serialFraction, 'f', 3) : none;
    case T1:
        return amdahl ? QString::fromStdString(scope::formatDuration(amdahl->t1)) : none;
    case Exponent:
        return power ? signedNumber(power->exponent, 2) : none;
    case Growth:
        return power ? signedNumber(power->growthPerDoubling() * 100.0, 1, true) +
                           QStringLiteral(" %")
                     : none;
    case R2Amdahl:
        return amdahl && amdahl->r2 ? QString::number(*amdahl->r2, 'f', 3) : none;
    case R2PowerLaw:
        return power && power->r2 ? QString::number(*power->r2, 'f', 3) : none;
    default:
        break;
    }
    if (column == dominatesAtColumn())
        return region.dominatesAt
                   ? axisText(QString::fromStdString(study_->axis), *region.dominatesAt)
                   : tr("never");
    const double e = region.efficiency[static_cast<std::size_t>(column - FirstEfficiency)];
    return std::isfinite(e) ? percent(e) : none;
}

QVariant ScalingTableModel::sortValue(const scope::RegionScaling& region, int column) const {
    const auto& amdahl = region.amdahl;
    const auto& power = region.powerLaw;
    switch (column) {
    case Region:
        return QString::fromStdString(region.region);
    case SerialFraction:
        return amdahl ? QVariant(amdahl->serialFraction) : QVariant();
    case T1:
        return amdahl ? QVariant(amdahl->t1) : QVariant();
    case Exponent:
        return power ? QVariant(power->exponent) : QVariant();
    case Growth:
        return power ? QVariant(power->growthPerDoubling()) : QVariant();
    case R2Amdahl:
        return amdahl ? optionalNumber(amdahl->r2) : QVariant();
    case R2PowerLaw:
        return power ? optionalNumber(power->r2) : QVariant();
    default:
        break;
    }
    if (column == dominatesAtColumn())
        return region.dominatesAt.value_or(std::numeric_limits<double>::infinity());
    return optionalNumber(region.efficiency[static_cast<std::size_t>(column - FirstEfficiency)]);
}

QString ScalingTableModel::toolTip(const scope::RegionScaling& region, int column) const {
    if (column < FirstEfficiency)
        return headerData(column, Qt::Horizontal, Qt::ToolTipRole).toString();
    const auto run = static_cast<std::size_t>(column - FirstEfficiency);
    const QString axis = QString::fromStdString(study_->axis);
    return tr("%1: %2 on %3 (%4)")
        .arg(QString::fromStdString(region.region),
             QString::fromStdString(scope::formatDuration(region.times[run])),
             axisText(axis, study_->runs[run].value), labels_.value(static_cast<int>(run)));
}

QVariant ScalingTableModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || !study_ || section < 0 || section >= columnCount())
        return {};
    const QString axis = QString::fromStdString(study_->axis);
    const bool strong = study_->mode == scope::ScalingMode::Strong;
    if (role == Qt::DisplayRole) {
        switch (section) {
        case Region:
            return tr("Region");
        case SerialFraction:
            return tr("Serial\nfraction");
        case T1:
            return tr("t₁\n(fit)");
        case Exponent:
            return tr("Exponent");
        case Growth:
            return tr("Growth\nper 2×");
        case R2Amdahl:
            return tr("R²\nAmdahl");
        case R2PowerLaw:
            return tr("R²\npower");
        default:
            break;
        }
        if (section == dominatesAtColumn())
            return tr("Dominates\nat");
        return tr("Eff.\n%1")
            .arg(axisText(axis,
                          study_->runs[static_cast<std::size_t>(section - FirstEfficiency)].value));
    }
    if (role != Qt::ToolTipRole)
        return {};
    switch (section) {
    case Region:
        return tr("The regions with calls in every run");
    case SerialFraction:
        return strong ? tr("Amdahl's serial fraction s of t(p) = t₁ (s + (1 − s) / p), "
                           "least squares in 1/p, s within 0…1")
                      : tr("Amdahl's law is for a fixed amount of work: not fitted in "
                           "weak scaling");
    case T1:
        return tr("The time on one unit that Amdahl's law fits");
    case Exponent:
        return tr("α of t ∝ p^α, fitted on log t against log p: −1 is ideal strong "
                  "scaling, 0 ideal weak scaling");
    case Growth:
        return tr("The change of time when p doubles, 2^α − 1 from the power law");
    case R2Amdahl:
    case R2PowerLaw:
        return tr("How much of the variation of the times the fit explains (1 = all; the "
                  "power law's on the log scale); – when every run takes the same time");
    default:
        break;
    }
    if (section == dominatesAtColumn())
        return tr("The smallest %1 (a measured one or a power of two up to 2²⁰) at which "
                  "the region's predicted exclusive time is more than half of all regions' "
                  "together; never when it is not")
            .arg(axis);
    const auto run = static_cast<std::size_t>(section - FirstEfficiency);
    return (strong ? tr("Parallel efficiency t(p₀)·p₀ / (t(p)·p) of %1")
                   : tr("Weak-scaling efficiency t(p₀) / t(p) of %1"))
        .arg(labels_.value(static_cast<int>(run)));
}
