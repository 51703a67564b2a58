// layoutref::notation — writing CuTe's printed notation.
#pragma once

#include <layoutref/notation/term.hpp>

#include <string>

namespace layoutref::notation {

/// Print a term exactly as `cute::print` writes it (`_` marks static integers; tuples
/// without spaces; ` o ` between chain parts). Angle tuples print as `<a, b>`.
/// For every text t that parses and is written the way CuTe prints (no blanks except the
/// ` o ` between chain parts and `, ` inside angle tuples), print(parse(t).term) == t.
std::string print(Term const& t);

/// Text of an integer leaf: `_4` or `4`.
std::string print(Integer const& i);

}  // namespace layoutref::notation
