// layoutref::spec — logical, zipped, tiled, flat, blocked and raked products; tile_to_shape.
//
// Definitions (CuTe docs 02_layout_algebra.md "Product"; the seed document "CuTe Tilers"):
//  - logical_product(A, B) for a layout B: (A, complement(A, size(A)*cosize(B)) ∘ B): the
//    block A, then its repetition laid out by B. The second mode's function is that of the
//    composition (composition.hpp); admissibility is that of the complement and of the
//    composition.
//  - a tuple tiler multiplies mode by mode (modes past the tiler are kept, `_` keeps its mode);
//    zipped/tiled/flat arrange (block, product) pairs as the divides do (divide.hpp), `_`
//    giving (the whole mode, a size-1 product).
//  - blocked_product(A, B): with R = max(rank A, rank B), A and B padded with 1:0 modes to rank R,
//    P = logical_product(A, B) (B as one layout), mode i of the result is (A_i, P1_i).
//    raked_product: mode i is (P1_i, A_i). (CuTe layout.hpp)
//  - tile_to_shape(block, shape, order): blocked_product(block padded to rank(shape),
//    make_ordered_layout(shape / block shape, order)); each mode of the shape must be a multiple
//    of the block's (tile_to_shape.divisibility). The default order is column-major.
// CuTe's docs (logical_product), then a 2x2 block repeated 3x4 times:
// Example: logical_product((2,2):(4,1), 6:1) = ((2,2),(2,3)):((4,1),(2,8))
// Example: blocked_product((2,2):(1,2), (3,4):(1,3)) = ((2,3),(2,4)):((1,4),(2,12))
// Example: raked_product((2,2):(1,2), (3,4):(1,3)) = ((3,2),(4,2)):((4,1),(12,2))
// Example: tile_to_shape((2,2):(1,2), (4,6)) = ((2,2),(2,3)):((1,4),(2,8))
#pragma once

#include <layoutref/spec/by_mode.hpp>

#include <optional>
#include <string>

namespace layoutref::spec {

using ProductKind = Arrangement;
std::string product_name(ProductKind k);  ///< "logical_product", "zipped_product", ...

Admissibility is_product_admissible(Layout const& a, Tiler const& t);
Reference product_reference(ProductKind kind, Layout const& a, Tiler const& t);
Layout product(ProductKind kind, Layout const& a, Tiler const& t);
Judgement check_product(ProductKind kind, Layout const& a, Tiler const& t, Claim const& claimed);

inline Layout logical_product(Layout const& a, Tiler const& t) { return product(ProductKind::logical, a, t); }
inline Layout zipped_product(Layout const& a, Tiler const& t) { return product(ProductKind::zipped, a, t); }
inline Layout tiled_product(Layout const& a, Tiler const& t) { return product(ProductKind::tiled, a, t); }
inline Layout flat_product(Layout const& a, Tiler const& t) { return product(ProductKind::flat, a, t); }

/// blocked (raked == false) or raked (raked == true) product of two layouts.
Admissibility is_blocked_product_admissible(Layout const& a, Layout const& b);
Reference blocked_product_reference(Layout const& a, Layout const& b, bool raked);
Layout blocked_product(Layout const& a, Layout const& b);
Layout raked_product(Layout const& a, Layout const& b);
Judgement check_blocked_product(Layout const& a, Layout const& b, bool raked, Claim const& claimed);

Admissibility is_tile_to_shape_admissible(Layout const& block, IntTuple const& shape,
                                          std::optional<IntTuple> const& order);
Layout tile_to_shape(Layout const& block, IntTuple const& shape, std::optional<IntTuple> const& order = std::nullopt);
Judgement check_tile_to_shape(Layout const& block, IntTuple const& shape, std::optional<IntTuple> const& order,
                              Claim const& claimed);

/// A padded to rank r with 1:0 modes (CuTe append<r>; an integral layout becomes a rank-1 tuple).
Layout pad(Layout const& a, int r);

}  // namespace layoutref::spec
