// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QObject>
#include <QPointer>

#include <functional>

class RunView;

// A run's view built ahead, in an event of its own while its file is read.
// Built when the read's table arrived, it held the window 20–35 ms on top of
// showing that table: the longest stall of an open. The spare is a hidden
// child of the window's tabs until a run's tab takes it.
class SpareRunView : public QObject {
    Q_OBJECT
public:
    // `make` gives the view a parent, which owns it, spare or not.
    explicit SpareRunView(std::function<RunView*()> make, QObject* parent = nullptr);

    // Builds a spare from the event loop, unless one is waiting or queued.
    void prepare();
    // The spare, or a view built now.
    RunView* take();

private:
    std::function<RunView*()> make_;
    QPointer<RunView> spare_;
    bool queued_ = false;
};
