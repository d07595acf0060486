// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QByteArray>
#include <QObject>
#include <QPointer>
#include <QTimer>

#include <chrono>
#include <functional>

class RunView;

// A run's view built ahead, while the window is idle. Building it when the
// read's table arrives would add to the longest stall of an open, even in the
// same moment as the result (Qt handles the two back to back), so the next
// spare is built well before the next open. The spare is a hidden child of the
// window's tabs until a run's tab takes it, with the user's latest choices.
class SpareRunView : public QObject {
    Q_OBJECT
public:
    // Views are children of `owner` (the tabs), which owns them, spare or
    // not; each gets `splitterState` and is handed to `wire` once built.
    SpareRunView(QWidget* owner, QByteArray splitterState, std::function<void(RunView*)> wire,
                 QObject* parent = nullptr);

    // Builds a spare from the event loop `after` from now (putting off one
    // not built yet), unless there is one.
    void prepare(std::chrono::milliseconds after);
    // The spare, or a view built now.
    RunView* take();

private:
    // Hidden until its run's tab shows it, polished and laid out: both took
    // more than half of the open's longest stall when done with its table.
    RunView* make();

    QWidget* owner_;
    QByteArray splitterState_;
    std::function<void(RunView*)> wire_;
    QPointer<RunView> spare_;
    QTimer timer_;
};
