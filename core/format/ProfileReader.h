#pragma once

#include "ReadOptions.h"
#include "model/ProfilingResults.h"

#include <cstddef>
#include <span>
#include <string>

namespace scope {

// Reads a whole profiling file: events (when the layout has them), statistics,
// metadata and auxiliary groups. Throws the errors of model/Errors.h.
ProfilingResults readH5(const std::string& path, const ReadOptions& options = {});

// Reads the summary columns (or the aggregate columns) and never an event
// dataset. Throws SummaryDataUnavailable for files without them unless
// options.fallback is set; then the events are read and summaryFallback is true.
ProfilingResults readH5Summary(const std::string& path, const SummaryOptions& options = {});

// The same reads of a file image held in memory; `name` stands for the path in
// results and errors. For fuzzing and tests: the bytes never touch the disk.
ProfilingResults readH5Image(std::span<const std::byte> image, const std::string& name,
                             const ReadOptions& options = {});
ProfilingResults readH5SummaryImage(std::span<const std::byte> image, const std::string& name,
                                    const SummaryOptions& options = {});

} // namespace scope
