// SPDX-License-Identifier: GPL-3.0-or-later
#include "FlameLayout.h"

#include <algorithm>

namespace scope {
namespace {

void addBox(FlameLayout& out, std::uint32_t node, std::uint32_t merged, std::int64_t ns, double x0,
            double x1) {
    out.node.push_back(node);
    out.merged.push_back(merged);
    out.ns.push_back(ns);
    out.x0.push_back(x0);
    out.x1.push_back(x1);
}

// The children of the box's node, in its x range; returns nothing, appends.
void layOutChildren(const CallTree& tree, FlameLayout& out, std::uint32_t box) {
    const std::uint32_t parent = out.node[box];
    const double left = out.x0[box];
    const double right = out.x1[box];
    const std::int64_t parentNs = tree.inclusiveNs[parent];
    if (parentNs <= 0)
        return;
    const double span = right - left;
    // Inclusive time scaled within the parent: children can add up to more
    // than the parent when calls overlapped without nesting (CallTree::build
    // keeps them below it), so the last ones are cut at the parent's edge.
    const auto pixels = [&](std::int64_t ns) {
        return static_cast<double>(ns) * span / static_cast<double>(parentNs);
    };
    const auto kids = tree.childrenOf(parent);
    double cursor = left;
    for (std::size_t k = 0; k < kids.size(); ++k) {
        const std::uint32_t c = kids[k];
        const double w = std::min(pixels(tree.inclusiveNs[c]), right - cursor);
        if (w >= 1.0) {
            addBox(out, c, 0, tree.inclusiveNs[c], cursor, cursor + w);
            cursor += w;
            continue;
        }
        // Costliest first: from the first sub-pixel child on, all are.
        std::int64_t rest = 0;
        for (std::size_t j = k; j < kids.size(); ++j)
            rest += tree.inclusiveNs[kids[j]];
        const double mergedWidth = std::min(pixels(rest), right - cursor);
        if (mergedWidth >= 1.0)
            addBox(out, parent, static_cast<std::uint32_t>(kids.size() - k), rest, cursor,
                   cursor + mergedWidth);
        return;
    }
}

} // namespace

FlameHit FlameLayout::hit(std::uint32_t box) const {
    if (box >= size())
        return {};
    return FlameHit{box, node[box], merged[box]};
}

FlameHit FlameLayout::nodeAt(double x, std::size_t row) const {
    if (row >= rows())
        return {};
    // Boxes of a row are left to right and do not overlap: the first whose
    // right edge is past x is the only candidate.
    const auto begin = x1.begin() + rowBegin[row];
    const auto end = x1.begin() + rowBegin[row + 1];
    const auto it = std::upper_bound(begin, end, x);
    if (it == end)
        return {};
    const auto box = static_cast<std::uint32_t>(it - x1.begin());
    return x >= x0[box] ? hit(box) : FlameHit{};
}

FlameLayout FlameLayout::compute(const CallTree& tree, std::uint32_t zoomRoot, double widthPx,
                                 std::size_t maxRows) {
    FlameLayout out;
    out.zoomRoot = zoomRoot;
    out.width = widthPx;
    if (zoomRoot >= tree.size() || widthPx < 1.0 || maxRows == 0)
        return out;
    addBox(out, zoomRoot, 0, tree.inclusiveNs[zoomRoot], 0.0, widthPx);
    out.rowBegin = {0, 1};
    // Row by row: the children of a row's boxes, taken left to right, form
    // the next row left to right.
    while (out.rows() < maxRows) {
        const std::uint32_t begin = out.rowBegin[out.rows() - 1];
        const std::uint32_t end = out.rowBegin.back();
        for (std::uint32_t b = begin; b < end; ++b)
            if (out.merged[b] == 0)
                layOutChildren(tree, out, b);
        if (out.size() == end)
            break;
        out.rowBegin.push_back(static_cast<std::uint32_t>(out.size()));
    }
    return out;
}

} // namespace scope
