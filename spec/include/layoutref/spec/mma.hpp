// layoutref::spec — MMA atoms, tiled MMAs and their per-thread partitions of tensors.
//
// Sources: cute/atom/mma_traits.hpp, mma_traits_sm80.hpp (the traits), cute/atom/mma_atom.hpp
// (TiledMMA::thrfrg_C/A/B, permutation_mnk, get_slice, ThrMMA::partition_C/A/B, make_tiled_mma),
// and the header of conformance/coordinate_tensors.tsv, which prints the traits of the four atoms
// the spec knows and writes out the partition recipe.
//
// An atom's X_Layout maps (thread, value) to the column-major 1-D index of an element in its
// MxK (A), NxK (B) or MxN (C) tile. A TiledMMA repeats the atom over AtomLayout (M,N,K) and may
// first reorder or enlarge each of M, N, K by a permutation tiler. For operand C (A and B take
// (M,K) / (N,K), their layouts and modes (1,3) / (2,3) of VMNK instead of (1,2)), of a layout L
// of rank >= 2:
//   VMNK = tiled_product(ThrID, AtomLayout), of shape (ThrV, ThrM, ThrN, ThrK);
//   t  = logical_divide(L, (PermM, PermN)), where an omitted (`_`) permutation is the layout
//        size<0>(Shape_MNK) * size<1>(VMNK) : 1 (CuTe's permutation_mnk; coordinate_tensors.tsv
//        calls it a no-op, which it is only when that size divides the mode);
//   c  = zipped_divide(t, (AtomM:1, AtomN:1))                  ((AtomM,AtomN),(RestM,RestN,...))
//   tv = (composition(c<0>, CLayout), c<1>)                     ((ThrV,FrgV),(RestM,RestN,...))
//   r  = logical_divide(c<1>, (ThrM:1, ThrN:1))                 ((ThrM,RestM'),(ThrN,RestN'),...)
//   thrfrg_C(L) = ((ThrV,(ThrM,ThrN)),(FrgV,(RestM',RestN',...)))
// CuTe writes the last two steps as zipped_divide(tv, (_, (ThrM:1, ThrN:1))), relying on zip2_by
// splitting the `_`-kept mode (ThrV,FrgV) as a (tile, rest) pair; the spec's `_` keeps a mode
// whole (divide.hpp), so the spec builds the same arrangement from its parts.
//   partition_C(thr_idx, T) = T o thrfrg_C(L) sliced at ((v,(m,n)),(_,(_,_,...))) where
//   (v,m,n,k) = VMNK.get_flat_coord(thr_idx): of shape (FrgV, RestM', RestN', ...).
#pragma once

#include <layoutref/spec/tensor.hpp>

#include <string>
#include <vector>

namespace layoutref::spec {

struct MmaAtom {
  std::string name;
  IntTuple shape_mnk;  ///< (M,N,K)
  Layout thr_id;       ///< logical thread id -> thread index
  Layout a_layout;     ///< (thread, value) -> column-major index in the MxK tile
  Layout b_layout;     ///< (thread, value) -> column-major index in the NxK tile
  Layout c_layout;     ///< (thread, value) -> column-major index in the MxN tile
};

/// The traits of a named atom: SM80_16x8x16_F16F16F16F16_TN, SM80_16x8x8_F16F16F16F16_TN,
/// SM80_8x8x4_F64F64F64F64_TN, UniversalFMA<float,float,float,float> (blanks ignored).
/// bad_argument naming the known atoms for any other name.
MmaAtom mma_atom(std::string const& name);
std::vector<std::string> mma_atom_names();

enum class MmaOperand { A, B, C };

struct TiledMma {
  MmaAtom atom;
  Layout atom_layout;   ///< rank 3: (AtomM, AtomN, AtomK) -> atom index
  Tiler permutation;    ///< rank-3 tuple; a `_` entry is CuTe's default (see above)
};

/// make_tiled_mma(atom, atom_layout, permutation) (cute/atom/mma_atom.hpp): the atom layout padded
/// to rank 3 with 1:0 modes, the permutation padded to rank 3 with `_` (a lone `_` is (_,_,_)).
/// @pre rank(atom_layout) <= 3; the permutation is `_` or a tuple of rank <= 3 (else bad_argument)
TiledMma make_tiled_mma(MmaAtom atom, Layout atom_layout, Tiler permutation = Tiler::underscore());

/// tiled_product(ThrID, AtomLayout): (ThrV, ThrM, ThrN, ThrK) -> thread index.
Layout thr_layout_vmnk(TiledMma const& mma);

/// permutation_mnk<i>: the permutation tiler of mode i (0 = M, 1 = N, 2 = K); for `_` the
/// layout size<i>(Shape_MNK) * size<i+1>(VMNK) : 1.
Tiler permutation_mnk(TiledMma const& mma, int i);

/// thrfrg_C / thrfrg_A / thrfrg_B of a layout of rank >= 2 (else bad_argument): see above.
Layout thrfrg(TiledMma const& mma, MmaOperand op, Layout const& l);

/// get_slice(thr_idx).partition_C / _A / _B (T): see above. The thread index must be a value
/// of VMNK at one coordinate (get_flat_coord's conditions).
Tensor partition(TiledMma const& mma, MmaOperand op, i64 thr_idx, Tensor const& t);
inline Tensor partition_A(TiledMma const& mma, i64 thr_idx, Tensor const& t) { return partition(mma, MmaOperand::A, thr_idx, t); }
inline Tensor partition_B(TiledMma const& mma, i64 thr_idx, Tensor const& t) { return partition(mma, MmaOperand::B, thr_idx, t); }
inline Tensor partition_C(TiledMma const& mma, i64 thr_idx, Tensor const& t) { return partition(mma, MmaOperand::C, thr_idx, t); }

/// The conformance op identity_mma_partition_{A,B,C} of coordinate_tensors.tsv:
/// partition(mma, op, thr_idx, local_tile(make_identity_tensor(P), T, C)), judged by judge_identity_partition.
Judgement check_identity_mma_partition(MmaOperand op, TiledMma const& mma, IntTuple const& p, Tiler const& tiler,
                                       SliceCoord const& coord, i64 thr_idx, TensorClaim const& claimed);

}  // namespace layoutref::spec
