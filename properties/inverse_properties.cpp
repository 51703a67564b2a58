// Properties of right_inverse and left_inverse (CuTe docs 02_layout_algebra.md; cute/layout.hpp
// right_inverse: "@post composition(layout, result)(i) == i for all i < size(result)",
// left_inverse: "@post composition(result, layout)(i) == i"): impl ≡ spec, and the laws.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include "classify.hpp"
#include "property.hpp"

namespace lp = layoutref::properties;
namespace lr = layoutref::rapidcheck;
namespace sp = layoutref::spec;

// impl ≡ spec: both inverses of arbitrary, injective and bijective layouts, and of layouts
// with negative or basis strides (refused with the same condition).
LAYOUTREF_PROP(inverse, impl_matches_spec, ()) {
  int kind = *rc::gen::inRange(0, 6);
  sp::Layout l = kind == 0   ? *lr::injective_layout(lr::Bounds{}, false)
                 : kind == 5 ? *lr::injective_layout()
                 : kind == 1 ? *lr::bijective_layout()
                 : kind == 2 ? *lr::scaled_basis_layout()
                             : *lr::layout(lr::Bounds{}, lr::StrideMix{kind == 3, true, 24});
  RC_TAG(kind == 0 ? "left-invertible" : kind == 1 ? "bijective" : kind == 2 ? "scaled basis" : kind == 5 ? "injective" : "arbitrary");
  lp::classify(l);
  auto t = *lr::static_marks(lp::term(l));
  auto r = lp::require_agreement("right_inverse", {t});
  if (kind <= 1) lp::require_computed(r);
  auto li = lp::require_agreement("left_inverse", {t});
  if (kind <= 1) lp::require_computed(li);
}

// Law (cute/layout.hpp right_inverse @post): A(R(i)) = i for every i in [0, size(R)), for any
// layout with integer strides (R may be trivial).
LAYOUTREF_PROP(inverse, law_right_inverse_is_identity_on_its_domain, ()) {
  sp::Layout a = *rc::gen::oneOf(lr::layout(lr::Bounds{}, lr::nonnegative()), lr::injective_layout(), lr::bijective_layout());
  lp::classify(a);
  auto r = lp::impl_compute("right_inverse", {lp::term(a)});
  RC_ASSERT(r.has_value());
  sp::FlatLayout fa(a), fr(sp::to_layout(*r));
  RC_CLASSIFY(fr.size() > 1, "non-trivial right inverse");
  for (sp::i64 i = 0; i < fr.size(); ++i) {
    sp::i64 x = fr(i).integer();
    RC_ASSERT(x >= 0 && x < fa.size());
    RC_ASSERT(fa(x).integer() == i);
  }
}

// Law (cute/layout.hpp left_inverse @post): L(A(i)) = i for every i in [0, size(A)) for
// injective A with CuTe's stride divisibility (left_inverse.stride_divisibility).
LAYOUTREF_PROP(inverse, law_left_inverse_after_layout_is_identity, ()) {
  sp::Layout a = *rc::gen::oneOf(lr::injective_layout(lr::Bounds{}, false), lr::bijective_layout());
  lp::classify(a);
  auto l = lp::impl_compute("left_inverse", {lp::term(a)});
  RC_ASSERT(l.has_value());
  sp::FlatLayout fa(a), fl(sp::to_layout(*l));
  for (sp::i64 i = 0; i < fa.size(); ++i) RC_ASSERT(fl(fa(i).integer(), true).integer() == i);
}

// Law (a bijection has one inverse): for bijective A, right_inverse(A) and left_inverse(A) are
// the same function on [0, size(A)) and both have size size(A).
LAYOUTREF_PROP(inverse, law_bijection_inverses_coincide, ()) {
  sp::Layout a = *lr::bijective_layout();
  auto r = lp::impl_compute("right_inverse", {lp::term(a)});
  auto l = lp::impl_compute("left_inverse", {lp::term(a)});
  RC_ASSERT(r.has_value() && l.has_value());
  sp::Layout rl = sp::to_layout(*r);
  RC_ASSERT(sp::size(rl) == sp::size(a));
  sp::FlatLayout fr(rl), fl(sp::to_layout(*l));
  for (sp::i64 i = 0; i < fr.size(); ++i) RC_ASSERT(fr(i) == fl(i, true));
}
