// SPDX-License-Identifier: GPL-3.0-or-later
// scope-report: the command-line summary of scope-profiler HDF5 files.
#include "ControlEscaper.h"
#include "ExitStatus.h"
#include "ReportOptions.h"
#include "ScopeReport.h"

#include <iostream>
#include <string_view>
#include <vector>

int main(int argc, char** argv) {
    using namespace scope::report;
    const std::vector<std::string_view> arguments(argv + 1, argv + argc);
    try {
        ReportOptions options = ReportOptions::parse(arguments);
        if (options.help) {
            std::cout << ReportOptions::usage();
            return 0;
        }
        if (options.version) {
            std::cout << "scope-report " << ReportOptions::kVersion << '\n';
            return 0;
        }
        // Messages name files and regions: no control character of theirs
        // reaches the terminal.
        ControlEscapingStream messages(std::cerr);
        return static_cast<int>(ScopeReport(std::move(options), std::cout, messages).run());
    } catch (const UsageError& error) {
        std::cerr << "scope-report: error: " << ControlEscaper::escape(error.what())
                  << "\nTry 'scope-report --help' for more information.\n";
        return static_cast<int>(ExitStatus::Usage);
    }
}
