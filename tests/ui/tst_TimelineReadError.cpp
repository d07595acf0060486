// SPDX-License-Identifier: GPL-3.0-or-later
// A timeline whose finer spans cannot be read (a dropped connection, a
// damaged file) keeps its coarser stand-in on screen and says why in its
// title, which an exported image carries too.
#include "TimelineTestSupport.h"
#include "analysis/TimelineIndex.h"
#include "charts/TimelineView.h"

#include <mutex>

namespace {

// The run's exact spans down to a resolution; below it, the stand-in (the
// same spans, false) and, once asked, the error of a read that failed.
class FailingBelow final : public TimelineSource {
public:
    FailingBelow(std::shared_ptr<const ProfilingResults> results, double finestNsPerPixel)
        : results_(std::move(results)), index_(*results_), finest_(finestNsPerPixel) {}

    std::span<const TimelineLane> lanes() const override { return index_.lanes(); }
    std::optional<std::size_t> lane(std::uint32_t rank, std::uint32_t depth) const override {
        return index_.lane(rank, depth);
    }
    std::vector<std::uint32_t> ranks() const override { return index_.ranks(); }
    int maxDepth(std::uint32_t rank) const override { return index_.maxDepth(rank); }
    int maxDepth() const override { return index_.maxDepth(); }
    bool empty() const override { return index_.empty(); }
    std::int64_t startNs() const override { return index_.startNs(); }
    std::int64_t endNs() const override { return index_.endNs(); }
    std::optional<TimelineSpan> hitTest(std::size_t lane, std::int64_t timeNs,
                                        double nsPerPixel) const override {
        return index_.hitTest(lane, timeNs, nsPerPixel);
    }

    bool query(std::size_t lane, std::int64_t t0, std::int64_t t1, double nsPerPixel,
               std::vector<TimelineSpan>& out) const override {
        index_.query(lane, t0, t1, std::max(nsPerPixel, finest_), out);
        if (nsPerPixel >= finest_)
            return true;
        std::function<void()> refined;
        {
            const std::lock_guard lock(mutex_);
            if (error_.empty()) {
                error_ = "connection to cluster dropped while reading /run.h5";
                refined = refined_;
            }
        }
        if (refined)
            refined();
        return false;
    }
    void setRefinedCallback(std::function<void()> callback) const override {
        const std::lock_guard lock(mutex_);
        refined_ = std::move(callback);
    }
    std::string readError() const override {
        const std::lock_guard lock(mutex_);
        return error_;
    }

private:
    std::shared_ptr<const ProfilingResults> results_;
    TimelineIndex index_;
    double finest_;
    mutable std::mutex mutex_;
    mutable std::function<void()> refined_;
    mutable std::string error_;
};

} // namespace

class TestTimelineReadError : public QObject {
    Q_OBJECT
private slots:
    void aFailedReadIsSaidInTheTitle() {
        const auto results = twoRanks();
        const auto source = std::make_shared<const FailingBelow>(results, 1e6);
        TimelineView view;
        view.resize(1000, 500);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        view.setRun(results, source);
        QTest::qWait(50);
        QVERIFY2(!view.title().contains(QStringLiteral("could not be read")),
                 qPrintable(view.title()));

        // A millisecond across the plot: far below the finest spans there are.
        QCustomPlot* plot = view.plot();
        plot->xAxis->setRange(0.5, 0.501);
        plot->replot();
        QTRY_VERIFY2(view.title().contains(QStringLiteral(
                         "Finer detail could not be read: connection to cluster dropped")),
                     qPrintable(view.title()));
        // The stand-in stays drawn.
        QVERIFY(!view.isExact());
    }
};

QTEST_MAIN(TestTimelineReadError)
#include "tst_TimelineReadError.moc"
