// SPDX-License-Identifier: GPL-3.0-or-later
#include "BootstrapInterval.h"

#include "base/ParallelFor.h"

#include <algorithm>
#include <cmath>
#include <numbers>
#include <thread>
#include <vector>

namespace scope {

namespace {

constexpr std::size_t kMinimumResamples = 1000;
constexpr std::size_t kBlock = 64; // resamples per parallel item

// SplitMix64: small, fast and statistically sound for resampling indices.
class Random {
public:
    explicit Random(std::uint64_t seed) : state_(seed) {}
    std::uint64_t next() {
        std::uint64_t z = (state_ += 0x9e3779b97f4a7c15ULL);
        z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
        z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
        return z ^ (z >> 31);
    }
    // Uniform in [0, n) for n < 2^32 (multiply-shift, bias below 2^-32 n).
    std::size_t below(std::size_t n) {
        return static_cast<std::size_t>(((next() >> 32) * n) >> 32);
    }
    // Uniform in (0, 1).
    double unit() { return (static_cast<double>(next() >> 11) + 0.5) * 0x1.0p-53; }
    double normal() {
        return std::sqrt(-2.0 * std::log(unit())) * std::cos(2.0 * std::numbers::pi * unit());
    }

private:
    std::uint64_t state_;
};

struct Side {
    std::span<const std::int64_t> values;
    double mean = 0.0;
    double standardError = 0.0; // of the mean
    bool resample = true;

    Side(std::span<const std::int64_t> v, std::size_t cap) : values(v) {
        const double n = static_cast<double>(v.size());
        double sum = 0.0;
        for (const std::int64_t x : v)
            sum += static_cast<double>(x);
        mean = sum / n;
        double squares = 0.0;
        for (const std::int64_t x : v) {
            const double d = static_cast<double>(x) - mean;
            squares += d * d;
        }
        standardError = std::sqrt(squares / n / n); // the bootstrap's variance: divisor n
        resample = v.size() <= cap && v.size() < (std::size_t(1) << 32);
    }

    double draw(Random& random) const {
        if (!resample)
            return mean + standardError * random.normal();
        std::int64_t sum = 0;
        const std::size_t n = values.size();
        for (std::size_t i = 0; i < n; ++i)
            sum += values[random.below(n)];
        return static_cast<double>(sum) / static_cast<double>(n);
    }
};

} // namespace

double BootstrapInterval::quantile(std::span<const double> sorted, double q) {
    if (sorted.empty())
        return std::nan("");
    const double at = q * static_cast<double>(sorted.size() - 1);
    const auto below = static_cast<std::size_t>(std::floor(at));
    const std::size_t above = std::min(below + 1, sorted.size() - 1);
    return sorted[below] + (at - static_cast<double>(below)) * (sorted[above] - sorted[below]);
}

std::optional<std::pair<double, double>>
BootstrapInterval::ofMeanRatio(std::span<const std::int64_t> base,
                               std::span<const std::int64_t> other, double factor,
                               const SignificanceOptions& options) {
    if (base.empty() || other.empty())
        return std::nullopt;
    const Side b(base, options.resampleCap);
    const Side o(other, options.resampleCap);
    if (!(b.mean > 0.0))
        return std::nullopt;
    const std::size_t count = std::max(options.resamples, kMinimumResamples);
    std::vector<double> ratios(count);
    const std::size_t blocks = (count + kBlock - 1) / kBlock;
    const unsigned threads =
        options.threads != 0 ? options.threads : std::max(1u, std::thread::hardware_concurrency());
    parallelFor(
        blocks, threads, nullptr,
        [&](std::size_t block, unsigned) {
            Random random(options.seed ^ (0x6a09e667f3bcc909ULL * (block + 1)));
            random.next();
            const std::size_t end = std::min(count, (block + 1) * kBlock);
            for (std::size_t r = block * kBlock; r < end; ++r) {
                const double meanBase = b.draw(random);
                const double meanOther = o.draw(random);
                ratios[r] = 100.0 * (factor * meanOther / meanBase - 1.0);
            }
        },
        [] {});
    for (const double r : ratios)
        if (!std::isfinite(r))
            return std::nullopt;
    std::sort(ratios.begin(), ratios.end());
    const double outside = (1.0 - options.confidence) / 2.0;
    return std::pair(quantile(ratios, outside), quantile(ratios, 1.0 - outside));
}

} // namespace scope
