// layoutref::impl — MMA atoms, tiled MMAs and their thread partitions of a tensor (CuTe
// atom/mma_atom.hpp: TiledMMA::thrfrg_A/B/C, get_slice, partition_A/B/C; the recipe is the one
// written out in tests/conformance/cute/coordinate_tensors.tsv; seed 000).
//
// An atom is its traits (cute/atom/mma_traits*.hpp): the MxNxK shape, ThrID (thread index ->
// atom thread) and the (thread, value) -> column-major coordinate layouts of its A (MxK),
// B (NxK) and C (MxN) tiles. A TiledMMA repeats the atom over an atom layout (M, N, K) and may
// permute the tile with a permutation tiler. For operand X with tile modes (P, Q) — C: (M, N),
// A: (M, K), B: (N, K) — and VMNK = tiled_product(ThrID, AtomLayout) with the thread's flat
// coordinate (v, m, n, k) = VMNK.get_flat_coord(thr_idx):
//   t1 = logical_divide(T, (PermP, PermQ))                      (default Perm_i = AtomShape_i*size<i+1>(VMNK):_1)
//   t2 = zipped_divide(t1, (AtomP:_1, AtomQ:_1))                -> ((AtomP,AtomQ), (RestP,RestQ,...))
//   t3 = t2 with mode 0 composed with the atom's X layout       -> ((ThrV,FrgV), (RestP,RestQ,...))
//   t4 = mode 1 divided by (size_p(VMNK):_1, size_q(VMNK):_1) and zipped, mode 0 split into its
//        two items (CuTe's zipped_divide(t3, (_, thr_tile)): zip2_by splits a `_` mode in two)
//                                                               -> ((ThrV,(ThrP,ThrQ)), (FrgV,(RestP',RestQ',...)))
//   partition = t4((v,(p,q)), (_,(_,_,...)))                    -> (FrgV, RestP', RestQ', ...)
//
// Capacity: MmaAtomN<N> and TiledMmaN<N> hold layouts of capacity N (`MmaAtom`, `TiledMma`: the
// default capacity kMaxLeaves); thrfrg and partition take a tiled MMA and a tensor of one
// capacity N and return a tensor of capacity N, or capacity when a step's layout does not fit N.
// with_capacity<M> converts an atom or a tiled MMA.
#pragma once

#include <layoutref/impl/product.hpp>
#include <layoutref/impl/tensor.hpp>

namespace layoutref::impl::inline LAYOUTREF_IMPL_ABI {

template <int N>
struct MmaAtomN {
  Int shape_mnk[3] = {};
  LayoutN<N> thr_id{};
  LayoutN<N> a_layout{};  ///< (thread, value) -> MxK coordinate (column-major index)
  LayoutN<N> b_layout{};  ///< (thread, value) -> NxK
  LayoutN<N> c_layout{};  ///< (thread, value) -> MxN
};
using MmaAtom = MmaAtomN<kMaxLeaves>;

enum class MmaOperand { A, B, C };

template <int N>
struct TiledMmaN {
  MmaAtomN<N> atom{};
  LayoutN<N> atom_layout{};           ///< (AtomM, AtomN, AtomK) repetitions of the atom
  bool permuted = false;              ///< whether `permutation` applies (CuTe's Tile<...>; `_` otherwise)
  LayoutN<N> permutation[3] = {};     ///< the permutation tiler's M, N, K layouts
};
using TiledMma = TiledMmaN<kMaxLeaves>;

/// a at capacity M, or capacity when one of its layouts does not fit M.
template <int M, int N>
LAYOUTREF_HD constexpr Result<MmaAtomN<M>> with_capacity(MmaAtomN<N> const& a) {
  MmaAtomN<M> r;
  for (int i = 0; i < 3; ++i) r.shape_mnk[i] = a.shape_mnk[i];
  LAYOUTREF_TRY(r.thr_id, with_capacity<M>(a.thr_id));
  LAYOUTREF_TRY(r.a_layout, with_capacity<M>(a.a_layout));
  LAYOUTREF_TRY(r.b_layout, with_capacity<M>(a.b_layout));
  LAYOUTREF_TRY(r.c_layout, with_capacity<M>(a.c_layout));
  return r;
}
/// mma at capacity M, or capacity when one of its layouts does not fit M.
template <int M, int N>
LAYOUTREF_HD constexpr Result<TiledMmaN<M>> with_capacity(TiledMmaN<N> const& mma) {
  TiledMmaN<M> r;
  LAYOUTREF_TRY(r.atom, with_capacity<M>(mma.atom));
  LAYOUTREF_TRY(r.atom_layout, with_capacity<M>(mma.atom_layout));
  r.permuted = mma.permuted;
  for (int i = 0; i < 3; ++i) {
    LAYOUTREF_TRY(r.permutation[i], with_capacity<M>(mma.permutation[i]));
  }
  return r;
}

namespace detail_mma {

/// The two modes (P, Q) of operand X in M, N, K numbering.
LAYOUTREF_HD constexpr void operand_modes(MmaOperand x, int& p, int& q) {
  p = x == MmaOperand::B ? 1 : 0;
  q = x == MmaOperand::C ? 1 : 2;
}

template <int N>
LAYOUTREF_HD constexpr LayoutN<N> const& operand_layout(MmaAtomN<N> const& a, MmaOperand x) {
  return x == MmaOperand::A ? a.a_layout : x == MmaOperand::B ? a.b_layout : a.c_layout;
}

template <int N>
LAYOUTREF_HD constexpr Result<TilerN<N>> pair_tiler(LayoutN<N> const& p, LayoutN<N> const& q) {
  TilerBuilderN<N> b;
  b.push(TilerN<N>::of(p));
  b.push(TilerN<N>::of(q));
  return b.done();
}

}  // namespace detail_mma

/// VMNK = tiled_product(ThrID, AtomLayout): (ThrV, AtomM, AtomN, AtomK).
template <int N>
LAYOUTREF_HD LAYOUTREF_DEVICE_NOINLINE constexpr Result<LayoutN<N>> thr_layout_vmnk(TiledMmaN<N> const& mma) {
  return tiled_product(mma.atom.thr_id, TilerN<N>::of(mma.atom_layout));
}

/// The thread-value view of operand X of the tile T (the t4 of the recipe above).
template <class E, int N>
LAYOUTREF_HD LAYOUTREF_DEVICE_NOINLINE constexpr Result<Tensor<E, N>> thrfrg(TiledMmaN<N> const& mma, MmaOperand x, Tensor<E, N> const& t) {
  int p = 0, q = 0;
  detail_mma::operand_modes(x, p, q);
  // The permutation tile; CuTe's default (permutation_mnk) is AtomShape_i * size<i+1>(VMNK) : _1,
  // which changes nothing when it divides the tile and extends the tile past its size otherwise.
  LAYOUTREF_TRY(LayoutN<N> vmnk0, thr_layout_vmnk(mma));
  LayoutN<N> perm_layout[3] = {};
  for (int i = 0; i < 3; ++i) {
    if (mma.permuted) {
      perm_layout[i] = mma.permutation[i];
      continue;
    }
    LAYOUTREF_TRY(LayoutN<N> vi, vmnk0.mode(i + 1));
    LAYOUTREF_TRY(Int ni, size(vi));
    LAYOUTREF_TRY(Int span, mul(mma.atom.shape_mnk[i], ni));
    perm_layout[i] = make_leaf<N>(span, Stride::integer(Int::fixed(1)));
  }
  LAYOUTREF_TRY(TilerN<N> perm, detail_mma::pair_tiler(perm_layout[p], perm_layout[q]));
  LAYOUTREF_TRY(auto t1, divide(Arrangement::logical, t, perm));
  LayoutN<N> unit_p = make_leaf<N>(mma.atom.shape_mnk[p], Stride::integer(Int::fixed(1)));
  LayoutN<N> unit_q = make_leaf<N>(mma.atom.shape_mnk[q], Stride::integer(Int::fixed(1)));
  LAYOUTREF_TRY(TilerN<N> atom_tile, detail_mma::pair_tiler(unit_p, unit_q));
  LAYOUTREF_TRY(auto t2, divide(Arrangement::zipped, t1, atom_tile));
  LAYOUTREF_TRY(LayoutN<N> tile_modes, t2.layout.mode(0));
  LAYOUTREF_TRY(LayoutN<N> rest, t2.layout.mode(1));
  LAYOUTREF_TRY(LayoutN<N> tv, composition(tile_modes, detail_mma::operand_layout(mma.atom, x)));  // (ThrV, FrgV)
  if (tv.rank() != 2) return fail(Errc::bad_argument).add("an atom layout that is not (thread, value)");
  LAYOUTREF_TRY(LayoutN<N> vmnk, thr_layout_vmnk(mma));
  LAYOUTREF_TRY(LayoutN<N> vp, vmnk.mode(p + 1));
  LAYOUTREF_TRY(LayoutN<N> vq, vmnk.mode(q + 1));
  LAYOUTREF_TRY(Int np, size(vp));
  LAYOUTREF_TRY(Int nq, size(vq));
  LAYOUTREF_TRY(TilerN<N> thr_tile, detail_mma::pair_tiler(make_leaf<N>(np, Stride::integer(Int::fixed(1))),
                                                              make_leaf<N>(nq, Stride::integer(Int::fixed(1)))));
  LAYOUTREF_TRY(LayoutN<N> split, zipped_divide(rest, thr_tile));  // ((ThrP,ThrQ), (RestP',RestQ',...))
  LAYOUTREF_TRY(LayoutN<N> thr_v, tv.mode(0));
  LAYOUTREF_TRY(LayoutN<N> frg_v, tv.mode(1));
  LAYOUTREF_TRY(LayoutN<N> thr_pq, split.mode(0));
  LAYOUTREF_TRY(LayoutN<N> rest_pq, split.mode(1));
  LAYOUTREF_TRY(LayoutN<N> threads, make_layout(thr_v, thr_pq));
  LAYOUTREF_TRY(LayoutN<N> values, make_layout(frg_v, rest_pq));
  LAYOUTREF_TRY(LayoutN<N> t4, make_layout(threads, values));
  return Tensor<E, N>{t2.engine, t4};
}

/// partition_X of thread thr_idx: thrfrg(X) sliced at ((v,(p,q)), (_,(_,...))).
template <class E, int N>
LAYOUTREF_HD LAYOUTREF_DEVICE_NOINLINE constexpr Result<Tensor<E, N>> partition(TiledMmaN<N> const& mma, MmaOperand x, Tensor<E, N> const& t, Int thr_idx) {
  int p = 0, q = 0;
  detail_mma::operand_modes(x, p, q);
  LAYOUTREF_TRY(auto t4, thrfrg(mma, x, t));
  LAYOUTREF_TRY(LayoutN<N> vmnk, thr_layout_vmnk(mma));
  LAYOUTREF_TRY(IntTupleN<N> c, get_flat_coord(vmnk, thr_idx));
  if (c.nleaves != 4) return fail(Errc::bad_argument).add("a thread layout that is not (V, M, N, K)");
  TupleBuilder<SliceLeaf, N> pq;
  pq.push_leaf(SliceLeaf::at(c.leaf[p + 1]));
  pq.push_leaf(SliceLeaf::at(c.leaf[q + 1]));
  LAYOUTREF_TRY(SliceCoordN<N> pq_c, pq.done());
  TupleBuilder<SliceLeaf, N> thr;
  thr.push_leaf(SliceLeaf::at(c.leaf[0]));
  thr.push(pq_c);
  LAYOUTREF_TRY(SliceCoordN<N> thr_c, thr.done());
  LAYOUTREF_TRY(LayoutN<N> values, t4.layout.mode(1));
  LAYOUTREF_TRY(LayoutN<N> rests, values.mode(1));
  LAYOUTREF_TRY(SliceCoordN<N> rest_c, detail_tensor::repeat_underscores<N>(rests.rank()));
  if (rests.is_leaf()) {
    rest_c = SliceCoordN<N>::of(SliceLeaf::keep());
  }
  TupleBuilder<SliceLeaf, N> val;
  val.push_leaf(SliceLeaf::keep());
  val.push(rest_c);
  LAYOUTREF_TRY(SliceCoordN<N> val_c, val.done());
  LAYOUTREF_TRY(SliceCoordN<N> coord, detail_tensor::pair(thr_c, val_c));
  return slice(t4, coord);
}

}  // namespace layoutref::impl
