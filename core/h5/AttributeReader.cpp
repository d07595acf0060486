// SPDX-License-Identifier: GPL-3.0-or-later
#include "AttributeReader.h"

#include <algorithm>

namespace scope::h5 {
namespace {

// Attributes live in the object header, so anything larger than this is damage.
constexpr hssize_t kMaxAttributeElements = 1 << 20;

herr_t collectAttributeName(hid_t, const char* name, const H5A_info_t*, void* data) {
    static_cast<std::vector<std::string>*>(data)->emplace_back(name);
    return 0;
}

std::optional<std::vector<std::string>> readStrings(hid_t attribute, hid_t type, hssize_t count) {
    std::vector<std::string> values;
    if (count == 0)
        return values;
    const htri_t variable = H5Tis_variable_str(type);
    if (variable < 0)
        return std::nullopt;
    const auto n = static_cast<std::size_t>(count);
    if (variable > 0) {
        std::vector<char*> raw(n, nullptr);
        Datatype memType(H5Tcopy(H5T_C_S1));
        H5Tset_size(memType.get(), H5T_VARIABLE);
        H5Tset_cset(memType.get(), H5Tget_cset(type));
        if (H5Aread(attribute, memType.get(), raw.data()) < 0)
            return std::nullopt;
        for (char* s : raw)
            values.emplace_back(s != nullptr ? s : "");
        Dataspace space(H5Aget_space(attribute));
        H5Dvlen_reclaim(memType.get(), space.get(), H5P_DEFAULT, raw.data());
        return values;
    }
    const std::size_t width = H5Tget_size(type);
    if (width == 0 || width > (std::size_t{1} << 24))
        return std::nullopt;
    std::vector<char> raw(n * width);
    Datatype memType(H5Tcopy(type));
    if (H5Aread(attribute, memType.get(), raw.data()) < 0)
        return std::nullopt;
    for (std::size_t i = 0; i < n; ++i) {
        const char* begin = raw.data() + i * width;
        values.emplace_back(begin, std::find(begin, begin + width, '\0'));
    }
    return values;
}

} // namespace

AttributeReader::AttributeReader(const H5File& file, hid_t object, std::string step)
    : file_(file), object_(object), step_(std::move(step)) {}

bool AttributeReader::has(std::string_view name) const {
    return H5Aexists(object_, std::string(name).c_str()) > 0;
}

std::optional<MetadataValue> AttributeReader::value(std::string_view name) const {
    if (!has(name))
        return std::nullopt;
    Attribute attribute(H5Aopen(object_, std::string(name).c_str(), H5P_DEFAULT));
    if (!attribute)
        return std::nullopt;
    return read(attribute.get());
}

std::optional<MetadataValue> AttributeReader::read(hid_t attribute) const {
    Datatype type(H5Aget_type(attribute));
    Dataspace space(H5Aget_space(attribute));
    if (!type || !space)
        return std::nullopt;
    const H5S_class_t spaceClass = H5Sget_simple_extent_type(space.get());
    const hssize_t count = H5Sget_simple_extent_npoints(space.get());
    if (count < 0 || count > kMaxAttributeElements)
        return std::nullopt;
    const bool scalar = spaceClass == H5S_SCALAR;
    const int rank = H5Sget_simple_extent_ndims(space.get());
    switch (H5Tget_class(type.get())) {
    case H5T_STRING: {
        auto strings = readStrings(attribute, type.get(), count);
        if (!strings)
            return std::nullopt;
        if (scalar)
            return strings->empty() ? std::string() : (*strings)[0];
        return *strings;
    }
    case H5T_INTEGER: {
        if (!scalar && !(rank == 1 && count == 1))
            return std::nullopt;
        // Unsigned 64-bit values above INT64_MAX do not occur in these files;
        // HDF5 clamps them rather than wrapping.
        std::int64_t v = 0;
        if (H5Aread(attribute, H5T_NATIVE_INT64, &v) < 0)
            return std::nullopt;
        return v;
    }
    case H5T_FLOAT: {
        if (!scalar && !(rank == 1 && count == 1))
            return std::nullopt;
        double v = 0;
        if (H5Aread(attribute, H5T_NATIVE_DOUBLE, &v) < 0)
            return std::nullopt;
        return v;
    }
    default:
        return std::nullopt;
    }
}

std::optional<std::string> AttributeReader::text(std::string_view name) const {
    auto v = value(name);
    if (v && std::holds_alternative<std::string>(*v))
        return std::get<std::string>(*v);
    return std::nullopt;
}

std::optional<std::int64_t> AttributeReader::integer(std::string_view name) const {
    auto v = value(name);
    if (v && std::holds_alternative<std::int64_t>(*v))
        return std::get<std::int64_t>(*v);
    return std::nullopt;
}

std::optional<double> AttributeReader::number(std::string_view name) const {
    auto v = value(name);
    if (v && std::holds_alternative<double>(*v))
        return std::get<double>(*v);
    if (v && std::holds_alternative<std::int64_t>(*v))
        return static_cast<double>(std::get<std::int64_t>(*v));
    return std::nullopt;
}

std::vector<std::string> AttributeReader::texts(std::string_view name) const {
    auto v = value(name);
    if (v && std::holds_alternative<std::vector<std::string>>(*v))
        return std::get<std::vector<std::string>>(*v);
    if (v && std::holds_alternative<std::string>(*v))
        return {std::get<std::string>(*v)};
    return {};
}

std::vector<MetadataEntry> AttributeReader::all() const {
    std::vector<std::string> names;
    hsize_t index = 0;
    if (H5Aiterate2(object_, H5_INDEX_NAME, H5_ITER_INC, &index, collectAttributeName, &names) < 0)
        file_.corrupt(step_, "cannot list the attributes (truncated or damaged)");
    std::vector<MetadataEntry> entries;
    for (const std::string& name : names) {
        Attribute attribute(H5Aopen(object_, name.c_str(), H5P_DEFAULT));
        if (!attribute)
            continue;
        if (auto v = read(attribute.get()))
            entries.push_back({name, std::move(*v)});
    }
    return entries;
}

} // namespace scope::h5
