// layoutref::generators — the inputs of the tensor operations (properties/tensor_properties.cpp):
// slicing a layout or a counting tensor, local_tile / outer_partition and local_partition of
// identity tensors, and the partitions of a TiledMMA (CuTe docs 03_tensor.md "Slicing",
// "Partitioning"; cute/tensor_impl.hpp; cute/atom/mma_atom.hpp).
//
// The tensors are identity tensors make_identity_tensor(P) of a flat extent P: a generator gives
// P, the property computes the tensor with impl and `input` (inputs.hpp) writes it as CuTe prints
// it (identity_tensor_term).
#pragma once

#include <layoutref/generators/admissible.hpp>
#include <layoutref/notation/term.hpp>

#include <array>
#include <optional>
#include <vector>

namespace layoutref::generators {

/// slice(L or ArithTuple(_0) o L, c): L of non-negative strides; c a slice coordinate of L's
/// shape; `bad` (one in five) lets an integer of c reach one past its mode.
struct SliceInput {
  sp::Layout layout;
  bool bad = false;
  notation::Term coord;
};

/// local_tile(make_identity_tensor(extent), tile, tile_coord) and
/// outer_partition(make_identity_tensor(extent), tile, inner_coord): rank 1 to 3, extents 1 to
/// 40, tiles in {1, 2, 3, 4, 8} that need not divide them; a tile coordinate is `_` (nullopt)
/// one in four.
struct TileInput {
  std::vector<i64> extent, tile;
  std::vector<std::optional<i64>> tile_coord;
  std::vector<i64> inner_coord;
};

/// local_partition(make_identity_tensor(extent), thr, index): any thread layout of non-negative
/// strides (0, overlapping, non-compact), extents 1 or 2 times its modes' sizes, an index in
/// [0, cosize(thr) + 1] (a value of thr or not: get_flat_coord.not_a_value / not_unique).
struct LocalPartitionInput {
  sp::Layout thr;
  std::vector<i64> extent;
  i64 index = 0;
};

/// An MMA atom of coordinate_tensors.tsv: name, Shape_MNK and the number of threads (size of
/// ThrID), as that file's header gives their traits.
struct MmaAtom {
  char const* name;
  i64 m, n, k, threads;
};
inline constexpr std::array<MmaAtom, 4> kMmaAtoms = {{{"SM80_16x8x16_F16F16F16F16_TN", 16, 8, 16, 32},
                                                      {"SM80_16x8x8_F16F16F16F16_TN", 16, 8, 8, 32},
                                                      {"SM80_8x8x4_F64F64F64F64_TN", 8, 8, 4, 32},
                                                      {"UniversalFMA<float,float,float,float>", 1, 1, 1, 1}}};

/// mma_partition_X(atom, atom_layout, perm, make_identity_tensor(box), index): one of four atoms,
/// an atom layout (tm, tn, 1) column- or row-major, a permutation tile (one in four) or `_`,
/// a tile a multiple of the permutation tile or of any size (then it runs past the tensor, as
/// CuTe's default permutation extends it), any thread.
struct MmaInput {
  MmaAtom atom;
  i64 tm = 1, tn = 1;
  bool row = false, permuted = false, multiple = false;
  int operand = 0;  ///< 0: A, 1: B, 2: C
  std::vector<i64> box;
  i64 index = 0;

  char const* op() const { return operand == 0 ? "mma_partition_A" : operand == 1 ? "mma_partition_B" : "mma_partition_C"; }
};

namespace detail {

/// Integers, static or not: one integer for a single entry, else a tuple.
inline notation::Term ints(std::vector<i64> const& v, bool is_static) {
  std::vector<notation::Term> items;
  for (i64 x : v) items.push_back(notation::Term::make_integer(x, is_static));
  return items.size() == 1 ? items[0] : notation::Term::make_tuple(items);
}

/// A slice coordinate for the shape sh: each node `_`, an integer (a 1-D coordinate inside it;
/// with `bad`, one in four past it), or, for a tuple, a tuple of coordinates of its items.
template <Source S>
notation::Term slice_coord(S& s, sp::IntTuple const& sh, bool bad) {
  int pick = s.pick_int(0, sh.is_leaf() ? 1 : 2);
  if (pick == 0) return notation::Term::make_underscore();
  if (pick == 1) {
    i64 n = sp::size(sh);
    i64 v = bad && s.pick_int(0, 3) == 0 ? n : s.pick(0, n - 1);
    return notation::Term::make_integer(v, false);
  }
  std::vector<notation::Term> items;
  for (auto const& x : sh.items) items.push_back(slice_coord(s, x, bad));
  return notation::Term::make_tuple(items);
}

}  // namespace detail

/// make_identity_tensor(extent) as impl prints it: `ArithTuple(_0,_0) o (P0,P1):(_1@0,_1@1)`, or
/// for one extent `ArithTuple(_0) o P0:_1`.
inline notation::Term identity_tensor_term(std::vector<i64> const& extent) {
  using notation::Term;
  std::vector<Term> zeros, strides;
  for (size_t k = 0; k < extent.size(); ++k) {
    zeros.push_back(Term::make_integer(0, true));
    strides.push_back(Term::make_basis(1, true, {static_cast<int>(k)}));
  }
  if (extent.size() == 1)
    return Term::make_chain({Term::make_arith_tuple(zeros[0]), Term::make_layout(detail::ints(extent, false), Term::make_integer(1, true))});
  return Term::make_chain({Term::make_arith_tuple(Term::make_tuple(zeros)),
                           Term::make_layout(detail::ints(extent, false), Term::make_tuple(strides))});
}

/// The counting tensor `ArithTuple(_0) o L` of a layout with integer strides.
inline notation::Term counting_tensor_term(sp::Layout const& l) {
  return notation::Term::make_chain({notation::Term::make_arith_tuple(notation::Term::make_integer(0, true)), sp::to_term(l)});
}

/// The input of slice; `bad` given, or drawn (one in five) as the property draws it.
template <Source S>
SliceInput slice_input(S& s, std::optional<bool> bad = std::nullopt) {
  SliceInput in;
  in.layout = s.nested([](auto& q) { return layout(q, Bounds{3, 3, 6, 512, 8}, nonnegative()); });
  in.bad = bad ? *bad : s.pick_int(0, 4) == 0;
  in.coord = detail::slice_coord(s, in.layout.shape, in.bad);
  return in;
}

/// The input of local_tile and outer_partition.
template <Source S>
TileInput tile_input(S& s) {
  static constexpr i64 kTiles[] = {1, 2, 3, 4, 8};
  TileInput in;
  int rank = s.pick_int(1, 3);
  for (int k = 0; k < rank; ++k) {
    in.extent.push_back(s.pick(1, 40));
    in.tile.push_back(kTiles[detail::element_index(s, 5)]);
  }
  for (size_t k = 0; k < in.extent.size(); ++k) {
    i64 tiles = (in.extent[k] + in.tile[k] - 1) / in.tile[k];
    if (s.pick_int(0, 3) == 0)
      in.tile_coord.push_back(std::nullopt);
    else
      in.tile_coord.push_back(s.pick(0, tiles - 1));
    in.inner_coord.push_back(s.pick(0, in.tile[k] - 1));
  }
  return in;
}

/// The tile coordinate of a TileInput (`_` for nullopt; one integer for rank 1).
inline notation::Term tile_coord_term(TileInput const& in) {
  std::vector<notation::Term> items;
  for (auto const& c : in.tile_coord) items.push_back(c ? notation::Term::make_integer(*c, false) : notation::Term::make_underscore());
  return items.size() == 1 ? items[0] : notation::Term::make_tuple(items);
}

/// The input of local_partition.
template <Source S>
LocalPartitionInput local_partition_input(S& s) {
  LocalPartitionInput in;
  in.thr = s.nested([](auto& q) { return layout(q, Bounds{1, 3, 3, 64, 6}, nonnegative()); });
  size_t rank = in.thr.shape.is_leaf() ? 1 : in.thr.shape.items.size();
  for (size_t k = 0; k < rank; ++k)
    in.extent.push_back(sp::size(in.thr.shape.is_leaf() ? in.thr.shape : in.thr.shape.items[k]) * s.pick(1, 2));
  in.index = s.pick(0, sp::cosize(in.thr) + 1);
  return in;
}

/// The input of mma_partition_A/B/C; the operand given (0: A, 1: B, 2: C), or drawn as the
/// property draws it.
template <Source S>
MmaInput mma_input(S& s, std::optional<int> operand = std::nullopt) {
  MmaInput in;
  in.atom = kMmaAtoms[static_cast<size_t>(detail::element_index(s, 4))];
  in.tm = s.pick(1, 2);
  in.tn = s.pick(1, 2);
  in.row = detail::coin(s);
  in.permuted = s.pick_int(0, 3) == 0;
  in.operand = operand ? *operand : static_cast<int>(detail::element_index(s, 3));
  in.multiple = detail::coin(s);
  auto extent = [&](i64 unit) { return in.multiple ? unit * s.pick(1, 2) : s.pick(1, 2 * unit); };
  i64 mm = extent(in.atom.m * in.tm);
  i64 nn = extent(in.atom.n * in.tn);
  i64 kk = extent(in.atom.k);
  in.box = in.operand == 2 ? std::vector<i64>{mm, nn} : in.operand == 0 ? std::vector<i64>{mm, kk} : std::vector<i64>{nn, kk};
  in.index = s.pick(0, in.atom.threads * in.tm * in.tn - 1);
  return in;
}

/// The atom layout (tm, tn, 1), column- or row-major, and the permutation tile (or `_`).
inline notation::Term mma_atom_layout_term(MmaInput const& in) {
  return notation::Term::make_layout(detail::ints({in.tm, in.tn, 1}, true),
                                     in.row ? detail::ints({in.tn, 1, 0}, true) : detail::ints({1, in.tm, 0}, true));
}
inline notation::Term mma_permutation_term(MmaInput const& in) {
  return in.permuted ? detail::ints({in.atom.m * in.tm, in.atom.n * in.tn, in.atom.k}, true) : notation::Term::make_underscore();
}

}  // namespace layoutref::generators
