// SPDX-License-Identifier: GPL-3.0-or-later
#include "H5Library.h"

#include "ZstdFilter.h"

#include <dlfcn.h>
#include <hdf5.h>

#include <mutex>

namespace scope::h5 {
namespace {

void configureLibrary() {
    // Debian's hdf5-plugin-lzf is not linked against liblzf, so HDF5's dlopen of
    // it fails with "undefined symbol: lzf_decompress". Loading liblzf with
    // global symbols first lets the plugin resolve them. The handle is kept
    // for the life of the process, as the plugin will be.
    dlopen("liblzf.so.1", RTLD_NOW | RTLD_GLOBAL);
    registerZstdFilter();
}

} // namespace

void prepareThread() {
    H5Eset_auto2(H5E_DEFAULT, nullptr, nullptr);
    static std::once_flag configured;
    std::call_once(configured, configureLibrary);
}

void loadFilterPlugins(bool searchOthers) {
    constexpr H5Z_filter_t kLzfFilterId = 32000;
    // Asking for a filter makes libhdf5 search its plugin path and dlopen it.
    H5Zfilter_avail(kLzfFilterId);
    if (!searchOthers)
        H5PLset_loading_state(0);
}

} // namespace scope::h5
