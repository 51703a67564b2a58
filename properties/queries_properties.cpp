// Properties of the layout queries size, cosize, rank, depth (CuTe docs 01_layout.md,
// "Layout" and "IntTuple"): impl ≡ spec, and the definitions as laws.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include "classify.hpp"

namespace lp = layoutref::properties;
namespace lr = layoutref::rapidcheck;
namespace sp = layoutref::spec;

// impl ≡ spec: size, cosize, rank and depth of any layout (integer strides, negative ones too,
// static markers anywhere).
RC_GTEST_PROP(queries, impl_matches_spec, ()) {
  sp::Layout l = *lr::layout(lr::Bounds{}, lr::StrideMix{true, true, 24});
  lp::classify(l);
  auto t = *lr::static_marks(lp::term(l));
  for (char const* op : {"size", "cosize", "rank", "depth"}) lp::require_computed(lp::require_agreement(op, {t}));
}

// impl ≡ spec on scaled-basis layouts: size, rank and depth are defined; cosize refuses or
// agrees.
RC_GTEST_PROP(queries, impl_matches_spec_scaled_basis, ()) {
  sp::Layout l = *lr::scaled_basis_layout();
  lp::classify(l);
  for (char const* op : {"size", "rank", "depth"}) lp::require_computed(lp::require_agreement(op, {lp::term(l)}));
}

// Law (01_layout.md "Size"): size(L) is the product of the extents; cosize(L) = L(size-1)+1 for
// non-negative strides, i.e. 1 + the largest value.
RC_GTEST_PROP(queries, law_size_is_product_cosize_is_max_plus_one, ()) {
  sp::Layout l = *lr::layout(lr::Bounds{}, lr::nonnegative());
  lp::classify(l);
  auto size = lp::impl_compute("size", {lp::term(l)});
  auto cosize = lp::impl_compute("cosize", {lp::term(l)});
  RC_ASSERT(size.has_value() && cosize.has_value());
  sp::i64 product = 1;
  for (sp::i64 e : sp::leaves(l.shape)) product *= e;
  RC_ASSERT(size->integer.value == product);
  auto img = lp::image(l);
  RC_ASSERT(cosize->integer.value == img.back() + 1);
}
