#include "MessageBanner.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QToolButton>

MessageBanner::MessageBanner(QWidget* parent) : QWidget(parent), label_(new QLabel(this)) {
    label_->setWordWrap(true);
    label_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    auto* close = new QToolButton(this);
    close->setText(QStringLiteral("✕"));
    close->setAutoRaise(true);
    close->setToolTip(tr("Dismiss"));
    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(10, 6, 6, 6);
    layout->addWidget(label_, 1);
    layout->addWidget(close, 0, Qt::AlignTop);
    setAutoFillBackground(true);
    connect(close, &QToolButton::clicked, this, &QWidget::hide);
    hide();
}

void MessageBanner::showError(const QString& title, const QString& message) {
    show(QStringLiteral("<b>%1</b> — %2").arg(title.toHtmlEscaped(), message.toHtmlEscaped()),
         QColor(0xfd, 0xec, 0xea));
}

void MessageBanner::showInfo(const QString& message) {
    show(message.toHtmlEscaped(), QColor(0xe8, 0xf1, 0xfb));
}

QString MessageBanner::text() const {
    return label_->text();
}

void MessageBanner::show(const QString& html, const QColor& background) {
    label_->setText(html);
    QPalette p = palette();
    p.setColor(QPalette::Window, background);
    p.setColor(QPalette::WindowText, QColor(0x20, 0x20, 0x20));
    setPalette(p);
    QWidget::show();
}
