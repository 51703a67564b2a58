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
#pragma once

#include <layoutref/impl/product.hpp>
#include <layoutref/impl/tensor.hpp>

namespace layoutref::impl::inline LAYOUTREF_IMPL_ABI {

struct MmaAtom {
  Int shape_mnk[3] = {};
  Layout thr_id{};
  Layout a_layout{};  ///< (thread, value) -> MxK coordinate (column-major index)
  Layout b_layout{};  ///< (thread, value) -> NxK
  Layout c_layout{};  ///< (thread, value) -> MxN
};

enum class MmaOperand { A, B, C };

struct TiledMma {
  MmaAtom atom{};
  Layout atom_layout{};           ///< (AtomM, AtomN, AtomK) repetitions of the atom
  bool permuted = false;          ///< whether `permutation` applies (CuTe's Tile<...>; `_` otherwise)
  Layout permutation[3] = {};     ///< the permutation tiler's M, N, K layouts
};

namespace detail_mma {

/// The two modes (P, Q) of operand X in M, N, K numbering.
LAYOUTREF_HD constexpr void operand_modes(MmaOperand x, int& p, int& q) {
  p = x == MmaOperand::B ? 1 : 0;
  q = x == MmaOperand::C ? 1 : 2;
}

LAYOUTREF_HD constexpr Layout const& operand_layout(MmaAtom const& a, MmaOperand x) {
  return x == MmaOperand::A ? a.a_layout : x == MmaOperand::B ? a.b_layout : a.c_layout;
}

LAYOUTREF_HD constexpr Result<Tiler> pair_tiler(Layout const& p, Layout const& q) {
  TilerBuilder b;
  b.push(Tiler::of(p));
  b.push(Tiler::of(q));
  return b.done();
}

}  // namespace detail_mma

/// VMNK = tiled_product(ThrID, AtomLayout): (ThrV, AtomM, AtomN, AtomK).
LAYOUTREF_HD constexpr Result<Layout> thr_layout_vmnk(TiledMma const& mma) {
  return tiled_product(mma.atom.thr_id, Tiler::of(mma.atom_layout));
}

/// The thread-value view of operand X of the tile T (the t4 of the recipe above).
template <class E>
LAYOUTREF_HD constexpr Result<Tensor<E>> thrfrg(TiledMma const& mma, MmaOperand x, Tensor<E> const& t) {
  int p = 0, q = 0;
  detail_mma::operand_modes(x, p, q);
  // The permutation tile; CuTe's default (permutation_mnk) is AtomShape_i * size<i+1>(VMNK) : _1,
  // which changes nothing when it divides the tile and extends the tile past its size otherwise.
  LAYOUTREF_TRY(Layout vmnk0, thr_layout_vmnk(mma));
  Layout perm_layout[3] = {};
  for (int i = 0; i < 3; ++i) {
    if (mma.permuted) {
      perm_layout[i] = mma.permutation[i];
      continue;
    }
    LAYOUTREF_TRY(Layout vi, vmnk0.mode(i + 1));
    LAYOUTREF_TRY(Int ni, size(vi));
    LAYOUTREF_TRY(Int span, mul(mma.atom.shape_mnk[i], ni));
    perm_layout[i] = make_leaf(span, Stride::integer(Int::fixed(1)));
  }
  LAYOUTREF_TRY(Tiler perm, detail_mma::pair_tiler(perm_layout[p], perm_layout[q]));
  LAYOUTREF_TRY(Tensor<E> t1, divide(Arrangement::logical, t, perm));
  Layout unit_p = make_leaf(mma.atom.shape_mnk[p], Stride::integer(Int::fixed(1)));
  Layout unit_q = make_leaf(mma.atom.shape_mnk[q], Stride::integer(Int::fixed(1)));
  LAYOUTREF_TRY(Tiler atom_tile, detail_mma::pair_tiler(unit_p, unit_q));
  LAYOUTREF_TRY(Tensor<E> t2, divide(Arrangement::zipped, t1, atom_tile));
  LAYOUTREF_TRY(Layout tile_modes, t2.layout.mode(0));
  LAYOUTREF_TRY(Layout rest, t2.layout.mode(1));
  LAYOUTREF_TRY(Layout tv, composition(tile_modes, detail_mma::operand_layout(mma.atom, x)));  // (ThrV, FrgV)
  if (tv.rank() != 2) return fail(Errc::bad_argument).add("an atom layout that is not (thread, value)");
  LAYOUTREF_TRY(Layout vmnk, thr_layout_vmnk(mma));
  LAYOUTREF_TRY(Layout vp, vmnk.mode(p + 1));
  LAYOUTREF_TRY(Layout vq, vmnk.mode(q + 1));
  LAYOUTREF_TRY(Int np, size(vp));
  LAYOUTREF_TRY(Int nq, size(vq));
  LAYOUTREF_TRY(Tiler thr_tile, detail_mma::pair_tiler(make_leaf(np, Stride::integer(Int::fixed(1))),
                                                          make_leaf(nq, Stride::integer(Int::fixed(1)))));
  LAYOUTREF_TRY(Layout split, zipped_divide(rest, thr_tile));  // ((ThrP,ThrQ), (RestP',RestQ',...))
  LAYOUTREF_TRY(Layout thr_v, tv.mode(0));
  LAYOUTREF_TRY(Layout frg_v, tv.mode(1));
  LAYOUTREF_TRY(Layout thr_pq, split.mode(0));
  LAYOUTREF_TRY(Layout rest_pq, split.mode(1));
  LAYOUTREF_TRY(Layout threads, make_layout(thr_v, thr_pq));
  LAYOUTREF_TRY(Layout values, make_layout(frg_v, rest_pq));
  LAYOUTREF_TRY(Layout t4, make_layout(threads, values));
  return Tensor<E>{t2.engine, t4};
}

/// partition_X of thread thr_idx: thrfrg(X) sliced at ((v,(p,q)), (_,(_,...))).
template <class E>
LAYOUTREF_HD constexpr Result<Tensor<E>> partition(TiledMma const& mma, MmaOperand x, Tensor<E> const& t, Int thr_idx) {
  int p = 0, q = 0;
  detail_mma::operand_modes(x, p, q);
  LAYOUTREF_TRY(Tensor<E> t4, thrfrg(mma, x, t));
  LAYOUTREF_TRY(Layout vmnk, thr_layout_vmnk(mma));
  LAYOUTREF_TRY(IntTuple c, get_flat_coord(vmnk, thr_idx));
  if (c.nleaves != 4) return fail(Errc::bad_argument).add("a thread layout that is not (V, M, N, K)");
  TupleBuilder<SliceLeaf> pq;
  pq.push_leaf(SliceLeaf::at(c.leaf[p + 1]));
  pq.push_leaf(SliceLeaf::at(c.leaf[q + 1]));
  LAYOUTREF_TRY(SliceCoord pq_c, pq.done());
  TupleBuilder<SliceLeaf> thr;
  thr.push_leaf(SliceLeaf::at(c.leaf[0]));
  thr.push(pq_c);
  LAYOUTREF_TRY(SliceCoord thr_c, thr.done());
  LAYOUTREF_TRY(Layout values, t4.layout.mode(1));
  LAYOUTREF_TRY(Layout rests, values.mode(1));
  LAYOUTREF_TRY(SliceCoord rest_c, detail_tensor::repeat_underscores(rests.rank()));
  if (rests.is_leaf()) {
    rest_c = SliceCoord::of(SliceLeaf::keep());
  }
  TupleBuilder<SliceLeaf> val;
  val.push_leaf(SliceLeaf::keep());
  val.push(rest_c);
  LAYOUTREF_TRY(SliceCoord val_c, val.done());
  LAYOUTREF_TRY(SliceCoord coord, detail_tensor::pair(thr_c, val_c));
  return slice(t4, coord);
}

}  // namespace layoutref::impl
