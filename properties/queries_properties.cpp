// Properties of the layout queries size, cosize, rank, depth (CuTe docs 01_layout.md,
// "Layout" and "IntTuple"): impl ≡ spec, and the definitions as laws.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include "classify.hpp"
#include "property.hpp"

namespace lp = layoutref::properties;
namespace lr = layoutref::rapidcheck;
namespace sp = layoutref::spec;

// impl ≡ spec: size, cosize, rank and depth of any layout (integer strides, negative ones too,
// static markers anywhere).
LAYOUTREF_PROP(queries, impl_matches_spec, ()) {
  sp::Layout l = *lr::layout(lr::Bounds{}, lr::StrideMix{true, true, 24});
  lp::classify(l);
  auto t = *lr::static_marks(lp::term(l));
  for (char const* op : {"size", "cosize", "rank", "depth"}) lp::require_computed(lp::require_agreement(op, {t}));
}

// impl ≡ spec on scaled-basis layouts: size, rank and depth are defined; cosize refuses or
// agrees.
LAYOUTREF_PROP(queries, impl_matches_spec_scaled_basis, ()) {
  sp::Layout l = *lr::scaled_basis_layout();
  lp::classify(l);
  for (char const* op : {"size", "rank", "depth"}) lp::require_computed(lp::require_agreement(op, {lp::term(l)}));
}

// Law (01_layout.md "Size"): size(L) is the product of the extents; cosize(L) = L(size-1)+1 for
// non-negative strides, i.e. 1 + the largest value.
LAYOUTREF_PROP(queries, law_size_is_product_cosize_is_max_plus_one, ()) {
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

namespace {

/// d with the sign of its k-th leaf flipped where `flip` says so.
sp::Stride with_signs(sp::Stride const& d, std::vector<bool> const& flip, size_t& k) {
  if (d.leaf) return sp::Stride(flip[k++] ? sp::Value(0) - d.value : d.value);
  std::vector<sp::Stride> items;
  for (auto const& x : d.items) items.push_back(with_signs(x, flip, k));
  return sp::Stride::tuple(std::move(items));
}

}  // namespace

// Law (CuTe's coshape, cute/layout.hpp: the strides' magnitudes): cosize(L) = 1 + sum of
// (s_k - 1)|d_k| = max L - min L + 1, the extent of L's image, for strides of either sign
// (cosize(4:-1) = 4, cosize((2,4):(4,-1)) = 8: issue 12 item 14). impl and spec both.
LAYOUTREF_PROP(queries, law_cosize_is_extent_of_image, ()) {
  sp::Layout base = *lr::layout(lr::Bounds{}, lr::nonnegative());
  auto flip = *rc::gen::container<std::vector<bool>>(sp::leaves(base.shape).size(), rc::gen::arbitrary<bool>());
  size_t k = 0;
  sp::Layout l(base.shape, with_signs(base.stride, flip, k));
  lp::classify(l);
  auto img = lp::image(l);
  sp::i64 extent = img.back() - img.front() + 1;
  RC_ASSERT(sp::cosize(l) == extent);
  auto cosize = lp::impl_compute("cosize", {lp::term(l)});
  RC_ASSERT(cosize.has_value());
  RC_ASSERT(cosize->integer.value == extent);
}
