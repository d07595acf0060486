#include "H5Library.h"

#include "ZstdFilter.h"

#include <hdf5.h>

#include <mutex>

namespace scope::h5 {

void prepareThread() {
    H5Eset_auto2(H5E_DEFAULT, nullptr, nullptr);
    static std::once_flag registered;
    std::call_once(registered, registerZstdFilter);
}

} // namespace scope::h5
