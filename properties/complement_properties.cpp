// Properties of complement(A, M) and complement(A) (CuTe docs 02_layout_algebra.md
// "Complement"; J. Shah, "A Note on the Algebra of CuTe Layouts", Def. 2.6, Prop. 2.7;
// docs/semantics.md "Complement"): impl ≡ spec, and the laws.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include "classify.hpp"
#include "property.hpp"

#include <layoutref/notation/parse.hpp>

#include <algorithm>
#include <set>

namespace lp = layoutref::properties;
namespace lr = layoutref::rapidcheck;
namespace sp = layoutref::spec;
using layoutref::notation::Term;

namespace {

// M' = M rounded up to a multiple of N*d of the largest-stride mode (docs/semantics.md).
sp::i64 rounded_cotarget(sp::Layout const& a, sp::i64 m) {
  sp::i64 top = 1;
  auto ext = sp::leaves(a.shape);
  auto str = sp::leaves(a.stride);
  for (size_t i = 0; i < ext.size(); ++i) {
    sp::i64 d = str[i].integer();
    if (d != 0 && ext[i] > 1) top = std::max(top, ext[i] * d);
  }
  return (m + top - 1) / top * top;
}

}  // namespace

// impl ≡ spec on complementable (A, M), with and without the cotarget.
LAYOUTREF_PROP(complement, impl_matches_spec_complementable, ()) {
  lr::Complementable c = *lr::complementable();
  lp::classify(c.a);
  auto t = *lr::static_marks(lp::term(c.a));
  lp::require_computed(lp::require_agreement("complement", {t, lp::term(c.cotarget)}));
  lp::require_computed(lp::require_agreement("complement", {t}));
}

// impl ≡ spec on inputs built to violate stride divisibility, non-negativity or integer strides.
LAYOUTREF_PROP(complement, impl_matches_spec_inadmissible, ()) {
  lr::Complementable c = *lr::non_complementable();
  lp::require_agreement("complement", {lp::term(c.a), lp::term(c.cotarget)});
}

// impl ≡ spec on arbitrary layouts and cotargets.
LAYOUTREF_PROP(complement, impl_matches_spec_arbitrary, ()) {
  sp::Layout a = *lr::layout(lr::Bounds{3, 4, 5, 256, 12}, lr::StrideMix{true, true, 16});
  sp::i64 m = *rc::gen::inRange<sp::i64>(1, 512);
  lp::require_agreement("complement", {lp::term(a), lp::term(m)});
}

// Law (02_layout_algebra.md "Complement" postconditions; Shah Prop. 2.7): R = complement(A, M)
// is strictly increasing and (A, R) is a bijection onto [0, M') with M' = M rounded up to a
// multiple of the largest N*d (docs/semantics.md), so size(A)*size(R) = M' for injective A.
LAYOUTREF_PROP(complement, law_concatenation_is_bijection, ()) {
  lr::Complementable c = *lr::complementable();
  lp::classify(c.a);
  auto r = lp::impl_compute("complement", {lp::term(c.a), lp::term(c.cotarget)});
  RC_ASSERT(r.has_value());
  sp::Layout rl = sp::to_layout(*r);
  auto rv = lp::image(rl);
  sp::FlatLayout fr(rl);
  for (sp::i64 i = 1; i < fr.size(); ++i) RC_ASSERT(fr(i).integer() > fr(i - 1).integer());
  // (filter(A), R): A's stride-0 modes do not take part.
  auto fa = lp::impl_compute("filter", {lp::term(c.a)});
  RC_ASSERT(fa.has_value());
  sp::Layout al = sp::to_layout(*fa);
  sp::Layout cat(sp::IntTuple::tuple({al.shape, rl.shape}), sp::Stride::tuple({al.stride, rl.stride}));
  auto img = lp::image(cat);
  sp::i64 mp = rounded_cotarget(c.a, c.cotarget);
  RC_ASSERT(static_cast<sp::i64>(img.size()) == mp);
  for (sp::i64 i = 0; i < mp; ++i) RC_ASSERT(img[static_cast<size_t>(i)] == i);
}

// Law (complement of the complement; the interval tiling image(A) ⊕ image(R) = [0, M') is
// unique, docs/semantics.md "Complement"): for M a multiple of the largest N*d,
// complement(complement(A, M), M) has the image of filter(A) and is increasing, hence it is
// filter(A)'s function sorted by value.
LAYOUTREF_PROP(complement, law_complement_of_complement, ()) {
  lr::Complementable c = *lr::complementable();
  sp::i64 m = rounded_cotarget(c.a, c.cotarget);
  auto r = lp::impl_compute("complement", {lp::term(c.a), lp::term(m)});
  RC_ASSERT(r.has_value());
  auto rr = lp::impl_compute("complement", {*r, lp::term(m)});
  RC_ASSERT(rr.has_value());
  auto fa = lp::impl_compute("filter", {lp::term(c.a)});
  RC_ASSERT(fa.has_value());
  RC_ASSERT(lp::image(sp::to_layout(*rr)) == lp::image(sp::to_layout(*fa)));
  sp::FlatLayout f(sp::to_layout(*rr));
  for (sp::i64 i = 1; i < f.size(); ++i) RC_ASSERT(f(i).integer() > f(i - 1).integer());
}

// Law (cute/layout.hpp complement(layout): cotarget cosize(filter(A))): complement(A) equals
// complement(A, cosize(filter(A))) as a function.
LAYOUTREF_PROP(complement, law_default_cotarget, ()) {
  lr::Complementable c = *lr::complementable();
  auto fa = lp::impl_compute("filter", {lp::term(c.a)});
  RC_ASSERT(fa.has_value());
  auto cs = lp::impl_compute("cosize", {*fa});
  RC_ASSERT(cs.has_value());
  auto r1 = lp::impl_compute("complement", {lp::term(c.a)});
  auto r2 = lp::impl_compute("complement", {lp::term(c.a), *cs});
  RC_ASSERT(r1.has_value() && r2.has_value());
  RC_ASSERT(lp::same_function(sp::to_layout(*r1), sp::to_layout(*r2)));
}

// Law (cute/layout.hpp complement: "Coalesce and append" — the result is coalesce(...), so it
// is in coalesce's normal form; for an A that covers [0, M) exactly, every gap and the rest
// have size 1 and the result is `_1:_0`): coalesce(R) = R, and a size-1 R is 1:0. The inputs
// include exact covers: M = cosize of a compact A.
LAYOUTREF_PROP(complement, law_result_is_coalesced, ()) {
  lr::Complementable c = *lr::complementable();
  bool exact = *rc::gen::inRange(0, 3) == 0;
  sp::Layout a = exact ? *lr::bijective_layout() : c.a;
  sp::i64 m = exact ? sp::size(a) : c.cotarget;
  RC_TAG(exact ? "exact cover" : "complementable");
  auto r = lp::impl_compute("complement", {lp::term(a), lp::term(m)});
  RC_ASSERT(r.has_value());
  auto cr = lp::impl_compute("coalesce", {*r});
  RC_ASSERT(cr.has_value());
  sp::Layout rl = sp::to_layout(*r);
  std::string text = "complement(" + sp::str(a) + ", " + std::to_string(m) + ") = " + sp::str(rl);
  if (!(sp::to_layout(*cr) == rl)) RC_FAIL(text + " is not coalesced: coalesce gives " + sp::str(sp::to_layout(*cr)));
  if (sp::size(rl) == 1 && !(rl.shape.is_leaf() && sp::leaves(rl.stride)[0] == sp::Value(0))) RC_FAIL(text + ": a size-1 result is not 1:0");
}

// impl ≡ spec on tuple cotargets (CuTe's complement(A, shape)): both divide the shape mode by
// mode as CuTe's ceil_div does, and both refuse with complement.cotarget_bound where that
// rounding leaves (A, R) short of size(cotarget); where a result exists, CuTe's contract
// cosize(make_layout(A, R)) >= size(cotarget) holds (issue 12 item 15).
LAYOUTREF_PROP(complement, impl_matches_spec_tuple_cotarget, ()) {
  lr::Complementable c = *lr::complementable();
  int n = *rc::gen::inRange(1, 4);
  std::string text = "(";
  sp::i64 want = 1;
  for (int k = 0; k < n; ++k) {
    sp::i64 m = *rc::gen::inRange<sp::i64>(1, 49);
    want *= m;
    text += std::to_string(m) + (k + 1 < n ? "," : ")");
  }
  auto cotarget = layoutref::notation::parse(text);
  RC_ASSERT(cotarget.ok);
  auto ag = lp::require_agreement("complement", {lp::term(c.a), cotarget.term});
  RC_TAG(ag.impl_refused ? "refused: " + ag.impl_condition : std::string("computed"));
  if (!ag.impl_result) return;
  sp::Layout r = lp::as_layout(*ag.impl_result);
  std::vector<sp::IntTuple> shapes{c.a.shape, r.shape};
  std::vector<sp::Stride> strides{c.a.stride, r.stride};
  sp::Layout ar(sp::IntTuple::tuple(shapes), sp::Stride::tuple(strides));
  auto img = lp::image(ar);
  RC_ASSERT(img.back() + 1 >= want);
}
