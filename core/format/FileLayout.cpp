// SPDX-License-Identifier: GPL-3.0-or-later
#include "FileLayout.h"

#include "h5/AttributeReader.h"
#include "model/Errors.h"

namespace scope {
namespace {

constexpr const char* kStep = "reading the schema version";

int readSchemaVersion(const h5::H5File& file) {
    const hid_t root = file.root();
    if (H5Aexists(root, "scope_profiler_schema") <= 0)
        return 1;
    h5::Attribute attribute(H5Aopen(root, "scope_profiler_schema", H5P_DEFAULT));
    h5::Datatype type(attribute ? H5Aget_type(attribute.get()) : H5I_INVALID_HID);
    h5::Dataspace space(attribute ? H5Aget_space(attribute.get()) : H5I_INVALID_HID);
    if (!type || !space)
        throw InvalidSchemaError(file.path(), kStep,
                                 "the scope_profiler_schema attribute is unreadable");
    // h5py stores booleans as an enum, which H5Tget_class tells apart from integers.
    if (H5Tget_class(type.get()) != H5T_INTEGER || H5Sget_simple_extent_npoints(space.get()) != 1)
        throw InvalidSchemaError(file.path(), kStep,
                                 "invalid schema: scope_profiler_schema must be an integer");
    std::int64_t version = 0;
    if (H5Aread(attribute.get(), H5T_NATIVE_INT64, &version) < 0)
        throw InvalidSchemaError(file.path(), kStep,
                                 "the scope_profiler_schema attribute is unreadable");
    if (version < 1 || version > 1'000'000)
        throw InvalidSchemaError(file.path(), kStep,
                                 "invalid schema: scope_profiler_schema is " +
                                     std::to_string(version));
    return static_cast<int>(version);
}

} // namespace

FileLayout FileLayout::detect(const h5::H5File& file) {
    FileLayout layout;
    layout.schemaVersion = readSchemaVersion(file);
    const hid_t root = file.root();
    const auto storage = h5::AttributeReader(file, root, kStep).text("storage_layout");
    if (storage && *storage == "aggregate")
        layout.storage = StorageLayout::Aggregate;
    else if (storage && *storage != "columnar")
        file.corrupt(kStep, "unknown storage_layout '" + *storage + "'");
    layout.hasRowIndex = file.exists(root, "region_table/names") &&
                         file.exists(root, "rank_region_index/region_ids");
    layout.deltaEncoded = file.exists(root, "events/start_deltas");
    layout.hasSummaryColumns = file.exists(root, "rank_region_index/summary_statistics");
    return layout;
}

} // namespace scope
