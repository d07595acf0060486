// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QWidget>

class QLabel;
class QPushButton;

// Stands in for the views that need per-call data (timeline, percentiles) when
// a run was opened summary-only: one line saying why, and "Load events".
class EventsUnavailablePanel : public QWidget {
    Q_OBJECT
public:
    explicit EventsUnavailablePanel(QWidget* parent = nullptr);

    // What the view it stands in for needs, as a sentence ("The call tree
    // needs per-call data."); the timeline's by default.
    void setNeed(const QString& sentence);

    // canLoad: the file has events (columnar); false for the aggregate layout.
    void setReason(bool canLoad);
    void setLoading(bool loading);
    // Table first: the events are read and the timeline is being built, so
    // there is nothing to offer; false goes back to the reason set last.
    void setBuilding(bool building);
    QPushButton* loadButton() const { return button_; }
    QLabel* reasonLabel() const { return text_; }

signals:
    void loadEventsRequested();

private:
    QString need_;
    bool canLoad_ = false;
    QLabel* text_;
    QPushButton* button_;
};
