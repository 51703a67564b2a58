// Properties of CuTe's notation (docs/semantics.md; notation/print.hpp: print(parse(t)) == t
// for every text written the way CuTe prints): the round trip through impl and spec values.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include "classify.hpp"
#include "property.hpp"

#include <layoutref/impl/term.hpp>
#include <layoutref/notation/parse.hpp>
#include <layoutref/notation/print.hpp>

namespace lp = layoutref::properties;
namespace lr = layoutref::rapidcheck;
namespace sp = layoutref::spec;
namespace nt = layoutref::notation;

// Law (notation/print.hpp): parse(print(t)) == t and print(parse(print(t))) == print(t) for
// layouts (integer and basis strides, static markers anywhere) and swizzled layouts.
LAYOUTREF_PROP(notation, law_parse_after_print_is_identity, ()) {
  int kind = *rc::gen::inRange(0, 3);
  nt::Term t = kind == 0   ? lr::to_term(*lr::swizzled_layout())
               : kind == 1 ? lp::term(*lr::scaled_basis_layout())
                           : lp::term(*lr::layout(lr::Bounds{}, lr::StrideMix{true, true, 24}));
  t = *lr::static_marks(t);
  std::string text = nt::print(t);
  auto p = nt::parse(text);
  if (!p.ok) RC_FAIL(text + ": " + p.error.message());
  RC_ASSERT(p.term == t);
  RC_ASSERT(nt::print(p.term) == text);
}

// Law (impl/term.hpp, spec/term.hpp: each side converts from and to the neutral term, and impl
// keeps CuTe's static flags): impl::to_term(impl::to_layout(t)) prints as t, and
// spec::to_layout of it equals the generated spec layout.
LAYOUTREF_PROP(notation, law_impl_and_spec_round_trip, ()) {
  bool basis = *rc::gen::inRange(0, 4) == 0;
  sp::Layout l = basis ? *lr::scaled_basis_layout() : *lr::layout(lr::Bounds{}, lr::StrideMix{true, true, 24});
  nt::Term t = *lr::static_marks(lp::term(l));
  auto il = layoutref::impl::to_layout(t);
  if (!il.ok()) RC_FAIL(nt::print(t) + ": " + layoutref::impl::str(il.error));
  nt::Term back = layoutref::impl::to_term(il.value);
  RC_ASSERT(nt::print(back) == nt::print(t));
  RC_ASSERT(sp::to_layout(back) == l);
}
