// SPDX-License-Identifier: GPL-3.0-or-later
#include "MannWhitney.h"

#include <algorithm>
#include <cmath>
#include <vector>

namespace scope {

double MannWhitney::exactTwoSided(std::size_t m, std::size_t n, double u) {
    // count[i][j][k]: the arrangements of i x's and j y's with U = k, by
    // whether the largest value is an x (it exceeds all j y's) or a y.
    std::vector<std::vector<std::vector<double>>> count(m + 1,
                                                        std::vector<std::vector<double>>(n + 1));
    for (std::size_t i = 0; i <= m; ++i) {
        for (std::size_t j = 0; j <= n; ++j) {
            std::vector<double>& c = count[i][j];
            c.assign(i * j + 1, 0.0);
            if (i == 0 || j == 0) {
                c[0] = 1.0;
                continue;
            }
            const std::vector<double>& largestX = count[i - 1][j];
            const std::vector<double>& largestY = count[i][j - 1];
            for (std::size_t k = 0; k < largestX.size(); ++k)
                c[k + j] += largestX[k];
            for (std::size_t k = 0; k < largestY.size(); ++k)
                c[k] += largestY[k];
        }
    }
    const std::vector<double>& c = count[m][n];
    double total = 0.0;
    for (const double v : c)
        total += v;
    const double centre = static_cast<double>(m * n) / 2.0;
    const double distance = std::abs(u - centre);
    double tail = 0.0;
    for (std::size_t k = 0; k < c.size(); ++k)
        if (std::abs(static_cast<double>(k) - centre) >= distance - 1e-9)
            tail += c[k];
    return std::min(1.0, tail / total);
}

MannWhitneyResult MannWhitney::test(std::span<const std::int64_t> x,
                                    std::span<const std::int64_t> y, double yScale) {
    MannWhitneyResult result;
    const std::size_t m = x.size();
    const std::size_t n = y.size();
    if (m == 0 || n == 0)
        return result;
    auto yAt = [&](std::size_t j) { return static_cast<double>(y[j]) * yScale; };
    // Midranks of the pooled sample, one tie group at a time.
    double rankSumX = 0.0;
    double tieSum = 0.0;
    std::size_t i = 0;
    std::size_t j = 0;
    while (i < m || j < n) {
        double value;
        if (j == n)
            value = static_cast<double>(x[i]);
        else if (i == m)
            value = yAt(j);
        else
            value = std::min(static_cast<double>(x[i]), yAt(j));
        const std::size_t before = i + j;
        std::size_t a = 0;
        while (i < m && static_cast<double>(x[i]) == value) {
            ++i;
            ++a;
        }
        std::size_t b = 0;
        while (j < n && yAt(j) == value) {
            ++j;
            ++b;
        }
        const double t = static_cast<double>(a + b);
        rankSumX += static_cast<double>(a) * (static_cast<double>(before) + (t + 1.0) / 2.0);
        if (a + b > 1)
            tieSum += t * t * t - t;
    }
    const double dm = static_cast<double>(m);
    const double dn = static_cast<double>(n);
    result.u = rankSumX - dm * (dm + 1.0) / 2.0;
    if (m <= kExactMax && n <= kExactMax && tieSum == 0.0) {
        result.exact = true;
        result.p = exactTwoSided(m, n, result.u);
        result.smallestP = exactTwoSided(m, n, 0.0);
        return result;
    }
    const double all = dm + dn;
    const double variance = dm * dn / 12.0 * ((all + 1.0) - tieSum / (all * (all - 1.0)));
    if (!(variance > 0.0))
        return result; // every value ties: no evidence either way
    const double distance = std::max(0.0, std::abs(result.u - dm * dn / 2.0) - 0.5);
    result.z = std::copysign(distance / std::sqrt(variance), result.u - dm * dn / 2.0);
    result.p = std::min(1.0, std::erfc(distance / std::sqrt(variance) / std::sqrt(2.0)));
    const double farthest = std::max(0.0, dm * dn / 2.0 - 0.5);
    result.smallestP = std::min(1.0, std::erfc(farthest / std::sqrt(variance) / std::sqrt(2.0)));
    return result;
}

} // namespace scope
