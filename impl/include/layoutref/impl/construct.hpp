// layoutref::impl — constructing layouts: compact strides, make_layout (LayoutLeft/LayoutRight),
// make_ordered_layout, make_layout_like, make_fragment_like, make_identity_layout.
//
// Sources: cute/stride.hpp (compact_major, compact_order), cute/layout.hpp (make_ordered_layout,
// make_layout_like, make_fragment_like, make_identity_layout), cute/arithmetic_tuple.hpp
// (make_basis_like); CuTe docs 01_layout.md; the spec's definitions (spec/construct.hpp).
//
// Static flags as CuTe computes them: the running stride starts at the static `_1`, a leaf of
// static size 1 gets the static stride `_0` and takes no room (a run-time size 1 gets the running
// stride: the same function), products are static iff all factors are.
//
// Where impl (with the spec) differs from CuTe in meaning, never depending on the static flag:
//  - Ties in an order (make_ordered_layout, make_layout_like): CuTe gives equal order values the
//    same starting stride, so its result is not compact ((_2,_8):(_2,_2) -> (_2,_8):(_1,_1)).
//    impl breaks ties by position, as the spec does: (2,8):(1,2). docs/divergences.md 1.2.
//  - Run-time order values count with their values (CuTe takes them as "large, left to right");
//    every zero stride is filtered (CuTe: static zeros only); make_fragment_like builds the
//    fragment for run-time shapes too (CuTe: make_layout(shape) unless the shape is static).
#pragma once

#include <layoutref/impl/layout.hpp>

namespace layoutref::impl::inline LAYOUTREF_IMPL_ABI {

namespace detail_construct {

template <int N>
LAYOUTREF_HD constexpr Error validate_shape(IntTupleN<N> const& s, char const* what) {
  for (int k = 0; k < s.nleaves; ++k)
    if (s.leaf[k].value < 1)
      return fail(Errc::bad_argument).add(what).add(": a mode has size ").add(s.leaf[k].value).add(" (shapes must be >= 1)");
  return Error{};
}

/// The stride tuple with the profile of `shape` (leaves to be filled).
template <int N>
LAYOUTREF_HD constexpr StrideTupleN<N> same_profile(IntTupleN<N> const& shape) {
  return map_leaves<Stride>(shape, [](Int) { return Stride::integer(Int::fixed(0)); });
}

/// CuTe's detail_construct::compact for one leaf: `_0` for a static size 1, else the running stride,
/// which then grows by the size.
LAYOUTREF_HD constexpr Error compact_leaf(Int s, Int& current, Stride& out) {
  if (s.value == 1 && s.is_static) {
    out = Stride::integer(Int::fixed(0));
    return Error{};
  }
  out = Stride::integer(current);
  LAYOUTREF_TRY(current, mul(current, s));
  return Error{};
}

/// Compact column-major strides for the shape leaves [first, last), from `current`.
template <int N>
LAYOUTREF_HD constexpr Error compact_left_range(IntTupleN<N> const& shape, int first, int last, Int current, StrideTupleN<N>& d) {
  for (int k = first; k < last; ++k) LAYOUTREF_CHECK(compact_leaf(shape.leaf[k], current, d.leaf[k]));
  return Error{};
}

/// One block of compact_order: the shape leaves [first, last) under one leaf of the order.
struct OrderBlock {
  i64 key = 0;
  int first = 0, last = 0;
};
template <int N>
struct OrderBlocks {
  OrderBlock block[N] = {};
  int n = 0;
};

/// The blocks of shape under the leaves of order, in order.
/// @post out.block[i] is the i-th leaf of order with the shape leaves under it; a tuple of order
///   meeting a leaf or a tuple of another rank of shape is bad_argument (not weakly congruent).
/// No recursion: order's nodes are walked in pre-order and ks is the node of shape paired with
/// node ko. A tuple pairs with a tuple of its rank, so both first items are the next nodes; a
/// leaf covers shape's whole subtree at ks, so the next node of order pairs with shape.end(ks).
template <int N>
LAYOUTREF_HD constexpr Error order_blocks(IntTupleN<N> const& shape, IntTupleN<N> const& order, OrderBlocks<N>& out) {
  int ks = 0, leaf = 0;
  for (int ko = 0; ko < order.nnodes; ++ko) {
    if (order.node[ko] != IntTupleN<N>::kLeaf) {
      if (shape.node[ks] != order.node[ko])
        return fail(Errc::bad_argument).add("compact_order: the order is not weakly congruent with the shape");
      ++ks;
      continue;
    }
    if (out.n == N) return fail(Errc::capacity).add("an order with more than ").add(N).add(" leaves");
    OrderBlock b;
    b.key = order.leaf[leaf++].value;
    b.first = shape.leaf_index(ks);
    b.last = shape.leaf_index(shape.end(ks));
    out.block[out.n++] = b;
    ks = shape.end(ks);
  }
  return Error{};
}

}  // namespace detail_construct

/// CuTe's compact_major<LayoutLeft>(shape, current): the leaves left to right get current,
/// current*s0, ...; a static size-1 leaf gets `_0`. Errors: bad_argument (a size < 1), overflow.
template <int N>
LAYOUTREF_HD LAYOUTREF_DEVICE_NOINLINE constexpr Result<StrideTupleN<N>> compact_major_left(IntTupleN<N> const& shape, Int current = Int::fixed(1)) {
  LAYOUTREF_CHECK(detail_construct::validate_shape(shape, "compact_major_left"));
  StrideTupleN<N> d = detail_construct::same_profile(shape);
  LAYOUTREF_CHECK(detail_construct::compact_left_range(shape, 0, shape.nleaves, current, d));
  return d;
}

/// CuTe's compact_major<LayoutRight>(shape, current): the leaves right to left (row-major).
template <int N>
LAYOUTREF_HD LAYOUTREF_DEVICE_NOINLINE constexpr Result<StrideTupleN<N>> compact_major_right(IntTupleN<N> const& shape, Int current = Int::fixed(1)) {
  LAYOUTREF_CHECK(detail_construct::validate_shape(shape, "compact_major_right"));
  StrideTupleN<N> d = detail_construct::same_profile(shape);
  for (int k = shape.nleaves - 1; k >= 0; --k) LAYOUTREF_CHECK(detail_construct::compact_leaf(shape.leaf[k], current, d.leaf[k]));
  return d;
}

/// make_layout(shape) = shape : compact_major_left(shape) (CuTe's default LayoutLeft).
template <int N>
LAYOUTREF_HD constexpr Result<LayoutN<N>> make_layout(IntTupleN<N> const& shape) {
  LAYOUTREF_TRY(StrideTupleN<N> d, compact_major_left(shape));
  return make_layout(shape, d);
}

/// make_layout(shape, LayoutRight) = shape : compact_major_right(shape).
template <int N>
LAYOUTREF_HD constexpr Result<LayoutN<N>> make_layout_right(IntTupleN<N> const& shape) {
  LAYOUTREF_TRY(StrideTupleN<N> d, compact_major_right(shape));
  return make_layout(shape, d);
}

/// CuTe's compact_order(shape, order) with ties broken by position (the spec's definition):
/// each leaf of `order` stands for the sub-shape under it; these blocks are laid out in
/// increasing (order value, position), each column-major inside, starting at the product of the
/// sizes of the blocks before it. Example (CuTe): (2,2,2,2) by (0,2,3,1) -> (_1,_4,_8,_2).
/// Errors: bad_argument (order not weakly congruent with shape, a size < 1), overflow.
template <int N>
LAYOUTREF_HD LAYOUTREF_DEVICE_NOINLINE constexpr Result<StrideTupleN<N>> compact_order(IntTupleN<N> const& shape, IntTupleN<N> const& order) {
  LAYOUTREF_CHECK(detail_construct::validate_shape(shape, "compact_order"));
  detail_construct::OrderBlocks<N> blocks;
  LAYOUTREF_CHECK(detail_construct::order_blocks(shape, order, blocks));
  Int sizes[N] = {};
  for (int k = 0; k < blocks.n; ++k) {
    Int p = Int::fixed(1);
    for (int j = blocks.block[k].first; j < blocks.block[k].last; ++j) {
      LAYOUTREF_TRY(p, mul(p, shape.leaf[j]));
    }
    sizes[k] = p;
  }
  StrideTupleN<N> d = detail_construct::same_profile(shape);
  for (int k = 0; k < blocks.n; ++k) {
    Int start = Int::fixed(1);
    for (int j = 0; j < blocks.n; ++j) {
      bool before = blocks.block[j].key < blocks.block[k].key || (blocks.block[j].key == blocks.block[k].key && j < k);
      if (before) {
        LAYOUTREF_TRY(start, mul(start, sizes[j]));
      }
    }
    LAYOUTREF_CHECK(detail_construct::compact_left_range(shape, blocks.block[k].first, blocks.block[k].last, start, d));
  }
  return d;
}

/// make_ordered_layout(shape, order) = shape : compact_order(shape, order): a bijection onto
/// [0, size(shape)). CuTe's example:
/// Example: make_ordered_layout((_2,_2,_2,_2), (_0,_2,_3,_1)) = (_2,_2,_2,_2):(_1,_4,_8,_2)
template <int N>
LAYOUTREF_HD constexpr Result<LayoutN<N>> make_ordered_layout(IntTupleN<N> const& shape, IntTupleN<N> const& order) {
  LAYOUTREF_TRY(StrideTupleN<N> d, compact_order(shape, order));
  return make_layout(shape, d);
}

namespace detail_construct {

template <int N>
LAYOUTREF_HD constexpr Error require_integer_strides(LayoutN<N> const& l, char const* op) {
  for (int k = 0; k < l.nleaves; ++k)
    if (!l.leaf[k].stride_is_integer() && l.leaf[k].stride_value() != 0)
      return fail(Errc::bad_argument).add(op).add(": the layout has a basis stride");
  return Error{};
}

/// The strides of l as an order (integers).
template <int N>
LAYOUTREF_HD constexpr IntTupleN<N> stride_order(LayoutN<N> const& l) {
  return map_leaves<Int>(l, [](LayoutLeaf const& x) { return Int{x.stride_value(), x.stride_static()}; });
}

/// CuTe's filter_zeros(stride, shape): leaves of stride 0 get the static size `_1`.
template <int N>
LAYOUTREF_HD constexpr IntTupleN<N> zeros_to_one(LayoutN<N> const& l) {
  return map_leaves<Int>(l, [](LayoutLeaf const& x) { return x.stride_value() == 0 ? Int::fixed(1) : x.shape(); });
}

}  // namespace detail_construct

/// make_layout_like(L): L's shape with compact strides in the order of L's strides (CuTe:
/// compact_order(filter_zeros(stride, shape), stride)); stride-0 leaves keep `_0` and take no
/// room, ties by position. CuTe's example:
/// Example: make_layout_like((2,3,4,5):(0,42,1,0)) = (2,3,4,5):(_0,4,_1,_0)
/// Errors: bad_argument (a basis stride, a size < 1), overflow.
template <int N>
LAYOUTREF_HD LAYOUTREF_DEVICE_NOINLINE constexpr Result<LayoutN<N>> make_layout_like(LayoutN<N> const& l) {
  LAYOUTREF_CHECK(validate(l));
  LAYOUTREF_CHECK(detail_construct::require_integer_strides(l, "make_layout_like"));
  LAYOUTREF_TRY(StrideTupleN<N> d, compact_order(detail_construct::zeros_to_one(l), detail_construct::stride_order(l)));
  return make_layout(shape(l), d);
}

/// make_fragment_like(L), in CuTe's form. Rank <= 1: make_layout(shape(L)). Rank R > 1: CuTe's
/// tiled_product(A, B) with A = shape<0> : compact_major_left(filter_zeros(stride<0>, shape<0>))
/// and B = make_ordered_layout(take<1,R>(shape), take<1,R>(stride)), computed directly: the
/// product's second part is complement(A, size(A)*cosize(B)) o B = B with its strides scaled by
/// n0 (the size of A's image: the product of A's leaves of non-zero stride; `_0` strides of B
/// stay `_0`), and tiled_product unpacks it after A, except that for R == 2 B is a rank-1 tuple
/// and stays one (the first example).
/// Example: make_fragment_like((_32,_8):(_8,_1)) = (_32,(_8)):(_1,(_32))
/// Example: make_fragment_like((_2,_4,_4):(_320,_80,_5)) = (_2,_4,_4):(_1,_8,_2)
/// Errors: bad_argument (a basis stride in modes 1.., a size < 1), overflow, capacity.
template <int N>
LAYOUTREF_HD LAYOUTREF_DEVICE_NOINLINE constexpr Result<LayoutN<N>> make_fragment_like(LayoutN<N> const& l) {
  LAYOUTREF_CHECK(validate(l));
  int r = l.rank();
  if (r <= 1) return make_layout(shape(l));
  // A: mode 0, column-major over its leaves of non-zero stride.
  LAYOUTREF_TRY(LayoutN<N> m0, l.mode(0));
  LAYOUTREF_TRY(StrideTupleN<N> a_stride, compact_major_left(detail_construct::zeros_to_one(m0)));
  LAYOUTREF_TRY(LayoutN<N> a, make_layout(shape(m0), a_stride));
  // n0: A's image is [0, n0) (CuTe: the stride of complement(A, ...), A filtered and coalesced).
  Int n0 = Int::fixed(1);
  for (int k = 0; k < m0.nleaves; ++k) {
    LayoutLeaf const& x = m0.leaf[k];
    if (x.stride_value() != 0 && x.shape_value() != 1) {
      LAYOUTREF_TRY(n0, mul(n0, x.shape()));
    }
  }
  // B: the other modes, ordered by their strides.
  TupleBuilder<LayoutLeaf, N> rest;
  for (int i = 1; i < r; ++i) {
    LAYOUTREF_TRY(LayoutN<N> m, l.mode(i));
    rest.push(m);
  }
  LAYOUTREF_TRY(LayoutN<N> rest_l, rest.done());
  LAYOUTREF_CHECK(detail_construct::require_integer_strides(rest_l, "make_fragment_like"));
  LAYOUTREF_TRY(LayoutN<N> b, make_ordered_layout(shape(rest_l), detail_construct::stride_order(rest_l)));
  // complement(A, size(A)*cosize(B)) = k:n0 with k = ceil(size(A)*cosize(B) / n0); when k == 1
  // CuTe's complement is `_1:_0` and the composition multiplies by `_0`.
  LAYOUTREF_TRY(Int size_a, size(a));
  LAYOUTREF_TRY(Int size_b, size(b));  // B is compact: cosize(B) == size(B)
  LAYOUTREF_TRY(Int m, mul(size_a, size_b));
  bool unit = ceil_div(m.value, n0.value) == 1;
  for (int k = 0; k < b.nleaves; ++k) {
    LayoutLeaf& x = b.leaf[k];
    if (x.stride_value() == 0 && x.stride_static()) continue;  // composition keeps a static stride 0
    if (unit) {
      x.set_stride(Stride::integer(Int::fixed(0)));  // times the `_0` of `_1:_0`
      continue;
    }
    LAYOUTREF_TRY(Stride d, scale(n0, x.stride()));
    x.set_stride(d);
  }
  TupleBuilder<LayoutLeaf, N> out;
  out.push(a);
  if (r == 2)
    out.push(b);  // the rank-1 tuple (B0)
  else
    out.push_items(b);
  return out.done();
}

namespace detail_construct {

/// The strides of make_basis_like(shape): each leaf of shape gets the basis element E<path>,
/// path its position (the item index at each level).
/// @pre path.depth == 0 @post path.depth == 0
/// Errors: capacity when a non-empty tuple lies kMaxBasisDepth levels deep.
/// No recursion: shape's nodes are walked in pre-order; left[j] counts the items not yet
/// entered of the tuple at level j (j < path.depth), and path.mode[j] is the item being walked.
template <int N>
LAYOUTREF_HD constexpr Error basis_like(IntTupleN<N> const& shape, BasisPath& path, StrideTupleN<N>& d) {
  int left[kMaxBasisDepth] = {};
  int leaf = 0;
  for (int k = 0; k < shape.nnodes; ++k) {
    if (shape.node[k] == IntTupleN<N>::kLeaf) {
      Stride s{};
      s.value = 1;
      s.is_static = true;
      s.path = path;
      d.leaf[leaf++] = s;
    } else if (shape.node[k] > 0) {
      if (path.depth == kMaxBasisDepth) {
        path = BasisPath{};
        return fail(Errc::capacity).add("a basis element deeper than ").add(kMaxBasisDepth);
      }
      left[path.depth] = shape.node[k] - 1;  // entering item 0
      path.mode[path.depth++] = 0;
      continue;
    }
    // Node k (a leaf or an empty tuple) is done: leave the finished tuples, enter the next item.
    while (path.depth > 0 && left[path.depth - 1] == 0) path.mode[--path.depth] = 0;
    if (path.depth > 0) {
      --left[path.depth - 1];
      ++path.mode[path.depth - 1];
    }
  }
  return Error{};
}

}  // namespace detail_construct

/// CuTe's make_basis_like(shape): the leaf at mode path p gets the unit basis element `_1@p`;
/// an integral shape gets the integer `_1` (CuTe's E<>).
/// Errors: capacity (a path deeper than kMaxBasisDepth).
template <int N>
LAYOUTREF_HD LAYOUTREF_DEVICE_NOINLINE constexpr Result<StrideTupleN<N>> make_basis_like(IntTupleN<N> const& shape) {
  StrideTupleN<N> d = detail_construct::same_profile(shape);
  BasisPath path{};
  LAYOUTREF_CHECK(detail_construct::basis_like(shape, path, d));
  return d;
}

/// make_identity_layout(shape) = shape : make_basis_like(shape): every coordinate maps to itself.
/// Example: make_identity_layout((4,8)) = (4,8):(_1@0,_1@1)
/// Example: make_identity_layout(((2,2),4)) = ((2,2),4):((_1@0@0,_1@1@0),_1@1)
/// Example: make_identity_layout(4) = 4:_1
/// Errors: bad_argument (a size < 1), capacity.
template <int N>
LAYOUTREF_HD constexpr Result<LayoutN<N>> make_identity_layout(IntTupleN<N> const& shape) {
  LAYOUTREF_CHECK(detail_construct::validate_shape(shape, "make_identity_layout"));
  LAYOUTREF_TRY(StrideTupleN<N> d, make_basis_like(shape));
  return make_layout(shape, d);
}

}  // namespace layoutref::impl
