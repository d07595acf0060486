// SPDX-License-Identifier: GPL-3.0-or-later
#include "CallTreeJson.h"

#include "JsonWriter.h"

namespace scope {

CallTreeJson::CallTreeJson(RegionFilter filter) : filter_(std::move(filter)) {}

std::vector<std::uint32_t> CallTreeJson::listedNodes(const CallTree& tree,
                                                     const ProfilingResults& results) const {
    std::vector<std::uint32_t> listed;
    if (tree.size() <= 1)
        return listed;
    // An explicit stack: recursion-traced runs nest thousands of levels deep.
    std::vector<std::uint32_t> stack;
    const auto pushChildren = [&](std::uint32_t node) {
        const auto children = tree.childrenOf(node);
        for (auto it = children.rbegin(); it != children.rend(); ++it)
            stack.push_back(*it);
    };
    pushChildren(CallTree::kRoot);
    while (!stack.empty()) {
        const std::uint32_t node = stack.back();
        stack.pop_back();
        const std::int32_t region = tree.region[node];
        const bool known = region >= 0 && static_cast<std::size_t>(region) < results.regions.size();
        if (known && filter_.matches(results.regions[static_cast<std::size_t>(region)]))
            listed.push_back(node);
        if (tree.depth[node] < kMaxDepth)
            pushChildren(node);
    }
    return listed;
}

void CallTreeJson::write(JsonWriter& json, const CallTree& tree,
                         const ProfilingResults& results) const {
    json.beginArray();
    for (const std::uint32_t node : listedNodes(tree, results)) {
        std::vector<std::string> names;
        for (const std::int32_t region : tree.path(node))
            names.push_back(region >= 0 ? results.regions[static_cast<std::size_t>(region)]
                                        : std::string());
        json.beginObject();
        json.key("path").stringArray(names);
        json.key("calls").value(tree.calls[node]);
        json.key("inclusive_seconds").value(static_cast<double>(tree.inclusiveNs[node]) / 1e9);
        json.key("exclusive_seconds")
            .value(static_cast<double>(listedExclusiveNs(tree, node)) / 1e9);
        if (isFolded(tree, node))
            json.key("folded").value(true);
        json.endObject();
    }
    json.endArray();
}

} // namespace scope
