// layoutref cli — `verify`'s proof step.
#pragma once

#include <string>

namespace layoutref::cli {

/// Lines of `layoutref verify`: the law library's answers with times; false when a law that
/// must be proved is not.
bool verify_proofs(bool json, std::string& out);

}  // namespace layoutref::cli
