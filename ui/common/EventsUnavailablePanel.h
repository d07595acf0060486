// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QWidget>

#include <cstdint>

class QLabel;
class QPushButton;

// Stands in for a view that needs per-call data (the timeline, call tree, ...) when
// a run was opened summary-only: one line saying why, and "Load events". For a
// run read on demand (its calls exceed the memory budget) it says that the
// view needs every call in memory and offers to reload once the budget is
// raised; for a run read on another host, that its calls stay there.
class EventsUnavailablePanel : public QWidget {
    Q_OBJECT
public:
    explicit EventsUnavailablePanel(QWidget* parent = nullptr);

    // What the view it stands in for needs, as a sentence ("The call tree
    // needs per-call data."); the timeline's by default. `inMemory` is the
    // same for a run read on demand ("The call tree needs every call in
    // memory."); empty: `sentence`.
    void setNeed(const QString& sentence, const QString& inMemory = {});

    // canLoad: the file has events (columnar); false for the aggregate layout.
    void setReason(bool canLoad);
    // The run was opened in full, but the read of its calls was cancelled
    // (or failed) after its table showed: the button reads them again.
    void setCallsUnread(bool cancelled);
    // The run's calls exceed the memory budget (bytes; 0 = not known) and are
    // read on demand: the button reloads the run, e.g. after the budget was
    // raised in Preferences (it emits loadEventsRequested too).
    void setOverBudget(std::uint64_t budget);
    // The run was read on another host, whose calls stay there: nothing to offer.
    void setRemote(const QString& host);
    void setLoading(bool loading);
    // Table first: the events are read and the timeline is being built, so
    // there is nothing to offer; false goes back to the reason set last.
    void setBuilding(bool building);
    QPushButton* loadButton() const { return button_; }
    QLabel* reasonLabel() const { return text_; }

signals:
    void loadEventsRequested();

private:
    enum class Reason { SummaryOnly, Aggregate, OverBudget, Remote, Cancelled, Failed };

    QString need_;
    QString inMemoryNeed_;
    Reason reason_ = Reason::Aggregate;
    std::uint64_t budget_ = 0;
    QString host_;
    QLabel* text_;
    QPushButton* button_;
};
