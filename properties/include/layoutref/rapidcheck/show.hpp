// layoutref::rapidcheck — RapidCheck's showValue for layoutref's values: CuTe notation.
//
// RapidCheck prints a counterexample with showValue(x, os), found by argument-dependent
// lookup, so these overloads live in the values' own namespaces. Every value prints in the
// notation `layoutref eval` and the conformance files read, so a counterexample can be pasted
// into `layoutref eval '...'` as it is.
#pragma once

#include <layoutref/notation/print.hpp>
#include <layoutref/notation/term.hpp>
#include <layoutref/spec/swizzle.hpp>
#include <layoutref/spec/term.hpp>
#include <layoutref/spec/tiler.hpp>

#include <ostream>

namespace layoutref::spec {

inline void showValue(IntTuple const& t, std::ostream& os) { os << str(t); }
inline void showValue(Layout const& l, std::ostream& os) { os << str(l); }
inline void showValue(Tiler const& t, std::ostream& os) { os << t.str(); }
inline void showValue(Swizzle const& s, std::ostream& os) { os << s.str(); }
inline void showValue(ComposedLayout const& c, std::ostream& os) { os << str(c); }

}  // namespace layoutref::spec

namespace layoutref::notation {

inline void showValue(Term const& t, std::ostream& os) { os << print(t); }

}  // namespace layoutref::notation
