// SPDX-License-Identifier: GPL-3.0-or-later
#include "MessageBanner.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QResizeEvent>
#include <QScrollArea>
#include <QToolButton>

#include <algorithm>

namespace {

// Beyond this many lines the list scrolls instead of pushing the runs down.
constexpr int kVisibleLines = 6;
// A done line among problems: dark green, about 7:1 on their backgrounds.
constexpr const char* kDoneColor = "#1b5e20";

} // namespace

MessageBanner::MessageBanner(QWidget* parent)
    : QWidget(parent), label_(new QLabel(this)), scroll_(new QScrollArea(this)),
      action_(new QPushButton(this)) {
    label_->setWordWrap(true);
    label_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    label_->setAlignment(Qt::AlignLeft | Qt::AlignTop);
    scroll_->setWidget(label_);
    scroll_->setWidgetResizable(true);
    scroll_->setFrameShape(QFrame::NoFrame);
    scroll_->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    scroll_->viewport()->setAutoFillBackground(false);
    label_->setAutoFillBackground(false);
    auto* close = new QToolButton(this);
    close->setText(QStringLiteral("✕"));
    close->setAutoRaise(true);
    close->setToolTip(tr("Dismiss"));
    close->setAccessibleName(tr("Dismiss messages"));
    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(10, 6, 6, 6);
    layout->addWidget(scroll_, 1);
    layout->addWidget(action_, 0, Qt::AlignTop);
    layout->addWidget(close, 0, Qt::AlignTop);
    setAutoFillBackground(true);
    connect(close, &QToolButton::clicked, this, &MessageBanner::dismiss);
    action_->hide();
    connect(action_, &QPushButton::clicked, this, [this] {
        const auto info = std::find_if(entries_.begin(), entries_.end(),
                                       [](const Entry& e) { return e.kind == Kind::Info; });
        if (info == entries_.end() || !info->action)
            return;
        // The action may show new lines; it runs once its own line is gone.
        const std::function<void()> action = std::move(info->action);
        entries_.erase(info);
        refresh();
        action();
    });
    hide();
}

void MessageBanner::showError(const QString& title, const QString& message, const QString& key) {
    Entry entry{Kind::Error, key, title, message, {}, {}};
    const auto same = std::find_if(entries_.begin(), entries_.end(), [&key](const Entry& e) {
        return e.kind == Kind::Error && !key.isEmpty() && e.key == key;
    });
    if (same != entries_.end())
        *same = std::move(entry);
    else
        entries_.push_back(std::move(entry));
    refresh();
}

void MessageBanner::showWarning(const QString& message, const QString& key) {
    const bool shown = std::any_of(entries_.begin(), entries_.end(), [&](const Entry& e) {
        return e.kind == Kind::Warning && e.key == key && e.message == message;
    });
    if (!shown)
        entries_.push_back({Kind::Warning, key, tr("Warning"), message, {}, {}});
    refresh();
}

void MessageBanner::showInfo(const QString& message) {
    std::erase_if(entries_, [](const Entry& e) { return e.kind == Kind::Info; });
    entries_.push_back({Kind::Info, {}, {}, message, {}, {}});
    refresh();
}

void MessageBanner::showInfo(const QString& message, const QString& actionText,
                             std::function<void()> action) {
    std::erase_if(entries_, [](const Entry& e) { return e.kind == Kind::Info; });
    entries_.push_back({Kind::Info, {}, {}, message, actionText, std::move(action)});
    refresh();
}

void MessageBanner::clearError(const QString& key) {
    if (std::erase_if(entries_,
                      [&key](const Entry& e) { return e.kind != Kind::Info && e.key == key; }) > 0)
        refresh();
}

void MessageBanner::dismiss() {
    entries_.clear();
    refresh();
}

int MessageBanner::count(Kind kind) const {
    return static_cast<int>(std::count_if(entries_.begin(), entries_.end(),
                                          [kind](const Entry& e) { return e.kind == kind; }));
}

int MessageBanner::errorCount() const {
    return count(Kind::Error);
}

int MessageBanner::warningCount() const {
    return count(Kind::Warning);
}

QString MessageBanner::heading() const {
    const int errors = errorCount();
    const int warnings = warningCount();
    // One line speaks for itself; a count above it only helps with several.
    if (errors + warnings < 2)
        return {};
    const QString problems = errors == 1 ? tr("1 problem") : tr("%1 problems").arg(errors);
    const QString cautions = warnings == 1 ? tr("1 warning") : tr("%1 warnings").arg(warnings);
    if (warnings == 0)
        return problems;
    if (errors == 0)
        return cautions;
    return tr("%1, %2").arg(problems, cautions);
}

QString MessageBanner::plainLine(const Entry& entry) {
    return entry.kind == Kind::Info ? entry.message
                                    : QStringLiteral("%1 — %2").arg(entry.title, entry.message);
}

QStringList MessageBanner::lines() const {
    QStringList out;
    for (Kind kind : {Kind::Error, Kind::Warning, Kind::Info})
        for (const Entry& e : entries_)
            if (e.kind == kind)
                out << plainLine(e);
    return out;
}

QString MessageBanner::text() const {
    return lines().join(QLatin1Char('\n'));
}

void MessageBanner::refresh() {
    const auto info = std::find_if(entries_.begin(), entries_.end(),
                                   [](const Entry& e) { return e.kind == Kind::Info; });
    const bool hasAction = info != entries_.end() && info->action;
    action_->setText(hasAction ? info->actionText : QString());
    action_->setVisible(hasAction);
    const int errors = errorCount();
    const int warnings = warningCount();
    // Info lines come after the errors and warnings: the button sits beside
    // its own line, the last, not beside an error above it.
    layout()->setAlignment(action_, errors + warnings > 0 ? Qt::AlignBottom : Qt::AlignTop);
    if (entries_.empty()) {
        hide();
        return;
    }
    QStringList html;
    if (const QString head = heading(); !head.isEmpty())
        html << QStringLiteral("<b>%1:</b>").arg(head.toHtmlEscaped());
    for (Kind kind : {Kind::Error, Kind::Warning, Kind::Info})
        for (const Entry& e : entries_) {
            if (e.kind != kind)
                continue;
            if (kind != Kind::Info)
                html << QStringLiteral("<b>%1</b> — %2")
                            .arg(e.title.toHtmlEscaped(), e.message.toHtmlEscaped());
            else if (errors + warnings > 0)
                // Below a problem, "Saved …" in the problem's colours read as
                // part of it: a line of its own colour and mark.
                html << QStringLiteral("<span style=\"color:%1\">\u2713 %2</span>")
                            .arg(QLatin1String(kDoneColor), e.message.toHtmlEscaped());
            else
                html << e.message.toHtmlEscaped();
        }
    label_->setText(html.join(QStringLiteral("<br>")));
    QPalette p = palette();
    p.setColor(QPalette::Window, errors > 0     ? QColor(0xfd, 0xec, 0xea)
                                 : warnings > 0 ? QColor(0xfd, 0xf6, 0xe3)
                                                : QColor(0xe8, 0xf1, 0xfb));
    p.setColor(QPalette::WindowText, QColor(0x20, 0x20, 0x20));
    setPalette(p);
    label_->setPalette(p);
    show();
    fitHeight();
}

void MessageBanner::resizeEvent(QResizeEvent* event) {
    QWidget::resizeEvent(event);
    fitHeight();
}

void MessageBanner::fitHeight() {
    const int width = std::max(scroll_->viewport()->width(), 200);
    const int wanted = label_->heightForWidth(width);
    const int cap = kVisibleLines * label_->fontMetrics().lineSpacing();
    scroll_->setFixedHeight(std::clamp(wanted, label_->fontMetrics().lineSpacing(), cap) + 2);
}
