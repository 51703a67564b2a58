// layoutref::spec — logical, zipped, tiled and flat divide.
//
// Definitions (CuTe docs 02_layout_algebra.md "Division"; the seed document "CuTe Tilers"):
//  - logical_divide(A, B) for a layout B: A ∘ (B, complement(B, size(A))). The result has two
//    modes, the tile (refining shape(B)) and the rest (refining the complement's shape); its
//    function is that of the composition (composition.hpp), its admissibility is that of the
//    complement and of the composition.
//  - a tuple tiler divides mode by mode: mode i is logical_divide(A_i, T_i) for i < rank(T),
//    the other modes of A are kept; `_` keeps its mode; an integer n is the layout n:1.
//  - zipped_divide gathers the tiles and the rests: ((tile_0, tile_1, ...), (rest_0, rest_1, ...,
//    A_k, ...)) following the terminals of the tiler (CuTe tile_unzip / zip2_by). For a `_` in
//    the tiler the spec takes the whole mode as the tile and a rest of size 1 — the meaning `_`
//    has in logical_divide (keep the mode whole); CuTe instead splits that mode as if it were a
//    (tile, rest) pair (quirks.tsv, docs/divergences.md).
//  - tiled_divide unpacks the rest: (tiles, rest_0, rest_1, ...); flat_divide unpacks both.
//    For a layout tiler the unpacked modes are those of the result's own modes.
// CuTe's docs (a layout tiler), then one tiler (2,3) = <2:1, 3:1> arranged four ways:
// Example: logical_divide((4,2,3):(2,1,8), 4:2) = ((2,2),(2,3)):((4,1),(2,8))
// Example: logical_divide((4,6):(1,4), (2,3)) = ((2,2),(3,2)):((1,2),(4,12))
// Example: zipped_divide((4,6):(1,4), (2,3)) = ((2,3),(2,2)):((1,4),(2,12))
// Example: tiled_divide((4,6):(1,4), (2,3)) = ((2,3),2,2):((1,4),2,12)
// Example: flat_divide((4,6):(1,4), (2,3)) = (2,3,2,2):(1,4,2,12)
#pragma once

#include <layoutref/spec/by_mode.hpp>

#include <string>

namespace layoutref::spec {

using DivideKind = Arrangement;
std::string divide_name(DivideKind k);  ///< "logical_divide", "zipped_divide", ...

Admissibility is_divide_admissible(Layout const& a, Tiler const& t);
Reference divide_reference(DivideKind kind, Layout const& a, Tiler const& t);
Layout divide(DivideKind kind, Layout const& a, Tiler const& t);
Judgement check_divide(DivideKind kind, Layout const& a, Tiler const& t, Claim const& claimed);

inline Layout logical_divide(Layout const& a, Tiler const& t) { return divide(DivideKind::logical, a, t); }
inline Layout zipped_divide(Layout const& a, Tiler const& t) { return divide(DivideKind::zipped, a, t); }
inline Layout tiled_divide(Layout const& a, Tiler const& t) { return divide(DivideKind::tiled, a, t); }
inline Layout flat_divide(Layout const& a, Tiler const& t) { return divide(DivideKind::flat, a, t); }

}  // namespace layoutref::spec
