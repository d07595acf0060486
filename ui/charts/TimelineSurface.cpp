// SPDX-License-Identifier: GPL-3.0-or-later
#include "TimelineSurface.h"

#include "ChartExporter.h"
#include "TimelineView.h"

#include <QCoreApplication>
#include <qcustomplot.h>

TimelineSurface::TimelineSurface(TimelineView* timeline, std::function<QString()> unavailable,
                                 std::function<bool()> readOnDemand)
    : PlotSurface(names(), timeline->plot(), std::move(unavailable)), timeline_(timeline),
      readOnDemand_(std::move(readOnDemand)) {}

ChartSurface::Names TimelineSurface::names() {
    return {QCoreApplication::translate("TimelineSurface", "Timeline"),
            QCoreApplication::translate("TimelineSurface", "&Timeline…"),
            QStringLiteral("timeline")};
}

QString TimelineSurface::unavailable() {
    const QString reason = PlotSurface::unavailable();
    return reason.isEmpty() ? wholeAt(QSize(0, 0)) : reason;
}

namespace {

// While an image is drawn, ranks fitted to the window are fitted to the
// image instead: a tall image holds more ranks, not taller bands. A zoom of
// the user's is kept as it is.
class RanksFittedToImage {
public:
    RanksFittedToImage(TimelineView* timeline, int height)
        : timeline_(timeline->ranksFitted() ? timeline : nullptr) {
        if (timeline_ != nullptr)
            timeline_->fitRanksToHeight(height);
    }
    ~RanksFittedToImage() {
        if (timeline_ != nullptr)
            timeline_->fitRanksToHeight(timeline_->plot()->height());
    }
    RanksFittedToImage(const RanksFittedToImage&) = delete;
    RanksFittedToImage& operator=(const RanksFittedToImage&) = delete;

private:
    TimelineView* timeline_;
};

} // namespace

bool TimelineSurface::save(Format format, const QString& path, QSize size, double scale,
                           QString* error) {
    const RanksFittedToImage ranks(
        timeline_,
        ChartExporter::exportSize(timeline_->plot(), size.width(), size.height()).height());
    const QString reason = wholeAt(size);
    if (!reason.isEmpty()) {
        if (error != nullptr)
            *error = reason;
        return false;
    }
    return PlotSurface::save(format, path, size, scale, error);
}

QString TimelineSurface::wholeAt(QSize size) const {
    if (!readOnDemand_())
        return {};
    ChartExporter::render(timeline_->plot(), size.width(), size.height());
    if (timeline_->isExact())
        return {};
    return QCoreApplication::translate(
        "TimelineSurface",
        "the calls of this zoom are still being read; try again when the timeline shows them");
}
