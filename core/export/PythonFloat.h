// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <string>

namespace scope {

// A double exactly as Python's repr() (and so json.dumps) writes it: the
// shortest digits that round-trip, "0.0" rather than "0", and exponent form
// ("1e-05", "1e+16") only below 1e-4 or from 1e16 on. Exports use it so that
// our files compare byte for byte with scope-profiler's own.
// Non-finite values give Python's "nan", "inf" and "-inf".
std::string formatPythonFloat(double value);

} // namespace scope
