// layoutref::spec — constructing layouts.
//
// Sources: CuTe docs 01_layout.md ("Constructing a Layout"); cute/stride.hpp (compact_major,
// compact_order); cute/layout.hpp (make_layout, make_ordered_layout, make_layout_like,
// make_fragment_like, make_identity_layout); cute/arithmetic_tuple.hpp (make_basis_like).
//
// A compact layout is a bijection of [0, size(S)) onto itself (up to a starting stride):
// the leaves of its shape, taken in some order, get the strides 1, n0, n0*n1, ... Every
// construction here is a compact layout except where the input asks for stride 0 (size-1
// leaves, zero strides kept by make_layout_like / make_fragment_like, and the basis strides of
// make_identity_layout).
//
// Where the spec deliberately differs from CuTe:
//  - Ties. CuTe's compact_order gives every leaf of `order` the product of the sizes under the
//    strictly smaller order values, so equal order values get equal starting strides and the
//    layout is not injective: make_layout_like((_2,_8):(_2,_2)) is (_2,_8):(_1,_1) in CuTe.
//    The spec sorts the order leaves by (value, position left to right): ties are broken by
//    position and the result is always compact (the examples at make_layout_like). Without
//    ties the two definitions agree.
//  - Static and dynamic values. CuTe ignores run-time (dynamic) order values ("considered
//    large, and considered ordered from left to right"), filters only static zero strides in
//    make_layout_like / make_fragment_like, gives stride 0 only to static size-1 leaves and
//    builds a fragment only for a static shape. The spec does not track static markers: every
//    value counts as given, every zero stride is a zero, every size-1 leaf gets stride 0 (the
//    same function either way), every rank > 1 layout gets the fragment construction.
#pragma once

#include <layoutref/spec/admissibility.hpp>
#include <layoutref/spec/layout.hpp>

#include <vector>

namespace layoutref::spec {

// --- compact strides ---------------------------------------------------------------------------

/// CuTe's compact_major<LayoutLeft>(shape, current): the leaves of `shape`, left to right
/// (following the nesting), get the strides current, current*s0, current*s0*s1, ...; a leaf of
/// size 1 gets stride 0 and takes no room.
/// @pre every leaf of shape >= 1 (else bad_argument); the running product fits in 64 bits
/// @post congruent(result, shape); Layout(shape, result)(i) = current * i for i in [0, size(shape))
Stride compact_major_left(IntTuple const& shape, i64 current = 1);

/// CuTe's compact_major<LayoutRight>(shape, current): as compact_major_left with the leaves
/// taken right to left (row-major; the last leaf gets `current`).
/// @pre every leaf of shape >= 1 (else bad_argument)
/// @post congruent(result, shape); Layout(shape, result) is a bijection onto current * [0, size(shape))
Stride compact_major_right(IntTuple const& shape, i64 current = 1);

/// CuTe's compact_order(shape, order) with ties broken by position (see above): each leaf of
/// `order` stands for the sub-shape of `shape` under it; these blocks are laid out one after
/// another in increasing (order value, position), each block column-major inside
/// (compact_major_left from the product of the sizes of the blocks before it).
/// @pre weakly_congruent(order, shape) and every leaf of shape >= 1 (else bad_argument)
/// @post congruent(result, shape); Layout(shape, result) is a bijection onto [0, size(shape))
Stride compact_order(IntTuple const& shape, IntTuple const& order);

/// CuTe's make_basis_like(shape): the leaf at mode path p gets the unit basis element 1@p
/// (Value::basis(1, p)); an integral shape gets the integer 1 (CuTe's E<>{}).
/// @post congruent(result, shape)
Stride make_basis_like(IntTuple const& shape);

// --- make_layout ----------------------------------------------------------------------------------

/// make_layout(shape) = make_layout(shape, LayoutLeft): shape : compact_major_left(shape).
/// @pre every leaf of shape >= 1
Layout make_layout(IntTuple const& shape);

/// make_layout(shape, LayoutRight): shape : compact_major_right(shape).
/// @pre every leaf of shape >= 1
Layout make_layout_right(IntTuple const& shape);

/// make_layout(L0, L1, ...): concatenation; the shape is the tuple of the parts' shapes, the
/// stride the tuple of their strides. One part gives a rank-1 tuple (CuTe's one-argument
/// overload); no part gives the empty layout () : ().
/// @post rank(result) == parts.size(); get(result, {i}) == parts[i]
Layout make_layout(std::vector<Layout> const& parts);

// --- layouts made like others -----------------------------------------------------------------------

/// make_ordered_layout(shape, order) = shape : compact_order(shape, order). CuTe's comment in
/// layout.hpp, and a tie, where CuTe gives (_4,_8):(_1,_1):
/// Example: make_ordered_layout((2,2,2,2), (0,2,3,1)) = (2,2,2,2):(_1,4,8,2)
/// Example: make_ordered_layout((4,8), (0,0)) = (4,8):(_1,4)
/// @pre weakly_congruent(order, shape) and every leaf of shape >= 1 (else bad_argument)
/// @post the result is compact: a bijection onto [0, size(shape))
Layout make_ordered_layout(IntTuple const& shape, IntTuple const& order);

/// make_layout_like(L): the shape of L with compact strides in the order of L's strides
/// (CuTe: compact_order(filter_zeros(stride, shape), stride)). Leaves of stride 0 keep stride
/// 0 and take no room; the others are laid out in increasing (stride, position), so a negative
/// stride comes first and equal strides are broken by position (CuTe's tie gives (_2,_8):(_1,_1)
/// for the second example).
/// Example: make_layout_like((2,3,4,5):(0,42,1,0)) = (2,3,4,5):(_0,4,_1,_0)
/// Example: make_layout_like((_2,_8):(_2,_2)) = (_2,_8):(_1,_2)
/// @pre integer strides, every leaf of shape >= 1 (else bad_argument)
/// @post shape(result) == shape(L); the result is a bijection from the leaves of non-zero stride
///       onto [0, product of their sizes)
Layout make_layout_like(Layout const& l);

/// make_fragment_like(L) (cute/layout.hpp): for rank(L) <= 1, make_layout(shape(L)). For rank
/// R > 1: mode 0 is column-major over shape<0>(L) except that its leaves of stride 0 keep stride
/// 0 and take no room; n0 = the product of the sizes of its other leaves; modes 1..R-1 are
/// make_ordered_layout(take<1,R>(shape), take<1,R>(stride)) scaled by n0, i.e. placed after
/// mode 0 (zero strides there are order values like any other and do take room, as in CuTe).
/// CuTe builds this as tiled_product(mode 0, rest), which for R == 2 wraps mode 1 in a rank-1
/// tuple, as impl does (first example); the spec returns shape(L): (32,8):(1,32), the same
/// function.
/// Example: make_fragment_like((_32,_8):(_8,_1)) = (_32,(_8)):(_1,(_32))
/// Example: make_fragment_like((2,4,4):(320,80,5)) = (2,4,4):(_1,8,2)
/// @pre for R > 1, integer strides in modes 1..R-1; every leaf of shape >= 1 (else bad_argument)
/// @post shape(result) == shape(L)
Layout make_fragment_like(Layout const& l);

/// make_identity_layout(shape) = shape : make_basis_like(shape): the layout that maps every
/// coordinate to itself.
/// Example: make_identity_layout((4,8)) = (4,8):(_1@0,_1@1)
/// Example: make_identity_layout(((2,2),4)) = ((2,2),4):((_1@0@0,_1@1@0),_1@1)
/// Example: make_identity_layout(4) = 4:_1
/// @pre every leaf of shape >= 1
/// @post result(c) is the natural coordinate of c, as a sum of basis elements
Layout make_identity_layout(IntTuple const& shape);

// --- checks ---------------------------------------------------------------------------------------

/// Judge a claimed make_layout_like(L): the claimed function must equal the spec's at every
/// index and its shape must refine shape(L). Every well-formed input is admissible: a claimed
/// "error" is "refused an admissible input". Malformed input throws bad_argument.
Judgement check_make_layout_like(Layout const& l, Claim const& claimed);

/// Judge a claimed make_fragment_like(L), as check_make_layout_like. For rank 2, CuTe's
/// tiled_product form (mode 1 wrapped in a rank-1 tuple) is accepted as well.
Judgement check_make_fragment_like(Layout const& l, Claim const& claimed);

/// Judge a claimed make_ordered_layout(shape, order), as check_make_layout_like: the claimed
/// shape must refine `shape`.
Judgement check_make_ordered_layout(IntTuple const& shape, IntTuple const& order, Claim const& claimed);

}  // namespace layoutref::spec
