// SPDX-License-Identifier: GPL-3.0-or-later
#include "DistinctLabels.h"

#include <cstddef>
#include <filesystem>
#include <map>

namespace scope {
namespace {

// The folders above a file, nearest first.
std::vector<std::string> parentsOf(const std::filesystem::path& path) {
    std::vector<std::string> parents;
    for (std::filesystem::path p = path.parent_path(); p.has_filename(); p = p.parent_path())
        parents.push_back(p.filename().string());
    return parents;
}

std::string withParents(const std::vector<std::string>& parents, std::size_t depth,
                        std::string name) {
    for (std::size_t i = 0; i < depth && i < parents.size(); ++i)
        name = parents[i] + "/" + name;
    return name;
}

} // namespace

std::vector<std::string> DistinctLabels::fromPaths(std::span<const std::string> paths) {
    const std::size_t n = paths.size();
    std::vector<std::string> stems(n);
    std::vector<std::string> names(n);
    std::vector<std::vector<std::string>> parents(n);
    std::vector<std::size_t> depth(n, 0);
    for (std::size_t i = 0; i < n; ++i) {
        const std::filesystem::path path(paths[i]);
        stems[i] = path.stem().string();
        names[i] = path.filename().string();
        parents[i] = parentsOf(path);
    }
    const auto labelOf = [&](std::size_t i) { return withParents(parents[i], depth[i], stems[i]); };

    // Each round, every label shared by several runs takes one more folder
    // for those runs only, until the labels differ or the folders run out.
    for (bool changed = true; changed;) {
        changed = false;
        std::map<std::string, std::vector<std::size_t>> groups;
        for (std::size_t i = 0; i < n; ++i)
            groups[labelOf(i)].push_back(i);
        for (const auto& [label, members] : groups) {
            if (members.size() < 2)
                continue;
            for (std::size_t i : members)
                if (depth[i] < parents[i].size()) {
                    ++depth[i];
                    changed = true;
                }
        }
    }

    const auto withExtension = [&](std::size_t i) {
        return withParents(parents[i], depth[i], names[i]);
    };
    std::map<std::string, std::size_t> count;
    std::map<std::string, std::size_t> countWithExtension;
    for (std::size_t i = 0; i < n; ++i) {
        ++count[labelOf(i)];
        ++countWithExtension[withExtension(i)];
    }
    std::vector<std::string> labels(n);
    std::map<std::string, int> seen;
    for (std::size_t i = 0; i < n; ++i) {
        std::string label = labelOf(i);
        // Same folder, same stem: the extension may be what differs.
        if (count[label] > 1 && countWithExtension[withExtension(i)] == 1)
            label = withExtension(i);
        const int occurrence = ++seen[label];
        if (occurrence > 1)
            label += " (" + std::to_string(occurrence) + ")";
        labels[i] = std::move(label);
    }
    return labels;
}

} // namespace scope
