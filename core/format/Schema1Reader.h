#pragma once

#include "h5/H5File.h"
#include "model/ProfilingResults.h"

#include <cstdint>
#include <string>
#include <vector>

namespace scope {

// Schema 1: /rank<N>/regions/<name>/{start_times,end_times}. A damaged region is
// skipped and listed in results.damaged; the rest of the file is read.
class Schema1Reader {
public:
    explicit Schema1Reader(const h5::H5File& file) : file_(file) {}
    void read(ProfilingResults& results);

private:
    struct PlannedRegion {
        std::uint32_t rank = 0;
        std::string name;
        std::string path; // rank<N>/regions/<name>
        std::uint64_t count = 0;
    };

    void plan(std::uint32_t rank, const std::string& group, ProfilingResults& results);
    void readEvents(ProfilingResults& results);
    void readOptionalColumns(ProfilingResults& results);
    void readAttributes(const PlannedRegion& region, RankRegion& row) const;

    const h5::H5File& file_;
    std::vector<PlannedRegion> planned_;
};

} // namespace scope
