// layoutref::rapidcheck — one generator per admissibility class, admissible by construction:
// layoutref::generators' (generators/include/layoutref/generators/admissible.hpp says how each
// is built) run with RapidCheck as their source of choices (source.hpp).
#pragma once

#include <layoutref/generators/admissible.hpp>
#include <layoutref/rapidcheck/generators.hpp>

namespace layoutref::rapidcheck {

using gn::Complementable;
using gn::LayoutPair;
using gn::LayoutTiler;
using gn::TilerForm;
using gn::TileToShape;
using gn::nonnegative;
using gn::to_term;

namespace detail {

using gn::detail::Mode;
using gn::detail::divisors;
using gn::detail::nonneg_leaves_strides;
/// gn::detail's helpers with RapidCheck as the source. Call only inside rc::gen::exec.
inline std::vector<Mode> aligned_modes(std::vector<i64> const& factors, bool open_end, int max_modes, i64 max_size) {
  RcSource s;
  return gn::detail::aligned_modes(s, factors, open_end, max_modes, max_size);
}
inline sp::Layout layout_of_modes(std::vector<Mode> modes, Bounds const& b, bool permute) {
  RcSource s;
  return gn::detail::layout_of_modes(s, std::move(modes), b, permute);
}
inline std::pair<std::vector<sp::Value>, i64> complementable_strides(std::vector<i64> const& ext, bool gaps, bool zeros) {
  RcSource s;
  return gn::detail::complementable_strides(s, ext, gaps, zeros);
}
inline sp::Layout compact_of(sp::IntTuple const& sh) {
  RcSource s;
  return gn::detail::compact_of(s, sh);
}

}  // namespace detail

/// (A, B) with A∘B admissible: B single- or multi-mode, modes on disjoint runs of A's shape.
inline rc::Gen<LayoutPair> composable_pair(Bounds b = {}) {
  return from_source([b](auto& s) { return gn::composable_pair(s, b); });
}

/// A by-mode tiler for composition with A: per top-level mode of A, `_`, an integer or a
/// layout composable with that mode; rank(T) <= rank(A).
inline rc::Gen<LayoutTiler> composable_tiler(Bounds b = {}) {
  return from_source([b](auto& s) { return gn::composable_tiler(s, b); });
}

/// (A, M) with complement(A, M) admissible (Shah Def. 2.6, M relaxed as CuTe does).
inline rc::Gen<Complementable> complementable(Bounds b = {}) {
  return from_source([b](auto& s) { return gn::complementable(s, b); });
}

/// An injective layout (gn::injective_layout).
inline rc::Gen<sp::Layout> injective_layout(Bounds b = {}, bool beyond = true) {
  return from_source([b, beyond](auto& s) { return gn::injective_layout(s, b, beyond); });
}

/// A bijective layout onto [0, size): column-major over a permutation of its leaf modes.
inline rc::Gen<sp::Layout> bijective_layout(Bounds b = {}) {
  return from_source([b](auto& s) { return gn::bijective_layout(s, b); });
}

/// (A, T) with logical_divide(A, T) admissible.
inline rc::Gen<LayoutTiler> divisible(Bounds b = {}, TilerForm form = TilerForm::any) {
  return from_source([b, form](auto& s) { return gn::divisible(s, b, form); });
}

/// A layout with non-negative strides, size <= max_size: the right-hand side of a product.
inline rc::Gen<sp::Layout> small_layout(int max_leaves = 4, i64 max_size = 64) {
  return from_source([max_leaves, max_size](auto& s) { return gn::small_layout(s, max_leaves, max_size); });
}

/// (A, T) with logical_product(A, T) admissible.
inline rc::Gen<LayoutTiler> product_admissible(Bounds b = {}, TilerForm form = TilerForm::any) {
  return from_source([b, form](auto& s) { return gn::product_admissible(s, b, form); });
}

/// (A, B) for blocked_product / raked_product: A compact, B of non-negative strides.
inline rc::Gen<LayoutPair> blocked_pair() {
  return from_source([](auto& s) { return gn::blocked_pair(s); });
}

/// tile_to_shape(block, shape[, order]).
inline rc::Gen<TileToShape> tile_to_shape_input() {
  return from_source([](auto& s) { return gn::tile_to_shape_input(s); });
}

/// A valid Swizzle<B,M,S>: B in [0,3], M in [0,4], |S| >= B.
inline rc::Gen<sp::Swizzle> swizzle() {
  return from_source([](auto& s) { return gn::swizzle(s); });
}

/// Sw<B,M,S> o offset o L with L of non-negative strides.
inline rc::Gen<sp::ComposedLayout> swizzled_layout(Bounds b = {}) {
  return from_source([b](auto& s) { return gn::swizzled_layout(s, b); });
}

/// A copy of t with some integers marked static (`_4`): the flag changes printing, never
/// meaning, so every property must hold with any marking.
inline rc::Gen<notation::Term> static_marks(notation::Term t) {
  return from_source([t](auto& s) { return gn::static_marks(s, t); });
}

}  // namespace layoutref::rapidcheck
