// SPDX-License-Identifier: GPL-3.0-or-later
// Scaling models: Amdahl's serial fraction, the power law, efficiency and the
// rank count at which a region dominates, on runs built with known laws.
#include "ScalingRuns.h"
#include "compare/ScalingFit.h"
#include "compare/ScalingModel.h"

#include <QtTest>

#include <cmath>
#include <stdexcept>

using namespace scope;

namespace {

const RegionScaling* findRegion(const ScalingStudy& study, const std::string& name) {
    for (const RegionScaling& region : study.regions)
        if (region.region == name)
            return &region;
    return nullptr;
}

std::vector<const ProfilingResults*> pointers(const std::vector<ProfilingResults>& runs) {
    std::vector<const ProfilingResults*> out;
    for (const ProfilingResults& run : runs)
        out.push_back(&run);
    return out;
}

// +-0.5 %, alternating: small, deterministic and not a law of its own.
constexpr double kNoise[] = {1.005, 0.995, 1.004, 0.996, 1.005};

} // namespace

class TestScalingModel : public QObject {
    Q_OBJECT

private slots:
    void amdahlRecoversSerialFraction() {
        // t(p) = 10 (0.1 + 0.9 / p) on 1, 2, 4, 8, 16 ranks, given in shuffled order.
        const std::uint32_t ranks[] = {4, 1, 16, 2, 8};
        std::vector<ProfilingResults> runs;
        for (int i = 0; i < 5; ++i) {
            const double p = ranks[i];
            runs.push_back(scalingRun("np" + std::to_string(ranks[i]), ranks[i],
                                      {{"solve", 10.0 * (0.1 + 0.9 / p) * kNoise[i], {}}}));
        }
        const ScalingStudy study = ScalingModel::compute(pointers(runs));
        QCOMPARE(study.axis, std::string("ranks"));
        QCOMPARE(study.runs.size(), std::size_t(5));
        // Ordered by rank count, each still naming its file.
        QCOMPARE(study.runs[0].value, 1.0);
        QCOMPARE(study.runs[0].path, std::string("np1"));
        QCOMPARE(study.runs[4].value, 16.0);
        QCOMPARE(study.runs[4].input, std::size_t(2));
        const RegionScaling* solve = findRegion(study, "solve");
        QVERIFY(solve != nullptr);
        QVERIFY(solve->amdahl);
        QVERIFY2(std::abs(solve->amdahl->serialFraction - 0.1) < 0.01,
                 qPrintable(QString::number(solve->amdahl->serialFraction)));
        QVERIFY(std::abs(solve->amdahl->t1 - 10.0) < 0.1);
        QVERIFY(solve->amdahl->r2 && *solve->amdahl->r2 > 0.999);
        // The slowest rank's time (rank 0), not the 90 % of the others.
        QCOMPARE(solve->times[0], std::llround(10.0 * kNoise[1] * 1e9) / 1e9);
    }

    void exactAmdahlDataFitsExactly() {
        const double p[] = {1, 2, 4, 8};
        const double t[] = {8.0, 5.0, 3.5, 2.75}; // 8 (0.25 + 0.75/p)
        const AmdahlFit fit = ScalingFit::amdahl(p, t);
        QVERIFY(std::abs(fit.serialFraction - 0.25) < 1e-12);
        QVERIFY(std::abs(fit.t1 - 8.0) < 1e-12);
        QVERIFY(std::abs(*fit.r2 - 1.0) < 1e-12);
    }

    void serialFractionIsClamped() {
        // Superlinear: the unconstrained intercept is negative, so s = 0 and
        // t = b/p with b = sum(t/p) / sum(1/p^2) = (10 + 2 + 0.5) / (1 + 0.25 + 0.0625).
        const double p[] = {1, 2, 4};
        const double t[] = {10.0, 4.0, 2.0};
        const AmdahlFit fast = ScalingFit::amdahl(p, t);
        QCOMPARE(fast.serialFraction, 0.0);
        QVERIFY(std::abs(fast.t1 - 12.5 / 1.3125) < 1e-12);
        // Slower with more ranks: s = 1 at the mean time.
        const double slower[] = {1.0, 2.0, 3.0};
        const AmdahlFit flat = ScalingFit::amdahl(p, slower);
        QCOMPARE(flat.serialFraction, 1.0);
        QVERIFY(std::abs(flat.t1 - 2.0) < 1e-12);
    }

    void powerLawRecoversExponent() {
        std::vector<ProfilingResults> runs;
        const std::uint32_t ranks[] = {1, 2, 4, 8, 16};
        for (int i = 0; i < 5; ++i)
            runs.push_back(
                scalingRun("np" + std::to_string(ranks[i]), ranks[i],
                           {{"halo", 5.0 * std::pow(double(ranks[i]), -0.7) * kNoise[i], {}}}));
        const ScalingStudy study = ScalingModel::compute(pointers(runs));
        const RegionScaling* halo = findRegion(study, "halo");
        QVERIFY(halo && halo->powerLaw);
        QVERIFY(std::abs(halo->powerLaw->exponent + 0.7) < 0.01);
        QVERIFY(std::abs(halo->powerLaw->coefficient - 5.0) < 0.1);
        QVERIFY(*halo->powerLaw->r2 > 0.999);
        QVERIFY(std::abs(halo->powerLaw->growthPerDoubling() - (std::pow(2.0, -0.7) - 1.0)) < 0.01);
    }

    void efficiencyHandComputed() {
        // 10 s, 6 s, 4 s on 1, 2, 4 ranks: 10/10, 10/(2*6), 10/(4*4).
        std::vector<ProfilingResults> runs;
        runs.push_back(scalingRun("a", 2, {{"r", 6.0, {}}}));
        runs.push_back(scalingRun("b", 1, {{"r", 10.0, {}}}));
        runs.push_back(scalingRun("c", 4, {{"r", 4.0, {}}}));
        const ScalingStudy study = ScalingModel::compute(pointers(runs));
        const RegionScaling& r = study.regions.at(0);
        QCOMPARE(r.efficiency.size(), std::size_t(3));
        QVERIFY(std::abs(r.efficiency[0] - 1.0) < 1e-9);
        QVERIFY(std::abs(r.efficiency[1] - 10.0 / 12.0) < 1e-9);
        QVERIFY(std::abs(r.efficiency[2] - 10.0 / 16.0) < 1e-9);
    }

    void weakScalingGrowth() {
        // 1 s, 1.1 s, 1.21 s on 1, 2, 4 ranks: 10 % per doubling; efficiency
        // t(1) / t(p) = 1, 1/1.1, 1/1.21; no serial fraction.
        std::vector<ProfilingResults> runs;
        runs.push_back(scalingRun("a", 1, {{"r", 1.0, {}}}));
        runs.push_back(scalingRun("b", 2, {{"r", 1.1, {}}}));
        runs.push_back(scalingRun("c", 4, {{"r", 1.21, {}}}));
        ScalingOptions options;
        options.mode = ScalingMode::Weak;
        const ScalingStudy study = ScalingModel::compute(pointers(runs), options);
        const RegionScaling& r = study.regions.at(0);
        QVERIFY(!r.amdahl);
        QVERIFY(std::abs(r.powerLaw->growthPerDoubling() - 0.1) < 1e-6);
        QVERIFY(std::abs(r.efficiency[1] - 1.0 / 1.1) < 1e-6);
        QVERIFY(std::abs(r.efficiency[2] - 1.0 / 1.21) < 1e-6);
    }

    void dominatesAtHandComputed() {
        // compute: 8/p s, perfectly parallel; io: 1 s whatever p (serial).
        // compute > half of (8/p + 1) holds at p = 1 (8 > 4.5); io > half of
        // (8/p + 1) needs 1 > 8/p, first at p = 16 (p = 8 is a tie, not more).
        std::vector<ProfilingResults> runs;
        for (const std::uint32_t p : {1u, 2u, 4u})
            runs.push_back(scalingRun("np" + std::to_string(p), p,
                                      {{"compute", 8.0 / p, 8.0 / p}, {"io", 1.0, 1.0}}));
        const ScalingStudy study = ScalingModel::compute(pointers(runs));
        QCOMPARE(findRegion(study, "compute")->dominatesAt, std::optional<double>(1.0));
        QCOMPARE(findRegion(study, "io")->dominatesAt, std::optional<double>(16.0));
    }

    void dominatesAtUsesExclusiveTime() {
        // main holds solve: main's total is 8/p + 1.5 but its exclusive only
        // 1.5 s. Exclusive: solve 8/p > half of (8/p + 1.5) while 8/p > 1.5,
        // p = 1, and main 1.5 > 8/p first at p = 8; never without exclusive
        // main's total would dominate everywhere.
        std::vector<ProfilingResults> runs;
        for (const std::uint32_t p : {1u, 2u, 4u})
            runs.push_back(scalingRun("np" + std::to_string(p), p,
                                      {{"main", 8.0 / p + 1.5, 1.5}, {"solve", 8.0 / p, 8.0 / p}}));
        const ScalingStudy study = ScalingModel::compute(pointers(runs));
        QCOMPARE(findRegion(study, "main")->dominatesAt, std::optional<double>(8.0));
        QCOMPARE(findRegion(study, "solve")->dominatesAt, std::optional<double>(1.0));
    }

    void growingRegionDominatesByThePowerLaw() {
        // comm: 0.5 p s, growing, which Amdahl's law cannot follow (it would
        // hold it at its mean); the power law fits it exactly and predicts it.
        // work: 8/p s. comm > half of (0.5 p + 8/p) needs p^2 > 16: p = 4 is
        // a tie, so 8.
        std::vector<ProfilingResults> runs;
        for (const std::uint32_t p : {1u, 2u, 4u})
            runs.push_back(scalingRun("np" + std::to_string(p), p,
                                      {{"comm", 0.5 * p, 0.5 * p}, {"work", 8.0 / p, 8.0 / p}}));
        const ScalingStudy study = ScalingModel::compute(pointers(runs));
        QCOMPARE(findRegion(study, "comm")->dominatesAt, std::optional<double>(8.0));
        QCOMPARE(findRegion(study, "work")->dominatesAt, std::optional<double>(1.0));
        QCOMPARE(findRegion(study, "comm")->amdahl->serialFraction, 1.0);
        QVERIFY(std::abs(findRegion(study, "comm")->powerLaw->exponent - 1.0) < 1e-9);
    }

    void neverDominatingIsEmpty() {
        // Three equal perfectly parallel regions: each is a third, never more than half.
        std::vector<ProfilingResults> runs;
        for (const std::uint32_t p : {1u, 2u, 4u})
            runs.push_back(scalingRun(
                "np" + std::to_string(p), p,
                {{"a", 3.0 / p, 3.0 / p}, {"b", 3.0 / p, 3.0 / p}, {"c", 3.0 / p, 3.0 / p}}));
        const ScalingStudy study = ScalingModel::compute(pointers(runs));
        for (const RegionScaling& region : study.regions)
            QVERIFY(!region.dominatesAt);
    }

    void metadataAxes() {
        // Threads from the metadata; the rank count is the same everywhere.
        std::vector<ProfilingResults> runs;
        for (const std::int64_t threads : {1, 2, 4})
            runs.push_back(scalingRun("t" + std::to_string(threads), 2, {{"r", 6.0 / threads, {}}},
                                      {{"omp_num_threads", threads}, {"nodes", threads * 2}}));
        const auto all = pointers(runs);
        const std::vector<std::string> axes = ScalingModel::availableAxes(all);
        QCOMPARE(axes, (std::vector<std::string>{"threads", "total_cores", "nodes"}));
        ScalingOptions options;
        options.axis = "threads";
        const ScalingStudy study = ScalingModel::compute(all, options);
        QCOMPARE(study.runs[2].value, 4.0);
        QVERIFY(std::abs(study.regions[0].amdahl->serialFraction) < 1e-9);
        options.axis = "nodes";
        QCOMPARE(ScalingModel::compute(all, options).runs[1].value, 4.0);
    }

    void errors() {
        std::vector<ProfilingResults> runs;
        runs.push_back(scalingRun("a", 1, {{"r", 1.0, {}}}));
        runs.push_back(scalingRun("b", 2, {{"r", 0.5, {}}}));
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, ScalingModel::compute(pointers(runs)));
        QVERIFY(ScalingModel::availableAxes(pointers(runs)).empty());

        std::vector<ProfilingResults> same;
        for (const char* name : {"a", "b", "c"})
            same.push_back(scalingRun(name, 4, {{"r", 1.0, {}}}));
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, ScalingModel::compute(pointers(same)));
        QVERIFY(ScalingModel::availableAxes(pointers(same)).empty());

        // A field the runs lack names the run.
        ScalingOptions options;
        options.axis = "nodes";
        runs.push_back(scalingRun("c", 4, {{"r", 0.25, {}}}));
        try {
            ScalingModel::compute(pointers(runs), options);
            QFAIL("no error");
        } catch (const std::invalid_argument& e) {
            QVERIFY(std::string(e.what()).find("a has no positive number for 'nodes'") !=
                    std::string::npos);
        }
    }
};

QTEST_GUILESS_MAIN(TestScalingModel)
#include "tst_ScalingModel.moc"
