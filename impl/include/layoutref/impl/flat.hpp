// layoutref::impl — FlatLayout<R>: a flat layout of static rank R, every mode one leaf with a
// run-time integer shape and stride: CuTe's Layout<Shape<int, ..., int>, Stride<int, ..., int>>,
// the type a kernel author declares for a rank-R tensor whose extents and strides arrive at run
// time. Its algebra here is the part a kernel partitions with — zipped_divide by a shape,
// get_flat_coord, local_tile, local_partition — each the general algebra's answer (the values of
// its shapes and strides, and its error codes) for every input, computed mode by mode in straight
// code over fixed-size arrays: in a kernel it stays in registers, where the general trees of
// LayoutN (any hierarchy, dynamic rank) are walked in local memory.
//
// What a flat layout drops: the static flags (every shape and stride is a run-time value, as in
// CuTe's Layout<Shape<int,...>> — `_1:_0` reads back as 1:0) and the hierarchy (a mode is one
// leaf). FlatLayout<R>::make refuses a layout that is not of that form; layout() gives the tree
// back. tests/impl/flat_test.cpp compares every operation with the general one at random.
#pragma once
#include <layoutref/impl/checked.hpp>
#include <layoutref/impl/divide.hpp>
#include <layoutref/impl/fast_layout.hpp>
#include <layoutref/impl/layout.hpp>
#include <layoutref/impl/tensor.hpp>

#include <cstdint>

// Device code: the loops over the R modes are unrolled (each array index a constant, so the
// values stay in registers).
#if defined(__CUDA_ARCH__)
#define LAYOUTREF_FLAT_UNROLL _Pragma("unroll")
#else
#define LAYOUTREF_FLAT_UNROLL
#endif

namespace layoutref::impl::inline LAYOUTREF_IMPL_ABI {

namespace detail_flat {
/// The error f() builds, built out of line in device code. An Error's pieces are indexed by a
/// count that depends on its texts (Error::add skips an empty one), so one built inline puts the
/// whole Result that holds it into local memory, on every path; built here, it is copied into the
/// Result on the failing path only, and the Result stays in registers.
template <class F>
LAYOUTREF_HD LAYOUTREF_DEVICE_NOINLINE constexpr Error cold(F const& f) {
  return f();
}
}  // namespace detail_flat

/// R run-time integers: a flat shape (a tiler of R modes n_i:_1, as a shape tiler reads), or a
/// flat coordinate.
template <int R>
struct FlatTuple {
  static_assert(R >= 1, "FlatTuple: the rank R must be at least 1");
  i64 v[R] = {};
  LAYOUTREF_HD constexpr i64 operator[](int i) const { return v[i]; }
  LAYOUTREF_HD constexpr i64& operator[](int i) { return v[i]; }
};

/// (shape[0], ..., shape[R-1]):(stride[0], ..., stride[R-1]). Valid when every shape is >= 1
/// and the size and the values on the domain fit in int64 (check_flat); every operation below
/// checks its arguments.
template <int R>
struct FlatLayout {
  static_assert(R >= 1, "FlatLayout: the rank R must be at least 1");
  FlatTuple<R> shape{}, stride{};

  /// l as a flat layout. Errors: bad_argument when l is not a tuple of R modes each a single
  /// leaf with an integer stride (a leaf l counts as rank 1), or is invalid (validate).
  /// E.g. (16384,16384):(1,16384) gives shape (16384,16384) and stride (1,16384)
  /// (tests/impl/flat_test.cpp).
  template <int N>
  LAYOUTREF_HD static constexpr Result<FlatLayout> make(LayoutN<N> const& l) {
    LAYOUTREF_CHECK(validate(l));
    int const rank = l.is_leaf() ? 1 : l.rank();
    if (rank != R) return detail_flat::cold([=] { return fail(Errc::bad_argument).add("a flat layout of rank ").add(R).add(" from a layout of rank ").add(rank); });
    if (l.nleaves != R) return detail_flat::cold([=] { return fail(Errc::bad_argument).add("a flat layout needs one leaf a mode (the layout has ").add(l.nleaves).add(" leaves in ").add(R).add(" modes)"); });
    FlatLayout f;
    LAYOUTREF_FLAT_UNROLL
    for (int i = 0; i < R; ++i) {
      LayoutLeaf const& x = l.leaf[i];
      if (!x.stride_is_integer()) return detail_flat::cold([=] { return fail(Errc::bad_argument).add("a flat layout needs integer strides (mode ").add(i).add(" has a basis stride)"); });
      f.shape[i] = x.shape_value();
      f.stride[i] = x.stride_value();
    }
    return f;
  }

  /// The layout as a tree of capacity N: a leaf for R = 1, else a tuple of R leaves, every shape
  /// and stride dynamic. Errors: capacity when R leaves do not fit N.
  template <int N = kMaxLeaves>
  LAYOUTREF_HD constexpr Result<LayoutN<N>> layout() const {
    if (R == 1) return make_leaf<N>(Int::dynamic(shape[0]), Stride::integer(Int::dynamic(stride[0])));
    TupleBuilder<LayoutLeaf, N> b;
    LAYOUTREF_FLAT_UNROLL
    for (int i = 0; i < R; ++i) b.push_leaf(LayoutLeaf{Int::dynamic(shape[i]), Stride::integer(Int::dynamic(stride[i]))});
    return b.done();
  }
};

/// A shape tiler of R modes — a tiler whose layouts are R single leaves n_i:1, as CuTe reads the
/// shape (n_0, ..., n_{R-1}) as a tiler — as its flat shape. Errors: bad_argument for any other
/// tiler (a `_` mode, a nested or longer tuple, a stride other than 1, a basis stride).
/// E.g. the tiler (_64,_64) gives the shape (64,64) (tests/impl/flat_test.cpp).
template <int R, int N>
LAYOUTREF_HD constexpr Result<FlatTuple<R>> flat_shape_tiler(TilerN<N> const& t) {
  if (detail_tile::flat_guide_rank(t.profile) != R || t.n != R) return detail_flat::cold([=] { return fail(Errc::bad_argument).add("a shape tiler of ").add(R).add(" modes, each one layout"); });
  FlatTuple<R> n;
  LAYOUTREF_FLAT_UNROLL
  for (int i = 0; i < R; ++i) {
    LayoutN<N> const& m = t.layouts[i];
    if (!m.is_leaf() || !m.leaf[0].stride_is_integer() || m.leaf[0].stride_value() != 1)
      return detail_flat::cold([=] { return fail(Errc::bad_argument).add("a shape tiler needs a leaf n:1 in each mode (mode ").add(i).add(" is not)"); });
    n[i] = m.leaf[0].shape_value();
  }
  return n;
}

/// CuTe's Tensor of a flat layout: an engine (a Pointer, tensor.hpp) and a FlatLayout.
template <class E, int R>
struct FlatTensor {
  E engine{};
  FlatLayout<R> layout{};
};
template <class E, int R>
LAYOUTREF_HD constexpr FlatTensor<E, R> make_tensor(E const& engine, FlatLayout<R> const& l) {
  return FlatTensor<E, R>{engine, l};
}

/// zipped_divide's two modes: tile = the first (the tile), rest = the second (the tiles).
template <int R>
struct FlatZipped {
  FlatLayout<R> tile{}, rest{};
};

namespace detail_flat {

/// The size and the values' extremes of a flat layout's leaves, added into n, hi and lo.
/// Errors: overflow (the size, or the sum of the positive or of the negative extremes (s-1)*d).
template <int R>
LAYOUTREF_ALWAYS_INLINE LAYOUTREF_HD constexpr Error accumulate(FlatLayout<R> const& l, i64& n, i64& hi, i64& lo) {
  LAYOUTREF_FLAT_UNROLL
  for (int i = 0; i < R; ++i) {
    i64 const s = l.shape[i], d = l.stride[i];
    if (mul_overflows(n, s)) return detail_flat::cold([=] { return fail(Errc::overflow).add("64-bit overflow: the size does not fit in int64 (at mode ").add(i).add(")"); });
    n *= s;
    if (mul_overflows(s - 1, d)) return detail_flat::cold([=] { return fail(Errc::overflow).add("64-bit overflow: (").add(s).add(" - 1) * ").add(d); });
    i64 const e = (s - 1) * d;
    if (e > 0 ? add_overflows(hi, e) : add_overflows(lo, e))
      return detail_flat::cold([=] { return fail(Errc::overflow).add("64-bit overflow: the values do not fit in int64 (at mode ").add(i).add(" of size ").add(s).add(" and stride ").add(d).add(")"); });
    (e > 0 ? hi : lo) += e;
  }
  return Error{};
}

}  // namespace detail_flat

/// Every shape of l is >= 1 (else bad_argument, naming the mode): validate's check.
template <int R>
LAYOUTREF_HD constexpr Error check_shapes(FlatLayout<R> const& l) {
  LAYOUTREF_FLAT_UNROLL
  for (int i = 0; i < R; ++i)
    if (l.shape[i] < 1) return detail_flat::cold([=] { return fail(Errc::bad_argument).add("shape ").add(l.shape[i]).add(" of mode ").add(i).add(" is below 1"); });
  return Error{};
}

/// l is valid: check_shapes, and its size and its values on the domain within int64 (else
/// overflow).
template <int R>
LAYOUTREF_HD constexpr Error check_flat(FlatLayout<R> const& l) {
  LAYOUTREF_CHECK(check_shapes(l));
  i64 n = 1, hi = 0, lo = 0;
  return detail_flat::accumulate(l, n, hi, lo);
}

/// size(l). Errors: check_flat's.
template <int R>
LAYOUTREF_HD constexpr Result<i64> size(FlatLayout<R> const& l) {
  LAYOUTREF_CHECK(check_flat(l));
  i64 n = 1;
  LAYOUTREF_FLAT_UNROLL
  for (int i = 0; i < R; ++i) n *= l.shape[i];
  return n;
}

/// l(c) = sum of c_i * stride_i for a natural coordinate c (0 <= c_i < shape_i). Errors:
/// check_flat's; bad_argument for a coordinate outside the shape.
template <int R>
LAYOUTREF_HD constexpr Result<i64> evaluate(FlatLayout<R> const& l, FlatTuple<R> const& c) {
  LAYOUTREF_CHECK(check_flat(l));
  i64 v = 0;
  LAYOUTREF_FLAT_UNROLL
  for (int i = 0; i < R; ++i) {
    if (c[i] < 0 || c[i] >= l.shape[i])
      return detail_flat::cold([=] { return fail(Errc::bad_argument).add("coordinate ").add(c[i]).add(" of mode ").add(i).add(" is outside its shape ").add(l.shape[i]); });
    v += c[i] * l.stride[i];  // within the values' extremes (check_flat)
  }
  return v;
}

/// zipped_divide(l, tiler) for a shape tiler (mode i divided by tiler_i:_1; CuTe divide.hpp),
/// by modes: mode i = s:d gives the tile tiler_i:d and the rest ceil(s/tiler_i):(tiler_i*d), or
/// 1:0 where ceil(s/tiler_i) = 1 (the complement is then `_1:_0`) — the general path's
/// logical_divide of one leaf by n:_1 (its gap is empty). A tiler mode larger than s extends the
/// mode (CuTe's extension of the last mode of a layout).
/// Errors: bad_argument for a shape or a tiler entry < 1 (in that order, as validate checks A,
/// then the tiler); overflow where the result's strides, size or values do not fit in int64 (the
/// result covers l's domain, so also where l's own values do not).
/// The general zipped_divide of the same layout as a tree (here run as the header example, through
/// impl's general path and the spec; tests/impl/flat_test.cpp compares the flat one with it):
/// Example: zipped_divide((8,6):(1,8), (4,3)) = ((4,3),(2,2)):((1,8),(4,24))
template <int R>
LAYOUTREF_HD constexpr Result<FlatZipped<R>> zipped_divide(FlatLayout<R> const& l, FlatTuple<R> const& tiler) {
  LAYOUTREF_CHECK(check_shapes(l));
  LAYOUTREF_FLAT_UNROLL
  for (int i = 0; i < R; ++i)
    if (tiler[i] < 1) return detail_flat::cold([=] { return fail(Errc::bad_argument).add("tiler entry ").add(tiler[i]).add(" of mode ").add(i).add(" is below 1"); });
  FlatZipped<R> z;
  LAYOUTREF_FLAT_UNROLL
  for (int i = 0; i < R; ++i) {
    i64 const s = l.shape[i], d = l.stride[i], n = tiler[i];
    i64 q = 0, rem = 0;
    divmod(s, n, q, rem);  // ceil_div(s, n), in 32 bits on the device where s and n fit
    q += rem != 0 ? 1 : 0;
    z.tile.shape[i] = n;
    z.tile.stride[i] = d;
    if (q == 1) {
      z.rest.shape[i] = 1;
      z.rest.stride[i] = 0;
    } else {
      if (mul_overflows(n, d)) return detail_flat::cold([=] { return overflow_error("*", n, d); });
      z.rest.shape[i] = q;
      z.rest.stride[i] = n * d;
    }
  }
  i64 size = 1, hi = 0, lo = 0;
  LAYOUTREF_CHECK(detail_flat::accumulate(z.tile, size, hi, lo));
  LAYOUTREF_CHECK(detail_flat::accumulate(z.rest, size, hi, lo));
  return z;
}

/// thr.get_flat_coord(idx) (CuTe layout.hpp), as impl's get_flat_coord (tensor.hpp) answers for
/// thr's tree: CuTe's formula (idx / d_i) % s_i where every mode of size > 1 has a positive
/// stride, the modes are sorted-disjoint and the coordinate maps to idx; else the search over
/// thr's indices for the unique coordinate c with thr(c) = idx.
/// Errors: bad_argument (a negative idx, an invalid thr), capacity (a search past
/// kMaxExactCheck indices), get_flat_coord.not_a_value, get_flat_coord.not_unique.
/// E.g. (8,32):(32,1) at 37 gives (37/32 % 8, 37 % 32) = (1,5) (tests/impl/flat_test.cpp).
template <int R>
LAYOUTREF_HD constexpr Result<FlatTuple<R>> get_flat_coord(FlatLayout<R> const& thr, i64 idx) {
  if (idx < 0) return detail_flat::cold([=] { return fail(Errc::bad_argument).add("negative thread index ").add(idx); });
  LAYOUTREF_CHECK(check_flat(thr));
  FlatTuple<R> c;
  bool formula = true;
  LAYOUTREF_FLAT_UNROLL
  for (int i = 0; i < R; ++i) {
    i64 const s = thr.shape[i], d = thr.stride[i];
    if (d > 0) {
      i64 q = 0, rem = 0;
      divmod(idx, d, q, rem);  // (idx / d) % s, in 32 bits on the device where the operands fit
      divmod(q, s, q, rem);
      c[i] = rem;
    } else {
      formula = false;  // as impl's get_flat_coord for a dynamic leaf (every flat leaf is one)
    }
  }
  if (formula) {
    // Sorted-disjoint: the modes of size > 1, in stride order, each start past the previous one's
    // span. Strides are positive here, so order by stride: for each pair, the smaller-strided
    // mode's span s*d must not pass the larger stride (ties: two equal strides overlap).
    bool disjoint = true;
    LAYOUTREF_FLAT_UNROLL
    for (int i = 0; i < R; ++i)
      LAYOUTREF_FLAT_UNROLL
      for (int j = 0; j < R; ++j) {
        if (i == j || thr.shape[i] == 1 || thr.shape[j] == 1) continue;
        bool const below = thr.stride[i] < thr.stride[j] || (thr.stride[i] == thr.stride[j] && i < j);
        if (below && (mul_overflows(thr.shape[i], thr.stride[i]) || thr.shape[i] * thr.stride[i] > thr.stride[j])) disjoint = false;
      }
    if (disjoint) {
      i64 v = 0;
      LAYOUTREF_FLAT_UNROLL
      for (int i = 0; i < R; ++i) v += c[i] * thr.stride[i];
      if (v == idx) return c;
    }
  }
  i64 n = 1;
  LAYOUTREF_FLAT_UNROLL
  for (int i = 0; i < R; ++i) n *= thr.shape[i];
  if (n > kMaxExactCheck)
    return detail_flat::cold([=] { return fail(Errc::capacity).add("get_flat_coord: a search over ").add(n).add(" thread indices (past ").add(kMaxExactCheck).add(")"); });
  i64 found[2] = {-1, -1};
  int count = 0;
  for (i64 j = 0; j < n && count < 2; ++j) {
    i64 k = j, v = 0;
    LAYOUTREF_FLAT_UNROLL
    for (int i = 0; i < R; ++i) {
      v += (i + 1 == R ? k : k % thr.shape[i]) * thr.stride[i];
      k /= thr.shape[i];
    }
    if (v == idx) found[count++] = j;
  }
  if (count == 0) return detail_flat::cold([=] { return fail(Errc::inadmissible, Cond::get_flat_coord_not_a_value).add(idx).add(" is not a value of the thread layout"); });
  if (count == 2)
    return detail_flat::cold([=] { return fail(Errc::inadmissible, Cond::get_flat_coord_not_unique)
        .add("the thread layout takes the value ")
        .add(idx)
        .add(" at the indices ")
        .add(found[0])
        .add(" and ")
        .add(found[1]); });
  i64 k = found[0];
  LAYOUTREF_FLAT_UNROLL
  for (int i = 0; i < R; ++i) {
    c[i] = i + 1 == R ? k : k % thr.shape[i];
    k /= thr.shape[i];
  }
  return c;
}

namespace detail_flat {
/// The tensor t moved by `offset` elements with layout l.
template <class E, int R>
LAYOUTREF_HD constexpr FlatTensor<E, R> moved(FlatTensor<E, R> const& t, i64 offset, FlatLayout<R> const& l) {
  FlatTensor<E, R> out{t.engine, l};
  out.engine.ptr += offset;
  return out;
}
}  // namespace detail_flat

/// local_tile(t, tiler, coord) = inner_partition: zipped_divide(t, tiler) sliced at (_, coord),
/// the tile at coordinate coord of the tiles (CuTe tensor_impl.hpp). Errors: zipped_divide's;
/// bad_argument for a coordinate outside the tiles' shape.
/// E.g. (16384,16384):(1,16384) by (64,64) at (2,1): the tile (64,64):(1,16384) starting at
/// 128 + 64*16384 (tests/impl/flat_test.cpp).
template <class E, int R>
LAYOUTREF_HD constexpr Result<FlatTensor<E, R>> local_tile(FlatTensor<E, R> const& t, FlatTuple<R> const& tiler, FlatTuple<R> const& coord) {
  LAYOUTREF_TRY(FlatZipped<R> z, zipped_divide(t.layout, tiler));
  LAYOUTREF_TRY(i64 offset, evaluate(z.rest, coord));
  return detail_flat::moved(t, offset, z.tile);
}

/// local_partition(t, thr, idx) = outer_partition(t, shape(thr), thr.get_flat_coord(idx)):
/// zipped_divide(t, shape(thr)) sliced at (c, _), the element at c of every tile (CuTe
/// tensor_impl.hpp; product_each of a flat shape is the shape). Errors: get_flat_coord's,
/// zipped_divide's.
/// E.g. (64,64):(1,16384) by (32,8):(1,32) for thread 37: (2,8):(32,131072) starting at
/// 5 + 16384 (tests/impl/flat_test.cpp).
template <class E, int R>
LAYOUTREF_HD constexpr Result<FlatTensor<E, R>> local_partition(FlatTensor<E, R> const& t, FlatLayout<R> const& thr, i64 idx) {
  LAYOUTREF_TRY(FlatTuple<R> c, get_flat_coord(thr, idx));
  LAYOUTREF_TRY(FlatZipped<R> z, zipped_divide(t.layout, thr.shape));
  LAYOUTREF_TRY(i64 offset, evaluate(z.tile, c));
  return detail_flat::moved(t, offset, z.rest);
}

/// FastLayoutR<R, Index>::make(l.layout()) without the tree: mode i in slot i (a mode of size 1
/// divides by 1 with its stride and adds 0), the same function and the same errors (overflow for
/// a size, value or stride past what Index holds; check_flat's).
template <class Index, int R>
LAYOUTREF_HD constexpr Result<FastLayoutR<R, Index>> make_fast_layout(FlatLayout<R> const& l) {
  using F = FastLayoutR<R, Index>;
  using V = typename F::value_type;
  constexpr bool narrow = std::is_same_v<Index, std::uint32_t>;
  LAYOUTREF_CHECK(check_shapes(l));  // check_flat, keeping the size and the extremes
  i64 n = 1, hi = 0, lo = 0;
  LAYOUTREF_CHECK(detail_flat::accumulate(l, n, hi, lo));
  if (narrow) {
    if (n > i64{0xffffffff})
      return detail_flat::cold([=] { return fail(Errc::overflow).add("32-bit FastLayoutR: the size ").add(n).add(" does not fit in 32 bits (at most 2^32 - 1 = 4294967295)"); });
    if (hi > (i64{1} << 31) - 1)
      return detail_flat::cold([=] { return fail(Errc::overflow).add("32-bit FastLayoutR: the largest value ").add(hi).add(" does not fit in int32 (at most 2^31 - 1 = 2147483647)"); });
    if (lo < -(i64{1} << 31))
      return detail_flat::cold([=] { return fail(Errc::overflow).add("32-bit FastLayoutR: the smallest value ").add(lo).add(" does not fit in int32 (at least -2^31 = -2147483648)"); });
  }
  F f;
  int kept = 0;
  LAYOUTREF_FLAT_UNROLL
  for (int i = 0; i < R; ++i) {
    i64 const s = l.shape[i], d = l.stride[i];
    bool const used = s != 1 || i + 1 == R;
    if (narrow && used && (d < -(i64{1} << 31) || d > (i64{1} << 31) - 1))
      return detail_flat::cold([=] { return fail(Errc::overflow).add("32-bit FastLayoutR: the stride ").add(d).add(" of mode ").add(i).add(" does not fit in int32"); });
    kept += used ? 1 : 0;
    f.shape[i] = F::Divisor::make(static_cast<Index>(s));
    f.stride[i] = used ? static_cast<V>(d) : V{0};
  }
  f.size = static_cast<Index>(n);
  f.min_value = static_cast<V>(lo);
  f.max_value = static_cast<V>(hi);
  f.n = kept;
  return f;
}

}  // namespace layoutref::impl
