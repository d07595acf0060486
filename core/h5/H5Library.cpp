// SPDX-License-Identifier: GPL-3.0-or-later
#include "H5Library.h"

#include "ZstdFilter.h"

#include <dlfcn.h>
#include <hdf5.h>

#include <mutex>
#include <string>
#include <vector>

namespace scope::h5 {
namespace {

constexpr H5Z_filter_t kLzfFilterId = 32000;

// The folders libhdf5 would search for plugins ($HDF5_PLUGIN_PATH, else its
// built-in folder), in its order.
std::vector<std::string> pluginFolders() {
    std::vector<std::string> folders;
    unsigned count = 0;
    if (H5PLsize(&count) < 0)
        return folders;
    for (unsigned i = 0; i < count; ++i) {
        const ssize_t length = H5PLget(i, nullptr, 0);
        if (length <= 0)
            continue;
        std::string folder(static_cast<std::size_t>(length) + 1, '\0');
        if (H5PLget(i, folder.data(), folder.size()) < 0)
            continue;
        folder.resize(static_cast<std::size_t>(length));
        folders.push_back(std::move(folder));
    }
    return folders;
}

// Debian's hdf5-plugin-lzf, loaded as the one file it is rather than found by
// a search that would dlopen every library in the folder.
void registerLzfPlugin() {
    if (H5Zfilter_avail(kLzfFilterId) > 0)
        return;
    // The plugin is not linked against liblzf, so its symbols must be there
    // first, global. The handles are kept for the life of the process.
    dlopen("liblzf.so.1", RTLD_NOW | RTLD_GLOBAL);
    using PluginInfo = const void* (*)();
    for (const std::string& folder : pluginFolders()) {
        void* plugin = dlopen((folder + "/liblzf_filter.so").c_str(), RTLD_NOW | RTLD_LOCAL);
        if (plugin == nullptr)
            continue;
        const auto info = reinterpret_cast<PluginInfo>(dlsym(plugin, "H5PLget_plugin_info"));
        if (info != nullptr && info() != nullptr && H5Zregister(info()) >= 0)
            return;
        dlclose(plugin);
    }
}

void configureLibrary() {
    // First, as asking whether a filter is there would otherwise search.
    H5PLset_loading_state(0);
    registerZstdFilter();
    registerLzfPlugin();
}

} // namespace

void prepareThread() {
    H5Eset_auto2(H5E_DEFAULT, nullptr, nullptr);
    static std::once_flag configured;
    std::call_once(configured, configureLibrary);
}

} // namespace scope::h5
