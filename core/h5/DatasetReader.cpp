// SPDX-License-Identifier: GPL-3.0-or-later
#include "DatasetReader.h"

#include "model/Errors.h"

#include <algorithm>

namespace scope::h5 {
namespace {

// Large enough to amortise HDF5's per-call cost, small enough that a cancel
// request is honoured within a few milliseconds.
constexpr hsize_t kSlabElements = hsize_t{1} << 21;

// The most a compressed column can plausibly expand relative to the file.
constexpr std::uint64_t kMaxCompressionRatio = 4096;

std::string filterName(H5Z_filter_t id) {
    switch (id) {
    case 1:
        return "deflate (gzip, id 1)";
    case 2:
        return "shuffle (id 2)";
    case 32000:
        return "LZF (id 32000; install Debian's hdf5-plugin-lzf)";
    case 32001:
        return "Blosc (id 32001)";
    case 32004:
        return "LZ4 (id 32004)";
    case 32008:
        return "bitshuffle (id 32008)";
    case 32015:
        return "Zstandard (id 32015)";
    default:
        return "id " + std::to_string(id);
    }
}

} // namespace

DatasetReader::DatasetReader(const H5File& file, hid_t loc, std::string name, std::string step)
    : file_(file), name_(std::move(name)), step_(std::move(step)) {
    dataset_ = file_.openDataset(loc, name_, step_);
    type_ = Datatype(H5Dget_type(dataset_.get()));
    if (!type_)
        file_.corrupt(step_, "cannot read the type of '" + name_ + "'");
    typeClass_ = H5Tget_class(type_.get());
    Dataspace space(H5Dget_space(dataset_.get()));
    if (!space)
        file_.corrupt(step_, "cannot read the shape of '" + name_ + "'");
    rank_ = H5Sget_simple_extent_ndims(space.get());
    if (rank_ < 0)
        file_.corrupt(step_, "cannot read the shape of '" + name_ + "'");
    dims_.resize(static_cast<std::size_t>(rank_));
    if (rank_ > 0 && H5Sget_simple_extent_dims(space.get(), dims_.data(), nullptr) < 0)
        file_.corrupt(step_, "cannot read the shape of '" + name_ + "'");
}

std::uint64_t DatasetReader::length() const {
    if (rank_ != 1)
        file_.corrupt(step_, "'" + name_ + "' is not one-dimensional");
    return dims_[0];
}

void DatasetReader::checkFilters() const {
    PropertyList dcpl(H5Dget_create_plist(dataset_.get()));
    if (!dcpl)
        file_.corrupt(step_, "cannot read the storage of '" + name_ + "'");
    const int count = H5Pget_nfilters(dcpl.get());
    for (int i = 0; i < count; ++i) {
        unsigned flags = 0;
        size_t nelmts = 0;
        unsigned config = 0;
        const H5Z_filter_t id = H5Pget_filter2(dcpl.get(), static_cast<unsigned>(i), &flags,
                                               &nelmts, nullptr, 0, nullptr, &config);
        if (id < 0)
            file_.corrupt(step_, "cannot read the filters of '" + name_ + "'");
        if (H5Zfilter_avail(id) <= 0)
            throw MissingFilterError(file_.path(), step_,
                                     "'" + name_ + "' is compressed with the HDF5 filter " +
                                         filterName(id) + ", which is not available");
    }
}

void DatasetReader::checkAllocation(std::uint64_t elements, std::size_t elementSize) const {
    if (elements == 0)
        return;
    checkClaimedSize(elements, elementSize);
    PropertyList dcpl(H5Dget_create_plist(dataset_.get()));
    checkWritten(elements, dcpl.get());
}

void DatasetReader::checkClaimedSize(std::uint64_t elements, std::size_t elementSize) const {
    if (elements == 0)
        return;
    PropertyList dcpl(H5Dget_create_plist(dataset_.get()));
    const bool filtered = dcpl && H5Pget_nfilters(dcpl.get()) > 0;
    const std::uint64_t limit =
        filtered ? file_.fileSize() * kMaxCompressionRatio : file_.fileSize() + 4096;
    if (elements > limit / elementSize)
        file_.corrupt(step_, "'" + name_ + "' claims " + std::to_string(elements) +
                                 " elements, more than the file can hold (truncated or damaged)");
}

void DatasetReader::checkWritten(std::uint64_t elements, hid_t creation) const {
    // Values never written read as fill values: they take no byte of the
    // file, so a small file could claim any number of calls and have libhdf5
    // make them up, past every size check and the memory budget. No writer
    // of profiles leaves a column unwritten.
    const std::string claim = "'" + name_ + "' claims " + std::to_string(elements) + " elements";
    if (H5Dget_storage_size(dataset_.get()) == 0)
        file_.corrupt(step_, claim + ", but none was ever written (truncated or damaged)");
    hsize_t chunk[1] = {0};
    hsize_t written = 0;
    if (creation < 0 || H5Pget_layout(creation) != H5D_CHUNKED || rank() != 1 ||
        H5Pget_chunk(creation, 1, chunk) != 1 || chunk[0] == 0)
        return;
    // libhdf5 1.10 takes the dataset's own space here, not H5S_ALL.
    const Dataspace space(H5Dget_space(dataset_.get()));
    if (!space || H5Dget_num_chunks(dataset_.get(), space.get(), &written) < 0)
        return;
    const std::uint64_t chunks = (elements + chunk[0] - 1) / chunk[0];
    if (written < chunks)
        file_.corrupt(step_, claim + " in " + std::to_string(chunks) + " chunks, but only " +
                                 std::to_string(written) +
                                 " of them were ever written (truncated or damaged)");
}

void DatasetReader::readAll(hid_t memType, void* out) const {
    if (H5Dread(dataset_.get(), memType, H5S_ALL, H5S_ALL, H5P_DEFAULT, out) < 0)
        file_.corrupt(step_, "cannot read '" + name_ + "' (truncated or damaged)");
}

void DatasetReader::readInt64(std::span<std::int64_t> out) const {
    const std::uint64_t n = length();
    if (!isInteger())
        file_.corrupt(step_, "'" + name_ + "' does not hold integers");
    if (out.size() != n)
        file_.corrupt(step_, "'" + name_ + "' has an unexpected length");
    checkAllocation(n, sizeof(std::int64_t));
    checkFilters();
    Dataspace fileSpace(H5Dget_space(dataset_.get()));
    for (hsize_t begin = 0; begin < n; begin += kSlabElements) {
        file_.checkCancelled(step_);
        hsize_t count = std::min<hsize_t>(kSlabElements, n - begin);
        Dataspace memSpace(H5Screate_simple(1, &count, nullptr));
        if (H5Sselect_hyperslab(fileSpace.get(), H5S_SELECT_SET, &begin, nullptr, &count, nullptr) <
                0 ||
            H5Dread(dataset_.get(), H5T_NATIVE_INT64, memSpace.get(), fileSpace.get(), H5P_DEFAULT,
                    out.data() + begin) < 0)
            file_.corrupt(step_, "cannot read '" + name_ + "' (truncated or damaged)");
    }
}

std::vector<std::int64_t> DatasetReader::readInt64() const {
    const std::uint64_t n = length();
    checkAllocation(n, sizeof(std::int64_t));
    std::vector<std::int64_t> values(n);
    readInt64(values);
    return values;
}

std::vector<std::uint64_t> DatasetReader::readUInt64() const {
    const std::uint64_t n = length();
    if (!isInteger())
        file_.corrupt(step_, "'" + name_ + "' does not hold integers");
    checkAllocation(n, sizeof(std::uint64_t));
    checkFilters();
    std::vector<std::uint64_t> values(n);
    if (n > 0)
        readAll(H5T_NATIVE_UINT64, values.data());
    return values;
}

std::vector<double> DatasetReader::readDouble() const {
    std::uint64_t n = 1;
    for (hsize_t d : dims_) {
        if (d != 0 && n > UINT64_MAX / d)
            file_.corrupt(step_, "'" + name_ + "' has an impossible shape");
        n *= d;
    }
    if (!isFloat() && !isInteger())
        file_.corrupt(step_, "'" + name_ + "' does not hold numbers");
    checkAllocation(n, sizeof(double));
    checkFilters();
    std::vector<double> values(n);
    if (n > 0)
        readAll(H5T_NATIVE_DOUBLE, values.data());
    return values;
}

std::vector<std::string> DatasetReader::readStrings() const {
    const std::uint64_t n = length();
    if (!isString())
        file_.corrupt(step_, "'" + name_ + "' does not hold strings");
    checkFilters();
    std::vector<std::string> values;
    if (n == 0)
        return values;
    const htri_t variable = H5Tis_variable_str(type_.get());
    if (variable < 0)
        file_.corrupt(step_, "cannot read the string type of '" + name_ + "'");
    if (variable > 0) {
        checkAllocation(n, sizeof(char*));
        std::vector<char*> raw(n, nullptr);
        Datatype memType(H5Tcopy(H5T_C_S1));
        H5Tset_size(memType.get(), H5T_VARIABLE);
        H5Tset_cset(memType.get(), H5Tget_cset(type_.get()));
        readAll(memType.get(), raw.data());
        values.reserve(n);
        for (char* s : raw)
            values.emplace_back(s != nullptr ? s : "");
        Dataspace space(H5Dget_space(dataset_.get()));
        H5Dvlen_reclaim(memType.get(), space.get(), H5P_DEFAULT, raw.data());
        return values;
    }
    const std::size_t width = H5Tget_size(type_.get());
    if (width == 0)
        file_.corrupt(step_, "cannot read the string type of '" + name_ + "'");
    checkAllocation(n, width);
    std::vector<char> raw(n * width);
    Datatype memType(H5Tcopy(type_.get()));
    readAll(memType.get(), raw.data());
    values.reserve(n);
    for (std::uint64_t i = 0; i < n; ++i) {
        const char* begin = raw.data() + i * width;
        values.emplace_back(begin, std::find(begin, begin + width, '\0'));
    }
    return values;
}

void DatasetReader::readCompound(hid_t memType, void* out, std::uint64_t count) const {
    if (!isCompound())
        file_.corrupt(step_, "'" + name_ + "' is not a compound dataset");
    if (length() != count)
        file_.corrupt(step_, "'" + name_ + "' has an unexpected length");
    checkAllocation(count, H5Tget_size(memType));
    checkFilters();
    if (count > 0)
        readAll(memType, out);
}

} // namespace scope::h5
