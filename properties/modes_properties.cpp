// Properties of the mode operations and the coordinate conversions (cute/layout.hpp
// "Operations to manipulate Layouts like a tuple of pairs", cute/tuple_algorithms.hpp,
// cute/stride.hpp crd2crd, cute/arithmetic_tuple.hpp make_basis_like): impl ≡ spec, with indices
// inside and outside the layout's range (both refuse the latter as malformed input).
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include "classify.hpp"
#include "property.hpp"

#include <layoutref/generators/modes.hpp>

namespace gn = layoutref::generators;
namespace lp = layoutref::properties;
namespace lr = layoutref::rapidcheck;
namespace sp = layoutref::spec;
using layoutref::notation::Term;

namespace {

Term idx(int i) { return Term::make_integer(i, false); }

}  // namespace

// impl ≡ spec: flatten, group, take, select, append, prepend and unflatten of any layout.
LAYOUTREF_PROP(modes, impl_matches_spec, ()) {
  lr::RcSource s;
  gn::ModesInput in = gn::modes_input(s);
  sp::Layout const& l = in.layout;
  lp::classify(l);
  RC_TAG(in.bad ? "indices may be out of range" : "indices in range");
  Term t = lp::term(l);
  lp::require_computed(lp::require_agreement("flatten", {t}));
  lp::require_agreement("group", {t, idx(in.group_b), idx(in.group_e)});
  lp::require_agreement("take", {t, idx(in.take_b), idx(in.take_e)});
  std::vector<Term> sel = {t};
  for (int i : in.select) sel.push_back(idx(i));
  lp::require_agreement("select", sel);
  Term x = lp::term(in.x);
  lp::require_computed(lp::require_agreement("append", {t, x}));
  lp::require_computed(lp::require_agreement("prepend", {t, x}));
  lp::require_agreement("append", {t, idx(in.m)});
  lp::require_agreement("prepend", {t, idx(in.m), x});
  // unflatten(flatten(L), L's shape) and unflatten(L, a profile with rank(L) leaves)
  auto flat = lp::impl_compute("flatten", {t});
  RC_ASSERT(flat.has_value());
  lp::require_computed(lp::require_agreement("unflatten", {*flat, lp::term(l.shape)}));
}

// impl ≡ spec: make_identity_layout(S) and crd2crd(c, S, D) for a D of the same size.
LAYOUTREF_PROP(modes, identity_and_crd2crd_impl_match_spec, ()) {
  lr::RcSource source;
  gn::Crd2crdInput in = gn::crd2crd_input(source);
  sp::IntTuple const& s = in.shape;
  sp::IntTuple const& c = in.coord;
  lp::require_computed(lp::require_agreement("make_identity_layout", {lp::term(s)}));
  // D = S; D = a plain integer (the 1-D index); D = the leaves of S flat (mode by mode when both
  // are tuples: the ranks must agree, else both refuse, CuTe's "Mismatched Ranks").
  lp::require_computed(lp::require_agreement("crd2crd", {lp::term(c), lp::term(s), lp::term(s)}));
  lp::require_computed(lp::require_agreement("crd2crd", {lp::term(c), lp::term(s), Term::make_integer(sp::size(s), false)}));
  std::vector<Term> leaves;
  for (sp::i64 e : sp::leaves(s)) leaves.push_back(Term::make_integer(e, false));
  if (leaves.size() > 1) lp::require_agreement("crd2crd", {lp::term(c), lp::term(s), Term::make_tuple(leaves)});
  // D of another size: both refuse (CuTe's commented-out size assert; impl answered before).
  lp::require_agreement("crd2crd", {lp::term(c), lp::term(s), Term::make_integer(sp::size(s) + 1, false)});
}
