// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "MpiBarChart.h"
#include "MpiMatrixView.h"
#include "charts/PaintedSurface.h"
#include "common/AnalysisPage.h"

#include <memory>

class QLabel;
class RunContext;

// A run's MPI call regions as communication, below the table, for runs that
// have them: the rank x rank matrix of bytes sent or received, calls per
// message size, and per rank the time in each collective and in waits by
// request kind. A matrix cell chooses its pair's send region and rank.
class CommunicationPage : public AnalysisPage {
public:
    explicit CommunicationPage(QWidget* parent);

    static Description describe();
    QWidget* widget() override { return widget_; }
    void bind(RunContext* context) override;
    bool shownFor(const RunData& run) const override;
    ChartSurface* surface() override { return &surface_; }
    QList<QWidget*> chartWidgets() override { return {matrix_}; }

    MpiMatrixView* matrix() const { return matrix_; }
    MpiBarChart* sizes() const { return sizes_; }
    MpiBarChart* collectives() const { return collectives_; }
    MpiBarChart* waits() const { return waits_; }
    // What the matrix leaves out (unknown peers or sizes, communicators).
    QLabel* note() const { return note_; }

private:
    void recompute();
    void activate(std::uint32_t rank, std::uint32_t peer, bool sent);

    QWidget* widget_;
    MpiMatrixView* matrix_;
    MpiBarChart* sizes_;
    MpiBarChart* collectives_;
    MpiBarChart* waits_;
    QLabel* note_;
    RunContext* context_ = nullptr;
    std::shared_ptr<const scope::MpiTraffic> traffic_;
    PaintedSurface<MpiMatrixView> surface_;
};
