// SPDX-License-Identifier: GPL-3.0-or-later
// Two call trees of the same calls compared path by path, for tests.
#pragma once

#include "analysis/CallTree.h"
#include "model/ProfilingResults.h"

#include <QString>

#include <map>
#include <string>

namespace scope::testing {

// A node's values, keyed by its path text: node numbers and sibling order
// may differ between two trees of the same calls.
struct NodeValues {
    std::uint64_t calls = 0;
    std::int64_t inclusiveNs = 0;
    std::int64_t exclusiveNs = 0;
    std::int64_t maxRankInclusiveNs = 0;
    std::uint32_t ranksWithCalls = 0;
    std::uint32_t children = 0;
    bool operator==(const NodeValues&) const = default;
};

inline std::map<std::string, NodeValues> byPath(const CallTree& tree,
                                                const ProfilingResults& results) {
    std::map<std::string, NodeValues> nodes;
    for (std::uint32_t n = 0; n < tree.size(); ++n)
        nodes[n == CallTree::kRoot ? std::string("<root>") : tree.pathText(n, results)] = {
            tree.calls[n],          tree.inclusiveNs[n],
            tree.exclusiveNs[n],    tree.maxRankInclusiveNs[n],
            tree.ranksWithCalls[n], tree.childCount[n]};
    return nodes;
}

// Empty when equal, else the first difference.
inline QString difference(const CallTree& got, const CallTree& expected,
                          const ProfilingResults& results) {
    if (got.runNs != expected.runNs)
        return QStringLiteral("runNs %1, expected %2").arg(got.runNs).arg(expected.runNs);
    if (got.overlaps != expected.overlaps)
        return QStringLiteral("%1 overlaps, expected %2").arg(got.overlaps).arg(expected.overlaps);
    if (got.firstOverlap.has_value() != expected.firstOverlap.has_value() ||
        (got.firstOverlap &&
         got.firstOverlap->describe(results) != expected.firstOverlap->describe(results)))
        return QStringLiteral("another first overlap");
    const auto a = byPath(got, results);
    const auto b = byPath(expected, results);
    for (const auto& [path, values] : b) {
        const auto it = a.find(path);
        if (it == a.end())
            return QStringLiteral("no node %1").arg(QString::fromStdString(path));
        if (!(it->second == values))
            return QStringLiteral("%1: calls %2/%3, inclusive %4/%5, exclusive %6/%7, slowest rank "
                                  "%8/%9, ranks %10/%11 (got/expected)")
                .arg(QString::fromStdString(path))
                .arg(it->second.calls)
                .arg(values.calls)
                .arg(it->second.inclusiveNs)
                .arg(values.inclusiveNs)
                .arg(it->second.exclusiveNs)
                .arg(values.exclusiveNs)
                .arg(it->second.maxRankInclusiveNs)
                .arg(values.maxRankInclusiveNs)
                .arg(it->second.ranksWithCalls)
                .arg(values.ranksWithCalls);
    }
    if (a.size() != b.size())
        return QStringLiteral("%1 nodes, expected %2").arg(a.size()).arg(b.size());
    return {};
}

} // namespace scope::testing
