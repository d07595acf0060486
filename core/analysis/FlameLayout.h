// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "CallTree.h"

#include <cstddef>
#include <cstdint>
#include <limits>
#include <vector>

namespace scope {

// What is under a point of a flame graph: one call path, the merged box of a
// node's sub-pixel children, or nothing.
struct FlameHit {
    static constexpr std::uint32_t kNoBox = 0xffffffffu;

    std::uint32_t box = kNoBox;
    // The path, or for a merged box the node whose children it stands for.
    std::uint32_t node = CallTree::kNone;
    // 0 for a path; the number of children a merged box stands for.
    std::uint32_t merged = 0;

    bool valid() const { return box != kNoBox; }
    bool isMerged() const { return merged > 0; }
};

// The boxes of an icicle (root at the top, one row per depth) of a call tree
// for a width in pixels: a node spans the share of its parent's x range that
// its inclusive time is of the parent's, children costliest first from the
// parent's left edge. Row 0 is the zoom root across the whole width.
// Children narrower than a pixel do not get boxes of their own: per parent,
// their run becomes one merged box (their count and summed time), or nothing
// when even that is under a pixel, and nothing is laid out below them. Every
// box is at least a pixel wide and boxes of a row do not overlap, so a row
// holds at most `width` boxes however many paths the tree has.
// Boxes are flat arrays, row by row and left to right within a row.
struct FlameLayout {
    std::uint32_t zoomRoot = CallTree::kRoot;
    double width = 0;

    std::vector<std::uint32_t> node;   // see FlameHit::node
    std::vector<std::uint32_t> merged; // see FlameHit::merged
    std::vector<std::int64_t> ns;      // inclusive time, summed for a merged box
    std::vector<double> x0;            // left edge, pixels from the left
    std::vector<double> x1;            // right edge (exclusive)
    // Boxes of row r: [rowBegin[r], rowBegin[r + 1]).
    std::vector<std::uint32_t> rowBegin;

    std::size_t size() const { return node.size(); }
    std::size_t rows() const { return rowBegin.empty() ? 0 : rowBegin.size() - 1; }
    FlameHit hit(std::uint32_t box) const;
    // The box whose [x0, x1) holds x in `row`.
    FlameHit nodeAt(double x, std::size_t row) const;

    // Lays out the subtree of `zoomRoot` (the tree's root for everything) in
    // `widthPx` pixels, at most `maxRows` rows deep. A subtree without time
    // gets its root's box only; an unknown node or no width gives no boxes.
    static FlameLayout compute(const CallTree& tree, std::uint32_t zoomRoot, double widthPx,
                               std::size_t maxRows = std::numeric_limits<std::size_t>::max());
};

} // namespace scope
