// Test support: lets GoogleTest show a Term as its notation text and kind.
#pragma once

#include <layoutref/notation/print.hpp>
#include <layoutref/notation/term.hpp>

#include <ostream>

namespace layoutref::notation {

/// GoogleTest's hook for printing a Term in assertion failures.
inline void PrintTo(Term const& t, std::ostream* os) {
  *os << "Term{kind=" << static_cast<int>(t.kind) << ", text=\"" << print(t) << "\"}";
}

}  // namespace layoutref::notation
