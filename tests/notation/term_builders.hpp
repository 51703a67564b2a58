// Test support: short builders for the expected terms of the parse and print tests.
#pragma once

#include <layoutref/notation/term.hpp>

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace layoutref::notation::term_builders {

inline Term S(std::int64_t v) { return Term::make_integer(v, true); }   // static `_v`
inline Term D(std::int64_t v) { return Term::make_integer(v, false); }  // dynamic `v`
inline Term B(std::int64_t scale, bool is_static, std::vector<int> modes) {
  return Term::make_basis(scale, is_static, std::move(modes));
}
inline Term U() { return Term::make_underscore(); }
inline Term T(std::vector<Term> items) { return Term::make_tuple(std::move(items)); }
inline Term A(std::vector<Term> items) { return Term::make_tuple(std::move(items), true); }
inline Term L(Term shape, Term stride) { return Term::make_layout(std::move(shape), std::move(stride)); }
inline Term W(std::string w) { return Term::make_word(std::move(w)); }

}  // namespace layoutref::notation::term_builders
