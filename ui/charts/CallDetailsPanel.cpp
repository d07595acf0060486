// SPDX-License-Identifier: GPL-3.0-or-later
#include "CallDetailsPanel.h"

#include "analysis/LaneTable.h"
#include "analysis/MpiRegionName.h"
#include "common/DurationText.h"

#include <QFormLayout>
#include <QHBoxLayout>
#include <QKeyEvent>
#include <QLabel>
#include <QLocale>
#include <QTextDocumentFragment>
#include <QToolButton>
#include <QVBoxLayout>

namespace {

// Wide enough for "Task-12 (fetch_page) on worker-2" and a few callees.
constexpr int kPanelWidth = 280;

const QStringList& fieldNames() {
    static const QStringList names{
        QStringLiteral("Region"),  QStringLiteral("Rank"),     QStringLiteral("Lane"),
        QStringLiteral("Start"),   QStringLiteral("Duration"), QStringLiteral("Exclusive"),
        QStringLiteral("Await"),   QStringLiteral("Depth"),    QStringLiteral("Caller"),
        QStringLiteral("Callees"), QStringLiteral("Call")};
    return names;
}

QString regionName(const scope::ProfilingResults& results, std::int32_t region) {
    if (region < 0 || static_cast<std::size_t>(region) >= results.regions.size())
        return CallDetailsPanel::tr("(unknown region)");
    return QString::fromStdString(
        scope::MpiRegionName::displayName(results.regions[static_cast<std::size_t>(region)]));
}

QString callLink(const scope::ProfilingResults& results, std::uint32_t event) {
    const auto& events = results.events;
    std::int32_t region = -1;
    for (const scope::RankRegion& row : results.rows)
        if (event >= row.offset && event < row.offset + row.summary.count)
            region = static_cast<std::int32_t>(row.region);
    return QStringLiteral("<a href=\"%1\">%2</a> (%3)")
        .arg(event)
        .arg(regionName(results, region).toHtmlEscaped(),
             durationText(events.ends[event] - events.starts[event]));
}

// A time to the nanosecond in the unit of its magnitude, without trailing
// zeros ("100 ms", "4.229596 ms"): a start must tell apart calls that a
// rounded duration would not.
QString exactTime(std::int64_t ns) {
    if (ns == 0)
        return QStringLiteral("0 s");
    const std::int64_t magnitude = ns < 0 ? -ns : ns;
    std::int64_t scale = 1;
    const char* unit = "ns";
    if (magnitude >= 1'000'000'000) {
        scale = 1'000'000'000;
        unit = "s";
    } else if (magnitude >= 1'000'000) {
        scale = 1'000'000;
        unit = "ms";
    } else if (magnitude >= 1'000) {
        scale = 1'000;
        unit = "\u00b5s";
    }
    QString text = QString::number(magnitude / scale);
    QString fraction =
        QString::number(magnitude % scale)
            .rightJustified(static_cast<int>(QString::number(scale).size() - 1), QLatin1Char('0'));
    while (fraction.endsWith(QLatin1Char('0')))
        fraction.chop(1);
    if (!fraction.isEmpty())
        text += QLatin1Char('.') + fraction;
    return (ns < 0 ? QStringLiteral("-") : QString()) + text + QLatin1Char(' ') +
           QString::fromUtf8(unit);
}

QString share(std::int64_t part, std::int64_t whole) {
    if (whole <= 0)
        return QString();
    return QStringLiteral(" (%1 %)").arg(
        QLocale().toString(100.0 * static_cast<double>(part) / static_cast<double>(whole), 'f', 0));
}

} // namespace

CallDetailsPanel::CallDetailsPanel(QWidget* parent) : QFrame(parent) {
    setFrameShape(QFrame::StyledPanel);
    setFixedWidth(kPanelWidth);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(8, 6, 8, 6);
    auto* top = new QHBoxLayout;
    heading_ = new QLabel(tr("Selected call"), this);
    QFont bold = heading_->font();
    bold.setBold(true);
    heading_->setFont(bold);
    auto* close = new QToolButton(this);
    close->setText(QStringLiteral("\u00d7"));
    close->setAutoRaise(true);
    close->setToolTip(tr("Clear the selection (Esc in the timeline)"));
    close->setAccessibleName(tr("Clear the selected call"));
    close->setFocusPolicy(Qt::StrongFocus);
    connect(close, &QToolButton::clicked, this, &CallDetailsPanel::closeRequested);
    top->addWidget(heading_, 1);
    top->addWidget(close);
    layout->addLayout(top);
    form_ = new QFormLayout;
    form_->setContentsMargins(0, 0, 0, 0);
    form_->setVerticalSpacing(2);
    form_->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    for (const QString& name : fieldNames()) {
        auto* value = new QLabel(this);
        value->setWordWrap(true);
        value->setTextFormat(Qt::RichText);
        // Links are reachable with Tab and followed with Enter.
        value->setTextInteractionFlags(Qt::TextBrowserInteraction);
        connect(value, &QLabel::linkActivated, this, [this](const QString& link) {
            emit callActivated(static_cast<std::uint32_t>(link.toULongLong()));
        });
        form_->addRow(tr(qPrintable(name)), value);
        fields_.insert(name, value);
    }
    layout->addLayout(form_);
    layout->addStretch(1);
}

void CallDetailsPanel::keyPressEvent(QKeyEvent* event) {
    // Esc from a link of the panel clears the selection as it does in the plot.
    if (event->key() == Qt::Key_Escape) {
        emit closeRequested();
        return;
    }
    QFrame::keyPressEvent(event);
}

void CallDetailsPanel::setField(const QString& name, const QString& html) {
    QLabel* label = fields_.value(name);
    label->setText(html);
    form_->setRowVisible(label, !html.isEmpty());
}

QString CallDetailsPanel::field(const QString& name) const {
    const QLabel* label = fields_.value(name);
    if (label == nullptr || !form_->isRowVisible(const_cast<QLabel*>(label)))
        return QString();
    return QTextDocumentFragment::fromHtml(label->text()).toPlainText();
}

void CallDetailsPanel::showCall(const scope::CallDetails& d, const scope::ProfilingResults& results,
                                std::int64_t originNs, bool nesting) {
    setField(QStringLiteral("Region"), regionName(results, d.region).toHtmlEscaped());
    setField(QStringLiteral("Rank"), QString::number(d.rank));
    setField(QStringLiteral("Lane"),
             d.laneKey == -1
                 ? QString()
                 : QString::fromStdString(scope::LaneTable::label(results, d.rank, d.laneKey))
                       .toHtmlEscaped());
    setField(QStringLiteral("Start"),
             tr("%1 after the run's start").arg(exactTime(d.startNs - originNs)));
    setField(QStringLiteral("Duration"), durationText(d.durationNs));
    setField(QStringLiteral("Exclusive"),
             nesting ? durationText(d.exclusiveNs) + share(d.exclusiveNs, d.durationNs)
                     : QString());
    setField(QStringLiteral("Await"),
             d.awaitNs ? durationText(*d.awaitNs) + share(*d.awaitNs, d.durationNs) : QString());
    setField(QStringLiteral("Depth"),
             d.depth == 0 ? tr("0 (top level)") : QString::number(d.depth));
    setField(QStringLiteral("Caller"), !nesting   ? QString()
                                       : d.parent ? callLink(results, *d.parent)
                                                  : tr("none (top level)"));
    QString callees;
    if (nesting) {
        const QString count = QLocale().toString(static_cast<qulonglong>(d.childCount));
        if (d.childCount == 0)
            callees = tr("none");
        else if (d.childCount <= d.topChildren.size())
            callees = tr("%1:").arg(count);
        else
            callees = tr("%1, the longest:").arg(count);
        for (const std::uint32_t child : d.topChildren)
            callees += QStringLiteral("<br>") + callLink(results, child);
    }
    setField(QStringLiteral("Callees"), callees);
    setField(QStringLiteral("Call"),
             nesting ? tr("%1 of %2 in its lane and level, event %3")
                           .arg(QLocale().toString(static_cast<qulonglong>(d.position + 1)))
                           .arg(QLocale().toString(static_cast<qulonglong>(d.laneSize)))
                           .arg(d.event)
                     : tr("event %1").arg(d.event));
}
