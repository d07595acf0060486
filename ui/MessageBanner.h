#pragma once

#include <QWidget>

class QLabel;

// An inline, non-modal message above the runs ("Corrupt file: x.h5: ...").
// Errors never block the window with a dialog, so a failed load in a batch of
// files does not stop the user from working with the others.
class MessageBanner : public QWidget {
    Q_OBJECT
public:
    explicit MessageBanner(QWidget* parent = nullptr);

    void showError(const QString& title, const QString& message);
    void showInfo(const QString& message);
    QString text() const;

private:
    void show(const QString& html, const QColor& background);
    QLabel* label_;
};
