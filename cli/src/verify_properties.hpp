// layoutref cli — the property suite's results in `layoutref verify` (docs/properties.md).
#pragma once

#include <string>

namespace layoutref::cli {

/// Run the property program `layoutref-properties` found beside this executable with the CI
/// budget (RC_PARAMS "seed=1 max_success=5000", or LAYOUTREF_PROPERTY_CASES cases) and append
/// one line per property (pass/FAIL, cases, time) and a total to `out`. Returns false when a
/// property fails or the program cannot be run; true, with a line saying so, when it was not
/// built (rapidcheck missing).
bool verify_properties(std::string& out);

}  // namespace layoutref::cli
