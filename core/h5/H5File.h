// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "H5Handle.h"
#include "base/ReadControl.h"
#include "plan/EventBytes.h"
#include "plan/FileIdentity.h"

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace scope::h5 {

// An open HDF5 file plus what every read needs to report errors (the path) and
// to honour cancellation and progress (the ReadControl).
class H5File {
public:
    // Throws FileNotFoundError or CorruptProfileError (not HDF5, truncated).
    H5File(std::string path, ReadControl control);
    // Reads a file image held in memory (HDF5's core driver, nothing touches
    // the disk): fuzzing and tests feed bytes without writing files. `name`
    // stands for the path in error messages. Throws CorruptProfileError.
    static H5File openImage(std::span<const std::byte> image, std::string name,
                            ReadControl control);

    const std::string& path() const { return path_; }
    hid_t root() const { return file_.get(); }
    std::uint64_t fileSize() const { return fileSize_; }
    // The file libhdf5 has open; nullopt for an image.
    const std::optional<FileIdentity>& identity() const { return identity_; }
    // Whether the addresses libhdf5 reports for raw data are byte offsets in
    // the file: not so behind a user block, which libhdf5 1.10 leaves out of
    // chunk addresses.
    bool rawOffsetsAreFileOffsets() const { return rawOffsets_; }
    // The file's bytes, for reading structures libhdf5 is slow to report
    // (BTreeChunkIndex); nullptr when the file cannot be opened again, or
    // when its addresses are not the 8-byte offsets that code reads.
    const EventBytes* rawBytes() const { return rawBytes_ ? &*rawBytes_ : nullptr; }

    [[noreturn]] void corrupt(std::string_view step, std::string_view what) const;
    // Throws ReadCancelled when the user asked to stop.
    void checkCancelled(std::string_view step) const;
    void progress(double fraction, std::string_view message) const;

    // True when every component of the slash-separated path exists below loc.
    bool exists(hid_t loc, std::string_view path) const;
    bool isGroup(hid_t loc, std::string_view name) const;
    // Names of the links in a group, in HDF5's name order.
    std::vector<std::string> children(hid_t group, std::string_view step) const;
    Group openGroup(hid_t loc, std::string_view name, std::string_view step) const;
    Dataset openDataset(hid_t loc, std::string_view name, std::string_view step) const;

private:
    H5File(std::string name, std::uint64_t size, ReadControl control);
    void readStorageFacts(std::optional<EventBytes> bytes);

    std::string path_;
    ReadControl control_;
    File file_;
    std::uint64_t fileSize_ = 0;
    std::optional<FileIdentity> identity_;
    bool rawOffsets_ = false;
    std::optional<EventBytes> rawBytes_;
};

} // namespace scope::h5
