// Properties of coalesce, coalesce by profile, filter_zeros and filter (CuTe docs
// 02_layout_algebra.md "Coalesce"; cute/layout.hpp coalesce, filter_zeros, filter):
// impl ≡ spec, and the laws.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include "classify.hpp"
#include "property.hpp"

#include <layoutref/notation/print.hpp>

#include <algorithm>
#include <set>

namespace lp = layoutref::properties;
namespace lr = layoutref::rapidcheck;
namespace sp = layoutref::spec;
using layoutref::notation::Term;

namespace {

// A profile for coalesce(L, profile): rank <= rank(L) (admissible), or rank(L) + 1 (not).
Term profile_for(sp::Layout const& l, bool admissible) {
  int r = sp::rank(l);
  int k = admissible ? *rc::gen::inRange(1, r + 1) : r + 1;
  if (k == 1 && *rc::gen::inRange(0, 2) == 0) return Term::make_integer(1, false);
  std::vector<Term> items(static_cast<size_t>(k), Term::make_integer(1, false));
  return Term::make_tuple(items);
}

}  // namespace

// impl ≡ spec: coalesce, filter_zeros, filter of any layout (negative and 0 strides, scaled basis).
LAYOUTREF_PROP(coalesce, impl_matches_spec, ()) {
  bool basis = *rc::gen::inRange(0, 5) == 0;
  sp::Layout l = basis ? *lr::scaled_basis_layout() : *lr::layout(lr::Bounds{}, lr::StrideMix{true, true, 24});
  lp::classify(l);
  auto t = *lr::static_marks(lp::term(l));
  lp::require_computed(lp::require_agreement("coalesce", {t}));
  lp::require_computed(lp::require_agreement("filter_zeros", {t}));
  if (!basis) lp::require_computed(lp::require_agreement("filter", {t}));
}

// impl ≡ spec: coalesce and filter by profile, admissible (rank(profile) <= rank(L)) or not
// (coalesce.profile_rank).
LAYOUTREF_PROP(coalesce, by_profile_impl_matches_spec, ()) {
  sp::Layout l = *lr::layout();
  bool admissible = *rc::gen::inRange(0, 4) != 0;
  RC_TAG(admissible ? "profile admissible" : "profile too long");
  Term p = profile_for(l, admissible);
  auto a = lp::require_agreement("coalesce", {lp::term(l), p});
  if (admissible) lp::require_computed(a);
  lp::require_agreement("filter", {lp::term(l), p});
}

// Law (02_layout_algebra.md "Coalesce": "the coalesced layout has the same size and the same
// function"): coalesce(L)(i) = L(i) for every i in [0, size(L)).
LAYOUTREF_PROP(coalesce, law_keeps_function, ()) {
  sp::Layout l = *lr::layout(lr::Bounds{}, lr::StrideMix{true, true, 24});
  lp::classify(l);
  auto c = lp::impl_compute("coalesce", {lp::term(l)});
  RC_ASSERT(c.has_value());
  std::string why;
  if (!lp::same_function(lp::as_layout(*c), l, &why)) RC_FAIL("coalesce changed the function: " + why);
}

// Law (idempotence; cute/layout.hpp coalesce is a normal form): coalesce(coalesce(L)) has the
// same text as coalesce(L), and coalesce(L) is flat, has no size-1 mode unless it is `_1:_0`
// (cute/layout.hpp bw_coalesce: all modes of size 1 give Layout<_1,_0>), and
// no two neighbouring modes s0:d0, s1:d1 with s0*d0 = d1 (which coalesce merges; a zero stride
// is zero whatever basis it is written with, `0@1` = `0`). The inputs include scaled-basis
// strides and zero strides written as `0@k`.
LAYOUTREF_PROP(coalesce, law_normal_form, ()) {
  bool basis = *rc::gen::inRange(0, 3) == 0;
  sp::Layout l = basis ? *lr::scaled_basis_layout() : *lr::layout(lr::Bounds{}, lr::StrideMix{true, true, 24});
  RC_TAG(basis ? "scaled basis" : "integer strides");
  Term t = lp::term(l);
  if (basis) {  // write some zero strides as 0@k
    auto zero_paths = [](auto&& self, Term& x) -> void {
      if (x.kind == layoutref::notation::Kind::integer && x.integer.value == 0 && *rc::gen::inRange(0, 2) == 0)
        x = Term::make_basis(0, false, {*rc::gen::inRange(0, 3)});
      for (auto& c : x.children) self(self, c);
    };
    zero_paths(zero_paths, t.children[1]);
  }
  auto c = lp::impl_compute("coalesce", {t});
  RC_ASSERT(c.has_value());
  auto cc = lp::impl_compute("coalesce", {*c});
  RC_ASSERT(cc.has_value());
  RC_ASSERT(sp::to_layout(*cc) == sp::to_layout(*c));
  sp::Layout cl = sp::to_layout(*c);
  std::string text = "coalesce(" + layoutref::notation::print(t) + ") = " + layoutref::notation::print(*c);
  RC_ASSERT(sp::depth(cl) <= 1);
  auto ext = sp::leaves(cl.shape);
  auto str = sp::leaves(cl.stride);
  if (sp::size(cl) == 1) {
    if (!(cl.shape.is_leaf() && str[0] == sp::Value(0))) RC_FAIL(text + ": a size-1 result is not 1:0");
    return;
  }
  for (size_t k = 0; k < ext.size(); ++k) {
    if (ext[k] <= 1) RC_FAIL(text + ": a size-1 mode is left");
    if (k + 1 < ext.size() && ext[k] * str[k] == str[k + 1]) RC_FAIL(text + ": modes " + std::to_string(k) + " and " + std::to_string(k + 1) + " merge");
  }
}

// Law (cute/layout.hpp coalesce(layout, trg_profile): "coalesce each mode of trg_profile"):
// coalesce(L, profile) keeps the function and keeps rank(L) top-level modes when the profile is
// a tuple.
LAYOUTREF_PROP(coalesce, law_by_profile_keeps_function_and_rank, ()) {
  sp::Layout l = *lr::layout();
  Term p = profile_for(l, true);
  auto c = lp::impl_compute("coalesce", {lp::term(l), p});
  RC_ASSERT(c.has_value());
  sp::Layout cl = sp::to_layout(*c);
  std::string why;
  if (!lp::same_function(cl, l, &why)) RC_FAIL("coalesce(L, profile) changed the function: " + why);
  if (p.kind == layoutref::notation::Kind::tuple) RC_ASSERT(sp::rank(cl) == sp::rank(l));
}

// Law (cute/layout.hpp filter_zeros: "replace the modes of stride 0 by size 1"): the image of
// filter_zeros(L) is the set of values of L (each value of L is reached with the stride-0
// coordinates at 0, and only those), and filter(L) = coalesce(filter_zeros(L)) as functions.
LAYOUTREF_PROP(coalesce, law_filter_keeps_the_image_set, ()) {
  sp::Layout l = *lr::layout();
  lp::classify(l);
  auto fz = lp::impl_compute("filter_zeros", {lp::term(l)});
  auto f = lp::impl_compute("filter", {lp::term(l)});
  RC_ASSERT(fz.has_value() && f.has_value());
  auto img = lp::image(l);
  std::set<sp::i64> want(img.begin(), img.end());
  auto got = lp::image(sp::to_layout(*fz));
  RC_ASSERT(std::set<sp::i64>(got.begin(), got.end()) == want);
  auto c = lp::impl_compute("coalesce", {*fz});
  RC_ASSERT(c.has_value());
  std::string why;
  if (!lp::same_function(sp::to_layout(*f), sp::to_layout(*c), &why)) RC_FAIL("filter != coalesce(filter_zeros): " + why);
}
