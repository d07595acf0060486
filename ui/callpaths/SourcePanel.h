// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/ProfilingResults.h"

#include <QWidget>

#include <memory>

class QLabel;
class QPlainTextEdit;

// Where the selected region is in the program: per rank its source file and
// line (ranks sharing a location on one line, "ranks 0–2: solver.py:42") and
// the source text the profiler stored, read-only in a monospace view whose
// line numbers start at the stored line. Works on summary-only runs: the
// locations are per-row details, not per-call data.
class SourcePanel : public QWidget {
    Q_OBJECT
public:
    explicit SourcePanel(QWidget* parent = nullptr);

    void setRun(std::shared_ptr<const scope::ProfilingResults> results);
    // Index into results->regions; -1 = none selected.
    void setRegion(int region);
    int region() const { return region_; }

    // For tests and the lead's wiring: the parts shown.
    QLabel* titleLabel() const { return title_; }
    QLabel* locationLabel() const { return locations_; }
    QLabel* messageLabel() const { return message_; }
    QPlainTextEdit* sourceView() const { return code_; }
    QPlainTextEdit* lineNumberView() const { return lineNumbers_; }

private:
    void refresh();
    void showMessage(const QString& text);
    void showSource(const QString& text, qint64 firstLine);

    std::shared_ptr<const scope::ProfilingResults> results_;
    int region_ = -1;
    QLabel* title_;
    QLabel* locations_;
    QLabel* message_;
    QWidget* sourceBox_;
    QPlainTextEdit* lineNumbers_;
    QPlainTextEdit* code_;
};
