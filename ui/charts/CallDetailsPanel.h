// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "analysis/CallDetails.h"
#include "model/ProfilingResults.h"

#include <QFrame>
#include <QMap>
#include <QString>

#include <cstdint>

class QFormLayout;
class QKeyEvent;
class QLabel;

// The details of the call clicked in the timeline, beside it: region, rank
// and lane, times relative to the run's start, depth, its caller and its
// longest callees. Caller and callees are links (Tab reaches them, Enter
// follows them) that select that call instead.
class CallDetailsPanel : public QFrame {
    Q_OBJECT
public:
    explicit CallDetailsPanel(QWidget* parent = nullptr);

    // originNs: the run's start, the zero of the time axis. Without nesting
    // (a run read on demand) caller, callees and exclusive time are left out.
    void showCall(const scope::CallDetails& details, const scope::ProfilingResults& results,
                  std::int64_t originNs, bool nesting = true);
    // A field's text as shown, without markup ("" when not shown): "Region",
    // "Rank", "Lane", "Start", "Duration", "Exclusive", "Await", "Depth",
    // "Caller", "Callees", "Call".
    QString field(const QString& name) const;

signals:
    void callActivated(std::uint32_t event);
    void closeRequested();

protected:
    void keyPressEvent(QKeyEvent* event) override;

private:
    void setField(const QString& name, const QString& html);

    QLabel* heading_;
    QFormLayout* form_;
    QMap<QString, QLabel*> fields_;
};
