// SPDX-License-Identifier: GPL-3.0-or-later
#include "SourcePanel.h"

#include "common/ColorContrast.h"
#include "format/ReadRequest.h"

#include <QFontDatabase>
#include <QHBoxLayout>
#include <QLabel>
#include <QPlainTextEdit>
#include <QScrollBar>
#include <QVBoxLayout>

#include <algorithm>
#include <vector>

namespace {

// The ranks that recorded the same location, in rank order.
struct LocationGroup {
    scope::SourceLocation source;
    std::vector<std::uint32_t> ranks;
};

std::vector<LocationGroup> groupByLocation(const scope::ProfilingResults& results,
                                           std::size_t region) {
    std::vector<LocationGroup> groups;
    for (const scope::RankRegion& row : results.rowsOf(region)) {
        const scope::SourceLocation& source = results.details(row).source;
        auto it = std::find_if(groups.begin(), groups.end(),
                               [&](const LocationGroup& g) { return g.source == source; });
        if (it == groups.end())
            groups.push_back({source, {row.rank}});
        else
            it->ranks.push_back(row.rank);
    }
    return groups;
}

bool recorded(const scope::SourceLocation& source) {
    return !source.file.empty() || source.line >= 0 || !source.text.empty();
}

// "rank 3", "ranks 0–2, 5"
QString rankList(const std::vector<std::uint32_t>& ranks) {
    QStringList parts;
    for (std::size_t i = 0; i < ranks.size();) {
        std::size_t j = i;
        while (j + 1 < ranks.size() && ranks[j + 1] == ranks[j] + 1)
            ++j;
        parts << (j == i ? QString::number(ranks[i])
                         : QStringLiteral("%1\u2013%2").arg(ranks[i]).arg(ranks[j]));
        i = j + 1;
    }
    return ranks.size() == 1 ? SourcePanel::tr("rank %1").arg(parts.join(QString()))
                             : SourcePanel::tr("ranks %1").arg(parts.join(QStringLiteral(", ")));
}

QString locationText(const scope::SourceLocation& source) {
    const QString file = QString::fromStdString(source.file);
    if (file.isEmpty() && source.line < 0)
        return SourcePanel::tr("location not recorded");
    if (file.isEmpty())
        return SourcePanel::tr("line %1").arg(source.line);
    return source.line < 0 ? file : QStringLiteral("%1:%2").arg(file).arg(source.line);
}

} // namespace

SourcePanel::SourcePanel(QWidget* parent)
    : QWidget(parent), title_(new QLabel(this)), locations_(new QLabel(this)),
      message_(new QLabel(this)), sourceBox_(new QWidget(this)),
      lineNumbers_(new QPlainTextEdit(sourceBox_)), code_(new QPlainTextEdit(sourceBox_)) {
    QFont bold = title_->font();
    bold.setBold(true);
    title_->setFont(bold);
    title_->setTextFormat(Qt::PlainText);
    // File names are the user's text, never markup; selectable to paste into an editor.
    locations_->setTextFormat(Qt::PlainText);
    locations_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    locations_->setWordWrap(true);
    message_->setTextFormat(Qt::PlainText);
    message_->setAlignment(Qt::AlignCenter);
    message_->setWordWrap(true);
    ColorContrast::setQuietText(message_, palette().color(QPalette::Disabled, QPalette::WindowText),
                                palette().color(QPalette::Window));

    const QFont mono = QFontDatabase::systemFont(QFontDatabase::FixedFont);
    for (QPlainTextEdit* view : {lineNumbers_, code_}) {
        view->setReadOnly(true);
        view->setFont(mono);
        view->setLineWrapMode(QPlainTextEdit::NoWrap);
    }
    code_->setTabStopDistance(4 * QFontMetricsF(mono).horizontalAdvance(QLatin1Char(' ')));
    lineNumbers_->setFocusPolicy(Qt::NoFocus);
    lineNumbers_->setTextInteractionFlags(Qt::NoTextInteraction);
    lineNumbers_->setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    lineNumbers_->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    ColorContrast::setQuietText(lineNumbers_, palette().color(QPalette::Disabled, QPalette::Text),
                                palette().color(QPalette::Base));
    // Both scroll by lines, so equal values keep the numbers beside their lines.
    connect(code_->verticalScrollBar(), &QScrollBar::valueChanged,
            lineNumbers_->verticalScrollBar(), &QScrollBar::setValue);
    connect(lineNumbers_->verticalScrollBar(), &QScrollBar::valueChanged,
            code_->verticalScrollBar(), &QScrollBar::setValue);

    auto* sourceLayout = new QHBoxLayout(sourceBox_);
    sourceLayout->setContentsMargins(0, 0, 0, 0);
    sourceLayout->setSpacing(0);
    sourceLayout->addWidget(lineNumbers_);
    sourceLayout->addWidget(code_, 1);

    auto* layout = new QVBoxLayout(this);
    layout->addWidget(title_);
    layout->addWidget(locations_);
    layout->addWidget(message_, 1);
    layout->addWidget(sourceBox_, 1);
    refresh();
}

void SourcePanel::setRun(std::shared_ptr<const scope::ProfilingResults> results) {
    results_ = std::move(results);
    refresh();
}

void SourcePanel::setRegion(int region) {
    region_ = region;
    refresh();
}

void SourcePanel::showMessage(const QString& text) {
    message_->setText(text);
    message_->show();
    sourceBox_->hide();
    code_->clear();
    lineNumbers_->clear();
}

void SourcePanel::showSource(const QString& text, qint64 firstLine) {
    message_->hide();
    code_->setPlainText(text);
    const qint64 lines = code_->blockCount();
    const int digits = static_cast<int>(QString::number(firstLine + lines - 1).size());
    QStringList numbers;
    for (qint64 i = 0; i < lines; ++i)
        numbers << QString::number(firstLine + i).rightJustified(digits, QLatin1Char(' '));
    lineNumbers_->setPlainText(numbers.join(QLatin1Char('\n')));
    const QFontMetrics metrics(lineNumbers_->font());
    lineNumbers_->setFixedWidth(metrics.horizontalAdvance(QString(digits + 2, QLatin1Char('9'))) +
                                2 * lineNumbers_->frameWidth());
    sourceBox_->show();
}

void SourcePanel::refresh() {
    const bool valid =
        results_ && region_ >= 0 && static_cast<std::size_t>(region_) < results_->regions.size();
    title_->setVisible(valid);
    locations_->hide();
    if (!valid) {
        showMessage(tr("Select a region"));
        return;
    }
    const auto region = static_cast<std::size_t>(region_);
    title_->setText(tr("Source of %1").arg(QString::fromStdString(results_->regions[region])));
    if (results_->rowDetailsSkipped) {
        showMessage(tr("Not read: this file has more than %L1 rows")
                        .arg(static_cast<qulonglong>(scope::kViewerRowDetailsLimit)));
        return;
    }
    const std::vector<LocationGroup> groups = groupByLocation(*results_, region);
    if (std::none_of(groups.begin(), groups.end(),
                     [](const LocationGroup& g) { return recorded(g.source); })) {
        showMessage(tr("Source not recorded"));
        return;
    }
    QStringList lines;
    const LocationGroup* shown = nullptr;
    int texts = 0;
    for (const LocationGroup& group : groups) {
        lines << QStringLiteral("%1: %2").arg(rankList(group.ranks), locationText(group.source));
        if (!group.source.text.empty()) {
            ++texts;
            if (shown == nullptr)
                shown = &group;
        }
    }
    if (texts > 1)
        lines << tr("The source below is that of %1.").arg(rankList(shown->ranks));
    locations_->setText(lines.join(QLatin1Char('\n')));
    locations_->show();
    if (shown == nullptr) {
        showMessage(tr("Source text not recorded"));
        return;
    }
    showSource(QString::fromStdString(shown->source.text),
               shown->source.line > 0 ? shown->source.line : 1);
}
