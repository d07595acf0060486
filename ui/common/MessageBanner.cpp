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
        const auto info =
            std::find_if(entries_.begin(), entries_.end(), [](const Entry& e) { return !e.error; });
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
    Entry entry{true, key, title, message, {}, {}};
    const auto same = std::find_if(entries_.begin(), entries_.end(), [&key](const Entry& e) {
        return e.error && !key.isEmpty() && e.key == key;
    });
    if (same != entries_.end())
        *same = std::move(entry);
    else
        entries_.push_back(std::move(entry));
    refresh();
}

void MessageBanner::showInfo(const QString& message) {
    std::erase_if(entries_, [](const Entry& e) { return !e.error; });
    entries_.push_back({false, {}, {}, message, {}, {}});
    refresh();
}

void MessageBanner::showInfo(const QString& message, const QString& actionText,
                             std::function<void()> action) {
    std::erase_if(entries_, [](const Entry& e) { return !e.error; });
    entries_.push_back({false, {}, {}, message, actionText, std::move(action)});
    refresh();
}

void MessageBanner::clearError(const QString& key) {
    if (std::erase_if(entries_, [&key](const Entry& e) { return e.error && e.key == key; }) > 0)
        refresh();
}

void MessageBanner::dismiss() {
    entries_.clear();
    refresh();
}

int MessageBanner::errorCount() const {
    return static_cast<int>(
        std::count_if(entries_.begin(), entries_.end(), [](const Entry& e) { return e.error; }));
}

QStringList MessageBanner::lines() const {
    QStringList out;
    for (bool error : {true, false})
        for (const Entry& e : entries_)
            if (e.error == error)
                out << (e.error ? QStringLiteral("%1 — %2").arg(e.title, e.message) : e.message);
    return out;
}

QString MessageBanner::text() const {
    return lines().join(QLatin1Char('\n'));
}

void MessageBanner::refresh() {
    const auto info =
        std::find_if(entries_.begin(), entries_.end(), [](const Entry& e) { return !e.error; });
    const bool hasAction = info != entries_.end() && info->action;
    action_->setText(hasAction ? info->actionText : QString());
    action_->setVisible(hasAction);
    // Info lines come after the errors: the button sits beside its own line,
    // the last, not beside an error above it.
    layout()->setAlignment(action_, errorCount() > 0 ? Qt::AlignBottom : Qt::AlignTop);
    if (entries_.empty()) {
        hide();
        return;
    }
    QStringList html;
    const int errors = errorCount();
    if (errors > 1)
        html << tr("<b>%1 problems:</b>").arg(errors);
    for (bool error : {true, false})
        for (const Entry& e : entries_)
            if (e.error == error)
                html << (e.error ? QStringLiteral("<b>%1</b> — %2")
                                       .arg(e.title.toHtmlEscaped(), e.message.toHtmlEscaped())
                                 : e.message.toHtmlEscaped());
    label_->setText(html.join(QStringLiteral("<br>")));
    QPalette p = palette();
    p.setColor(QPalette::Window, errors > 0 ? QColor(0xfd, 0xec, 0xea) : QColor(0xe8, 0xf1, 0xfb));
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
