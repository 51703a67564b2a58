// layoutref::generators — IntTuples and layouts of any nesting, over a source of choices
// (source.hpp).
//
// Every decision is a small ranged pick, so a framework that shrinks picks (RapidCheck,
// Hypothesis) shrinks each on its own: extents towards 1, leaf counts towards 1, nesting depth
// towards 0, rare features (negative strides, stride 0, basis strides) towards off. A shrunk
// counterexample is therefore a small shape, with few modes, shallowly nested.
//
// Bounds: depth <= 4, rank <= 6 per tuple, at most 12 leaves (impl holds 32), size <= 4096 by
// default (so that the spec's function tables stay small). Extents are drawn from [1, 12], so
// non-powers of two (3, 5, 6, 7, ...) are common.
//
// Values are spec values (plain recursive values); spec::to_term gives CuTe notation.
#pragma once

#include <layoutref/generators/source.hpp>
#include <layoutref/notation/term.hpp>
#include <layoutref/spec/int_tuple.hpp>
#include <layoutref/spec/layout.hpp>
#include <layoutref/spec/swizzle.hpp>
#include <layoutref/spec/term.hpp>

#include <algorithm>
#include <utility>
#include <vector>

namespace layoutref::generators {

/// Limits of a generated value.
struct Bounds {
  int max_depth = 4;     ///< nesting depth of the shape (0: an integral shape)
  int max_rank = 6;      ///< rank of every tuple
  int max_leaves = 12;   ///< leaf modes in all
  i64 max_size = 4096;   ///< size of the shape
  i64 max_extent = 12;   ///< largest leaf extent
};

/// How strides are drawn for general layouts.
struct StrideMix {
  bool negative = false;  ///< allow negative strides (rarely)
  bool zero = true;       ///< allow stride 0
  i64 max_stride = 24;
};

namespace detail {

/// Split n into k >= 1 positive parts (shrinks towards (n-k+1, 1, ..., 1)).
template <Source S>
std::vector<int> split(S& s, int n, int k) {
  std::vector<int> parts(static_cast<size_t>(k), 1);
  for (int u = 0; u < n - k; ++u) parts[static_cast<size_t>(s.pick_int(0, k - 1))] += 1;
  return parts;
}

/// A nesting profile with exactly n leaves (values 0), depth <= depth_budget, every tuple of
/// rank <= max_rank. @pre n == 1 or depth_budget >= 1; n <= max_rank^depth_budget.
template <Source S>
sp::IntTuple profile(S& s, int n, int depth_budget, int max_rank, bool force_tuple) {
  if (n == 1 && !force_tuple && (depth_budget == 0 || !maybe(s, 20))) return sp::IntTuple(i64{0});
  if (depth_budget <= 1) {
    std::vector<sp::IntTuple> items(static_cast<size_t>(n), sp::IntTuple(i64{0}));
    return sp::IntTuple::tuple(std::move(items));
  }
  // k groups; a group of p > 1 leaves needs depth_budget - 1 >= 1, which holds here.
  int lo = (n + max_rank - 1) / max_rank;
  int k = std::max(lo, n - s.pick_int(0, n - lo));  // shrinks towards k == n: flat
  k = std::min(k, max_rank);
  std::vector<sp::IntTuple> items;
  for (int p : split(s, n, k)) items.push_back(profile(s, p, depth_budget - 1, max_rank, false));
  return sp::IntTuple::tuple(std::move(items));
}

/// Leaf count and depth for a new shape, within the bounds.
template <Source S>
sp::IntTuple any_profile(S& s, Bounds const& b) {
  auto capacity = [&](int depth) {
    i64 c = 1;
    for (int i = 0; i < depth; ++i) c *= b.max_rank;
    return c;
  };
  int n = s.pick_int(1, b.max_leaves);
  int d = s.pick_int(0, b.max_depth);
  if (n > 1 && d == 0) d = 1;
  while (d < b.max_depth && n > capacity(d)) ++d;
  n = static_cast<int>(std::min<i64>(n, capacity(d)));
  return profile(s, n, d, b.max_rank, false);
}

/// Extents for n leaves with product <= max_size.
template <Source S>
std::vector<i64> extents(S& s, int n, Bounds const& b) {
  std::vector<i64> out;
  i64 budget = b.max_size;
  for (int i = 0; i < n; ++i) {
    i64 e = s.pick(1, std::max<i64>(1, std::min(b.max_extent, budget)));
    budget /= e;
    out.push_back(e);
  }
  return out;
}

/// Shuffle (shrinks towards the identity permutation).
template <Source S, class T>
void shuffle(S& s, std::vector<T>& v) {
  for (size_t i = v.size(); i > 1; --i) std::swap(v[i - 1], v[static_cast<size_t>(s.pick(0, static_cast<i64>(i - 1)))]);
}

inline sp::Layout make(sp::IntTuple const& prof, std::vector<i64> const& ext, std::vector<sp::Value> const& str) {
  return sp::Layout(sp::unflatten(ext, prof), sp::unflatten(str, prof));
}

template <Source S>
std::vector<sp::Value> general_strides(S& s, std::vector<i64> const& ext, StrideMix const& m) {
  std::vector<sp::Value> out;
  i64 compact = 1;
  for (i64 e : ext) {
    int kind = s.pick_int(0, 9);
    i64 d = 0;
    if (kind == 0 && m.zero) d = 0;
    else if (kind <= 4) d = compact;                   // column-major: the common case
    else if (kind <= 8) d = s.pick(1, m.max_stride);   // arbitrary, often overlapping
    else d = s.pick(1, 4) * std::max<i64>(compact / 2, 1);  // overlapping a previous mode
    if (m.negative && maybe(s, 8)) d = -s.pick(1, 8);
    out.emplace_back(d);
    compact *= e;
  }
  return out;
}

}  // namespace detail

/// A shape: an IntTuple of extents >= 1 of any nesting within the bounds.
template <Source S>
sp::IntTuple shape(S& s, Bounds b = {}) {
  sp::IntTuple prof = detail::any_profile(s, b);
  return sp::unflatten(detail::extents(s, sp::leaf_count(prof), b), prof);
}

/// A layout with integer strides: column-major, arbitrary, overlapping, 0 and (with
/// mix.negative) negative strides, any nesting within the bounds.
template <Source S>
sp::Layout layout(S& s, Bounds b = {}, StrideMix mix = {}) {
  sp::IntTuple prof = detail::any_profile(s, b);
  auto ext = detail::extents(s, sp::leaf_count(prof), b);
  return detail::make(prof, ext, detail::general_strides(s, ext, mix));
}

/// A layout with the given shape and general strides.
template <Source S>
sp::Layout layout_of(S& s, sp::IntTuple const& sh, StrideMix mix = {}) {
  auto ext = sp::leaves(sh);
  return sp::Layout(sh, sp::unflatten(detail::general_strides(s, ext, mix), sh));
}

/// A layout whose strides are scaled basis elements k@p (k in [0,3]; p of depth 1, or of depth 2
/// for every stride): the codomain is a tuple (CuTe 0z_tma_tensors.md). Sums of basis elements
/// (`1+1@0`, layoutref's spelling) are not generated: impl reads none (docs/laws.md).
template <Source S>
sp::Layout scaled_basis_layout(S& s, Bounds b = {}) {
  sp::IntTuple prof = detail::any_profile(s, b);
  auto ext = detail::extents(s, sp::leaf_count(prof), b);
  // One codomain profile per layout, so the paths are consistent (CuTe's ArithmeticTuple has
  // one profile: 1@1 and 1@0@1 cannot both occur): paths of depth 1, or all of depth 2.
  bool nested = detail::maybe(s, 20);
  std::vector<sp::Value> str;
  for (size_t i = 0; i < ext.size(); ++i) {
    sp::Path p{s.pick_int(0, 3)};
    if (nested) p.push_back(s.pick_int(0, 2));
    i64 k = s.pick(0, 3);
    str.push_back(k == 0 ? sp::Value(0) : sp::Value::basis(k, p));
  }
  return detail::make(prof, ext, str);
}

/// make_identity_layout(shape): strides 1@0, 1@1, ... by top-level mode (CuTe's identity
/// layout, the coordinate map of 0z_tma_tensors.md), built here without the spec's function.
template <Source S>
sp::Layout identity_layout(S& s, Bounds b = {}) {
  Bounds c = b;
  c.max_depth = 1;
  c.max_leaves = std::min(b.max_leaves, 4);
  sp::IntTuple sh = s.nested([=](auto& q) { return shape(q, c); });
  std::vector<sp::Value> str;
  if (sh.is_leaf()) {
    str.emplace_back(sp::Value::basis(1, {0}));
  } else {
    for (size_t i = 0; i < sh.items.size(); ++i) str.emplace_back(sp::Value::basis(1, {static_cast<int>(i)}));
  }
  return sp::Layout(sh, sp::unflatten(str, sh));
}

/// An index in [0, n).
template <Source S>
i64 index_below(S& s, i64 n) {
  return s.pick(0, std::max<i64>(n, 1) - 1);
}

/// A natural coordinate of shape sh (congruent with sh, each leaf in its extent).
template <Source S>
sp::IntTuple coordinate(S& s, sp::IntTuple const& sh) {
  std::vector<i64> c;
  for (i64 e : sp::leaves(sh)) c.push_back(s.pick(0, e - 1));
  return sp::unflatten(c, sh);
}

/// A copy of t with some integers marked static (`_4`): the flag changes printing, never
/// meaning, so every property must hold with any marking.
template <Source S>
notation::Term static_marks(S& s, notation::Term t) {
  auto walk = [&s](auto&& self, notation::Term& x) -> void {
    if (x.kind == notation::Kind::integer) x.integer.is_static = detail::maybe(s, 40);
    if (x.kind == notation::Kind::basis) x.basis.scale.is_static = detail::maybe(s, 40);
    for (auto& c : x.children) self(self, c);
  };
  walk(walk, t);
  return t;
}

}  // namespace layoutref::generators
