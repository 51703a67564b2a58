// layoutref::impl — coordinate maps (CuTe stride.hpp: crd2idx, idx2crd, crd2crd).
//
// A coordinate may be coarser than the shape: an integer standing for a sub-tuple is split
// colexicographically inside it, and the last mode takes what is left (so a 1-D index past the
// size overflows into the last leaf, as in CuTe).
#pragma once

#include <layoutref/impl/layout.hpp>

namespace layoutref::impl::inline LAYOUTREF_IMPL_ABI {

namespace detail {

// L restricted to the subtree at node k, evaluated at the integer coordinate c (split inside).
LAYOUTREF_HD constexpr Result<Value> value_at_int(Layout const& l, int k, i64 c, Value v) {
  int first = l.leaf_index(k), last = l.leaf_index(l.end(k));
  for (int j = first; j < last; ++j) {
    i64 s = l.leaf[j].shape.value;
    if (s < 1) return fail(Errc::bad_argument).add("a mode has size ").add(s);
    i64 digit = (j + 1 == last) ? c : c % s;
    if (j + 1 != last) c /= s;
    if (digit != 0) {
      LAYOUTREF_TRY(v, add_scaled(v, digit, l.leaf[j].stride));
    }
  }
  return v;
}

// The coordinate subtree at node kc of `coord` against the layout subtree at node kl.
LAYOUTREF_HD constexpr Result<Value> value_at(IntTuple const& coord, int kc, Layout const& l, int kl, Value v) {
  if (coord.node[kc] == IntTuple::kLeaf) {
    i64 c = coord.leaf[coord.leaf_index(kc)].value;
    if (c < 0) return fail(Errc::bad_argument).add("negative coordinate ").add(c);
    // @pre c < size of the sub-shape it indexes (spec/layout.hpp crd2idx; the spec refuses
    // such a coordinate as malformed, so impl does too).
    i64 extent = 1;
    for (int j = l.leaf_index(kl), last = l.leaf_index(l.end(kl)); j < last; ++j) {
      LAYOUTREF_TRY(extent, checked_mul(extent, l.leaf[j].shape.value));
    }
    if (c >= extent) return fail(Errc::bad_argument).add("coordinate ").add(c).add(" is outside [0,").add(extent).add(")");
    return value_at_int(l, kl, c, v);
  }
  if (l.node[kl] == Layout::kLeaf || l.node[kl] != coord.node[kc])
    return fail(Errc::bad_argument).add("the coordinate does not match the profile of the shape");
  for (int i = 0; i < coord.node[kc]; ++i) {
    LAYOUTREF_TRY(v, value_at(coord, coord.child(kc, i), l, l.child(kl, i), v));
  }
  return v;
}

}  // namespace detail

/// L at a coordinate of any profile weakly congruent with shape(L) (CuTe crd2idx(c, layout)).
LAYOUTREF_HD constexpr Result<Value> crd2idx(IntTuple const& coord, Layout const& l) {
  return detail::value_at(coord, 0, l, 0, Value{});
}

/// The colexicographic 1-D index of a coordinate of `shape` (CuTe crd2idx(c, shape)).
LAYOUTREF_HD constexpr Result<Int> crd2idx(IntTuple const& coord, IntTuple const& shape) {
  // The compact column-major layout of shape gives the colexicographic index.
  Layout compact;
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
LAYOUTREF_HD constexpr Result<IntTuple> idx2crd(Int i, IntTuple const& shape) {
  if (i.value < 0) return fail(Errc::bad_argument).add("negative index ").add(i.value);
  IntTuple c = shape;
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
/// "Mismatched Ranks"), and those of idx2crd(Int, shape).
LAYOUTREF_HD constexpr Result<IntTuple> idx2crd(IntTuple const& index, IntTuple const& shape) {
  if (index.is_leaf()) return idx2crd(index.leaf[0], shape);
  if (shape.is_leaf() || shape.rank() != index.rank())
    return fail(Errc::bad_argument).add("idx2crd: the index has rank ").add(index.rank()).add(" but the shape ").add(shape.rank());
  TupleBuilder<Int> b;
  for (int k = 0; k < index.rank(); ++k) {
    LAYOUTREF_TRY(IntTuple ik, index.mode(k));
    LAYOUTREF_TRY(IntTuple sk, shape.mode(k));
    LAYOUTREF_TRY(IntTuple ck, idx2crd(ik, sk));
    b.push(ck);
  }
  return b.done();
}

/// The coordinate of `dst` with the same 1-D index as `coord` in `src` (CuTe stride.hpp crd2crd):
/// when coord, src and dst are all tuples, mode by mode (their ranks must agree, else
/// bad_argument: CuTe's "Mismatched Ranks"); otherwise idx2crd(crd2idx(coord, src), dst), where
/// size(src) == size(dst) (CuTe states it as an assert, commented out; the spec requires it), else
/// bad_argument naming both sizes: a coordinate of src past dst's size has no coordinate in dst.
LAYOUTREF_HD constexpr Result<IntTuple> crd2crd(IntTuple const& coord, IntTuple const& src, IntTuple const& dst) {
  if (!coord.is_leaf() && !src.is_leaf() && !dst.is_leaf()) {
    if (coord.rank() != src.rank() || coord.rank() != dst.rank())
      return fail(Errc::bad_argument).add("crd2crd: the ranks of the coordinate (").add(coord.rank()).add("), the source (")
          .add(src.rank()).add(") and the destination (").add(dst.rank()).add(") differ");
    TupleBuilder<Int> out;
    for (int i = 0; i < coord.rank(); ++i) {
      LAYOUTREF_TRY(IntTuple m, crd2crd(coord.subtree(coord.child(0, i)), src.subtree(src.child(0, i)), dst.subtree(dst.child(0, i))));
      out.push(m);
    }
    return out.done();
  }
  LAYOUTREF_TRY(Int ns, size(src));
  LAYOUTREF_TRY(Int nd, size(dst));
  if (ns.value != nd.value)
    return fail(Errc::bad_argument).add("crd2crd: the sizes of the source (").add(ns.value).add(") and the destination (")
        .add(nd.value).add(") differ");
  LAYOUTREF_TRY(Int i, crd2idx(coord, src));
  return idx2crd(i, dst);
}

}  // namespace layoutref::impl
