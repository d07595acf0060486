// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <filesystem>
#include <string>

namespace scope::bench {

// The "Memory budget" section of scope-bench: the 307 MB run under
// a 160 MiB budget in scope-report and in the viewer, and the 10^9-call run
// (written once into `dir` by HugeRunWriter) at the default budget, each
// figure beside its target and its floor measured in the same run.
class BudgetBench {
public:
    // `quick`: a 64-rank stand-in for the 10^9-call run.
    BudgetBench(std::filesystem::path dir, int repeat, bool quick);

    // `run` is the 307 MB run, `label` what the table calls it.
    void measure(const std::filesystem::path& run, const std::string& label);
    // The 10^9-call run (its 64-rank stand-in when quick), written unless
    // cached; empty (said) when the disk lacks room.
    std::filesystem::path hugeRun();

private:
    void measureReport(const std::filesystem::path& run, const std::string& label);
    void measureViewer(const std::filesystem::path& run, const std::string& label);
    void measureHugeRun();
    // Writes the huge run unless the cache has it; false (said) when the disk lacks room.
    bool ensureHugeRun();
    // Whether this build reads a run over budget on demand, tried on a tiny file.
    bool readsOnDemand();

    std::filesystem::path dir_;
    int repeat_;
    bool quick_;
    std::filesystem::path huge_;
};

} // namespace scope::bench
