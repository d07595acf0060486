// SPDX-License-Identifier: GPL-3.0-or-later
#include "HardwarePane.h"

#include "LikwidView.h"
#include "LineProfileView.h"
#include "PerfEventsView.h"

HardwarePane::HardwarePane(QWidget* parent)
    : QTabWidget(parent), likwid_(new LikwidView(this)), lineProfile_(new LineProfileView(this)),
      perfEvents_(new PerfEventsView(this)) {
    addTab(likwid_, tr("LIKWID"));
    setTabToolTip(0, tr("Hardware counters LIKWID measured per region and thread"));
    addTab(lineProfile_, tr("Lines"));
    setTabToolTip(1, tr("Time per source line of the functions line_profiler profiled"));
    addTab(perfEvents_, tr("perf"));
    setTabToolTip(2, tr("perf counters per region, with IPC and miss rates"));
    setDocumentMode(true);
}

bool HardwarePane::hasData(const scope::ProfilingResults& results) {
    return LikwidView::hasData(results) || LineProfileView::hasData(results) ||
           PerfEventsView::hasData(results);
}

void HardwarePane::setRun(std::shared_ptr<const scope::ProfilingResults> results) {
    const bool likwid = results && LikwidView::hasData(*results);
    const bool lines = results && LineProfileView::hasData(*results);
    const bool perf = results && PerfEventsView::hasData(*results);
    likwid_->setRun(likwid ? results : nullptr);
    lineProfile_->setRun(lines ? results : nullptr);
    perfEvents_->setRun(perf ? results : nullptr);
    setTabVisible(indexOf(likwid_), likwid);
    setTabVisible(indexOf(lineProfile_), lines);
    setTabVisible(indexOf(perfEvents_), perf);
    if (!isTabVisible(currentIndex()))
        for (int i = 0; i < count(); ++i)
            if (isTabVisible(i)) {
                setCurrentIndex(i);
                break;
            }
}

void HardwarePane::setRanks(const std::vector<std::uint32_t>& ranks) {
    perfEvents_->setRanks(ranks);
}
