// SPDX-License-Identifier: GPL-3.0-or-later
#include "ReportIndexer.h"

#include "index/IndexBuilder.h"
#include "index/IndexCache.h"
#include "model/Errors.h"

#include <exception>
#include <memory>

namespace scope::report {
namespace {

// A ProfileError names its file already; anything else (std::bad_alloc) does not.
std::string describe(const std::string& path, const std::exception& error) {
    if (dynamic_cast<const ProfileError*>(&error))
        return error.what();
    return path + ": " + error.what();
}

} // namespace

ExitStatus ReportIndexer::keepAll(const ReportOptions& options, std::ostream& err) {
    const IndexCache cache = options.indexBeside ? IndexCache::beside() : IndexCache::standard();
    ExitStatus status = ExitStatus::Ok;
    for (const std::string& path : options.files) {
        std::unique_ptr<IndexBuilder> builder;
        try {
            builder = std::make_unique<IndexBuilder>(path, options.memoryBudget, ReadControl{});
        } catch (const FileNotFoundError&) {
            continue; // the report reads the file next and says so
        } catch (const std::exception& error) {
            // A JSON profile or a trace (read into memory: no plan to index),
            // or a file the report will say more about.
            err << "scope-report: warning: index not kept: " << describe(path, error) << '\n';
            continue;
        }
        try {
            const RunIndex index = builder->buildAll();
            err << "scope-report: " << path << ": index kept at "
                << cache.store(path, index).string() << '\n';
        } catch (const std::exception& error) {
            err << "scope-report: error: index not kept: " << describe(path, error) << '\n';
            status = worst(status, ExitStatus::Usage);
        }
    }
    return status;
}

} // namespace scope::report
