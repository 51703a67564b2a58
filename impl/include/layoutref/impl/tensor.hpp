// layoutref::impl — Tensor = engine + layout (CuTe tensor_impl.hpp; docs 03_tensor.md,
// 0z_tma_tensors.md; seeds 000 and 001).
//
// Engines (iterators):
//  - Pointer<T>: a non-owning pointer with CuTe's memory-space tag (gmem, smem, rmem, or none:
//    make_gmem_ptr / make_smem_ptr / make_rmem_ptr; printed `gmem_ptr[32b](0x...)`, ...);
//  - CountingIterator: CuTe's ArithmeticTupleIterator, whose value is a coordinate tuple (an
//    IntTuple with static flags); a coordinate tensor's elements are origin + L(c), a tuple;
//  - ArrayEngine<T, N>: an owning array (std::array-like; CuTe allows it only for static
//    layouts, make_tensor<T>(layout)); sliced or partitioned, it gives a Pointer view.
// The tensor's function: element(c) = iterator advanced by L(c) (pointer + L(c), or
// origin + L(c) term by term). Slicing advances the iterator by the slice offset and keeps the
// modes under `_`; the divides and composition keep the iterator and act on the layout
// (products are layout-only: 03_tensor.md "Tensor algebra").
// Errors as for layouts; bad_argument for a basis offset on a pointer, a coordinate tensor
// whose origin has no mode a stride names, a thread index no thread layout coordinate gives.
//
// Capacity: Tensor<E, N> holds a layout of capacity N (LayoutN<N>; `Tensor<E>` is the default
// capacity kMaxLeaves) and a coordinate tensor's iterator an origin of capacity N
// (CountingIteratorN<N>; `CountingIterator` is the default). The functions here take a tensor,
// tiler and thread layout of one capacity N, deduced from the arguments, and a coordinate of any
// capacity; they return tensors of capacity N, or capacity when a result does not fit N.
// with_capacity<M> converts a tensor (its layout and a coordinate tensor's origin).
#pragma once

#include <layoutref/impl/composition.hpp>
#include <layoutref/impl/construct.hpp>
#include <layoutref/impl/divide.hpp>
#include <layoutref/impl/slice.hpp>

namespace layoutref::impl::inline LAYOUTREF_IMPL_ABI {

enum class MemorySpace : std::uint8_t { generic, gmem, smem, rmem };

/// A non-owning pointer to elements of T, tagged with its memory space.
template <class T>
struct Pointer {
  T* ptr = nullptr;
  MemorySpace space = MemorySpace::generic;
};
template <class T>
LAYOUTREF_HD constexpr Pointer<T> make_gmem_ptr(T* p) { return Pointer<T>{p, MemorySpace::gmem}; }
template <class T>
LAYOUTREF_HD constexpr Pointer<T> make_smem_ptr(T* p) { return Pointer<T>{p, MemorySpace::smem}; }
template <class T>
LAYOUTREF_HD constexpr Pointer<T> make_rmem_ptr(T* p) { return Pointer<T>{p, MemorySpace::rmem}; }

/// CuTe's ArithmeticTupleIterator: the iterator of a coordinate tensor, its origin of capacity N.
template <int N>
struct CountingIteratorN {
  IntTupleN<N> coord{};  ///< the coordinate at offset 0 (CuTe prints it as ArithTuple(...))
};
using CountingIterator = CountingIteratorN<kMaxLeaves>;

/// An owning array of Size elements (register memory).
template <class T, int Size>
struct ArrayEngine {
  T data[Size] = {};
};

/// An engine and a layout of capacity N.
template <class Engine, int N = kMaxLeaves>
struct Tensor {
  Engine engine{};
  LayoutN<N> layout{};
};

template <class E, int N>
LAYOUTREF_HD constexpr Tensor<E, N> make_tensor(E const& e, LayoutN<N> const& l) {
  return Tensor<E, N>{e, l};
}

/// make_tensor(engine, shape): the compact column-major layout of shape (CuTe's LayoutLeft).
template <class E, int N>
LAYOUTREF_HD constexpr Result<Tensor<E, N>> make_tensor(E const& e, IntTupleN<N> const& shape) {
  LAYOUTREF_TRY(LayoutN<N> l, make_layout(shape));
  return Tensor<E, N>{e, l};
}

/// make_tensor(engine, shape, stride).
template <class E, int N>
LAYOUTREF_HD constexpr Result<Tensor<E, N>> make_tensor(E const& e, IntTupleN<N> const& shape, StrideTupleN<N> const& stride) {
  LAYOUTREF_TRY(LayoutN<N> l, make_layout(shape, stride));
  return Tensor<E, N>{e, l};
}

/// t at capacity M: the same engine (a coordinate tensor's origin converted too) and layout, or
/// capacity when the layout or the origin does not fit M (with_capacity of a tree).
template <int M, class E, int N>
LAYOUTREF_HD constexpr Result<Tensor<E, M>> with_capacity(Tensor<E, N> const& t) {
  LAYOUTREF_TRY(LayoutN<M> l, with_capacity<M>(t.layout));
  return Tensor<E, M>{t.engine, l};
}
template <int M, int K, int N>
LAYOUTREF_HD constexpr Result<Tensor<CountingIteratorN<M>, M>> with_capacity(Tensor<CountingIteratorN<K>, N> const& t) {
  LAYOUTREF_TRY(IntTupleN<M> origin, with_capacity<M>(t.engine.coord));
  LAYOUTREF_TRY(LayoutN<M> l, with_capacity<M>(t.layout));
  return Tensor<CountingIteratorN<M>, M>{CountingIteratorN<M>{origin}, l};
}

/// make_tensor_like<T>(t): an owning array of T with CuTe's make_layout_like(layout(t)) (the same
/// shape, compact, strides in the order of t's); make_fragment_like<T>(t) with
/// make_fragment_like(layout(t)) (mode 0 kept column-major first, construct.hpp). Size is the
/// array's number of elements: bad_argument when the layout's cosize exceeds it. The layout keeps
/// t's capacity N.
template <class T, int Size, class E, int N>
LAYOUTREF_HD constexpr Result<Tensor<ArrayEngine<T, Size>, N>> make_tensor_like(Tensor<E, N> const& t) {
  LAYOUTREF_TRY(LayoutN<N> l, make_layout_like(t.layout));
  LAYOUTREF_TRY(i64 c, cosize(l));
  if (c > Size) return fail(Errc::bad_argument).add("make_tensor_like: cosize ").add(c).add(" exceeds the array of ").add(Size);
  return Tensor<ArrayEngine<T, Size>, N>{ArrayEngine<T, Size>{}, l};
}
template <class T, int Size, class E, int N>
LAYOUTREF_HD constexpr Result<Tensor<ArrayEngine<T, Size>, N>> make_fragment_like(Tensor<E, N> const& t) {
  LAYOUTREF_TRY(LayoutN<N> l, make_fragment_like(t.layout));
  LAYOUTREF_TRY(i64 c, cosize(l));
  if (c > Size) return fail(Errc::bad_argument).add("make_fragment_like: cosize ").add(c).add(" exceeds the array of ").add(Size);
  return Tensor<ArrayEngine<T, Size>, N>{ArrayEngine<T, Size>{}, l};
}

// --- queries (CuTe's rank, depth, shape, size, layout<I>, tensor<I>) ---------------------------

template <class E, int N>
LAYOUTREF_HD constexpr int rank(Tensor<E, N> const& t) { return t.layout.rank(); }
template <class E, int N>
LAYOUTREF_HD constexpr int depth(Tensor<E, N> const& t) { return t.layout.depth(); }
template <class E, int N>
LAYOUTREF_HD constexpr IntTupleN<N> shape(Tensor<E, N> const& t) { return shape(t.layout); }
template <class E, int N>
LAYOUTREF_HD constexpr Result<Int> size(Tensor<E, N> const& t) { return size(t.layout); }
/// tensor<I>(t): mode i with the same iterator (a view of that mode).
template <class E, int N>
LAYOUTREF_HD constexpr Result<Tensor<E, N>> mode(Tensor<E, N> const& t, int i) {
  LAYOUTREF_TRY(LayoutN<N> m, t.layout.mode(i));
  return Tensor<E, N>{t.engine, m};
}

// --- iterators advanced by an offset --------------------------------------------------------

/// pointer + offset. @pre the offset is an integer (a basis offset is bad_argument)
template <class T, int N>
LAYOUTREF_HD constexpr Result<Pointer<T>> advance(Pointer<T> p, OffsetN<N> const& off) {
  LAYOUTREF_TRY(Value v, off.value());
  if (!v.is_integer()) return fail(Errc::bad_argument).add("a pointer advanced by a basis offset");
  p.ptr += v.scalar;
  return p;
}

namespace detail_tensor {

/// The leaf of `coord` at a basis path (depth 0: a plain integer coordinate), or -1.
template <int N>
LAYOUTREF_HD constexpr int leaf_at(IntTupleN<N> const& coord, BasisPath const& p) {
  int k = 0;
  for (int d = 0; d < p.depth; ++d) {
    if (coord.node[k] == IntTupleN<N>::kLeaf || p.mode[d] >= coord.node[k]) return -1;
    k = coord.child(k, p.mode[d]);
  }
  if (coord.node[k] != IntTupleN<N>::kLeaf) return -1;
  return coord.leaf_index(k);
}

}  // namespace detail_tensor

/// origin + offset, term by term with CuTe's static arithmetic (a leaf stays static only if
/// every term added to it is static).
template <int M, int N>
LAYOUTREF_HD constexpr Result<CountingIteratorN<M>> advance(CountingIteratorN<M> it, OffsetN<N> const& off) {
  for (int k = 0; k < off.n; ++k) {
    auto const& t = off.term[k];
    int at = detail_tensor::leaf_at(it.coord, t.path);
    if (at < 0) {
      if (t.value == 0) continue;
      return fail(Errc::bad_argument).add("a coordinate tensor's origin has no mode for a stride of its layout");
    }
    LAYOUTREF_TRY(it.coord.leaf[at], add(it.coord.leaf[at], Int{t.value, t.is_static}));
  }
  return it;
}

/// An owning array sliced: a view of its data (CuTe: data() is a plain pointer).
template <class T, int Size, int N>
LAYOUTREF_HD constexpr Result<Pointer<T>> advance(ArrayEngine<T, Size>& a, OffsetN<N> const& off) {
  return advance(Pointer<T>{a.data, MemorySpace::rmem}, off);
}

// --- element access ---------------------------------------------------------------------------

/// The element at the 1-D index i: a pointer to it.
template <class T, int N>
LAYOUTREF_HD constexpr Result<T*> element(Tensor<Pointer<T>, N> const& t, i64 i) {
  LAYOUTREF_TRY(i64 off, evaluate_int(t.layout, i));
  return t.engine.ptr + off;
}
/// The element at a coordinate of any profile weakly congruent with the shape.
template <class T, int N, int M>
LAYOUTREF_HD constexpr Result<T*> element(Tensor<Pointer<T>, N> const& t, IntTupleN<M> const& c) {
  LAYOUTREF_TRY(Value v, crd2idx(c, t.layout));
  if (!v.is_integer()) return fail(Errc::bad_argument).add("a pointer tensor with basis strides");
  return t.engine.ptr + v.scalar;
}
/// The element at the 1-D index i of a coordinate tensor: origin + L(i).
/// The result has the origin's capacity M.
template <int M, int N>
LAYOUTREF_HD constexpr Result<IntTupleN<M>> element(Tensor<CountingIteratorN<M>, N> const& t, i64 i) {
  if (i < 0) return fail(Errc::bad_argument).add("negative index ").add(i);
  LAYOUTREF_TRY(IntTupleN<N> c, idx2crd(Int::dynamic(i), shape(t.layout)));
  SliceCoordN<N> sc = map_leaves<SliceLeaf>(c, [](Int x) { return SliceLeaf::at(x); });
  LAYOUTREF_TRY(SlicedN<N> s, slice_and_offset(sc, t.layout));
  LAYOUTREF_TRY(CountingIteratorN<M> it, advance(t.engine, s.offset));
  return it.coord;
}
template <class T, int Size, int N>
LAYOUTREF_HD constexpr Result<T*> element(Tensor<ArrayEngine<T, Size>, N>& t, i64 i) {
  LAYOUTREF_TRY(i64 off, evaluate_int(t.layout, i));
  if (off < 0 || off >= Size) return fail(Errc::bad_argument).add("offset ").add(off).add(" outside the owning array of ").add(Size);
  return t.engine.data + off;
}

// --- slicing, composition, divides --------------------------------------------------------------

/// t(c) for a coordinate with `_`: the iterator advanced by the offset, the kept modes.
template <class E, int N, int M>
LAYOUTREF_HD constexpr auto slice(Tensor<E, N> const& t, SliceCoordN<M> const& c) -> Result<Tensor<E, N>> {
  LAYOUTREF_TRY(SlicedN<N> s, slice_and_offset(c, t.layout));
  LAYOUTREF_TRY(E e, advance(t.engine, s.offset));
  return Tensor<E, N>{e, s.layout};
}
/// A slice of an owning tensor is a view of its array (CuTe: the sliced tensor holds data()).
template <class T, int Size, int N, int M>
LAYOUTREF_HD constexpr Result<Tensor<Pointer<T>, N>> slice(Tensor<ArrayEngine<T, Size>, N>& t, SliceCoordN<M> const& c) {
  return slice(Tensor<Pointer<T>, N>{Pointer<T>{t.engine.data, MemorySpace::rmem}, t.layout}, c);
}

template <class E, int N>
LAYOUTREF_HD constexpr Result<Tensor<E, N>> composition(Tensor<E, N> const& t, TilerN<N> const& tiler) {
  LAYOUTREF_TRY_REF(l, composition(t.layout, tiler));
  return Tensor<E, N>{t.engine, l};
}
template <class E, int N>
LAYOUTREF_HD constexpr Result<Tensor<E, N>> divide(Arrangement how, Tensor<E, N> const& t, TilerN<N> const& tiler) {
  LAYOUTREF_TRY_REF(l, divide(how, t.layout, tiler));
  return Tensor<E, N>{t.engine, l};
}

// --- partitioning ---------------------------------------------------------------------------

namespace detail_tensor {

/// repeat<n>(_) as n items pushed to a slice coordinate builder.
template <int N>
LAYOUTREF_HD constexpr void push_underscores(TupleBuilder<SliceLeaf, N>& b, int n) {
  for (int i = 0; i < n; ++i) b.push_leaf(SliceLeaf::keep());
}
/// append<r>(c, _): the items of the tuple c, then `_` up to rank r, at capacity N. @pre c is a tuple
template <int N, int M>
LAYOUTREF_HD constexpr Result<SliceCoordN<N>> append_underscores(SliceCoordN<M> const& c, int r) {
  if (c.rank() > r) return fail(Errc::bad_argument).add("a coordinate of rank ").add(c.rank()).add(" for a mode of rank ").add(r);
  TupleBuilder<SliceLeaf, N> b;
  b.push_items(c);
  push_underscores(b, r - c.rank());
  return b.done();
}
template <int N>
LAYOUTREF_HD constexpr Result<SliceCoordN<N>> repeat_underscores(int r) {
  if (r == 1) return SliceCoordN<N>::of(SliceLeaf::keep());
  TupleBuilder<SliceLeaf, N> b;
  push_underscores(b, r);
  return b.done();
}
/// c at capacity N: c itself for a leaf, append<r>(c, _) for a tuple (inner/outer_partition).
template <int N, int M>
LAYOUTREF_HD constexpr Result<SliceCoordN<N>> coord_for_mode(SliceCoordN<M> const& c, int r) {
  if (c.is_leaf()) return SliceCoordN<N>::of(c.leaf[0]);
  return append_underscores<N>(c, r);
}

/// The pair (first, second) of slice coordinates.
template <int N>
LAYOUTREF_HD constexpr Result<SliceCoordN<N>> pair(SliceCoordN<N> const& first, SliceCoordN<N> const& second) {
  TupleBuilder<SliceLeaf, N> b;
  b.push(first);
  b.push(second);
  return b.done();
}

}  // namespace detail_tensor

/// inner_partition(T, tiler, coord) = local_tile: zipped_divide(T, tiler) sliced by
/// (repeat<R0>(_), append<R1>(coord, _)) for a tuple coord, (repeat<R0>(_), coord) otherwise
/// (CuTe tensor_impl.hpp inner_partition): keeps the tile, picks the tile at coord.
template <class E, int N, int M>
LAYOUTREF_HD LAYOUTREF_DEVICE_NOINLINE constexpr Result<Tensor<E, N>> inner_partition(Tensor<E, N> const& t, TilerN<N> const& tiler, SliceCoordN<M> const& coord) {
  LAYOUTREF_TRY_REF(z, divide(Arrangement::zipped, t, tiler));
  LAYOUTREF_TRY(int r0, z.layout.mode_rank(0));
  LAYOUTREF_TRY(int r1, z.layout.mode_rank(1));
  LAYOUTREF_TRY_REF(first, detail_tensor::repeat_underscores<N>(r0));
  LAYOUTREF_TRY_REF(second, detail_tensor::coord_for_mode<N>(coord, r1));
  LAYOUTREF_TRY_REF(c, detail_tensor::pair(first, second));
  return slice(z, c);
}
template <class E, int N, int M>
LAYOUTREF_HD LAYOUTREF_DEVICE_NOINLINE constexpr Result<Tensor<E, N>> local_tile(Tensor<E, N> const& t, TilerN<N> const& tiler, SliceCoordN<M> const& coord) {
  return inner_partition(t, tiler, coord);
}

/// outer_slice(Z, coord): a zipped divide Z = ((tile...), (rest...)) sliced by
/// (append<R0>(coord, _), repeat<R1>(_)) for a tuple coord, (coord, repeat<R1>(_)) otherwise: the
/// element at coord inside every tile. outer_partition's second step, apart so that a kernel
/// divides once per block and slices in each thread (local_partition = outer_slice of one
/// zipped divide at each thread's coordinate).
/// @pre z is a zipped divide (rank 2), else bad_argument (from mode)
template <class E, int N, int M>
LAYOUTREF_HD constexpr Result<Tensor<E, N>> outer_slice(Tensor<E, N> const& z, SliceCoordN<M> const& coord) {
  LAYOUTREF_TRY(int r0, z.layout.mode_rank(0));
  LAYOUTREF_TRY(int r1, z.layout.mode_rank(1));
  LAYOUTREF_TRY_REF(first, detail_tensor::coord_for_mode<N>(coord, r0));
  LAYOUTREF_TRY_REF(second, detail_tensor::repeat_underscores<N>(r1));
  LAYOUTREF_TRY_REF(c, detail_tensor::pair(first, second));
  return slice(z, c);
}

/// outer_partition(T, tiler, coord) = outer_slice(zipped_divide(T, tiler), coord): keeps the
/// rest, picks the element at coord inside every tile.
template <class E, int N, int M>
LAYOUTREF_HD LAYOUTREF_DEVICE_NOINLINE constexpr Result<Tensor<E, N>> outer_partition(Tensor<E, N> const& t, TilerN<N> const& tiler, SliceCoordN<M> const& coord) {
  LAYOUTREF_TRY_REF(z, divide(Arrangement::zipped, t, tiler));
  return outer_slice(z, coord);
}

namespace detail_tensor {

/// Whether the integer-strided thr is injective by the sufficient test: its modes of size > 1,
/// sorted by stride, have positive strides and each starts past the previous one's span
/// (s_k*d_k <= d_(k+1)).
template <int N>
LAYOUTREF_HD constexpr bool sorted_disjoint(LayoutN<N> const& thr) {
  i64 d[N] = {}, s[N] = {};
  int n = 0;
  for (int k = 0; k < thr.nleaves; ++k) {
    if (thr.leaf[k].shape_value() == 1) continue;
    if (thr.leaf[k].stride_value() <= 0) return false;
    int at = n++;
    while (at > 0 && d[at - 1] > thr.leaf[k].stride_value()) {
      d[at] = d[at - 1];
      s[at] = s[at - 1];
      --at;
    }
    d[at] = thr.leaf[k].stride_value();
    s[at] = thr.leaf[k].shape_value();
  }
  for (int k = 0; k + 1 < n; ++k)
    if (mul_overflows(s[k], d[k]) || s[k] * d[k] > d[k + 1]) return false;
  return true;
}

/// The flat coordinate (each top-level mode's colexicographic 1-D coordinate) of the 1-D index
/// j of thr, with the given static flag.
template <int N>
LAYOUTREF_HD constexpr Result<IntTupleN<N>> flat_of_index(LayoutN<N> const& thr, i64 j, bool is_static) {
  IntTupleN<N> s = shape(thr);
  if (thr.is_leaf()) return IntTupleN<N>::of(Int{j, is_static});
  TupleBuilder<Int, N> flat;
  for (int i = 0; i < thr.rank(); ++i) {
    LAYOUTREF_TRY(Int n, size(s.subtree(thr.child(0, i))));
    flat.push_leaf(Int{i + 1 == thr.rank() ? j : j % n.value, is_static});
    j /= n.value;
  }
  return flat.done();
}

}  // namespace detail_tensor

/// Layout::get_flat_coord(idx) (CuTe layout.hpp): the coordinate c of thr with thr(c) = idx,
/// each top-level mode's coordinate as its colexicographic 1-D index (spec/tensor.hpp).
/// Computed as CuTe does — per leaf (idx / d) % s, _0 for a static size-1 leaf — and kept when
/// thr maps it to idx and thr is injective by the sorted-disjoint test. Otherwise the preimages
/// of idx are searched (at most kMaxExactCheck indices): CuTe's formula gives a coordinate
/// whose value is not idx for non-compact layouts (e.g. (2,2):(3,1) at 3 gives (1,1), value 4;
/// docs/divergences.md), the search the true one.
/// Errors: get_flat_coord.not_a_value (idx is no value of thr), get_flat_coord.not_unique (two
/// coordinates give idx), bad_argument (basis strides, a negative idx), capacity, overflow (thr's
/// size or a value of thr passes int64).
template <int N>
LAYOUTREF_HD LAYOUTREF_DEVICE_NOINLINE constexpr Result<IntTupleN<N>> get_flat_coord(LayoutN<N> const& thr, Int idx) {
  if (idx.value < 0) return fail(Errc::bad_argument).add("negative thread index ").add(idx.value);
  LAYOUTREF_CHECK(validate(thr));
  if (!has_integer_strides(thr)) return fail(Errc::bad_argument).add("a thread layout with basis strides");
  LAYOUTREF_CHECK(check_representable(thr, "the thread layout's"));
  IntTupleN<N> hier = shape(thr);
  bool formula = true;
  for (int k = 0; k < thr.nleaves; ++k) {
    auto const& x = thr.leaf[k];
    if (x.shape_value() == 1 && x.shape_static()) {
      hier.leaf[k] = Int::fixed(0);
    } else if (x.stride_value() > 0) {
      hier.leaf[k] = Int{(idx.value / x.stride_value()) % x.shape_value(), idx.is_static && x.shape_static() && x.stride_static()};
    } else {
      formula = false;  // CuTe divides by a zero or negative stride
    }
  }
  if (formula && detail_tensor::sorted_disjoint(thr)) {
    LAYOUTREF_TRY(Value v, crd2idx(hier, thr));
    if (v.scalar == idx.value) {
      if (thr.is_leaf()) return hier;
      TupleBuilder<Int, N> flat;
      IntTupleN<N> s = shape(thr);
      for (int i = 0; i < thr.rank(); ++i) {
        int k = thr.child(0, i);
        LAYOUTREF_TRY(Int c, crd2idx(hier.subtree(k), s.subtree(k)));
        flat.push_leaf(c);
      }
      return flat.done();
    }
  }
  // The search: the 1-D indices j with thr(j) = idx.
  LAYOUTREF_TRY(Int n, size(thr));
  if (n.value > kMaxExactCheck)
    return fail(Errc::capacity).add("get_flat_coord: a search over ").add(n.value).add(" thread indices (past ").add(kMaxExactCheck).add(")");
  i64 found[2] = {-1, -1};
  int count = 0;
  for (i64 j = 0; j < n.value && count < 2; ++j) {
    LAYOUTREF_TRY(i64 v, evaluate_int(thr, j));
    if (v == idx.value) found[count++] = j;
  }
  if (count == 0)
    return fail(Errc::inadmissible, Cond::get_flat_coord_not_a_value).add(idx.value).add(" is not a value of the thread layout");
  if (count == 2)
    return fail(Errc::inadmissible, Cond::get_flat_coord_not_unique)
        .add("the thread layout takes the value ")
        .add(idx.value)
        .add(" at the indices ")
        .add(found[0])
        .add(" and ")
        .add(found[1]);
  return detail_tensor::flat_of_index(thr, found[0], false);
}

/// product_each(shape(L)): the size of each top-level mode, as a tuple tiler of layouts n:_1
/// (a tuple also for a leaf L: CuTe's product_each wraps its argument). Built in place in one
/// walk over L's modes; its answer, errors and their order included, is that of pushing each
/// mode's `size(mode i):_1` into a TilerBuilderN (an overflow of any mode's size before the
/// capacity error of more than kLayouts modes; ImplTensor.ProductEachTilerIsTheBuilders).
/// For (_32,_8):(_1,_32) it is the tiler (_32:_1, _8:_1).
template <int N>
LAYOUTREF_HD LAYOUTREF_DEVICE_NOINLINE constexpr Result<TilerN<N>> product_each_tiler(LayoutN<N> const& l) {
  using T = TilerN<N>;
  Result<T> out;  // the one named result
  T& t = out.value;
  int const r = l.is_leaf() ? 1 : l.rank();
  t.profile.nnodes = 0;
  t.profile.nleaves = 0;
  t.profile.node[t.profile.nnodes++] = static_cast<std::int8_t>(r);
  int k = l.is_leaf() ? 0 : 1, first = 0;  // mode i's first node and first leaf
  for (int i = 0; i < r; ++i) {
    detail_tile::NodeSpan const m = detail_tile::span_at(l, k, first);
    Int n = Int::fixed(1);
    for (int j = m.l0; j < m.l1; ++j) {
      auto p = mul(n, l.leaf[j].shape());
      if (!p.ok()) {
        out.error = p.error;
        return out;
      }
      n = p.value;
    }
    k = m.n1;
    first = m.l1;
    if (i >= T::kLayouts) continue;  // reported once every size is known to fit
    t.profile.node[t.profile.nnodes++] = T::Profile::kLeaf;
    t.profile.leaf[t.profile.nleaves++] = static_cast<std::int8_t>(i);
    LayoutN<N>& y = t.layouts[i];
    y.node[0] = LayoutN<N>::kLeaf;
    y.nnodes = 1;
    y.nleaves = 1;
    set_leaf(y.leaf[0], n, Int::fixed(1));
  }
  if (r > T::kLayouts) {
    out.error = fail(Errc::capacity).add("a tiler with more than ").add(T::kLayouts).add(" layouts");
    return out;
  }
  t.n = static_cast<std::int8_t>(r);
  return out;
}

/// local_partition(T, thr, idx) = outer_partition(T, product_each(shape(thr)),
/// thr.get_flat_coord(idx)) (CuTe tensor_impl.hpp). Thread 3 of a 2x4 row-major thread layout
/// starts at (0,3) of an 8x24 coordinate tensor and takes every 2nd row and every 4th column:
/// Example: local_partition(make_identity_tensor((8,24)), (_2,_4):(_4,_1), 3) = ArithTuple(0,3) o (4,6):(_2@0,_4@1)
template <class E, int N>
LAYOUTREF_HD constexpr Result<Tensor<E, N>> local_partition(Tensor<E, N> const& t, LayoutN<N> const& thr, Int idx) {
  LAYOUTREF_TRY(TilerN<N> tiler, product_each_tiler(thr));
  LAYOUTREF_TRY(IntTupleN<N> c, get_flat_coord(thr, idx));
  SliceCoordN<N> sc = map_leaves<SliceLeaf>(c, [](Int x) { return SliceLeaf::at(x); });
  return outer_partition(t, tiler, sc);
}

// --- coordinate tensors -----------------------------------------------------------------------

/// make_identity_tensor(shape): ArithTuple(_0,...) o make_identity_layout(shape), the origin a
/// tuple of static zeros with the profile of the shape (CuTe: coprofile of the layout);
/// the layout is make_identity_layout (construct.hpp).
/// The tensor, its layout and its origin have the capacity N of the shape.
template <int N>
LAYOUTREF_HD constexpr Result<Tensor<CountingIteratorN<N>, N>> make_identity_tensor(IntTupleN<N> const& s) {
  LAYOUTREF_TRY(LayoutN<N> l, make_identity_layout(s));
  CountingIteratorN<N> it{map_leaves<Int>(s, [](Int) { return Int::fixed(0); })};
  return Tensor<CountingIteratorN<N>, N>{it, l};
}

}  // namespace layoutref::impl
