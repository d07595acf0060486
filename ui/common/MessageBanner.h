// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>
#include <QStringList>
#include <QWidget>

#include <functional>
#include <vector>

class QLabel;
class QPushButton;
class QScrollArea;

// An inline, non-modal message list above the runs. Errors never block the
// window with a dialog, so a failed load in a batch of files does not stop
// the user from working with the others; and every failure of a batch stays
// listed, a line each, until the user dismisses them (or the file loads).
// Warnings (what a reader noticed but could read anyway) stay listed like the
// errors and are counted apart from them. An info line ("Saved x.png")
// replaces the previous info line and leaves errors and warnings in place.
class MessageBanner : public QWidget {
    Q_OBJECT
public:
    explicit MessageBanner(QWidget* parent = nullptr);

    // `key` (say, the file's path) replaces an earlier error of the same key;
    // without one the error is added.
    void showError(const QString& title, const QString& message, const QString& key = {});
    // A warning is listed once however often it is shown for the same key.
    void showWarning(const QString& message, const QString& key = {});
    void showInfo(const QString& message);
    // An info line with a button that undoes or changes what was just done
    // ("Open separately"); it goes with the line (replaced, dismissed, clicked).
    void showInfo(const QString& message, const QString& actionText, std::function<void()> action);
    // Removes the error and warnings of `key`, e.g. once its file loaded after all.
    void clearError(const QString& key);
    void dismiss();

    // Every line shown, as plain text: errors, warnings, then the info line.
    QStringList lines() const;
    int errorCount() const;
    int warningCount() const;
    // "3 problems, 1 warning"; empty when there is at most one such line.
    QString heading() const;
    // The info line's button; hidden while the info line has no action.
    QPushButton* actionButton() const { return action_; }
    QString text() const;

protected:
    void resizeEvent(QResizeEvent* event) override;

private:
    enum class Kind { Error, Warning, Info };
    struct Entry {
        Kind kind = Kind::Info;
        QString key;
        QString title;
        QString message;
        QString actionText;
        std::function<void()> action;
    };

    int count(Kind kind) const;
    static QString plainLine(const Entry& entry);
    void refresh();
    // As tall as the wrapped lines, up to a few lines; then it scrolls.
    void fitHeight();

    std::vector<Entry> entries_;
    QLabel* label_;
    QScrollArea* scroll_;
    QPushButton* action_;
};
