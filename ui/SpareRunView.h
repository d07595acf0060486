// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QObject>
#include <QPointer>
#include <QTimer>

#include <chrono>
#include <functional>

class RunView;

// A run's view built ahead, while the window is idle. Built when the read's
// table arrived, it held the window 20–35 ms on top of showing that table:
// the longest stall of an open. Built in the same moment as the read's result
// arrives, it still did (Qt handles the two back to back), so the next spare
// is built well before the next open. The spare is a hidden child of the
// window's tabs until a run's tab takes it, with the user's latest choices.
class SpareRunView : public QObject {
    Q_OBJECT
public:
    // `make` gives the view a parent, which owns it, spare or not.
    explicit SpareRunView(std::function<RunView*()> make, QObject* parent = nullptr);

    // Builds a spare from the event loop `after` from now (putting off one
    // not built yet), unless there is one.
    void prepare(std::chrono::milliseconds after);
    // The spare, or a view built now.
    RunView* take();

private:
    std::function<RunView*()> make_;
    QPointer<RunView> spare_;
    QTimer timer_;
};
