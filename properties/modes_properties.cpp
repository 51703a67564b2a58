// Properties of the mode operations and the coordinate conversions (cute/layout.hpp
// "Operations to manipulate Layouts like a tuple of pairs", cute/tuple_algorithms.hpp,
// cute/stride.hpp crd2crd, cute/arithmetic_tuple.hpp make_basis_like): impl ≡ spec, with indices
// inside and outside the layout's range (both refuse the latter as malformed input).
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include "classify.hpp"
#include "property.hpp"

namespace lp = layoutref::properties;
namespace lr = layoutref::rapidcheck;
namespace sp = layoutref::spec;
using layoutref::notation::Term;

namespace {

Term idx(int i) { return Term::make_integer(i, false); }

/// An index in [lo, hi], sometimes one outside it (when `bad`).
int pick(int lo, int hi, bool bad) {
  if (bad && *rc::gen::inRange(0, 3) == 0) return *rc::gen::element(lo - 1, hi + 1);
  return *rc::gen::inRange(lo, hi + 1);
}

}  // namespace

// impl ≡ spec: flatten, group, take, select, append, prepend and unflatten of any layout.
LAYOUTREF_PROP(modes, impl_matches_spec, ()) {
  sp::Layout l = *lr::layout(lr::Bounds{3, 4, 8, 4096, 8}, lr::StrideMix{true, true, 24});
  lp::classify(l);
  int r = sp::rank(l);
  bool bad = *rc::gen::inRange(0, 4) == 0;
  RC_TAG(bad ? "indices may be out of range" : "indices in range");
  Term t = lp::term(l);
  lp::require_computed(lp::require_agreement("flatten", {t}));
  int b = pick(0, r, bad), e = pick(b, r, bad);
  lp::require_agreement("group", {t, idx(b), idx(e)});
  int tb = pick(0, r - 1, bad), te = pick(tb + 1, r, bad);
  lp::require_agreement("take", {t, idx(tb), idx(te)});
  std::vector<Term> sel = {t};
  int n = *rc::gen::inRange(0, 4);
  for (int k = 0; k < n; ++k) sel.push_back(idx(pick(0, r - 1, bad)));
  lp::require_agreement("select", sel);
  Term x = lp::term(*lr::layout(lr::Bounds{2, 2, 3, 64, 6}));
  lp::require_computed(lp::require_agreement("append", {t, x}));
  lp::require_computed(lp::require_agreement("prepend", {t, x}));
  int m = pick(r, r + 3, bad);
  lp::require_agreement("append", {t, idx(m)});
  lp::require_agreement("prepend", {t, idx(m), x});
  // unflatten(flatten(L), L's shape) and unflatten(L, a profile with rank(L) leaves)
  auto flat = lp::impl_compute("flatten", {t});
  RC_ASSERT(flat.has_value());
  lp::require_computed(lp::require_agreement("unflatten", {*flat, lp::term(l.shape)}));
}

// impl ≡ spec: make_identity_layout(S) and crd2crd(c, S, D) for a D of the same size.
LAYOUTREF_PROP(modes, identity_and_crd2crd_impl_match_spec, ()) {
  sp::IntTuple s = *lr::shape(lr::Bounds{3, 3, 4, 512, 8});
  lp::require_computed(lp::require_agreement("make_identity_layout", {lp::term(s)}));
  sp::IntTuple c = *lr::coordinate(s);
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
