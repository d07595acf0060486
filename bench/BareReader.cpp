// SPDX-License-Identifier: GPL-3.0-or-later
#include "BareReader.h"

#include <hdf5.h>

#include <string>
#include <vector>

namespace scope::bench {
namespace {

// Sizes the buffer in a first pass (sizing only) and reads in a second, so
// that the timed loop does no reallocation a real reader would avoid.
struct Buffer {
    bool sizing = true;
    std::vector<std::int64_t> data;
    std::uint64_t used = 0;
};

void readDataset(hid_t loc, const char* name, Buffer& buffer) {
    hid_t dataset = H5Dopen2(loc, name, H5P_DEFAULT);
    hid_t space = H5Dget_space(dataset);
    const auto n = static_cast<std::uint64_t>(H5Sget_simple_extent_npoints(space));
    if (!buffer.sizing)
        H5Dread(dataset, H5T_NATIVE_INT64, H5S_ALL, H5S_ALL, H5P_DEFAULT,
                buffer.data.data() + buffer.used);
    buffer.used += n;
    H5Sclose(space);
    H5Dclose(dataset);
}

template <typename Visit>
std::vector<std::int64_t> twoPasses(const std::string& path, Visit visit) {
    hid_t file = H5Fopen(path.c_str(), H5F_ACC_RDONLY, H5P_DEFAULT);
    Buffer buffer;
    visit(file, buffer);
    buffer.data.resize(buffer.used);
    buffer.used = 0;
    buffer.sizing = false;
    visit(file, buffer);
    H5Fclose(file);
    return std::move(buffer.data);
}

herr_t visitRegion(hid_t regions, const char* name, const H5L_info_t*, void* data) {
    hid_t group = H5Gopen2(regions, name, H5P_DEFAULT);
    readDataset(group, "start_times", *static_cast<Buffer*>(data));
    readDataset(group, "end_times", *static_cast<Buffer*>(data));
    H5Gclose(group);
    return 0;
}

herr_t visitRank(hid_t root, const char* name, const H5L_info_t*, void* data) {
    if (std::string(name).rfind("rank", 0) != 0)
        return 0;
    hid_t regions = H5Gopen2(root, (std::string(name) + "/regions").c_str(), H5P_DEFAULT);
    hsize_t index = 0;
    H5Literate(regions, H5_INDEX_NAME, H5_ITER_INC, &index, visitRegion, data);
    H5Gclose(regions);
    return 0;
}

} // namespace

std::vector<std::int64_t> bareReadSchema1(const std::string& path) {
    return twoPasses(path, [](hid_t file, Buffer& buffer) {
        hsize_t index = 0;
        H5Literate(file, H5_INDEX_NAME, H5_ITER_INC, &index, visitRank, &buffer);
    });
}

std::vector<std::int64_t> bareReadColumnar(const std::string& path) {
    return twoPasses(path, [](hid_t file, Buffer& buffer) {
        readDataset(file, "events/start_deltas", buffer);
        readDataset(file, "events/durations", buffer);
    });
}

} // namespace scope::bench
