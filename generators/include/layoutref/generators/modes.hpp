// layoutref::generators — the inputs of the mode operations, the coordinate maps and the
// constructions (properties/modes_properties.cpp, coordinates_properties.cpp,
// construct_properties.cpp; cute/layout.hpp, cute/stride.hpp).
#pragma once

#include <layoutref/generators/admissible.hpp>

#include <numeric>
#include <optional>
#include <vector>

namespace layoutref::generators {

/// flatten, group, take, select, append, prepend and unflatten of one layout L (any nesting,
/// negative and 0 strides): the indices of each, in range, or with `bad` (one in four) each
/// one in three one past either end; X a small layout to append or prepend; m a mode count for
/// append(L, m) / prepend(L, m, X) in [rank, rank + 3].
struct ModesInput {
  sp::Layout layout;
  bool bad = false;
  int group_b = 0, group_e = 0, take_b = 0, take_e = 0;
  std::vector<int> select;
  sp::Layout x;
  int m = 0;
};

/// make_identity_layout(S) and crd2crd(c, S, D): a shape S and a natural coordinate c of it.
struct Crd2crdInput {
  sp::IntTuple shape, coord;
};

/// make_ordered_layout(S, order): a shape and a permutation of its leaves, with S's profile.
struct OrderedLayoutInput {
  sp::IntTuple shape, order;
};

/// A layout and an integer: upcast/downcast(L, n) with n in 1..8, domain_distribute(S, n) with
/// n in 1..64.
struct LayoutCount {
  sp::Layout layout;
  i64 n = 1;
};
struct ShapeCount {
  sp::IntTuple shape;
  i64 n = 1;
};

/// crd2idx(c, S), crd2idx(c, L), idx2crd(i, S): L any layout of integer strides, c a natural
/// coordinate of its shape, i an index in [0, size(L)).
struct CoordinateInput {
  sp::Layout layout;
  sp::IntTuple coord;
  i64 index = 0;
};

namespace detail {

/// An index in [lo, hi], or with `bad` one in three lo - 1 or hi + 1. An empty [lo, hi] (after
/// a bad index) is RapidCheck's discarded case, lo elsewhere (pick_or_low).
template <Source S>
int mode_index(S& s, int lo, int hi, bool bad) {
  if (bad && s.pick_int(0, 2) == 0) return element_index(s, 2) == 0 ? lo - 1 : hi + 1;
  return static_cast<int>(pick_or_low(s, lo, hi));
}

}  // namespace detail

/// The input of the mode operations; `bad` given, or drawn (one in four) as the property does.
template <Source S>
ModesInput modes_input(S& s, std::optional<bool> bad = std::nullopt) {
  ModesInput in;
  in.layout = s.nested([](auto& q) { return layout(q, Bounds{3, 4, 8, 4096, 8}, StrideMix{true, true, 24}); });
  int r = sp::rank(in.layout);
  in.bad = bad ? *bad : s.pick_int(0, 3) == 0;
  in.group_b = detail::mode_index(s, 0, r, in.bad);
  in.group_e = detail::mode_index(s, in.group_b, r, in.bad);
  in.take_b = detail::mode_index(s, 0, r - 1, in.bad);
  in.take_e = detail::mode_index(s, in.take_b + 1, r, in.bad);
  int n = s.pick_int(0, 3);
  for (int k = 0; k < n; ++k) in.select.push_back(detail::mode_index(s, 0, r - 1, in.bad));
  in.x = s.nested([](auto& q) { return layout(q, Bounds{2, 2, 3, 64, 6}); });
  in.m = detail::mode_index(s, r, r + 3, in.bad);
  return in;
}

/// The input of make_identity_layout and crd2crd.
template <Source S>
Crd2crdInput crd2crd_input(S& s) {
  Crd2crdInput in;
  in.shape = s.nested([](auto& q) { return shape(q, Bounds{3, 3, 4, 512, 8}); });
  in.coord = s.nested([sh = in.shape](auto& q) { return coordinate(q, sh); });
  return in;
}

/// A layout for the constructions (make_layout_like, make_fragment_like, nullspace,
/// max_alignment, max_common_*): bijective, injective, or general with (one in four, unless
/// `negative` is off) or without negative strides. (max_alignment refuses a negative stride as
/// malformed input: its property checks that impl and the spec both do; its vectors draw none.)
template <Source S>
sp::Layout construct_layout(S& s, bool negative = true) {
  int kind = s.pick_int(0, 3);
  if (kind == 0) return s.nested([](auto& q) { return bijective_layout(q); });
  if (kind == 1) return s.nested([](auto& q) { return injective_layout(q); });
  bool neg = kind == 2 && negative;
  return s.nested([neg](auto& q) { return layout(q, Bounds{}, StrideMix{neg, true, 24}); });
}

/// A permutation of the leaves of sh, with sh's profile.
template <Source S>
sp::IntTuple order_for(S& s, sp::IntTuple const& sh) {
  std::vector<i64> order(sp::leaves(sh).size());
  std::iota(order.begin(), order.end(), 0);
  return s.nested([order, sh](auto& q) {  // by value: shrinking re-runs it later
    auto o = order;
    detail::shuffle(q, o);
    return sp::unflatten(o, sh);
  });
}

/// The input of make_ordered_layout.
template <Source S>
OrderedLayoutInput ordered_layout_input(S& s) {
  OrderedLayoutInput in;
  in.shape = s.nested([](auto& q) { return shape(q); });
  in.order = order_for(s, in.shape);
  return in;
}

/// The input of upcast and downcast: at most 4 leaves of a layout of size <= 512 (downcast
/// multiplies the extent of every unit-stride leaf by n: the result stays within the spec's
/// table bound for n <= 8). Admissible or not (upcast.divisibility, downcast.unit_stride).
template <Source S>
LayoutCount cast_input(S& s) {
  LayoutCount in;
  in.layout = s.nested([](auto& q) { return layout(q, Bounds{3, 4, 4, 512, 12}, StrideMix{true, true, 24}); });
  in.n = s.pick(1, 8);
  return in;
}

/// The input of domain_distribute.
template <Source S>
ShapeCount domain_distribute_input(S& s) {
  ShapeCount in;
  in.shape = s.nested([](auto& q) { return shape(q, Bounds{2, 4, 6, 1024, 12}); });
  in.n = s.pick(1, 64);
  return in;
}

/// max_common_vector / max_common_layout(A, B): A a construct_layout, B = A (kind 0), compact
/// of A's shape (1), or general of A's shape (2), a third each.
struct MaxCommonInput {
  sp::Layout a, b;
  int kind = 0;
};
template <Source S>
MaxCommonInput max_common_input(S& s) {
  MaxCommonInput p;
  p.a = construct_layout(s);
  p.kind = s.pick_int(0, 2);
  p.b = p.kind == 0   ? p.a
        : p.kind == 1 ? detail::compact_of(s, p.a.shape)
                      : s.nested([sh = p.a.shape](auto& q) { return layout_of(q, sh); });
  return p;
}

/// The input of crd2idx and idx2crd.
template <Source S>
CoordinateInput coordinate_input(S& s) {
  CoordinateInput in;
  in.layout = s.nested([](auto& q) { return layout(q); });
  in.coord = s.nested([sh = in.layout.shape](auto& q) { return coordinate(q, sh); });
  in.index = index_below(s, sp::size(in.layout));
  return in;
}

/// crd2idx(c, S) with c out of range in one leaf: its extent, extent + 3 or -1.
template <Source S>
CoordinateInput bad_coordinate_input(S& s) {
  CoordinateInput in;
  in.layout = s.nested([](auto& q) { return layout(q); });
  in.coord = s.nested([sh = in.layout.shape](auto& q) { return coordinate(q, sh); });
  auto leaves = sp::leaves(in.coord);
  auto ext = sp::leaves(in.layout.shape);
  size_t k = static_cast<size_t>(s.pick(0, static_cast<i64>(leaves.size()) - 1));
  i64 const options[] = {ext[k], ext[k] + 3, i64{-1}};
  leaves[k] = options[detail::element_index(s, 3)];
  in.coord = sp::unflatten(leaves, in.coord);
  return in;
}

/// eval(L, i): L any layout with negative and 0 strides; i in [0, size(L)).
template <Source S>
LayoutCount eval_input(S& s) {
  LayoutCount in;
  in.layout = s.nested([](auto& q) { return layout(q, Bounds{}, StrideMix{true, true, 24}); });
  in.n = index_below(s, sp::size(in.layout));
  return in;
}

/// eval(L, i) outside the domain: i = size(L), size(L) + 1, size(L) + [2, 99] or -1.
template <Source S>
LayoutCount eval_outside_input(S& s) {
  LayoutCount in;
  in.layout = s.nested([](auto& q) { return layout(q, Bounds{}, StrideMix{true, true, 24}); });
  i64 n = sp::size(in.layout);
  i64 far = n + s.pick(2, 99);
  i64 const options[] = {n, n + 1, far, i64{-1}};
  in.n = options[detail::element_index(s, 4)];
  return in;
}

}  // namespace layoutref::generators
