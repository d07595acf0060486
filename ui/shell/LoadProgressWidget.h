// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QWidget>

class QLabel;
class QProgressBar;
class QPushButton;

// The status-bar strip shown while files load: what is being read, how far,
// and a Cancel button that stops every running load.
class LoadProgressWidget : public QWidget {
    Q_OBJECT
public:
    explicit LoadProgressWidget(QWidget* parent = nullptr);

    void setProgress(const QString& file, double fraction, const QString& message, int running);
    QPushButton* cancelButton() const { return cancel_; }

signals:
    void cancelRequested();

private:
    QLabel* label_;
    QProgressBar* bar_;
    QPushButton* cancel_;
};
