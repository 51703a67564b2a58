// layoutref::rapidcheck — RapidCheck generators for IntTuples and layouts of any nesting.
//
// Every generator is built with rc::gen::exec from small ranged picks, so RapidCheck shrinks
// each pick on its own: extents towards 1, leaf counts towards 1, nesting depth towards 0,
// rare features (negative strides, stride 0, basis strides, static markers) towards off.
// A shrunk counterexample is therefore a small shape, with few modes, shallowly nested.
//
// Bounds: depth <= 4, rank <= 6 per tuple, at most 12 leaves (impl holds 32), size <= 4096 by
// default (so that the spec's function tables stay small). Extents are drawn from [1, 12], so
// non-powers of two (3, 5, 6, 7, ...) are common.
//
// Values are spec values (plain recursive values); spec::to_term gives CuTe notation, from
// which impl::to_layout builds impl values (impl/include/layoutref/impl/term.hpp).
#pragma once

#include <layoutref/rapidcheck/show.hpp>
#include <layoutref/spec/int_tuple.hpp>
#include <layoutref/spec/layout.hpp>

#include <rapidcheck.h>

#include <algorithm>
#include <vector>

namespace layoutref::rapidcheck {

namespace sp = layoutref::spec;
using sp::i64;

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

/// A value in [lo, hi]; shrinks towards lo. Call only inside rc::gen::exec.
inline i64 pick(i64 lo, i64 hi) { return *rc::gen::inRange<i64>(lo, hi + 1); }
inline int pick_int(int lo, int hi) { return *rc::gen::inRange<int>(lo, hi + 1); }
/// True with about `percent`% probability; shrinks towards false.
inline bool maybe(int percent) { return pick_int(0, 99) >= 100 - percent; }

/// Split n into k >= 1 positive parts (shrinks towards (n-k+1, 1, ..., 1)).
inline std::vector<int> split(int n, int k) {
  std::vector<int> parts(static_cast<size_t>(k), 1);
  for (int u = 0; u < n - k; ++u) parts[static_cast<size_t>(pick_int(0, k - 1))] += 1;
  return parts;
}

/// A nesting profile with exactly n leaves (values 0), depth <= depth_budget, every tuple of
/// rank <= max_rank. @pre n == 1 or depth_budget >= 1; n <= max_rank^depth_budget.
inline sp::IntTuple profile(int n, int depth_budget, int max_rank, bool force_tuple) {
  if (n == 1 && !force_tuple && (depth_budget == 0 || !maybe(20))) return sp::IntTuple(i64{0});
  if (depth_budget <= 1) {
    std::vector<sp::IntTuple> items(static_cast<size_t>(n), sp::IntTuple(i64{0}));
    return sp::IntTuple::tuple(std::move(items));
  }
  // k groups; a group of p > 1 leaves needs depth_budget - 1 >= 1, which holds here.
  int lo = (n + max_rank - 1) / max_rank;
  int k = std::max(lo, n - pick_int(0, n - lo));  // shrinks towards k == n: flat
  k = std::min(k, max_rank);
  std::vector<sp::IntTuple> items;
  for (int p : split(n, k)) items.push_back(profile(p, depth_budget - 1, max_rank, false));
  return sp::IntTuple::tuple(std::move(items));
}

/// Leaf count and depth for a new shape, within the bounds.
inline sp::IntTuple any_profile(Bounds const& b) {
  auto capacity = [&](int depth) {
    i64 c = 1;
    for (int i = 0; i < depth; ++i) c *= b.max_rank;
    return c;
  };
  int n = pick_int(1, b.max_leaves);
  int d = pick_int(0, b.max_depth);
  if (n > 1 && d == 0) d = 1;
  while (d < b.max_depth && n > capacity(d)) ++d;
  n = static_cast<int>(std::min<i64>(n, capacity(d)));
  return profile(n, d, b.max_rank, false);
}

/// Extents for n leaves with product <= max_size.
inline std::vector<i64> extents(int n, Bounds const& b) {
  std::vector<i64> out;
  i64 budget = b.max_size;
  for (int i = 0; i < n; ++i) {
    i64 e = pick(1, std::max<i64>(1, std::min(b.max_extent, budget)));
    budget /= e;
    out.push_back(e);
  }
  return out;
}

/// Shuffle (shrinks towards the identity permutation).
template <class T>
void shuffle(std::vector<T>& v) {
  for (size_t i = v.size(); i > 1; --i) std::swap(v[i - 1], v[static_cast<size_t>(pick(0, static_cast<i64>(i - 1)))]);
}

inline sp::Layout make(sp::IntTuple const& prof, std::vector<i64> const& ext, std::vector<sp::Value> const& str) {
  return sp::Layout(sp::unflatten(ext, prof), sp::unflatten(str, prof));
}

inline std::vector<sp::Value> general_strides(std::vector<i64> const& ext, StrideMix const& m) {
  std::vector<sp::Value> out;
  i64 compact = 1;
  for (i64 e : ext) {
    int kind = pick_int(0, 9);
    i64 d = 0;
    if (kind == 0 && m.zero) d = 0;
    else if (kind <= 4) d = compact;                 // column-major: the common case
    else if (kind <= 8) d = pick(1, m.max_stride);   // arbitrary, often overlapping
    else d = pick(1, 4) * std::max<i64>(compact / 2, 1);  // overlapping a previous mode
    if (m.negative && maybe(8)) d = -pick(1, 8);
    out.emplace_back(d);
    compact *= e;
  }
  return out;
}

}  // namespace detail

/// A shape: an IntTuple of extents >= 1 of any nesting within the bounds.
inline rc::Gen<sp::IntTuple> shape(Bounds b = {}) {
  return rc::gen::exec([b] {
    sp::IntTuple prof = detail::any_profile(b);
    return sp::unflatten(detail::extents(sp::leaf_count(prof), b), prof);
  });
}

/// A layout with integer strides: column-major, arbitrary, overlapping, 0 and (with
/// mix.negative) negative strides, any nesting within the bounds.
inline rc::Gen<sp::Layout> layout(Bounds b = {}, StrideMix mix = {}) {
  return rc::gen::exec([b, mix] {
    sp::IntTuple prof = detail::any_profile(b);
    auto ext = detail::extents(sp::leaf_count(prof), b);
    return detail::make(prof, ext, detail::general_strides(ext, mix));
  });
}

/// A layout with the given shape and general strides.
inline rc::Gen<sp::Layout> layout_of(sp::IntTuple const& s, StrideMix mix = {}) {
  return rc::gen::exec([s, mix] {
    auto ext = sp::leaves(s);
    return sp::Layout(s, sp::unflatten(detail::general_strides(ext, mix), s));
  });
}

/// A layout whose strides are scaled basis elements k@p (k in [0,3]; p of depth 1, or of depth 2
/// for every stride): the codomain is a tuple (CuTe 0z_tma_tensors.md). Sums of basis elements
/// (`1+1@0`, layoutref's spelling) are not generated: impl reads none (docs/laws.md).
inline rc::Gen<sp::Layout> scaled_basis_layout(Bounds b = {}) {
  return rc::gen::exec([b] {
    sp::IntTuple prof = detail::any_profile(b);
    auto ext = detail::extents(sp::leaf_count(prof), b);
    // One codomain profile per layout, so the paths are consistent (CuTe's ArithmeticTuple has
    // one profile: 1@1 and 1@0@1 cannot both occur): paths of depth 1, or all of depth 2.
    bool nested = detail::maybe(20);
    std::vector<sp::Value> str;
    for (size_t i = 0; i < ext.size(); ++i) {
      sp::Path p{detail::pick_int(0, 3)};
      if (nested) p.push_back(detail::pick_int(0, 2));
      i64 k = detail::pick(0, 3);
      str.push_back(k == 0 ? sp::Value(0) : sp::Value::basis(k, p));
    }
    return detail::make(prof, ext, str);
  });
}

/// make_identity_layout(shape): strides 1@0, 1@1, ... by top-level mode (CuTe's identity
/// layout, the coordinate map of 0z_tma_tensors.md), built here without the spec's function.
inline rc::Gen<sp::Layout> identity_layout(Bounds b = {}) {
  return rc::gen::exec([b] {
    Bounds c = b;
    c.max_depth = 1;
    c.max_leaves = std::min(b.max_leaves, 4);
    sp::IntTuple s = *shape(c);
    std::vector<sp::Value> str;
    if (s.is_leaf()) {
      str.emplace_back(sp::Value::basis(1, {0}));
    } else {
      for (size_t i = 0; i < s.items.size(); ++i) str.emplace_back(sp::Value::basis(1, {static_cast<int>(i)}));
    }
    return sp::Layout(s, sp::unflatten(str, s));
  });
}

/// An index in [0, n).
inline rc::Gen<i64> index_below(i64 n) { return rc::gen::inRange<i64>(0, std::max<i64>(n, 1)); }

/// A natural coordinate of shape s (congruent with s, each leaf in its extent).
inline rc::Gen<sp::IntTuple> coordinate(sp::IntTuple const& s) {
  return rc::gen::exec([s] {
    std::vector<i64> c;
    for (i64 e : sp::leaves(s)) c.push_back(detail::pick(0, e - 1));
    return sp::unflatten(c, s);
  });
}

}  // namespace layoutref::rapidcheck
