// SPDX-License-Identifier: GPL-3.0-or-later
#include "IndexOptions.h"

#include "base/MemoryBudget.h"

#include <vector>

namespace scope::index_tool {

IndexOptions IndexOptions::parse(std::span<const std::string_view> arguments) {
    IndexOptions options;
    std::vector<std::string> files;
    for (std::size_t i = 0; i < arguments.size(); ++i) {
        const std::string_view argument = arguments[i];
        // "--option=value" and "--option value" alike.
        std::string_view name = argument;
        std::optional<std::string_view> attached;
        if (argument.starts_with("--"))
            if (const std::size_t equals = argument.find('='); equals != std::string_view::npos) {
                name = argument.substr(0, equals);
                attached = argument.substr(equals + 1);
            }
        auto value = [&]() -> std::string {
            if (attached)
                return std::string(*attached);
            if (i + 1 >= arguments.size())
                throw UsageError(std::string(name) + " needs a value");
            return std::string(arguments[++i]);
        };
        if (argument == "--") {
            files.insert(files.end(), arguments.begin() + static_cast<std::ptrdiff_t>(i) + 1,
                         arguments.end());
            break;
        }
        if (name == "--help" || name == "-h") {
            options.help = true;
        } else if (name == "--version") {
            options.version = true;
        } else if (name == "--output" || name == "-o") {
            options.output = value();
            if (options.output->empty())
                throw UsageError("--output needs a path");
        } else if (name == "--index-beside") {
            options.beside = true;
        } else if (name == "--memory-budget") {
            const std::string text = value();
            try {
                options.memoryBudget = MemoryBudget::parse(text);
            } catch (const std::invalid_argument& error) {
                throw UsageError(std::string("--memory-budget: ") + error.what());
            }
        } else if (argument.size() > 1 && argument.starts_with("-")) {
            throw UsageError("unknown option " + std::string(argument));
        } else {
            files.emplace_back(argument);
        }
    }
    if (options.help || options.version)
        return options;
    if (options.output && options.beside)
        throw UsageError("--output and --index-beside name two places: give one");
    if (files.size() != 1)
        throw UsageError(files.empty() ? "no FILE given"
                                       : "one FILE at a time, got " + std::to_string(files.size()));
    options.file = files.front();
    return options;
}

std::string IndexOptions::usage() {
    return "Usage: scope-index [OPTIONS] FILE\n"
           "       mpirun -n N scope-index [OPTIONS] FILE\n"
           "\n"
           "Builds the index of a scope-profiler HDF5 run (statistics, call tree, the\n"
           "timeline's level of detail) and keeps it where scope-viewer looks for it, so\n"
           "that the run reopens without reading its calls. Under mpirun, each process\n"
           "builds its share of the run's ranks and the first one writes the index: the\n"
           "same bytes as one process.\n"
           "\n"
           "Options:\n"
           "  -o, --output PATH        write the index to PATH instead\n"
           "      --index-beside       write it beside FILE, as FILE.scopeindex\n"
           "      --memory-budget SIZE memory for reading the calls (e.g. 4G; default: half\n"
           "                           of the physical memory)\n"
           "  -h, --help               show this help\n"
           "      --version            show the version\n";
}

} // namespace scope::index_tool
