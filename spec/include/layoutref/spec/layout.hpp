// layoutref::spec — Layout = Shape:Stride, and its function.
//
// Source: CuTe docs 01_layout.md; the seed document "Concepts in CUTLASS.CuTe".
// The function of L = S:D: a 1-D index i in [0, size(S)) is split into the natural
// coordinate of S colexicographically (leftmost mode fastest), then the inner product
// with D is taken. Coordinates of any coarser profile are accepted: an integer standing for
// a whole sub-tuple is split the same way inside it.
//
// Extension past the domain (used by composition and products; docs/semantics.md):
// an index i >= size(L) overflows into the last leaf mode of L, exactly as CuTe's
// idx2crd does, so L keeps running with its last (flattened) stride.
#pragma once

#include <layoutref/spec/int_tuple.hpp>
#include <layoutref/spec/value.hpp>

#include <optional>
#include <string>
#include <vector>

namespace layoutref::spec {

using Stride = HTuple<Value>;

struct Layout {
  IntTuple shape = IntTuple(1);
  Stride stride = Stride(Value(0));

  Layout() = default;
  /// @pre congruent(shape, stride) and every shape entry >= 1, else bad_argument
  Layout(IntTuple shape, Stride stride);
  friend bool operator==(Layout const&, Layout const&) = default;
};

/// `(4,(2,3)):(1,(4,8))` (no static markers; the spec does not track them).
std::string str(Stride const& d);
std::string str(Layout const& l);

/// Example: size((4,8):(8,1)) = 32
/// Example: rank((2,(3,4)):(1,(2,6))) = 2
/// Example: depth((2,(3,4)):(1,(2,6))) = 2
inline i64 size(Layout const& l) { return size(l.shape); }
inline int rank(Layout const& l) { return rank(l.shape); }
inline int depth(Layout const& l) { return depth(l.shape); }
/// Whether every stride is an integer (no scaled basis elements).
bool has_integer_strides(Layout const& l);

/// layout<I0,I1,...>(l): the sub-layout at a mode path.
Layout get(Layout const& l, std::vector<int> const& path);
/// The sub-layouts of the top-level modes (a rank-1 integral layout gives itself).
std::vector<Layout> modes(Layout const& l);
/// The leaf modes (s:d pairs) in colexicographic order.
std::vector<Layout> leaf_modes(Layout const& l);

// --- coordinates -----------------------------------------------------------------------

/// idx2crd(i, S): the natural coordinate of the 1-D index i (congruent with S).
/// An index i >= size(S) overflows into the last leaf (CuTe's idx2crd). @pre i >= 0
/// Example: idx2crd(9, (4,8)) = (1,2)
/// Example: idx2crd(9, (4,(2,4))) = (1,(0,1))
IntTuple idx2crd(i64 index, IntTuple const& shape);
/// idx2crd of a tuple index: mode by mode, idx2crd(i_k, S_k) for each mode k (CuTe's
/// idx2crd(tuple, tuple); ranks must agree, else bad_argument: CuTe's "Mismatched Ranks"). An
/// integer index other than 0 of a shape without leaves (`()`, `((),())`) is bad_argument: no mode
/// takes what is past the size, so the index would be lost.
/// An integer index is idx2crd(i64, S).
IntTuple idx2crd(IntTuple const& index, IntTuple const& shape);

/// crd2idx(c, S): the colexicographic 1-D index of a coordinate c of S. c may be coarser
/// than S: an integer for a sub-tuple is already an index into it (CuTe's crd2idx).
/// @pre each integer of c lies in [0, size of the sub-shape it indexes)
/// Example: crd2idx((1,2), (4,8)) = 9
i64 crd2idx(IntTuple const& coord, IntTuple const& shape);

/// crd2crd(c, S, T): the coordinate of T with the same 1-D index as c in S; for three tuples of
/// one rank, mode by mode (CuTe's crd2crd).
/// Example: crd2crd((1,2), (4,8), 32) = 9
/// Example: crd2crd((1,2), (4,8), ((2,2),(2,4))) = ((1,0),(0,1))
IntTuple crd2crd(IntTuple const& coord, IntTuple const& src, IntTuple const& dst);

/// L(c) for a coordinate of any profile weakly congruent with shape(L).
/// Example: crd2idx((1,2), (4,8):(8,1)) = 10
Value crd2idx(IntTuple const& coord, Layout const& l);

/// L(i) for a 1-D index. @pre 0 <= i < size(L)
/// Example: eval((4,8):(8,1), 9) = 10
Value evaluate(Layout const& l, i64 index);

/// L extended past its domain: i >= size(L) overflows into the last leaf mode.
/// @pre i >= 0. This is the extension composition uses (docs/semantics.md).
Value evaluate_extended(Layout const& l, i64 index);

/// L evaluated at a coordinate given as a Value (a scaled-basis sum is a natural
/// coordinate: its coefficient at path p indexes the sub-layout at p, extended past its size;
/// its integer part is a 1-D index into L, extended). Used when a stride of the right-hand
/// side of a composition is a basis element (CuTe's basis_get).
Value evaluate_at_value(Layout const& l, Value const& x);

/// cosize(L) = 1 + sum of (s_k - 1) * |d_k| over the leaves (integer strides): CuTe's
/// size(coshape(L)), whose coshape takes the strides' magnitudes (CUTLASS cute/layout.hpp;
/// cutlass #1497). It is max L - min L + 1, the extent of L's image; 1 + max L for strides >= 0.
/// Example: cosize((2,4):(1,4)) = 14
/// Example: cosize((2,4):(1,-4)) = 14
i64 cosize(Layout const& l);

// --- slicing -----------------------------------------------------------------------------

/// A coordinate leaf that may be `_` (keep the mode).
struct SliceLeaf {
  bool underscore = false;
  i64 value = 0;
  friend bool operator==(SliceLeaf const&, SliceLeaf const&) = default;
};
using SliceCoord = HTuple<SliceLeaf>;

struct Slice {
  Layout layout;  ///< the modes under `_`, gathered in order (CuTe's slice)
  Value offset;   ///< L at the coordinate with every `_` replaced by 0
};

/// Slicing with `_` (CuTe's slice and slice_and_offset, docs 03_tensor.md "Slicing"):
/// the kept modes form the new layout (a rank-k tuple for a tuple coordinate with k
/// underscores; the whole layout for a lone `_`), the fixed ones give the offset.
Slice slice(SliceCoord const& coord, Layout const& l);

}  // namespace layoutref::spec
