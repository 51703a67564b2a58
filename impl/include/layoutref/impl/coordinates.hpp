// layoutref::impl — coordinate maps (CuTe stride.hpp: crd2idx, idx2crd, crd2crd).
//
// A coordinate may be coarser than the shape: an integer standing for a sub-tuple is split
// colexicographically inside it, and the last mode takes what is left (so a 1-D index past the
// size overflows into the last leaf, as in CuTe).
#pragma once

#include <layoutref/impl/layout.hpp>

namespace layoutref::impl::inline LAYOUTREF_IMPL_ABI {

namespace detail {

// v += L restricted to the subtree at node k, evaluated at the integer coordinate c (split
// inside). Errors leave v partly summed; the caller returns them.
template <int N>
LAYOUTREF_HD constexpr Error value_at_int(LayoutN<N> const& l, int k, i64 c, Value& v) {
  int first = l.leaf_index(k), last = l.leaf_index(l.end(k));
  for (int j = first; j < last; ++j) {
    i64 s = l.leaf[j].shape_value();
    if (s < 1) return fail(Errc::bad_argument).add("a mode has size ").add(s);
    i64 digit = (j + 1 == last) ? c : c % s;
    if (j + 1 != last) c /= s;
    if (digit != 0) LAYOUTREF_CHECK(accumulate(v, digit, l.leaf[j].stride()));
  }
  return Error{};
}

/// L at the coordinate `coord` (any profile weakly congruent with L's), added to v.
/// @post each leaf c of coord, paired with the node of L it indexes, adds L's terms of that
///   node at c; a negative c, a c outside its node's size, or a tuple of coord meeting a leaf
///   or a tuple of another rank of L is bad_argument.
/// No recursion: coord's nodes are walked in pre-order and kl is the node of L paired with node
/// kc. A tuple pairs with a tuple of its rank, so both first items are the next nodes; a leaf
/// covers L's whole subtree at kl, so the next node of coord pairs with l.end(kl).
template <int M, int N>
LAYOUTREF_HD constexpr Error value_at(IntTupleN<M> const& coord, LayoutN<N> const& l, Value& v) {
  int kl = 0, leaf = 0;
  for (int kc = 0; kc < coord.nnodes; ++kc) {
    if (coord.node[kc] != IntTupleN<M>::kLeaf) {
      if (l.node[kl] == LayoutN<N>::kLeaf || l.node[kl] != coord.node[kc])
        return fail(Errc::bad_argument).add("the coordinate does not match the profile of the shape");
      ++kl;
      continue;
    }
    i64 c = coord.leaf[leaf++].value;
    if (c < 0) return fail(Errc::bad_argument).add("negative coordinate ").add(c);
    // @pre c < size of the sub-shape it indexes (spec/layout.hpp crd2idx; the spec refuses
    // such a coordinate as malformed, so impl does too).
    i64 extent = 1;
    for (int j = l.leaf_index(kl), last = l.leaf_index(l.end(kl)); j < last; ++j) {
      LAYOUTREF_TRY(extent, checked_mul(extent, l.leaf[j].shape_value()));
    }
    if (c >= extent) return fail(Errc::bad_argument).add("coordinate ").add(c).add(" is outside [0,").add(extent).add(")");
    LAYOUTREF_CHECK(value_at_int(l, kl, c, v));
    kl = l.end(kl);
  }
  return Error{};
}

}  // namespace detail

/// L at a coordinate of any profile weakly congruent with shape(L) (CuTe crd2idx(c, layout)).
template <int M, int N>
LAYOUTREF_HD constexpr Result<Value> crd2idx(IntTupleN<M> const& coord, LayoutN<N> const& l) {
  Value v;
  LAYOUTREF_CHECK(detail::value_at(coord, l, v));
  return v;
}

/// The colexicographic 1-D index of a coordinate of `shape` (CuTe crd2idx(c, shape)).
template <int M, int N>
LAYOUTREF_HD constexpr Result<Int> crd2idx(IntTupleN<M> const& coord, IntTupleN<N> const& shape) {
  // The compact column-major layout of shape gives the colexicographic index.
  LayoutN<N> compact;
  compact.nnodes = shape.nnodes;
  compact.nleaves = shape.nleaves;
  i64 current = 1;
  for (int k = 0; k < shape.nnodes; ++k) compact.node[k] = shape.node[k];
  for (int k = 0; k < shape.nleaves; ++k) {
    compact.leaf[k] = LayoutLeaf{shape.leaf[k], Stride::integer(Int::dynamic(current))};
    LAYOUTREF_TRY(current, checked_mul(current, shape.leaf[k].value));
  }
  LAYOUTREF_TRY(Value v, crd2idx(coord, compact));
  bool is_static = true;
  for (int k = 0; k < coord.nleaves; ++k) is_static = is_static && coord.leaf[k].is_static;
  return Int{v.scalar, is_static};
}

/// The natural coordinate of the 1-D index i in `shape` (CuTe idx2crd); past the size the
/// last leaf takes what is left. The leaves are run-time values unless i is static.
template <int N>
LAYOUTREF_HD constexpr Result<IntTupleN<N>> idx2crd(Int i, IntTupleN<N> const& shape) {
  if (i.value < 0) return fail(Errc::bad_argument).add("negative index ").add(i.value);
  IntTupleN<N> c = shape;
  i64 rest = i.value;
  for (int k = 0; k < shape.nleaves; ++k) {
    i64 s = shape.leaf[k].value;
    if (s < 1) return fail(Errc::bad_argument).add("a mode has size ").add(s);
    i64 digit = (k + 1 == shape.nleaves) ? rest : rest % s;
    if (k + 1 != shape.nleaves) rest /= s;
    // CuTe: a static size-1 mode before the last has the static coordinate 0 (x % _1 = _0);
    // the last mode takes the rest.
    bool last = k + 1 == shape.nleaves;
    c.leaf[k] = (s == 1 && shape.leaf[k].is_static && !last) ? Int::fixed(0)
                                                              : Int{digit, i.is_static && shape.leaf[k].is_static};
  }
  return c;
}

/// idx2crd of a tuple index (CuTe's idx2crd(tuple, tuple)): mode by mode, idx2crd(i_k, S_k);
/// an integer index is idx2crd(Int, shape). Errors: bad_argument when the ranks differ (CuTe's
/// "Mismatched Ranks") and when an index other than 0 falls on a shape without leaves (it would be
/// lost: spec::idx2crd's contract), and those of idx2crd(Int, shape).
/// @post the result has the profile of shape.
/// No recursion: index's nodes are walked in pre-order and ks is the node of shape paired with
/// node k (as in detail::value_at); each leaf of index fills the leaves of shape's subtree at ks.
template <int M, int N>
LAYOUTREF_HD constexpr Result<IntTupleN<N>> idx2crd(IntTupleN<M> const& index, IntTupleN<N> const& shape) {
  IntTupleN<N> out = shape;
  int ks = 0, leaf = 0;
  for (int k = 0; k < index.nnodes; ++k) {
    if (index.node[k] != IntTupleN<M>::kLeaf) {
      if (shape.node[ks] == IntTupleN<N>::kLeaf || shape.node[ks] != index.node[k])
        return fail(Errc::bad_argument).add("idx2crd: the index has rank ").add(index.node[k]).add(" but the shape ")
            .add(shape.node[ks] == IntTupleN<N>::kLeaf ? 1 : shape.node[ks]);
      ++ks;
      continue;
    }
    IntTupleN<N> const sub = shape.subtree(ks);
    if (sub.nleaves == 0 && index.leaf[leaf].value != 0)
      return fail(Errc::bad_argument).add("idx2crd: the index ").add(index.leaf[leaf].value)
          .add(" is outside the domain [0, 1) of a shape without leaves, which has no mode to hold it");
    LAYOUTREF_TRY(IntTupleN<N> ck, idx2crd(index.leaf[leaf++], sub));
    for (int j = 0, first = shape.leaf_index(ks); j < ck.nleaves; ++j) out.leaf[first + j] = ck.leaf[j];
    ks = shape.end(ks);
  }
  return out;
}

/// The coordinate of `dst` with the same 1-D index as `coord` in `src` (CuTe stride.hpp crd2crd):
/// when coord, src and dst are all tuples, mode by mode (their ranks must agree, else
/// bad_argument: CuTe's "Mismatched Ranks"); otherwise idx2crd(crd2idx(coord, src), dst), where
/// size(src) == size(dst) (CuTe states it as an assert, commented out; the spec requires it), else
/// bad_argument naming both sizes: a coordinate of src past dst's size has no coordinate in dst.
/// @post the result has the profile of dst.
/// No recursion: dst's nodes are walked in pre-order with the paired nodes kc of coord and ks of
/// src; where all three are tuples (of one rank) the walk enters their first items, elsewhere
/// the three subtrees are mapped as a whole and the walk skips past them.
template <int M, int S, int N>
LAYOUTREF_HD constexpr Result<IntTupleN<N>> crd2crd(IntTupleN<M> const& coord, IntTupleN<S> const& src, IntTupleN<N> const& dst) {
  IntTupleN<N> out = dst;
  int kc = 0, ks = 0, kd = 0;
  while (kd < dst.nnodes) {
    if (coord.node[kc] != IntTupleN<M>::kLeaf && src.node[ks] != IntTupleN<S>::kLeaf && dst.node[kd] != IntTupleN<N>::kLeaf) {
      if (coord.node[kc] != src.node[ks] || coord.node[kc] != dst.node[kd])
        return fail(Errc::bad_argument).add("crd2crd: the ranks of the coordinate (").add(coord.node[kc]).add("), the source (")
            .add(src.node[ks]).add(") and the destination (").add(dst.node[kd]).add(") differ");
      ++kc, ++ks, ++kd;
      continue;
    }
    IntTupleN<S> s = src.subtree(ks);
    IntTupleN<N> d = dst.subtree(kd);
    LAYOUTREF_TRY(Int ns, size(s));
    LAYOUTREF_TRY(Int nd, size(d));
    if (ns.value != nd.value)
      return fail(Errc::bad_argument).add("crd2crd: the sizes of the source (").add(ns.value).add(") and the destination (")
          .add(nd.value).add(") differ");
    LAYOUTREF_TRY(Int i, crd2idx(coord.subtree(kc), s));
    LAYOUTREF_TRY(IntTupleN<N> m, idx2crd(i, d));
    for (int j = 0, first = dst.leaf_index(kd); j < m.nleaves; ++j) out.leaf[first + j] = m.leaf[j];
    kc = coord.end(kc), ks = src.end(ks), kd = dst.end(kd);
  }
  return out;
}

}  // namespace layoutref::impl
