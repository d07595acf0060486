// SPDX-License-Identifier: GPL-3.0-or-later
#include "H5File.h"

#include "DescriptorDriver.h"
#include "H5Library.h"
#include "model/Errors.h"
#include "plan/RegularFile.h"

#include <array>
#include <atomic>
#include <filesystem>
#include <system_error>

namespace scope::h5 {
namespace {

// HDF5's format signature, at offset 0 or at 512, 1024, 2048, ... behind a user block.
bool hasHdf5Signature(int fd, std::uint64_t size) {
    constexpr std::array<std::byte, 8> kSignature = {
        std::byte{0x89}, std::byte{'H'},  std::byte{'D'},  std::byte{'F'},
        std::byte{'\r'}, std::byte{'\n'}, std::byte{0x1a}, std::byte{'\n'}};
    std::array<std::byte, 8> head{};
    for (std::uint64_t offset = 0; offset + head.size() <= size;
         offset = offset == 0 ? 512 : offset * 2) {
        if (!EventBytes::readFully(fd, offset, head))
            return false;
        if (head == kSignature)
            return true;
    }
    return false;
}

herr_t collectName(hid_t, const char* name, const H5L_info_t*, void* data) {
    static_cast<std::vector<std::string>*>(data)->emplace_back(name);
    return 0;
}

} // namespace

H5File::H5File(std::string path, ReadControl control)
    : path_(std::move(path)), control_(std::move(control)) {
    prepareThread();
    constexpr const char* kStep = "opening the file";
    const RegularFile file = RegularFile::open(path_, kStep);
    fileSize_ = file.size();
    identity_ = file.identity();
    // The most common broken profile: the job died before the writer flushed.
    if (fileSize_ == 0)
        throw CorruptProfileError(path_, kStep,
                                  "empty file (0 bytes): the run probably ended before the "
                                  "profile was written");
    std::error_code noDirectory;
    std::string absoluteName = std::filesystem::absolute(path_, noDirectory).string();
    if (noDirectory)
        absoluteName = path_;
    // Made while descriptors may still be made (see below).
    EventBytes bytes = EventBytes::adopt(path_, file.duplicate(path_, kStep), fileSize_);
    // Not one byte of the file has been read yet: a process that confines
    // itself (the read helper) does it here, so that everything libhdf5
    // parses is parsed confined, and libhdf5 never opens a path.
    if (control_.opened)
        control_.opened();
    if (!hasHdf5Signature(file.fd(), fileSize_))
        throw CorruptProfileError(path_, kStep, "not an HDF5 file");
    const PropertyList access = DescriptorDriver::accessFor(file.fd());
    // The name is only libhdf5's bookkeeping, but a relative one makes it ask
    // for the working directory, which a confined process may not.
    file_ = File(H5Fopen(absoluteName.c_str(), H5F_ACC_RDONLY, access.get()));
    if (!file_)
        throw CorruptProfileError(path_, kStep, "HDF5 cannot open it (truncated or damaged)");
    readStorageFacts(std::move(bytes));
}

void H5File::readStorageFacts(std::optional<EventBytes> bytes) {
    PropertyList creation(H5Fget_create_plist(file_.get()));
    hsize_t userBlock = 1;
    std::size_t addressBytes = 0;
    std::size_t lengthBytes = 0;
    rawOffsets_ = creation && H5Pget_userblock(creation.get(), &userBlock) >= 0 && userBlock == 0;
    if (rawOffsets_ && H5Pget_sizes(creation.get(), &addressBytes, &lengthBytes) >= 0 &&
        addressBytes == 8 && lengthBytes == 8 && bytes)
        rawBytes_.emplace(std::move(*bytes));
}

H5File::H5File(std::string name, std::uint64_t size, ReadControl control)
    : path_(std::move(name)), control_(std::move(control)), fileSize_(size) {}

H5File H5File::openImage(std::span<const std::byte> image, std::string name, ReadControl control) {
    prepareThread();
    H5File file(std::move(name), image.size(), std::move(control));
    if (image.empty())
        file.corrupt("opening the file", "not an HDF5 file (empty)");
    PropertyList access(H5Pcreate(H5P_FILE_ACCESS));
    // No backing store: the image is read-only and never written back.
    if (!access || H5Pset_fapl_core(access.get(), 64 * 1024, false) < 0 ||
        H5Pset_file_image(access.get(), const_cast<std::byte*>(image.data()), image.size()) < 0)
        file.corrupt("opening the file", "HDF5 cannot take the file image");
    // HDF5 takes two open files with the same name for one and shares them, so
    // each image gets a name of its own.
    static std::atomic<std::uint64_t> opened{0};
    const std::string unique = "scope-image-" + std::to_string(opened++);
    file.file_ = File(H5Fopen(unique.c_str(), H5F_ACC_RDONLY, access.get()));
    if (!file.file_)
        file.corrupt("opening the file", "HDF5 cannot open it (not HDF5, truncated or damaged)");
    file.readStorageFacts(EventBytes::image(image, file.path_));
    return file;
}

void H5File::corrupt(std::string_view step, std::string_view what) const {
    throw CorruptProfileError(path_, std::string(step), std::string(what));
}

void H5File::checkCancelled(std::string_view step) const {
    if (control_.cancel != nullptr && control_.cancel->load(std::memory_order_relaxed))
        throw ReadCancelled(path_, std::string(step), "cancelled");
}

void H5File::progress(double fraction, std::string_view message) const {
    if (control_.progress)
        control_.progress(fraction, message);
}

bool H5File::exists(hid_t loc, std::string_view path) const {
    std::string prefix;
    std::size_t begin = 0;
    while (begin <= path.size()) {
        const std::size_t end = std::min(path.find('/', begin), path.size());
        if (!prefix.empty())
            prefix += '/';
        prefix += path.substr(begin, end - begin);
        if (H5Lexists(loc, prefix.c_str(), H5P_DEFAULT) <= 0)
            return false;
        begin = end + 1;
    }
    return H5Oexists_by_name(loc, prefix.c_str(), H5P_DEFAULT) > 0;
}

bool H5File::isGroup(hid_t loc, std::string_view name) const {
    const std::string n(name);
    if (!exists(loc, name))
        return false;
    H5O_info_t info;
    if (H5Oget_info_by_name(loc, n.c_str(), &info, H5P_DEFAULT) < 0)
        return false;
    return info.type == H5O_TYPE_GROUP;
}

std::vector<std::string> H5File::children(hid_t group, std::string_view step) const {
    std::vector<std::string> names;
    hsize_t index = 0;
    if (H5Literate(group, H5_INDEX_NAME, H5_ITER_INC, &index, collectName, &names) < 0)
        corrupt(step, "cannot list the group (truncated or damaged)");
    return names;
}

Group H5File::openGroup(hid_t loc, std::string_view name, std::string_view step) const {
    Group group(H5Gopen2(loc, std::string(name).c_str(), H5P_DEFAULT));
    if (!group)
        corrupt(step, "cannot open group '" + std::string(name) + "'");
    return group;
}

Dataset H5File::openDataset(hid_t loc, std::string_view name, std::string_view step) const {
    Dataset dataset(H5Dopen2(loc, std::string(name).c_str(), H5P_DEFAULT));
    if (!dataset)
        corrupt(step, "cannot open dataset '" + std::string(name) + "'");
    return dataset;
}

} // namespace scope::h5
