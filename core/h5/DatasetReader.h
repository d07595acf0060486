// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "H5File.h"

#include <cstdint>
#include <span>
#include <string>
#include <vector>

namespace scope::h5 {

// Reads one dataset with every size and type checked against the file before
// anything is allocated, and every HDF5 return value checked.
class DatasetReader {
public:
    // `name` is the path of the dataset below loc; it names it in error messages.
    DatasetReader(const H5File& file, hid_t loc, std::string name, std::string step);

    hid_t id() const { return dataset_.get(); }
    const std::string& name() const { return name_; }
    int rank() const { return rank_; }
    const std::vector<hsize_t>& dims() const { return dims_; }
    bool isInteger() const { return typeClass_ == H5T_INTEGER; }
    bool isFloat() const { return typeClass_ == H5T_FLOAT; }
    bool isString() const { return typeClass_ == H5T_STRING; }
    bool isCompound() const { return typeClass_ == H5T_COMPOUND; }
    // Number of elements of a 1-D dataset; corrupt when it is not 1-D.
    std::uint64_t length() const;

    // Throws MissingFilterError naming a filter the library cannot apply.
    void checkFilters() const;
    // Throws CorruptProfileError when `elements` of `elementSize` bytes are
    // more than this file can hold (damaged sizes must not be allocated), or
    // when the dataset, or some of its chunks, were never written.
    void checkAllocation(std::uint64_t elements, std::size_t elementSize) const;
    // The first half alone, for a caller that finds every chunk itself: the
    // second asks libhdf5 to walk the dataset's chunk index twice.
    void checkClaimedSize(std::uint64_t elements, std::size_t elementSize) const;

    // Reads a 1-D integer dataset into `out` (out.size() == length()), in slabs
    // so that cancellation is noticed and progress reported on big columns.
    void readInt64(std::span<std::int64_t> out) const;
    std::vector<std::int64_t> readInt64() const;
    std::vector<std::uint64_t> readUInt64() const;
    std::vector<double> readDouble() const; // any rank, row-major
    std::vector<std::string> readStrings() const;
    // Reads raw records of a compound dataset converted to `memType`.
    void readCompound(hid_t memType, void* out, std::uint64_t count) const;

private:
    void checkWritten(std::uint64_t elements, hid_t creation) const;
    void readAll(hid_t memType, void* out) const;

    const H5File& file_;
    std::string name_;
    std::string step_;
    Dataset dataset_;
    Datatype type_;
    H5T_class_t typeClass_ = H5T_NO_CLASS;
    int rank_ = 0;
    std::vector<hsize_t> dims_;
};

} // namespace scope::h5
