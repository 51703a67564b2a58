// Properties of logical_divide, zipped_divide, tiled_divide, flat_divide (CuTe docs
// 02_layout_algebra.md "Division (Tiling)": logical_divide(A, B) = A ∘ (B, complement(B,
// size(A))); the zipped/tiled/flat variants regroup its modes): impl ≡ spec, and the laws.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include "classify.hpp"
#include "property.hpp"

namespace lp = layoutref::properties;
namespace lr = layoutref::rapidcheck;
namespace sp = layoutref::spec;
using layoutref::notation::Term;

namespace {
char const* const kDivides[] = {"logical_divide", "zipped_divide", "tiled_divide", "flat_divide"};
}

// impl ≡ spec: the four divides on inputs divisible by construction.
LAYOUTREF_PROP(divide, impl_matches_spec_divisible, ()) {
  lr::LayoutTiler p = *lr::divisible();
  lp::classify(p.a);
  RC_TAG(p.tiler.kind == layoutref::notation::Kind::layout ? "layout tiler" : "tuple tiler");
  auto a = *lr::static_marks(lp::term(p.a));
  auto t = *lr::static_marks(p.tiler);
  for (char const* op : kDivides) lp::require_computed(lp::require_agreement(op, {a, t}));
}

// impl ≡ spec: tilers longer than A and non-injective tilers.
LAYOUTREF_PROP(divide, impl_matches_spec_inadmissible, ()) {
  lr::LayoutTiler p = *lr::bad_tiler();
  for (char const* op : kDivides) lp::require_agreement(op, {lp::term(p.a), p.tiler});
}

// impl ≡ spec: arbitrary layouts divided by arbitrary layouts.
LAYOUTREF_PROP(divide, impl_matches_spec_arbitrary, ()) {
  lr::Bounds small{2, 3, 4, 128, 8};
  sp::Layout a = *lr::layout(small, lr::nonnegative());
  sp::Layout b = *lr::layout(small, lr::nonnegative());
  for (char const* op : kDivides) lp::require_agreement(op, {lp::term(a), lp::term(b)});
}

// Law (02_layout_algebra.md "Logical Divide": the first mode is the tile, A ∘ B): for a layout
// tiler, mode 0 of logical_divide(A, B) is composition(A, B) as a function, and
// size(logical_divide(A, B)) >= size(A).
LAYOUTREF_PROP(divide, law_first_mode_is_composition, ()) {
  lr::LayoutTiler p = *lr::divisible(lr::Bounds{}, lr::TilerForm::layout);
  auto d = lp::impl_compute("logical_divide", {lp::term(p.a), p.tiler});
  auto c = lp::impl_compute("composition", {lp::term(p.a), p.tiler});
  RC_ASSERT(d.has_value() && c.has_value());
  sp::Layout dl = sp::to_layout(*d);
  RC_ASSERT(sp::rank(dl) == 2);
  std::string why;
  if (!lp::same_function(sp::modes(dl)[0], sp::to_layout(*c), &why)) RC_FAIL("mode 0 != A∘B: " + why);
  RC_ASSERT(sp::size(dl) >= sp::size(p.a));
}

// Law (02_layout_algebra.md "Zipped, Tiled, and Flat Divides": the same modes, regrouped):
// zipped_, tiled_ and flat_divide have the same size and the same function on every index as
// logical_divide for a layout tiler (one tile mode and one rest mode, only the nesting
// differs); for a tuple tiler they are the same multiset of values.
LAYOUTREF_PROP(divide, law_variants_are_regroupings, ()) {
  lr::LayoutTiler p = *lr::divisible();
  bool layout_tiler = p.tiler.kind == layoutref::notation::Kind::layout;
  RC_TAG(layout_tiler ? "layout tiler" : "tuple tiler");
  auto logical = lp::impl_compute("logical_divide", {lp::term(p.a), p.tiler});
  RC_ASSERT(logical.has_value());
  sp::Layout ll = sp::to_layout(*logical);
  for (char const* op : {"zipped_divide", "tiled_divide", "flat_divide"}) {
    auto v = lp::impl_compute(op, {lp::term(p.a), p.tiler});
    RC_ASSERT(v.has_value());
    sp::Layout vl = sp::to_layout(*v);
    if (layout_tiler) {
      std::string why;
      if (!lp::same_function(vl, ll, &why)) RC_FAIL(std::string(op) + " differs from logical_divide: " + why);
    } else {
      RC_ASSERT(lp::image(vl) == lp::image(ll));
    }
  }
}
