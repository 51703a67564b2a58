// layoutref::impl — slicing a layout with `_` (CuTe underscore.hpp slice, slice_and_offset;
// docs 03_tensor.md "Slicing").
//
// A slice coordinate is a coordinate whose leaves may be `_`. Against a layout it gives
//  - the kept layout: for a lone `_` the whole layout; for a tuple coordinate, the tuple of the
//    modes under its `_` leaves, where a `_` item keeps its mode as one item and a tuple item's
//    kept modes are spliced into the enclosing tuple (CuTe's lift_slice), so
//    A(2,_) = ((2,_5,_2)):((_2,13,100)) keeps a rank-1 tuple and A((_,_),5) = (_3,2):(4,1);
//  - the offset: L at the coordinate with every `_` replaced by 0, split per term so that a
//    coordinate tensor's origin can add each term with CuTe's static arithmetic (see Offset).
// Example: slice((4,(2,3)):(1,(4,8)), (_,1)) = (4):(1)
// Example: slice((4,(2,3)):(1,(4,8)), (2,(_,_))) = (2,3):(4,8)
// Errors: bad_argument for a coordinate that does not match the layout's profile, a negative
// coordinate or one outside its mode.
//
// Capacity: slice_and_offset takes a layout of any capacity N (LayoutN<N>) and a slice
// coordinate of any capacity M (SliceCoordN<M>); the kept layout and the offset have capacity N
// (the offset has at most one term per leaf of the layout).
#pragma once

#include <layoutref/impl/coordinates.hpp>

namespace layoutref::impl::inline LAYOUTREF_IMPL_ABI {

/// A leaf of a slice coordinate: an integer (with CuTe's static flag) or `_`.
/// Trivially default-constructible (a Tree's leaf; tree.hpp): `SliceLeaf{}` is the coordinate 0.
struct SliceLeaf {
  Int value;
  bool underscore;
  LAYOUTREF_HD static constexpr SliceLeaf keep() { return SliceLeaf{Int{}, true}; }
  LAYOUTREF_HD static constexpr SliceLeaf at(Int c) { return SliceLeaf{c, false}; }
  LAYOUTREF_HD friend constexpr bool operator==(SliceLeaf const& a, SliceLeaf const& b) {
    return a.underscore == b.underscore && (a.underscore || a.value == b.value);
  }
};
/// A slice coordinate of capacity N; `SliceCoord` is the default capacity kMaxLeaves.
template <int N>
using SliceCoordN = Tree<SliceLeaf, N>;
using SliceCoord = SliceCoordN<kMaxLeaves>;

/// The offset of a slice, term by term: each fixed coordinate digit times its mode's stride,
/// with its static flag (a product of static values is static, CuTe's Int arithmetic). Zero
/// terms are kept: CuTe's `_0 + 0*_128` is the run-time 0. Capacity: N terms, one per leaf of a
/// layout of capacity N at most.
template <int N>
struct OffsetN {
  struct Term {
    i64 value = 0;
    bool is_static = false;
    BasisPath path{};
  };
  Term term[N] = {};
  int n = 0;

  /// The offset as a value (the sum of the terms).
  LAYOUTREF_HD constexpr Result<Value> value() const {
    Value v;
    for (int k = 0; k < n; ++k) {
      Stride d{term[k].value, term[k].is_static, term[k].path};
      LAYOUTREF_TRY(v, add_scaled(v, 1, d));
    }
    return v;
  }
};

using Offset = OffsetN<kMaxLeaves>;

template <int N>
struct SlicedN {
  LayoutN<N> layout{};  ///< the kept modes (the empty tuple when the coordinate has no `_`)
  OffsetN<N> offset{};
};
using Sliced = SlicedN<kMaxLeaves>;

namespace detail_slice {

/// The terms of L restricted to node k at the integer coordinate c (split colexicographically
/// inside the subtree, the last leaf taking the rest), appended to `off` (one term per leaf of
/// the subtree: the subtrees of one slice are disjoint, so `off` holds at most l.nleaves terms).
template <int N>
LAYOUTREF_HD constexpr Error add_terms(LayoutN<N> const& l, int k, Int c, OffsetN<N>& off) {
  if (c.value < 0) return fail(Errc::bad_argument).add("negative coordinate ").add(c.value);
  int first = l.leaf_index(k), last = l.leaf_index(l.end(k));
  i64 extent = 1;
  bool shapes_static = true;
  for (int j = first; j < last; ++j) {
    LAYOUTREF_TRY(extent, checked_mul(extent, l.leaf[j].shape_value()));
    shapes_static = shapes_static && l.leaf[j].shape_static();
  }
  if (c.value >= extent) return fail(Errc::bad_argument).add("coordinate ").add(c.value).add(" is outside [0,").add(extent).add(")");
  i64 rest = c.value;
  for (int j = first; j < last; ++j) {
    i64 s = l.leaf[j].shape_value();
    i64 digit = (j + 1 == last) ? rest : rest % s;
    if (j + 1 != last) rest /= s;
    LAYOUTREF_TRY(i64 v, checked_mul(digit, l.leaf[j].stride_value()));
    bool digit_static = c.is_static && (last - first == 1 || shapes_static);
    off.term[off.n++] = typename OffsetN<N>::Term{v, digit_static && l.leaf[j].stride_static(), l.leaf[j].path()};
  }
  return Error{};
}

/// Slice L by the tuple coordinate c; kept modes are pushed to `out` (CuTe's lift_slice: `_`
/// pushes its mode, a tuple splices its kept modes), fixed digits' terms appended to `off`.
/// @pre !c.is_leaf()
/// @post c's leaves are visited in order; each is paired with the node of L it indexes, and a
///   tuple of c must meet a tuple of L of the same rank, else bad_argument.
/// No recursion: c's nodes are walked in pre-order and kl is the node of L paired with node kc.
/// A tuple of c pairs with a tuple of L of its rank, so both first items are the next nodes; a
/// leaf of c covers L's whole subtree at kl, so the next node of c pairs with l.end(kl).
template <int M, int N>
LAYOUTREF_HD constexpr Error collect(SliceCoordN<M> const& c, LayoutN<N> const& l, TupleBuilder<LayoutLeaf, N>& out, OffsetN<N>& off) {
  int kl = 0, leaf = 0;
  for (int kc = 0; kc < c.nnodes; ++kc) {
    if (c.node[kc] != SliceCoordN<M>::kLeaf) {
      if (l.node[kl] == LayoutN<N>::kLeaf || l.node[kl] != c.node[kc])
        return fail(Errc::bad_argument).add("the slice coordinate does not match the profile of the layout");
      ++kl;
      continue;
    }
    SliceLeaf x = c.leaf[leaf++];
    if (x.underscore)
      out.push(l.subtree(kl));
    else
      LAYOUTREF_CHECK(add_terms(l, kl, x.value, off));
    kl = l.end(kl);
  }
  return Error{};
}

}  // namespace detail_slice

/// CuTe's slice_and_offset(c, L): the kept layout and the offset. A lone `_` keeps L whole.
/// Errors: bad_argument (a coordinate outside its mode, or not matching L's profile); overflow
/// (the offset; for a lone `_`, L's size); capacity.
template <int M, int N>
LAYOUTREF_HD constexpr Result<SlicedN<N>> slice_and_offset(SliceCoordN<M> const& c, LayoutN<N> const& l) {
  SlicedN<N> s;
  if (c.is_leaf() && c.leaf[0].underscore) {
    LAYOUTREF_CHECK(size(l).error);  // L whole is the result: its domain must fit in int64
    s.layout = l;
    return s;
  }
  TupleBuilder<LayoutLeaf, N> out;
  if (c.is_leaf()) {
    LAYOUTREF_CHECK(detail_slice::add_terms(l, 0, c.leaf[0].value, s.offset));
  } else {
    LAYOUTREF_CHECK(detail_slice::collect(c, l, out, s.offset));
  }
  LAYOUTREF_TRY(s.layout, out.done());
  return s;
}

/// The number of `_` leaves of a slice coordinate.
template <int M>
LAYOUTREF_HD constexpr int underscores(SliceCoordN<M> const& c) {
  int n = 0;
  for (int k = 0; k < c.nleaves; ++k) n += c.leaf[k].underscore ? 1 : 0;
  return n;
}

}  // namespace layoutref::impl
